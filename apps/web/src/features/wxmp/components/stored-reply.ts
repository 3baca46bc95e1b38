import { REPLY_TYPES, type ReplyType, type WxStoredReply } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import type { Article } from '../api';
import type { Reply, ReplyStringField } from './reply';
import '../messages';

/** The reply fields as the server stores and answers them (every field present, null when unset). */
export interface StoredReplyFields extends Omit<WxStoredReply, 'content'> {
  content: { articles: Article[] } | null;
}

const FIELDS = ['repContent', 'repMediaId', 'repName', 'repDesc', 'repUrl', 'repHqUrl', 'repThumbMediaId', 'repThumbUrl'] as const satisfies readonly ReplyStringField[];

const isReplyType = (value: unknown): value is ReplyType => (REPLY_TYPES as readonly unknown[]).includes(value);

/** A stored reply as the reply editor's value (nulls left out; text when there is none). */
export function replyOf(stored: Partial<StoredReplyFields>): Reply {
  const reply: Reply = { repType: isReplyType(stored.repType) ? stored.repType : 'text' };
  for (const field of FIELDS) {
    const value = stored[field];
    if (typeof value === 'string') reply[field] = value;
  }
  if (stored.content?.articles.length) reply.content = { articles: stored.content.articles };
  return reply;
}

/** The reply fields of a request body: every field sent, null when unset (the stored value is replaced). */
export function replyBody(reply: Reply): StoredReplyFields {
  return {
    repType: reply.repType,
    repContent: reply.repContent ?? null,
    repMediaId: reply.repMediaId ?? null,
    repName: reply.repName ?? null,
    repDesc: reply.repDesc ?? null,
    repUrl: reply.repUrl ?? null,
    repHqUrl: reply.repHqUrl ?? null,
    repThumbMediaId: reply.repThumbMediaId ?? null,
    repThumbUrl: reply.repThumbUrl ?? null,
    content: reply.repType === 'news' && reply.content ? reply.content : null,
  };
}

/** One line for a list: the text itself, else the type and the material's name or title. */
export function replySummary(stored: Partial<StoredReplyFields>): string {
  const reply = replyOf(stored);
  if (reply.repType === 'text') return reply.repContent ?? '';
  const label = i18n.t(`wxmp.reply.${reply.repType}`);
  const name = reply.repType === 'news' ? (reply.content?.articles[0]?.title ?? reply.repName) : (reply.repName ?? reply.repMediaId);
  return name ? `[${label}] ${name}` : `[${label}]`;
}
