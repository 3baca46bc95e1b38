import { z } from 'zod';
import { controlCharsMessage, hasControlChars } from './text.js';

/**
 * The reply fields (specification §3 "Reply"), shared by automatic replies, menu buttons and the
 * operator's send: the reply types, the request and stored shapes, and the operator-facing check.
 * The mapping to the platform's passive reply and customer-service message stays on the server
 * (`apps/server/src/modules/wxmp/conversations/reply.ts`).
 */

export const REPLY_TYPES = ['text', 'image', 'voice', 'video', 'music', 'news'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];

const replyText = (max: number) => z.string().max(max, `不能超过${max}个字符`).refine((v) => !hasControlChars(v), controlCharsMessage('回复内容')).nullish();

/** The longest title (music, video, article) a reply takes, in characters. */
export const REPLY_NAME_MAX = 256;
/** The longest description (music, video, article) a reply takes, in characters. */
export const REPLY_DESC_MAX = 1024;
/** The longest link (music and high-quality music link, thumbnail, article) a reply takes, in characters. */
export const REPLY_URL_MAX = 2048;
/** The most articles a news reply takes. */
export const REPLY_ARTICLES_MAX = 8;

/** One news article of a reply, as the material library gives it (extra fields are kept). */
export const replyArticleSchema = z.looseObject({
  title: z.string().max(REPLY_NAME_MAX).nullish(),
  description: z.string().max(REPLY_DESC_MAX).nullish(),
  digest: z.string().max(REPLY_DESC_MAX).nullish(),
  url: z.string().max(REPLY_URL_MAX).nullish(),
  contentSourceUrl: z.string().max(REPLY_URL_MAX).nullish(),
  thumbUrl: z.string().max(REPLY_URL_MAX).nullish(),
  picUrl: z.string().max(REPLY_URL_MAX).nullish(),
  thumbMediaId: z.string().max(256).nullish(),
});

/** The reply fields of a request (automatic reply, menu button, sent message). */
export const replyFieldsSchema = z.object({
  repType: z.enum(REPLY_TYPES, { error: '回复消息类型必须是 text、image、voice、video、music 或 news' }),
  repContent: replyText(2048),
  repMediaId: replyText(256),
  repName: replyText(REPLY_NAME_MAX),
  repDesc: replyText(REPLY_DESC_MAX),
  repUrl: replyText(REPLY_URL_MAX),
  repHqUrl: replyText(REPLY_URL_MAX),
  repThumbMediaId: replyText(256),
  repThumbUrl: replyText(REPLY_URL_MAX),
  content: z.object({ articles: z.array(replyArticleSchema).max(REPLY_ARTICLES_MAX, `图文最多${REPLY_ARTICLES_MAX}篇`) }).nullish(),
});

/** The reply fields as stored and shown (every field present, null when unset). */
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

export type WxReplyFields = z.infer<typeof replyFieldsSchema>;
export type WxStoredReply = z.infer<typeof storedReplySchema>;

/** The first problem of a reply, in words for the operator, or null. */
export function replyProblem(reply: WxReplyFields): string | null {
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

/** The platform's limit on a passive reply (automatic replies, menu buttons): one news article. */
export const NEWS_ONE_ARTICLE = '图文消息条数限制在1条以内';

/** The first problem of a reply the platform sends as a passive reply, or null. */
export function passiveReplyProblem(reply: WxReplyFields): string | null {
  return replyProblem(reply) ?? (reply.repType === 'news' && (reply.content?.articles.length ?? 0) > 1 ? NEWS_ONE_ARTICLE : null);
}
