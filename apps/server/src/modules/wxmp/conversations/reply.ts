import { z } from 'zod';
import type { PassiveReply } from '../portal/service.js';

/**
 * The reply fields (specification §3 "Reply"), shared by automatic replies, menu buttons and
 * the operator's send: one shape, one validation, one mapping to the platform's passive reply
 * and customer-service message.
 */

export const REPLY_TYPES = ['text', 'image', 'voice', 'video', 'music', 'news'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];

const text = (max: number) => z.string().max(max, `不能超过${max}个字符`).nullish();

/** One news article as the material library gives it (extra fields are kept). */
export const articleSchema = z.looseObject({
  title: z.string().max(256).nullish(),
  description: z.string().max(1024).nullish(),
  digest: z.string().max(1024).nullish(),
  url: z.string().max(2048).nullish(),
  contentSourceUrl: z.string().max(2048).nullish(),
  thumbUrl: z.string().max(2048).nullish(),
  picUrl: z.string().max(2048).nullish(),
  thumbMediaId: z.string().max(256).nullish(),
});

export const replyFieldsSchema = z.object({
  repType: z.enum(REPLY_TYPES, { error: '回复消息类型必须是 text、image、voice、video、music 或 news' }),
  repContent: text(2048),
  repMediaId: text(256),
  repName: text(256),
  repDesc: text(1024),
  repUrl: text(2048),
  repHqUrl: text(2048),
  repThumbMediaId: text(256),
  repThumbUrl: text(2048),
  content: z.object({ articles: z.array(articleSchema).max(8, '图文最多8篇') }).nullish(),
});
export type ReplyFields = z.infer<typeof replyFieldsSchema>;

/** The reply fields as stored and shown (every field present, null when unset). */
export interface StoredReply {
  repType: string | null;
  repContent: string | null;
  repMediaId: string | null;
  repName: string | null;
  repDesc: string | null;
  repUrl: string | null;
  repHqUrl: string | null;
  repThumbMediaId: string | null;
  repThumbUrl: string | null;
  content: { articles: Array<Record<string, unknown>> } | null;
}

export const storedReplySchema = z.object({
  repType: z.string().nullable(),
  repContent: z.string().nullable(),
  repMediaId: z.string().nullable(),
  repName: z.string().nullable(),
  repDesc: z.string().nullable(),
  repUrl: z.string().nullable(),
  repHqUrl: z.string().nullable(),
  repThumbMediaId: z.string().nullable(),
  repThumbUrl: z.string().nullable(),
  content: z.object({ articles: z.array(z.record(z.string(), z.unknown())) }).nullable(),
});

/** The first problem of a reply, in words for the operator, or null. */
export function replyProblem(reply: ReplyFields): string | null {
  switch (reply.repType) {
    case 'text':
      return reply.repContent?.trim() ? null : '请输入回复的文本内容';
    case 'image':
      return reply.repMediaId ? null : '请选择回复的图片';
    case 'voice':
      return reply.repMediaId ? null : '请选择回复的语音';
    case 'video':
      return reply.repMediaId ? null : '请选择回复的视频';
    case 'music':
      if (!reply.repUrl) return '请输入音乐链接';
      return reply.repThumbMediaId ? null : '请选择音乐的缩略图';
    case 'news':
      return reply.content?.articles.length ? null : '请选择回复的图文';
  }
}

/** Only the fields that belong to the reply type are kept (a switch of tab leaves no leftovers). */
export function normalizeReply(reply: ReplyFields): StoredReply {
  const pick = <K extends keyof ReplyFields>(key: K, keep: boolean) => (keep ? ((reply[key] as string | null | undefined) ?? null) : null);
  const t = reply.repType;
  return {
    repType: t,
    repContent: pick('repContent', t === 'text'),
    repMediaId: pick('repMediaId', t === 'image' || t === 'voice' || t === 'video'),
    repName: pick('repName', t === 'image' || t === 'voice' || t === 'video' || t === 'music'),
    repDesc: pick('repDesc', t === 'video' || t === 'music'),
    repUrl: pick('repUrl', t === 'image' || t === 'voice' || t === 'video' || t === 'music'),
    repHqUrl: pick('repHqUrl', t === 'music'),
    repThumbMediaId: pick('repThumbMediaId', t === 'music' || t === 'video'),
    repThumbUrl: pick('repThumbUrl', t === 'music' || t === 'video'),
    content: t === 'news' && reply.content ? { articles: reply.content.articles.map((a) => ({ ...a })) } : null,
  };
}

/** The reply fields of a stored row (message, automatic reply or menu button), for a view. */
export const storedReplyOf = (row: StoredReply): StoredReply => ({
  repType: row.repType,
  repContent: row.repContent,
  repMediaId: row.repMediaId,
  repName: row.repName,
  repDesc: row.repDesc,
  repUrl: row.repUrl,
  repHqUrl: row.repHqUrl,
  repThumbMediaId: row.repThumbMediaId,
  repThumbUrl: row.repThumbUrl,
  content: row.content ?? null,
});

const s = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A news article in the platform's terms (title, description, picture, link). */
export function platformArticle(a: Record<string, unknown>) {
  return {
    title: s(a.title) ?? '',
    description: s(a.description) ?? s(a.digest) ?? '',
    picUrl: s(a.picUrl) ?? s(a.thumbUrl) ?? '',
    url: s(a.url) ?? s(a.contentSourceUrl) ?? '',
  };
}

/** A public address for a picture the platform must load: ours are made absolute when they start with '/'. */
const absolute = (url: string, base: string | undefined) => (url.startsWith('/') && base ? `${base.replace(/\/+$/, '')}${url}` : url);

/** The stored reply as a passive reply (news: the first article only, as the platform allows). */
export function passiveReplyOf(reply: StoredReply, publicBase?: string): PassiveReply | null {
  switch (reply.repType) {
    case 'text':
      return reply.repContent ? { msgType: 'text', content: reply.repContent } : null;
    case 'image':
      return reply.repMediaId ? { msgType: 'image', image: { mediaId: reply.repMediaId } } : null;
    case 'voice':
      return reply.repMediaId ? { msgType: 'voice', voice: { mediaId: reply.repMediaId } } : null;
    case 'video':
      return reply.repMediaId
        ? { msgType: 'video', video: { mediaId: reply.repMediaId, title: reply.repName ?? '', description: reply.repDesc ?? '' } }
        : null;
    case 'music':
      return {
        msgType: 'music',
        music: {
          title: reply.repName ?? '', description: reply.repDesc ?? '', musicUrl: reply.repUrl ?? '', hqMusicUrl: reply.repHqUrl ?? reply.repUrl ?? '',
          ...(reply.repThumbMediaId ? { thumbMediaId: reply.repThumbMediaId } : {}),
        },
      };
    case 'news': {
      const first = reply.content?.articles[0];
      if (!first) return null;
      const article = platformArticle(first);
      return { msgType: 'news', articles: [{ ...article, picUrl: absolute(article.picUrl, publicBase) }] };
    }
    default:
      return null;
  }
}

/** The stored reply as a customer-service message body (`message/custom/send`) to one follower. */
export function customMessageOf(reply: StoredReply, openId: string, publicBase?: string): Record<string, unknown> {
  const base = { touser: openId, msgtype: reply.repType };
  switch (reply.repType) {
    case 'text':
      return { ...base, text: { content: reply.repContent ?? '' } };
    case 'image':
      return { ...base, image: { media_id: reply.repMediaId } };
    case 'voice':
      return { ...base, voice: { media_id: reply.repMediaId } };
    case 'video':
      return { ...base, video: { media_id: reply.repMediaId, ...(reply.repThumbMediaId ? { thumb_media_id: reply.repThumbMediaId } : {}), title: reply.repName ?? '', description: reply.repDesc ?? '' } };
    case 'music':
      return {
        ...base,
        music: { title: reply.repName ?? '', description: reply.repDesc ?? '', musicurl: reply.repUrl ?? '', hqmusicurl: reply.repHqUrl ?? reply.repUrl ?? '', thumb_media_id: reply.repThumbMediaId },
      };
    case 'news': {
      const a = platformArticle(reply.content?.articles[0] ?? {});
      return { ...base, news: { articles: [{ title: a.title, description: a.description, url: a.url, picurl: absolute(a.picUrl, publicBase) }] } };
    }
    default:
      return base;
  }
}

/** Reply columns of a raw SQL row (snake_case) as the shown shape. */
export function storedReplyOfRow(r: Record<string, unknown>): StoredReply {
  const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : JSON.stringify(v));
  const content = typeof r.content === 'string' ? (JSON.parse(r.content) as unknown) : r.content;
  return {
    repType: str(r.rep_type),
    repContent: str(r.rep_content),
    repMediaId: str(r.rep_media_id),
    repName: str(r.rep_name),
    repDesc: str(r.rep_desc),
    repUrl: str(r.rep_url),
    repHqUrl: str(r.rep_hq_url),
    repThumbMediaId: str(r.rep_thumb_media_id),
    repThumbUrl: str(r.rep_thumb_url),
    content: (content ?? null) as StoredReply['content'],
  };
}
