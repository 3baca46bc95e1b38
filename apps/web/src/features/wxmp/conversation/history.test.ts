import { describe, expect, it } from 'vitest';
import { TEMP_MEDIA_EXPIRY_MS } from '@canteen/contract';
import { appendMessage, articlesOf, isExpired, isLastPage, mapLinkUrl, mergeNewest, PAGE_SIZE, prependPage, staticMapUrl, type ConversationMessage } from './history';

const msg = (id: number, fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: String(id), appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', repContent: `m${id}`, readFlag: '1',
  createTime: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(), ...fields,
});
const ids = (list: ConversationMessage[]) => list.map((m) => Number(m.id));

describe('conversation history', () => {
  it('pages by 14 and stops at a page shorter than that', () => {
    expect(PAGE_SIZE).toBe(14);
    expect(isLastPage(Array.from({ length: 14 }))).toBe(false);
    expect(isLastPage(Array.from({ length: 13 }))).toBe(true);
    expect(isLastPage([])).toBe(true);
  });

  it('shows a newest-first page oldest first, and puts older pages in front without repeats', () => {
    const first = prependPage([], [msg(30), msg(29), msg(28)]);
    expect(ids(first)).toEqual([28, 29, 30]);
    // A message arrived since: the next page starts one later and repeats message 28.
    const more = prependPage(first, [msg(28), msg(27), msg(26)]);
    expect(ids(more)).toEqual([26, 27, 28, 29, 30]);
  });

  it('appends a new message and replaces one already shown', () => {
    const list = appendMessage([msg(1), msg(2)], msg(3));
    expect(ids(list)).toEqual([1, 2, 3]);
    const replaced = appendMessage(list, { ...msg(2), readFlag: '0', repContent: 'changed' });
    expect(ids(replaced)).toEqual([1, 2, 3]);
    expect(replaced[1]!.repContent).toBe('changed');
  });

  it('merges the newest page again without repeats, in order, keeping older pages and updating shown messages', () => {
    // Pages 2 and 1 loaded (1..6), then live 9 came after a reconnect; the page read again is 9..4 and misses 7, 8.
    const shown = [msg(1), msg(2), msg(3), msg(4), msg(5), msg(6, { readFlag: '0' }), msg(9)];
    const merged = mergeNewest(shown, [msg(9), msg(8), msg(7), msg(6), msg(5), msg(4)]);
    expect(ids(merged)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(merged[5]!.readFlag).toBe('1');
    expect(merged[0]).toBe(shown[0]); // untouched where the page does not reach
    // Nothing new: the same list; a message repeated across pages comes in once; same-minute messages go by id.
    expect(ids(mergeNewest(merged, [msg(9), msg(8)]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const sameTime = msg(10, { createTime: msg(9).createTime });
    expect(ids(mergeNewest([msg(8)], [sameTime, msg(9), sameTime]))).toEqual([8, 9, 10]);
    expect(ids(mergeNewest([], [msg(3), msg(2), msg(1)]))).toEqual([1, 2, 3]);
  });

  it("expires a follower's voice and video 259200000 ms after createTime, never the account's or other types", () => {
    const created = Date.UTC(2026, 0, 1);
    const at = new Date(created).toISOString();
    for (const repType of ['voice', 'video', 'shortvideo']) {
      expect(isExpired({ type: '1', repType, createTime: at }, created + TEMP_MEDIA_EXPIRY_MS)).toBe(false);
      expect(isExpired({ type: '1', repType, createTime: at }, created + TEMP_MEDIA_EXPIRY_MS + 1)).toBe(true);
      expect(isExpired({ type: '2', repType, createTime: at }, created + 10 * TEMP_MEDIA_EXPIRY_MS)).toBe(false);
    }
    expect(isExpired({ type: '1', repType: 'image', createTime: at }, created + 10 * TEMP_MEDIA_EXPIRY_MS)).toBe(false);
    expect(TEMP_MEDIA_EXPIRY_MS).toBe(259_200_000);
  });

  it('reads news articles from an object or a JSON string', () => {
    const articles = [{ title: 'A', thumbMediaId: 't', content: '' }];
    expect(articlesOf({ content: { articles } })).toEqual(articles);
    expect(articlesOf({ content: JSON.stringify({ articles }) })).toEqual(articles);
    expect(articlesOf({ content: null })).toEqual([]);
    expect(articlesOf({ content: 'not json' })).toEqual([]);
  });

  it('asks the maps service for a 250×180 image at zoom 10 with the key', () => {
    const url = new URL(staticMapUrl(23.1, 113.3, 'KEY'));
    expect(url.searchParams.get('size')).toBe('250*180');
    expect(url.searchParams.get('zoom')).toBe('10');
    expect(url.searchParams.get('center')).toBe('23.1,113.3');
    expect(url.searchParams.get('key')).toBe('KEY');
    expect(mapLinkUrl(23.1, 113.3, '食堂', 'KEY')).toContain('coord%3A23.1%2C113.3');
  });
});
