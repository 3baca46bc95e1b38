import { useEffect, useState } from 'react';
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

/** The live destination of every new follower message that is not an event. */
export const BELL_DESTINATION = '/weixin/wx_msg';

/** The bell's page call (GET /weixin/wxmsg/page with the specification's query). */
export const fetchBellRows = async (): Promise<BellRow[]> =>
  (await api.get<{ records: BellRow[]; total: number }>('/weixin/wxmsg/page', { params: BELL_QUERY, silent: true })).records;

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

export interface BellFeed {
  /** Loads the unread rows (again); overlapping requests coalesce into one more load. */
  load: () => Promise<void>;
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
export function createBellFeed(fetchRows: () => Promise<BellRow[]> = fetchBellRows): BellFeed {
  let running: Promise<void> | undefined;
  let again = false;
  let disposed = false;
  let pending: BellMessage[] = [];

  const loadOnce = async () => {
    pending = [];
    try {
      const rows = await fetchRows();
      if (disposed) return;
      const bell = useUnreadBell.getState();
      bell.setRows(rows);
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

  return {
    load,
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
 * rows and follows `/weixin/wx_msg` live, loading again after each reconnect to catch up.
 * Unmounted (sign-out, the permission gone), it stops and the bell forgets the rows.
 */
export function useUnreadFeed(): void {
  const [feed, setFeed] = useState<BellFeed>();
  useEffect(() => {
    const next = createBellFeed();
    setFeed(next); // eslint-disable-line react-hooks/set-state-in-effect
    void next.load();
    const reload = () => void next.load();
    reloaders.add(reload);
    return () => {
      reloaders.delete(reload);
      next.dispose();
      useUnreadBell.getState().clear();
    };
  }, []);
  // Every connect, the first one too: it covers messages sent between the load above and the subscription.
  useLiveConnected(() => void feed?.load(), Boolean(feed));
  useLiveSubscription(feed ? BELL_DESTINATION : null, (body) => feed?.receive(body));
}
