import { validateUrl, type ReplyType, type WxReplyFields } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { validationText } from '../../../shared/resource';
import type { Article, Material } from '../api';
import '../messages';

/** The reply editor's tabs, in order (the contract's reply types, news before music). */
export const REPLY_TABS = ['text', 'image', 'voice', 'video', 'news', 'music'] as const satisfies readonly ReplyType[];

/** The reply fields that each hold one string (all but repType and content). */
export type ReplyStringField = Exclude<keyof WxReplyFields, 'repType' | 'content'>;

/**
 * A reply (specification §3): what an automatic reply, a menu click or a sent message carries.
 * - text: repContent
 * - image / voice: repMediaId, repName, repUrl
 * - video: repMediaId, repUrl, repName (title), repDesc (description)
 * - news: repMediaId, repName (first title), content.articles (the server keeps only the articles)
 * - music: repName (title), repDesc, repUrl (music URL), repHqUrl, repThumbMediaId, repThumbUrl
 */
export interface Reply extends Partial<Record<ReplyStringField, string>> {
  repType: ReplyType;
  content?: { articles: Article[] } | null;
}

export const emptyReply = (repType: ReplyType = 'text'): Reply => ({ repType });

/** The reply fields a picked material gives to a tab. */
export function replyFromMaterial(repType: ReplyType, material: Material, previous: Reply, oneNews = false): Reply {
  switch (repType) {
    case 'image':
    case 'voice':
      return { repType, repMediaId: material.mediaId, repName: material.name ?? material.mediaId, repUrl: material.url ?? undefined };
    case 'video':
      return {
        repType,
        repMediaId: material.mediaId,
        repUrl: material.url ?? undefined,
        repName: previous.repName || material.title || material.name || '',
        repDesc: previous.repDesc || material.introduction || '',
      };
    case 'news': {
      const all = material.content?.articles ?? [];
      const articles = oneNews ? all.slice(0, 1) : all;
      return { repType, repMediaId: material.mediaId, repName: articles[0]?.title ?? material.name ?? '', content: { articles } };
    }
    case 'music':
      return { ...previous, repType, repThumbMediaId: material.mediaId, repThumbUrl: material.url ?? undefined };
    default:
      return previous;
  }
}

/** The parts of the reply editor that can have a problem: an input, or the material chosen in a tab. */
export type ReplyPart = 'repContent' | 'repUrl' | 'repHqUrl' | 'thumb' | 'material';

/** The problem of each part of the reply (what `validateReply` reports, part by part). */
export function replyProblems(reply: Reply): Partial<Record<ReplyPart, string>> {
  const missing = i18n.t(`wxmp.reply.missing.${reply.repType}`);
  const url = (value: string | undefined) => {
    const problem = value ? validateUrl(value) : null;
    return problem ? validationText(problem) : undefined;
  };
  const problems: Partial<Record<ReplyPart, string>> = {};
  const put = (part: ReplyPart, problem: string | undefined) => {
    if (problem) problems[part] = problem;
  };
  switch (reply.repType) {
    case 'text':
      if (!reply.repContent?.trim()) problems.repContent = missing;
      break;
    case 'image':
    case 'voice':
    case 'video':
      if (!reply.repMediaId) problems.material = missing;
      break;
    case 'news':
      if (!reply.content?.articles.length) problems.material = missing;
      break;
    case 'music':
      put('repUrl', reply.repUrl?.trim() ? url(reply.repUrl) : missing);
      put('repHqUrl', url(reply.repHqUrl));
      if (!reply.repThumbMediaId) problems.thumb = i18n.t('wxmp.reply.missing.musicThumb');
      break;
  }
  return problems;
}

/**
 * Whether the reply can be saved or sent: the message to show, or null. It refuses at least what
 * the server's `replyProblem` (`@canteen/contract`) refuses, so the operator sees the problem in the
 * form, and also checks that the music links are http(s) addresses.
 */
export function validateReply(reply: Reply | undefined): string | null {
  const type = reply?.repType ?? 'text';
  const missing = i18n.t(`wxmp.reply.missing.${type}`);
  if (!reply) return missing;
  switch (type) {
    case 'text':
      return reply.repContent?.trim() ? null : missing;
    case 'image':
    case 'voice':
    case 'video':
      return reply.repMediaId ? null : missing;
    case 'news':
      // What the server keeps and sends of a news reply is its articles (not the material's id).
      return reply.content?.articles.length ? null : missing;
    case 'music': {
      if (!reply.repUrl?.trim()) return missing;
      for (const url of [reply.repUrl, reply.repHqUrl]) {
        const problem = url ? validateUrl(url) : null;
        if (problem) return validationText(problem);
      }
      return reply.repThumbMediaId ? null : i18n.t('wxmp.reply.missing.musicThumb');
    }
  }
}
