import { create } from 'zustand';
import { BELL_PAGE_SIZE, type WxConversationPageRow } from '@canteen/contract';

type PageRow = WxConversationPageRow;

/**
 * One follower's unread messages in the header bell (the specification's message row): their
 * latest unread message as `GET /weixin/wxmsg/page` groups it, with how many (`countMsg`); the
 * message's id and its content (for the summary line) may be missing on a row made from a push.
 */
export type BellRow = Pick<PageRow, 'appId' | 'appName' | 'wxUserId' | 'nickName' | 'createTime'> &
  Partial<Pick<PageRow, 'id' | 'headimgUrl' | 'repType' | 'repContent'>> & { countMsg: number };

/**
 * The fields of a live or stored conversation message the bell reads. A pushed body is only
 * checked for `appId` and `wxUserId` (see the feed), so the rest is read loosely here.
 */
export interface BellMessage {
  id?: string;
  appId: string;
  appName?: string | null;
  wxUserId: string;
  nickName?: string | null;
  headimgUrl?: string | null;
  createTime: string;
  type?: string;
  repType?: string;
  repContent?: string | null;
}

interface UnreadState {
  /** The unread count the header shows: every unread follower message, not only those of the rows listed. */
  count: number;
  /** The followers listed so far (page 1, then each further page), newest first. */
  rows: BellRow[];
  /** Whether the server may hold more followers than listed (the last page was full). */
  hasMore: boolean;
  /**
   * Page 1 (again): the rows replace those listed. `count` is the server's count of every unread
   * message (without it, the rows' own sum); `hasMore` whether a further page may follow.
   */
  setRows: (rows: BellRow[], count?: number, hasMore?: boolean) => void;
  /** A further page: its followers join the list below the ones listed (those already listed stay as they are). */
  appendRows: (rows: BellRow[], hasMore: boolean) => void;
  /** Whether a further page is being read. */
  loadingMore: boolean;
  setLoadingMore: (loading: boolean) => void;
  setCount: (count: number) => void;
  /** An opened row leaves the list, its messages the count. */
  remove: (row: BellRow) => void;
  /** A new follower message: that follower's row moves (or comes) to the top with one more unread. */
  receive: (message: BellMessage) => void;
  clear: () => void;
}

const keyOf = (r: { appId: string; wxUserId: string }) => `${r.appId}\u0000${r.wxUserId}`;
const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Rows the user opened, by follower, with the time of the latest message they had: a load that
 * answers before the conversation has marked them read does not bring them back; a newer
 * message does.
 */
const dismissed = new Map<string, number>();

const sameFollower = (a: { appId: string; wxUserId: string }, b: { appId: string; wxUserId: string }) => a.appId === b.appId && a.wxUserId === b.wxUserId;

/** The bell's page query of the specification: one row per follower (latest unread message plus countMsg), 10 at a time. */
export const BELL_QUERY = { current: 1, size: BELL_PAGE_SIZE, descs: 'create_time', notInRepType: 'event', type: '1', readFlag: '0' } as const;

/**
 * The unread follower messages of the header bell (the messaging feature's bell source, see
 * `../bell.ts`): filled by the feed (`./feed.ts`), read by the bell and the home figures.
 */
const notDismissed = (r: BellRow) => {
  const opened = dismissed.get(keyOf(r));
  return opened === undefined || time(r.createTime) > opened;
};

export const useUnreadBell = create<UnreadState>()((set) => ({
  count: 0,
  rows: [],
  hasMore: false,
  loadingMore: false,
  setLoadingMore: (loadingMore) => set({ loadingMore }),
  setRows: (loaded, count, hasMore = false) => {
    const rows = loaded.filter(notDismissed);
    // An opened row the server has not marked read yet is still in its count: not in ours.
    const opened = loaded.filter((r) => !notDismissed(r)).reduce((n, r) => n + (r.countMsg || 1), 0);
    set({ rows, hasMore, count: count === undefined ? rows.reduce((n, r) => n + (r.countMsg || 1), 0) : Math.max(0, count - opened) });
  },
  appendRows: (more, hasMore) =>
    set((s) => {
      const listed = new Set(s.rows.map(keyOf));
      return { rows: [...s.rows, ...more.filter((r) => notDismissed(r) && !listed.has(keyOf(r)))], hasMore };
    }),
  setCount: (count) => set({ count }),
  remove: (row) =>
    set((s) => {
      const gone = s.rows.find((r) => sameFollower(r, row));
      if (!gone) return {};
      dismissed.set(keyOf(gone), time(gone.createTime));
      return { rows: s.rows.filter((r) => r !== gone), count: Math.max(0, s.count - (gone.countMsg || 1)) };
    }),
  receive: (message) =>
    set((s) => {
      // The bell lists what followers sent; the account's own messages and events are not unread mail.
      if ((message.type !== undefined && message.type !== '1') || message.repType === 'event') return {};
      const previous = s.rows.find((r) => sameFollower(r, message));
      if (previous && message.id !== undefined && previous.id === message.id) return {}; // delivered twice
      const opened = dismissed.get(keyOf(message));
      if (opened !== undefined && time(message.createTime) <= opened) return {}; // already seen
      dismissed.delete(keyOf(message));
      const row: BellRow = {
        id: message.id,
        appId: message.appId,
        appName: message.appName ?? previous?.appName ?? '',
        wxUserId: message.wxUserId,
        nickName: message.nickName ?? previous?.nickName ?? '',
        headimgUrl: message.headimgUrl ?? previous?.headimgUrl,
        countMsg: (previous?.countMsg ?? 0) + 1,
        createTime: message.createTime,
        repType: message.repType,
        repContent: message.repContent,
      };
      return { rows: [row, ...s.rows.filter((r) => r !== previous)], count: s.count + 1 };
    }),
  clear: () => {
    dismissed.clear();
    set({ rows: [], count: 0, hasMore: false, loadingMore: false });
  },
}));
