import { beforeEach, describe, expect, it } from 'vitest';
import { useUnreadBell, type BellRow } from './unread';
import { createBellFeed, type BellPage } from './feed';

const row = (wxUserId: string, countMsg: number, createTime: string, id = `m-${wxUserId}`): BellRow => ({
  id, appId: 'wx1', appName: '小店', wxUserId, nickName: `粉丝${wxUserId}`, countMsg, createTime, repType: 'text', repContent: '旧消息',
});
const message = (wxUserId: string, id: string, createTime: string, extra: object = {}) => ({
  id, appId: 'wx1', appName: '小店', wxUserId, nickName: `粉丝${wxUserId}`, type: '1', repType: 'text', repContent: `内容${id}`, createTime, readFlag: '0', ...extra,
});

beforeEach(() => useUnreadBell.getState().clear());

describe('bell store', () => {
  it('counts the unread messages of the rows', () => {
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')]);
    expect(useUnreadBell.getState().count).toBe(3);
  });

  it('moves a known follower to the top with one more unread message and the new content', () => {
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')]);
    useUnreadBell.getState().receive(message('b', 'm9', '2025-01-01T11:00:00Z'));
    const { rows, count } = useUnreadBell.getState();
    expect(rows.map((r) => [r.wxUserId, r.countMsg, r.repContent])).toEqual([['b', 2, '内容m9'], ['a', 2, '旧消息']]);
    expect(rows[0]!.createTime).toBe('2025-01-01T11:00:00Z');
    expect(count).toBe(4);
  });

  it('inserts a new follower at the top with one unread message', () => {
    useUnreadBell.getState().setRows([row('a', 1, '2025-01-01T10:00:00Z')]);
    useUnreadBell.getState().receive(message('c', 'm1', '2025-01-01T11:00:00Z', { headimgUrl: 'http://x/c.png' }));
    expect(useUnreadBell.getState().rows[0]).toEqual({
      id: 'm1', appId: 'wx1', appName: '小店', wxUserId: 'c', nickName: '粉丝c', headimgUrl: 'http://x/c.png', countMsg: 1, createTime: '2025-01-01T11:00:00Z', repType: 'text', repContent: '内容m1',
    });
    expect(useUnreadBell.getState().count).toBe(2);
  });

  it('keeps one follower per account apart from the same follower id of another account', () => {
    useUnreadBell.getState().receive(message('a', 'm1', '2025-01-01T11:00:00Z'));
    useUnreadBell.getState().receive(message('a', 'm2', '2025-01-01T11:00:01Z', { appId: 'wx2' }));
    expect(useUnreadBell.getState().rows.map((r) => [r.appId, r.countMsg])).toEqual([['wx2', 1], ['wx1', 1]]);
  });

  it('ignores the account’s own messages, events and a message delivered twice', () => {
    useUnreadBell.getState().receive(message('a', 'm1', '2025-01-01T11:00:00Z'));
    useUnreadBell.getState().receive(message('a', 'm1', '2025-01-01T11:00:00Z'));
    useUnreadBell.getState().receive(message('a', 'm2', '2025-01-01T11:00:01Z', { type: '2' }));
    useUnreadBell.getState().receive(message('a', 'm3', '2025-01-01T11:00:02Z', { repType: 'event' }));
    expect(useUnreadBell.getState().rows.map((r) => r.countMsg)).toEqual([1]);
    expect(useUnreadBell.getState().count).toBe(1);
  });

  it('removes a clicked row and its messages from the count', () => {
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')]);
    useUnreadBell.getState().remove({ ...row('a', 0, ''), id: undefined });
    expect(useUnreadBell.getState().rows.map((r) => r.wxUserId)).toEqual(['b']);
    expect(useUnreadBell.getState().count).toBe(1);
  });
});

describe('bell feed', () => {
  it('applies a live message that arrives during a load after it, unless the load already holds it', async () => {
    let answer!: (page: BellPage) => void;
    const feed = createBellFeed(() => new Promise((resolve) => (answer = resolve)));
    const loading = feed.load();
    feed.receive(message('a', 'm5', '2025-01-01T12:00:00Z')); // newer than what the load answers
    feed.receive(message('b', 'm7', '2025-01-01T12:00:00Z')); // already in the load's answer
    expect(useUnreadBell.getState().count).toBe(2); // shown at once meanwhile
    answer({ records: [row('b', 3, '2025-01-01T12:00:00Z', 'm7'), row('a', 1, '2025-01-01T08:00:00Z', 'm1')] });
    await loading;
    const { rows, count } = useUnreadBell.getState();
    expect(rows.map((r) => [r.wxUserId, r.countMsg])).toEqual([['a', 2], ['b', 3]]);
    expect(count).toBe(5);
  });

  it('coalesces overlapping loads into one more and ignores bodies that are not messages', async () => {
    let calls = 0;
    const feed = createBellFeed(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { records: [row('a', calls, '2025-01-01T08:00:00Z')] };
    });
    await Promise.all([feed.load(), feed.load(), feed.load()]);
    expect(calls).toBe(2);
    expect(useUnreadBell.getState().count).toBe(2);
    feed.receive('hello');
    feed.receive({ nothing: true });
    expect(useUnreadBell.getState().count).toBe(2);
  });
});

describe('more than ten unread followers', () => {
  const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => row(String(from - i), 2, `2025-01-01T10:${String(from - i).padStart(2, '0')}:00Z`));

  it('counts every unread message the server counts, and pages on after the last row 10 at a time until a short page', async () => {
    const asked: Array<string | undefined> = [];
    const feed = createBellFeed(async (after) => {
      asked.push(after?.wxUserId);
      if (!after) return { records: rows(25, 16), countMsg: 50 };
      return after.wxUserId === '16' ? { records: rows(15, 6) } : { records: rows(5, 1) };
    });
    await feed.load();
    expect(useUnreadBell.getState()).toMatchObject({ count: 50, hasMore: true });
    expect(useUnreadBell.getState().rows).toHaveLength(10);
    await feed.loadMore();
    // A live message of a follower not listed yet comes on top; their row on the next page is not listed twice.
    feed.receive(message('3', 'live-3', '2025-01-01T11:00:00Z'));
    await feed.loadMore();
    const state = useUnreadBell.getState();
    expect(asked).toEqual([undefined, '16', '6']);
    expect(state.rows.map((r) => r.wxUserId)).toEqual(['3', ...rows(25, 4).map((r) => r.wxUserId), '2', '1']);
    expect(state).toMatchObject({ count: 51, hasMore: false });
    await feed.loadMore();
    expect(asked).toHaveLength(3); // nothing more to ask
  });

  it('leaves out of the count an opened row the server still counts', () => {
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z')], 40, true);
    useUnreadBell.getState().remove(row('a', 2, '2025-01-01T10:00:00Z'));
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')], 40, false);
    expect(useUnreadBell.getState()).toMatchObject({ count: 38, hasMore: false });
  });
});

describe('an opened row', () => {
  it('stays out of a load that answers before the conversation marked it read, and comes back with a newer message', () => {
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')]);
    useUnreadBell.getState().remove(row('a', 2, '2025-01-01T10:00:00Z'));
    useUnreadBell.getState().setRows([row('a', 2, '2025-01-01T10:00:00Z'), row('b', 1, '2025-01-01T09:00:00Z')]);
    expect(useUnreadBell.getState().rows.map((r) => r.wxUserId)).toEqual(['b']);
    expect(useUnreadBell.getState().count).toBe(1);
    useUnreadBell.getState().receive(message('a', 'm8', '2025-01-01T10:05:00Z'));
    expect(useUnreadBell.getState().rows.map((r) => [r.wxUserId, r.countMsg])).toEqual([['a', 1], ['b', 1]]);
    useUnreadBell.getState().setRows([row('a', 3, '2025-01-01T10:05:00Z', 'm8'), row('b', 1, '2025-01-01T09:00:00Z')]);
    expect(useUnreadBell.getState().rows.map((r) => [r.wxUserId, r.countMsg])).toEqual([['a', 3], ['b', 1]]);
  });
});
