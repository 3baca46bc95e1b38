import type { WxReplyFields, WxStoredReply } from '@canteen/contract';
import type { PassiveReply } from '../portal/service.js';

/**
 * The server's side of the reply fields (specification §3 "Reply"): the types, schemas and the
 * operator-facing check live in `@canteen/contract` (`packages/contract/src/reply.ts`); here are
 * what is kept per reply type, the stored row's view, and the mapping to the platform's passive
 * reply and customer-service message.
 */

/** Only the fields that belong to the reply type are kept (a switch of tab leaves no leftovers). */
export function normalizeReply(reply: WxReplyFields): WxStoredReply {
  const pick = <K extends keyof WxReplyFields>(key: K, keep: boolean) => (keep ? ((reply[key] as string | null | undefined) ?? null) : null);
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
export const storedReplyOf = (row: WxStoredReply): WxStoredReply => ({
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
export function passiveReplyOf(reply: WxStoredReply, publicBase?: string): PassiveReply | null {
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
export function customMessageOf(reply: WxStoredReply, openId: string, publicBase?: string): Record<string, unknown> {
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
export function storedReplyOfRow(r: Record<string, unknown>): WxStoredReply {
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
    content: (content ?? null) as WxStoredReply['content'],
  };
}
