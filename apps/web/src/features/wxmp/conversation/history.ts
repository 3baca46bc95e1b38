import { HISTORY_PAGE_SIZE, TEMP_MEDIA_EXPIRY_MS, type WxConversationPageRow } from '@canteen/contract';
import type { Article } from '../api';

/**
 * One message of a conversation as the server answers it (`conversationMessageSchema` of the
 * contract): `type` '1' received from the follower, '2' sent by the account; `readFlag` '1' read,
 * '0' unread; `repLocationX`/`repLocationY` latitude/longitude; `createTime` ISO 8601; `mediaUrl`
 * our copy of the follower's image, voice or video (a public capability URL), or null; `countMsg`
 * on grouped (bell) rows only. Beyond the fields every message has, a message may come without
 * the rest (a live push, a test's row), so those are optional here.
 */
type Always = 'id' | 'appId' | 'wxUserId' | 'type' | 'repType' | 'readFlag' | 'createTime';
export type ConversationMessage = Pick<WxConversationPageRow, Always> & Partial<Omit<WxConversationPageRow, Always>>;

/** History page size (specification §9): 14, newest first from the server. */
export const PAGE_SIZE = HISTORY_PAGE_SIZE;

/** A page shorter than the page size is the last one. */
export const isLastPage = (records: readonly unknown[], size = PAGE_SIZE) => records.length < size;

/**
 * An older page (newest first, as the server sends it) put in front of the shown messages
 * (oldest first). Messages already shown are left out: new messages since the first page shift
 * the server's offsets, so a later page can repeat a few.
 */
export function prependPage(shown: readonly ConversationMessage[], page: readonly ConversationMessage[]): ConversationMessage[] {
  const known = new Set(shown.map((m) => m.id));
  const older = [...page].reverse().filter((m) => !known.has(m.id));
  return [...older, ...shown];
}

const timeOf = (m: ConversationMessage) => Date.parse(m.createTime);

/** The server's order (`create_time`, then `id`), ascending; ids are decimal strings. */
export function compareMessages(a: ConversationMessage, b: ConversationMessage): number {
  const byTime = timeOf(a) - timeOf(b);
  if (byTime) return byTime;
  const [x, y] = [String(a.id), String(b.id)];
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * The newest messages again (one or more pages, newest first as the server sends them, e.g.
 * after the live channel was down) merged into the shown ones (oldest first): a message already
 * shown is updated in place, one not shown yet goes in before the first shown message that is
 * later than it (else at the end). Nothing shown moves or goes, so older pages loaded stay.
 */
export function mergeNewest(shown: readonly ConversationMessage[], page: readonly ConversationMessage[]): ConversationMessage[] {
  const next = [...shown];
  const at = new Map(next.map((m, i) => [m.id, i]));
  const missing: ConversationMessage[] = [];
  for (const m of page) {
    const i = at.get(m.id);
    if (i === undefined) missing.push(m);
    else next[i] = { ...next[i], ...m };
  }
  const seen = new Set<string>();
  for (const m of missing.reverse()) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    const later = next.findIndex((s) => compareMessages(s, m) > 0);
    next.splice(later < 0 ? next.length : later, 0, m);
  }
  return next;
}

/** A new message (live, or just sent) at the end; a message already shown is replaced in place. */
export function appendMessage(shown: readonly ConversationMessage[], message: ConversationMessage): ConversationMessage[] {
  const at = shown.findIndex((m) => m.id === message.id);
  if (at < 0) return [...shown, message];
  const next = [...shown];
  next[at] = { ...next[at], ...message };
  return next;
}

const TEMPORARY_MEDIA = new Set(['voice', 'video', 'shortvideo']);

/**
 * A follower's (type '1') voice or video is temporary media: it cannot be played once
 * 259200000 ms (3 days) have passed since `createTime`. The account's own media never expires.
 */
export function isExpired(message: Pick<ConversationMessage, 'type' | 'repType' | 'createTime'>, now = Date.now()): boolean {
  if (message.type !== '1' || !TEMPORARY_MEDIA.has(message.repType)) return false;
  const created = new Date(message.createTime).getTime();
  return Number.isFinite(created) && now - created > TEMP_MEDIA_EXPIRY_MS;
}

/** The articles of a news message (`content.articles`), tolerating a JSON string. */
export function articlesOf(message: Pick<ConversationMessage, 'content'>): Article[] {
  let content = message.content;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content) as unknown;
    } catch {
      return [];
    }
  }
  const articles = content && typeof content === 'object' ? (content as { articles?: unknown }).articles : undefined;
  return Array.isArray(articles) ? (articles as Article[]) : [];
}

/** The static map (specification §9: 250×180, zoom 10). */
export const MAP_SIZE = { width: 250, height: 180, zoom: 10 } as const;

/** A static map image of a point (the maps service of the original product), 250×180 at zoom 10. */
export function staticMapUrl(lat: number, lng: number, key: string): string {
  const query = new URLSearchParams({
    center: `${lat},${lng}`,
    zoom: String(MAP_SIZE.zoom),
    size: `${MAP_SIZE.width}*${MAP_SIZE.height}`,
    maptype: 'roadmap',
    markers: `size:large|color:0xFFCCFF|${lat},${lng}`,
    key,
  });
  return `https://apis.map.qq.com/ws/staticmap/v2/?${query.toString()}`;
}

/** A link that opens the point on the maps service. */
export function mapLinkUrl(lat: number, lng: number, label: string, key: string): string {
  const query = new URLSearchParams({ marker: `coord:${lat},${lng};title:${label || `${lat},${lng}`};addr:${label}`, referer: key });
  return `https://apis.map.qq.com/uri/v1/marker?${query.toString()}`;
}
