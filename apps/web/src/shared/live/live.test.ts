import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../http/client';
import { logout, signOutLocally } from '../session/auth';
import { useLock } from '../session/lock';
import { useSession } from '../session/session';
import { failReply, okReply, startApiServer, type TestApiServer } from '../../../test/api-server';
import type { LiveStatus } from './client';
import { createSessionLiveClient, freshAccessToken } from './live';
import { nodeSocket, TestBroker } from '../../../test/live-broker';

let server: TestApiServer;
let broker: TestBroker;
let refreshes = 0;
let refreshFails = false;
let connectionsAtLogout: number | undefined;

beforeAll(async () => {
  broker = new TestBroker();
  await broker.start();
  server = await startApiServer(({ method, path }) => {
    if (method === 'POST' && path === '/auth/oauth/token') {
      if (refreshFails) return failReply(401, '令牌无效');
      refreshes += 1;
      return { body: { access_token: `t${100 + refreshes}`, refresh_token: `r${refreshes}`, expires_in: 43200 } };
    }
    if (method === 'DELETE' && path === '/auth/token/logout') {
      connectionsAtLogout = broker.stats().connections;
      return okReply(true);
    }
    return undefined;
  });
  configureHttp({ getAccessToken: () => useSession.getState().token?.access_token, notify: () => undefined, onUnauthorized: () => signOutLocally() });
});
afterAll(async () => {
  await server.close();
  await broker.close();
});
beforeEach(() => {
  signOutLocally();
  refreshes = 0;
  refreshFails = false;
});
afterEach(() => {
  vi.useRealTimers();
});

/** Only the client's own waits (backoff, idle close) on a fake clock; sockets, HTTP and the broker keep real time. */
const fakeClientClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

const signIn = (access_token: string, expires_in = 3600) => useSession.getState().setToken({ access_token, refresh_token: 'r0', expires_in });

describe('freshAccessToken', () => {
  it('answers nothing when signed out and the current token while it is good', async () => {
    expect(await freshAccessToken({})).toBeUndefined();
    signIn('t1');
    expect(await freshAccessToken({})).toBe('t1');
    expect(await freshAccessToken({ rejected: 't0' })).toBe('t1'); // an older token was refused: already refreshed since
    expect(refreshes).toBe(0);
  });

  it('refreshes (and stores) when the token ran out or the broker refused this very token', async () => {
    signIn('t1', 0);
    expect(await freshAccessToken({})).toBe('t101');
    expect(useSession.getState().token).toMatchObject({ access_token: 't101', refresh_token: 'r1', expires_in: 43200 });
    expect(await freshAccessToken({ rejected: 't101' })).toBe('t102');
    expect(refreshes).toBe(2);
  });

  it('rejects when the refresh fails (a 401 there ends the session)', async () => {
    signIn('t1', 0);
    refreshFails = true;
    await expect(freshAccessToken({})).rejects.toThrow();
    expect(useSession.getState().token).toBeUndefined();
  });
});

describe('the app client follows the session', () => {
  it('connects when signed in, not while locked, and closes before sign-out revokes the token', async () => {
    const statuses: LiveStatus[] = [];
    fakeClientClock();
    const live = createSessionLiveClient({ url: () => broker.url, webSocketFactory: nodeSocket, heartbeatMs: 0, baseDelayMs: 20, idleCloseMs: 0, onStatus: (status) => statuses.push(status) });
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    expect(statuses).toEqual([]); // signed out: not started, no attempt at all
    expect(broker.stats().connections).toBe(0);

    signIn('t5');
    await expect.poll(() => broker.stats().subscriptions, { message: 'connected after sign-in' }).toBe(1);
    expect(broker.connects.at(-1)).toBe('t5');

    useLock.getState().lock('123456');
    await expect.poll(() => broker.stats().connections, { message: 'closed while locked' }).toBe(0);
    useLock.getState().unlock('123456');
    await expect.poll(() => broker.stats().subscriptions, { message: 'open again after unlock' }).toBe(1);
    await broker.publish('/weixin/wx_msg', { after: 'unlock' });
    await expect.poll(() => got).toEqual([{ after: 'unlock' }]);

    fakeClientClock(); // any wait for a reconnect from here on runs on the fake clock
    await logout();
    expect(connectionsAtLogout).toBe(0);
    expect(useSession.getState().token).toBeUndefined();
    const attempts = broker.connects.length;
    const seen = statuses.length;
    await vi.advanceTimersByTimeAsync(10_000); // far past the client's longest backoff
    vi.useRealTimers();
    expect(statuses.slice(seen)).toEqual([]); // no attempt after sign-out
    expect(broker.connects.length).toBe(attempts);
    expect(live.status).toBe('idle');
  });
});
