import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/http/client';
import { useLiveConnected } from '../../../shared/live/useLiveConnected';
import { useLiveSubscription } from '../../../shared/live/useLiveSubscription';
import { BELL_QUERY, useUnreadBell, type BellMessage, type BellRow } from './unread';

/** The running feeds' loads (one while the bell is mounted). */
const reloaders = new Set<() => void>();

/**
 * Loads the bell's unread rows again, e.g. after an unread message was deleted (the server's
 * counts changed without a live message).
 */
export function reloadBell(): void {
  for (const reload of reloaders) reload();
}

/** How long the bell's first load waits for the live channel before it reads without it. */
export const FIRST_LOAD_WAIT_MS = 2000;

/** The live destination of every new follower message that is not an event. */
export const BELL_DESTINATION = '/weixin/wx_msg';

/** One page of the bell: its rows, and (page 1) every unread message the server counts. */
export interface BellPage {
  records: BellRow[];
  /** Every unread follower message (the badge), not only those of the rows. */
  countMsg?: number;
}

/**
 * The bell's page call (GET /weixin/wxmsg/page with the specification's query): page 1, or with
 * `after` the page after that row (the server pages on from it, whatever was read meanwhile).
 */
export const fetchBellPage = async (after?: BellRow): Promise<BellPage> =>
  api.get<BellPage>('/weixin/wxmsg/page', {
    params: after ? { ...BELL_QUERY, beforeTime: after.createTime, beforeUser: after.wxUserId } : BELL_QUERY,
    silent: true,
  });

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

export interface BellFeed {
  /** Loads the unread rows (again); overlapping requests coalesce into one more load. */
  load: () => Promise<void>;
  /** The next 10 followers after those listed (after a running load of page 1; nothing when there are no more). */
  loadMore: () => Promise<void>;
  /** A live message for the bell. */
  receive: (body: unknown) => void;
  dispose: () => void;
}

const isMessage = (body: unknown): body is BellMessage =>
  typeof body === 'object' && body !== null && typeof (body as BellMessage).appId === 'string' && typeof (body as BellMessage).wxUserId === 'string';

/**
 * Keeps the bell store up to date: page loads, plus live messages. A message that arrives while
 * a load is running is applied after it, unless the loaded rows already hold it.
 */
export function createBellFeed(fetchPage: (after?: BellRow) => Promise<BellPage> = fetchBellPage): BellFeed {
  let running: Promise<void> | undefined;
  let again = false;
  let disposed = false;
  let pending: BellMessage[] = [];
  /** The last row the server gave (the next page starts after it). */
  let cursor: BellRow | undefined;
  let more: Promise<void> | undefined;

  const loadOnce = async () => {
    pending = [];
    try {
      const page = await fetchPage();
      if (disposed) return;
      const rows = page.records;
      cursor = rows.at(-1);
      const bell = useUnreadBell.getState();
      bell.setRows(rows, page.countMsg, rows.length >= BELL_QUERY.size);
      for (const message of pending) {
        const row = useUnreadBell.getState().rows.find((r) => r.appId === message.appId && r.wxUserId === message.wxUserId);
        if (!row || (row.id !== message.id && time(row.createTime) < time(message.createTime))) bell.receive(message);
      }
    } catch {
      // The bell stays as it was; the next reconnect or remount loads again.
    } finally {
      pending = [];
    }
  };

  const load = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await loadOnce();
      } while (again && !disposed);
      running = undefined;
    })();
    return running;
  };

  const loadMore = (): Promise<void> => {
    if (more) return more;
    more = (async () => {
      try {
        if (running) await running; // page 1 first: the next page follows its last row
        const after = cursor;
        if (disposed || !after || !useUnreadBell.getState().hasMore) return;
        useUnreadBell.getState().setLoadingMore(true);
        const page = await fetchPage(after);
        // A load of page 1 meanwhile started the list over: this page belongs to the old one.
        if (disposed || cursor !== after) return;
        if (page.records.length) cursor = page.records.at(-1);
        useUnreadBell.getState().appendRows(page.records, page.records.length >= BELL_QUERY.size);
      } catch {
        // The button stays; another click tries again.
      } finally {
        more = undefined;
        if (!disposed) useUnreadBell.getState().setLoadingMore(false);
      }
    })();
    return more;
  };

  return {
    load,
    loadMore,
    receive: (body) => {
      if (disposed || !isMessage(body)) return;
      if (running) pending.push(body);
      useUnreadBell.getState().receive(body);
    },
    dispose: () => {
      disposed = true;
    },
  };
}

/**
 * The bell source's feed, mounted by the shell while the user holds `wxmp:wxmsg:index` (the
 * specification: only that permission loads unread messages into the bell): loads the unread
 * rows and follows `/weixin/wx_msg` live, loading again after each reconnect to catch up (back to
 * page 1). Answers the feed, for its further pages.
 * Unmounted (sign-out, the permission gone), it stops and the bell forgets the rows.
 */
export function useUnreadFeed(): BellFeed | undefined {
  const [feed, setFeed] = useState<BellFeed>();
  const firstLoad = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const next = createBellFeed();
    setFeed(next); // eslint-disable-line react-hooks/set-state-in-effect
    // The first load waits for the live channel's CONNECTED below, which comes once the bell's
    // subscription is made, so one page read covers everything (it was read on mount and again on
    // connect: twice on every page load). A channel that does not come up in time (or was up
    // already, when the bell appears with a permission granted meanwhile) loads without it.
    firstLoad.current = setTimeout(() => void next.load(), FIRST_LOAD_WAIT_MS);
    const reload = () => void next.load();
    reloaders.add(reload);
    return () => {
      clearTimeout(firstLoad.current);
      reloaders.delete(reload);
      next.dispose();
      useUnreadBell.getState().clear();
    };
  }, []);
  // Every connect, the first one too: it covers messages sent before the subscription was made.
  useLiveConnected(() => {
    clearTimeout(firstLoad.current);
    void feed?.load();
  }, Boolean(feed));
  useLiveSubscription(feed ? BELL_DESTINATION : null, (body) => feed?.receive(body));
  return feed;
}
