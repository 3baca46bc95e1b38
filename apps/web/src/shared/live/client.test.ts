import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, LiveClient, type LiveClientOptions, type TokenRequest } from './client';
// A real broker: the server's own StompBroker on a WebSocket server (see apps/web/test/live-broker.ts).
import { nodeSocket, TestBroker, until } from '../../../test/live-broker';
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

afterEach(async () => {
  await client?.stop();
  client = undefined;
  await broker.close();
});

describe('LiveClient against the server broker', () => {
  it('connects with the bearer token once something is subscribed and hands over parsed JSON bodies', async () => {
    const live = makeClient();
    live.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.connects).toEqual([]); // nothing subscribed: no socket
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await until(() => broker.stats().subscriptions === 1, 'subscription');
    expect(broker.connects).toEqual(['t1']);
    expect(live.status).toBe('connected');
    await broker.publish('/weixin/wx_msg', { id: '9', repContent: '你好' });
    await broker.publish('/weixin/wx_msg42', { id: 'other' });
    await until(() => got.length === 1, 'message');
    expect(got).toEqual([{ id: '9', repContent: '你好' }]);
  });

  it('shares one STOMP subscription between handlers of a destination and unsubscribes with the last', async () => {
    const live = makeClient();
    live.start();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = live.subscribe('/weixin/wx_msg7', (body) => a.push(body));
    const offB = live.subscribe('/weixin/wx_msg7', (body) => b.push(body));
    const offBell = live.subscribe('/weixin/wx_msg', () => undefined);
    await until(() => broker.stats().subscriptions === 2, 'two subscriptions');
    await broker.publish('/weixin/wx_msg7', { n: 1 });
    await until(() => a.length === 1 && b.length === 1, 'both handlers');
    offA();
    await broker.publish('/weixin/wx_msg7', { n: 2 });
    await until(() => b.length === 2, 'second message');
    expect(a).toEqual([{ n: 1 }]);
    offB();
    await until(() => broker.stats().subscriptions === 1, 'unsubscribed');
    offBell();
    await until(() => broker.stats().connections === 0 && live.status === 'idle', 'idle close');
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
    await until(() => broker.stats().subscriptions === 1, 'subscribed');
    await broker.revoke('1');
    await until(() => connects === 2 && broker.stats().subscriptions === 1, 'resubscribed');
    expect(tokenRequests.map((r) => r.rejected)).toEqual([undefined, 't1']);
    expect(broker.connects).toEqual(['t1', 't2']);
    await broker.publish('/weixin/wx_msg5', { after: 'reconnect' });
    await until(() => got.length === 1, 'message after reconnect');
    expect(got).toEqual([{ after: 'reconnect' }]);
  });

  it('rides out a broker outage with backoff and resubscribes when it is back', async () => {
    const live = makeClient();
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await until(() => connects === 1, 'first connect');
    const port = broker.port;
    await broker.stop();
    await until(() => tokenRequests.length >= 3, 'retries while down');
    expect(live.connected).toBe(false);
    await broker.start(port);
    await until(() => connects === 2 && broker.stats().subscriptions === 1, 'back');
    // Each attempt asked for the token again.
    expect(tokenRequests.length).toBeGreaterThanOrEqual(4);
    await broker.publish('/weixin/wx_msg', { back: true });
    await until(() => got.length === 1, 'message after the outage');
  });

  it('tells connect listeners a reconnect from the first connection, counting from each start', async () => {
    const live = makeClient();
    const seen: boolean[] = [];
    live.onConnect(({ reconnect }) => seen.push(reconnect));
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await until(() => seen.length === 1, 'first connect');
    const port = broker.port;
    await broker.stop();
    await broker.start(port);
    await until(() => seen.length === 2, 'back after the outage');
    await live.stop();
    live.start();
    await until(() => seen.length === 3, 'connected after a new start');
    expect(seen).toEqual([false, true, false]);
  });

  it('keeps quiet and retries later while there is no token', async () => {
    currentToken = undefined;
    const live = makeClient();
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await until(() => tokenRequests.length >= 2, 'asked again');
    expect(broker.connects).toEqual([]);
    currentToken = 't3';
    await until(() => broker.stats().subscriptions === 1, 'connected once a token exists');
    expect(broker.connects).toEqual(['t3']);
  });

  it('stop closes the socket for good; start opens it again with the kept subscriptions', async () => {
    const live = makeClient();
    live.start();
    const got: unknown[] = [];
    live.subscribe('/weixin/wx_msg', (body) => got.push(body));
    await until(() => broker.stats().subscriptions === 1, 'subscribed');
    await live.stop();
    expect(live.status).toBe('idle');
    await until(() => broker.stats().connections === 0, 'closed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(broker.connects).toEqual(['t1']); // no reconnect after stop
    currentToken = 't2';
    live.start();
    await until(() => broker.stats().subscriptions === 1, 'subscribed again');
    expect(broker.connects).toEqual(['t1', 't2']);
    await broker.publish('/weixin/wx_msg', { again: true });
    await until(() => got.length === 1, 'message');
  });

  it('does not ask again for a destination the broker refused, and keeps the others', async () => {
    broker.withoutPermission.add('t1');
    const warnings: string[] = [];
    const live = makeClient({ warn: (message) => warnings.push(message) });
    let connects = 0;
    live.onConnect(() => connects++);
    live.start();
    live.subscribe('/weixin/wx_msg', () => undefined);
    await until(() => connects === 2, 'reconnected after the refusal');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connects).toBe(2);
    expect(broker.stats()).toEqual({ connections: 1, subscriptions: 0 });
    expect(warnings.join('\n')).toMatch(/no permission to subscribe to \/weixin\/wx_msg/);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(backoffDelay(2, 1000, 30_000, () => 0)).toBe(2000);
  });
});
