import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, hintedDelay, LiveClient, type LiveClientOptions, type LiveStatus, type TokenRequest } from './client';
// A real broker: the server's own StompBroker on a WebSocket server (see apps/web/test/live-broker.ts).
import { nodeSocket, TestBroker } from '../../../test/live-broker';
let broker: TestBroker;
let client: LiveClient | undefined;
let tokenRequests: TokenRequest[];
let currentToken: string | undefined;

const makeClient = (options: Partial<LiveClientOptions> = {}) => {
  client = new LiveClient({
    url: () => broker.url,
    getToken: async (request) => {
      tokenRequests.push(request);
      return currentToken;
    },
    webSocketFactory: nodeSocket,
    heartbeatMs: 200,
    baseDelayMs: 20,
    maxDelayMs: 200,
    idleCloseMs: 50,
    random: () => 1,
    ...options,
  });
  return client;
};

beforeEach(async () => {
  broker = new TestBroker();
  await broker.start();
  tokenRequests = [];
  currentToken = 't1';
});

/** Only the client's own waits (backoff, idle close) on a fake clock; sockets and the broker keep real time. */
const fakeClientClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
/** Far past the longest backoff (200 ms) and idle close (50 ms) of these clients. */
const LONG_AFTER = 10_000;

afterEach(async () => {
  vi.useRealTimers();
  await client?.stop();
  client = undefined;
  await broker.close();
});

describe('LiveClient against the server broker', () => {
  it('connects with the bearer token once something is subscribed and hands over parsed JSON bodies', async () => {
    const statuses: LiveStatus[] = [];
    fakeClientClock();
    const live = makeClient({ onStatus: (status) => statuses.push(status) });
    live.start();
    await vi.advanceTimersByTimeAsync(LONG_AFTER);
    vi.useRealTimers();
    // Nothing subscribed: no attempt at all (an attempt begins by asking for a token).
    expect(statuses).toEqual([]);
    expect(tokenRequests).toEqual([]);
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await expect.poll(() => broker.stats().subscriptions).toBe(1);
    expect(broker.connects).toEqual(['t1']);
    expect(live.status).toBe('connected');
    await broker.publish('/weixin/wx_msg', { id: '9', repContent: '你好' });
    await broker.publish('/weixin/wx_msg42', { id: 'other' });
    await expect.poll(() => got).toEqual([{ id: '9', repContent: '你好' }]);
  });

  it('shares one STOMP subscription between handlers of a destination and unsubscribes with the last', async () => {
    const live = makeClient();
    live.start();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = live.subscribe('/weixin/wx_msg7', (body) => a.push(body));
    const offB = live.subscribe('/weixin/wx_msg7', (body) => b.push(body));
    const offBell = live.subscribe('/weixin/wx_msg', () => undefined);
    await expect.poll(() => broker.stats().subscriptions).toBe(2);
    await broker.publish('/weixin/wx_msg7', { n: 1 });
    await expect.poll(() => [a, b]).toEqual([[{ n: 1 }], [{ n: 1 }]]);
    offA();
    await broker.publish('/weixin/wx_msg7', { n: 2 });
    await expect.poll(() => b).toHaveLength(2);
    expect(a).toEqual([{ n: 1 }]);
    offB();
    await expect.poll(() => broker.stats().subscriptions).toBe(1);
    offBell();
    await expect.poll(() => ({ ...broker.stats(), status: live.status })).toEqual({ connections: 0, subscriptions: 0, status: 'idle' });
  });

  it('after the broker revokes the token it refreshes, reconnects with the fresh token and subscribes again', async () => {
    const live = makeClient({
      getToken: async (request) => {
        tokenRequests.push(request);
        if (request.rejected === currentToken) currentToken = `t${Number(currentToken!.slice(1)) + 1}`;
        return currentToken;
      },
    });
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg5', (body) => got.push(body));
    await expect.poll(() => broker.stats().subscriptions).toBe(1);
    await broker.revoke('1');
    await expect.poll(() => ({ connects, subscriptions: broker.stats().subscriptions })).toEqual({ connects: 2, subscriptions: 1 });
    expect(tokenRequests.map((r) => r.rejected)).toEqual([undefined, 't1']);
    expect(broker.connects).toEqual(['t1', 't2']);
    await broker.publish('/weixin/wx_msg5', { after: 'reconnect' });
    await expect.poll(() => got).toEqual([{ after: 'reconnect' }]);
  });

  it('rides out a broker outage with backoff and resubscribes when it is back', async () => {
    const live = makeClient();
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await expect.poll(() => connects).toBe(1);
    const port = broker.port;
    await broker.stop();
    await expect.poll(() => tokenRequests.length, { message: 'retries while down' }).toBeGreaterThanOrEqual(3);
    expect(live.connected).toBe(false);
    await broker.start(port);
    await expect.poll(() => ({ connects, subscriptions: broker.stats().subscriptions })).toEqual({ connects: 2, subscriptions: 1 });
    // Each attempt asked for the token again.
    expect(tokenRequests.length).toBeGreaterThanOrEqual(4);
    await broker.publish('/weixin/wx_msg', { back: true });
    await expect.poll(() => got).toEqual([{ back: true }]);
  });

  it('tells connect listeners a reconnect from the first connection, counting from each start', async () => {
    const live = makeClient();
    const seen: boolean[] = [];
    live.onConnect(({ reconnect }) => seen.push(reconnect));
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await expect.poll(() => seen).toHaveLength(1);
    const port = broker.port;
    await broker.stop();
    await broker.start(port);
    await expect.poll(() => seen, { message: 'back after the outage' }).toHaveLength(2);
    await live.stop();
    live.start();
    await expect.poll(() => seen, { message: 'connected after a new start' }).toHaveLength(3);
    expect(seen).toEqual([false, true, false]);
  });

  it('keeps quiet and retries later while there is no token', async () => {
    currentToken = undefined;
    const live = makeClient();
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await expect.poll(() => tokenRequests.length, { message: 'asked again' }).toBeGreaterThanOrEqual(2);
    expect(broker.connects).toEqual([]);
    currentToken = 't3';
    await expect.poll(() => broker.stats().subscriptions, { message: 'connected once a token exists' }).toBe(1);
    expect(broker.connects).toEqual(['t3']);
  });

  it('stop closes the socket for good; start opens it again with the kept subscriptions', async () => {
    const live = makeClient();
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await expect.poll(() => broker.stats().subscriptions).toBe(1);
    fakeClientClock(); // any wait for a reconnect from here on runs on the fake clock
    await live.stop();
    expect(live.status).toBe('idle');
    await expect.poll(() => broker.stats().connections).toBe(0);
    await vi.advanceTimersByTimeAsync(LONG_AFTER);
    vi.useRealTimers();
    // No reconnect after stop: no token asked again, no status left idle.
    expect(tokenRequests).toHaveLength(1);
    expect(live.status).toBe('idle');
    expect(broker.connects).toEqual(['t1']);
    currentToken = 't2';
    live.start();
    await expect.poll(() => broker.stats().subscriptions, { message: 'subscribed again' }).toBe(1);
    expect(broker.connects).toEqual(['t1', 't2']);
    await broker.publish('/weixin/wx_msg', { again: true });
    await expect.poll(() => got).toEqual([{ again: true }]);
  });

  it('does not ask again for a destination the broker refused, and keeps the others', async () => {
    broker.withoutPermission.add('t1');
    const warnings: string[] = [];
    const live = makeClient({ warn: (message) => warnings.push(message) });
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await expect.poll(() => connects, { message: 'reconnected after the refusal' }).toBe(2);
    expect(broker.stats()).toEqual({ connections: 1, subscriptions: 0 });
    // A later SUBSCRIBE on this connection, refused as well: the broker handles a connection's
    // frames in order, so a /weixin/wx_msg asked again on connecting would have been refused first.
    const refusals = () => warnings.map((w) => /no permission to subscribe to (\S+)/.exec(w)?.[1]);
    live.subscribe('/weixin/wx_msg7', () => undefined);
    await expect.poll(refusals).toContain('/weixin/wx_msg7');
    expect(refusals()).toEqual(['/weixin/wx_msg', '/weixin/wx_msg7']);
  });
});

describe('the server\'s reconnect hint', () => {
  it('waits as long as the broker asks when it says delivery is down, then comes back and subscribes again', async () => {
    const warnings: string[] = [];
    const live = makeClient({ maxDelayMs: 1000, warn: (message) => warnings.push(message) });
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await expect.poll(() => connects).toBe(1);
    broker.deliveryDown = true;
    const askedBefore = tokenRequests.length;
    const interruptedAt = Date.now();
    broker.broker.interrupt(300);
    await expect.poll(() => tokenRequests.length, { timeout: 5000 }).toBeGreaterThan(askedBefore);
    // The client's own backoff would have been 20 ms: it waited for the hint instead (300 ms, up to half more).
    expect(Date.now() - interruptedAt).toBeGreaterThanOrEqual(300);
    expect(warnings.some((w) => w.includes('live delivery between instances is down'))).toBe(true);
    expect(live.connected).toBe(false);
    expect(live.interrupted).toBe(true); // what the screens show (useLiveInterrupted)
    broker.deliveryDown = false;
    await expect.poll(() => ({ connects, subscriptions: broker.stats().subscriptions }), { timeout: 5000 }).toEqual({ connects: 2, subscriptions: 1 });
    expect(live.interrupted).toBe(false);
    await broker.publish('/weixin/wx_msg', { back: true });
    await expect.poll(() => got).toEqual([{ back: true }]);
  });

  it('is capped by the longest wait and spread by up to half', () => {
    expect(hintedDelay(1000, 30_000, () => 0)).toBe(1000);
    expect(hintedDelay(1000, 30_000, () => 1)).toBe(1500);
    expect(hintedDelay(60_000, 30_000, () => 0)).toBe(30_000);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(backoffDelay(2, 1000, 30_000, () => 0)).toBe(2000);
  });
});
