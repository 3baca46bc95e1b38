import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { testConfig } from '../../test/config.js';
import { connectFrame, liveUrl, RawStomp, stompConnect } from '../../test/stomp.js';
import type { LiveUser } from './broker.js';
import { header } from './frames.js';
import { liveChannel } from './plugin.js';

/** The broker on a bare server, with tokens resolved by a table instead of identity. */
const users: Record<string, LiveUser> = {
  'token-admin': { id: '1', username: 'admin', permissions: new Set(['wxmp:wxmsg:index']), tokenId: 't1' },
  'token-other': { id: '2', username: 'other', permissions: new Set(['wxmp:wxmsg:index']), tokenId: 't2' },
  'token-none': { id: '3', username: 'nobody', permissions: new Set(), tokenId: 't3' },
  'token-short': { id: '4', username: 'short', permissions: new Set(['wxmp:wxmsg:index']), tokenId: 't4' },
};

let app: App;
let url: string;
let rejectsAll = false;

beforeAll(async () => {
  app = Fastify();
  app.decorate('config', testConfig());
  await app.register(liveChannel, {
    authenticate: async (token) => {
      if (rejectsAll) throw new Error('identity is down');
      if (token === 'token-slow') return new Promise((resolve) => setTimeout(() => resolve(users['token-admin']), 200));
      return users[token];
    },
    heartBeatMs: 100,
    connectTimeoutMs: 500,
    reauthMs: 200,
    testHook: false,
  });
  // A module's declarations, as the messaging module makes them, and a store-like one with a per-user check.
  app.live.declare(
    { pattern: '/weixin/wx_msg', permission: 'wxmp:wxmsg:index' },
    { pattern: '/weixin/wx_msg{wxUserId}', permission: 'wxmp:wxmsg:index' },
    {
      pattern: '/store/orders{storeId}',
      permission: 'wxmp:wxmsg:index',
      allow: async (user, { storeId }) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // a lookup
        if (storeId === 'broken') throw new Error('the lookup failed');
        return storeId === `s${user.id}`;
      },
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = liveUrl(app);
});
afterAll(async () => {
  await app.close();
});

let n = 0;
const conversation = () => `/weixin/wx_msg${process.pid}x${++n}`;

async function connected(token = 'token-admin', extra = '') {
  const raw = await RawStomp.open(url);
  raw.send(connectFrame(token, extra));
  expect((await raw.frame(0)).command).toBe('CONNECTED');
  return raw;
}

describe('CONNECT', () => {
  it('answers CONNECTED with the version, negotiated heart-beats, session and user, on sub-protocol v12.stomp', async () => {
    const raw = await RawStomp.open(url);
    expect(raw.socket.protocol).toBe('v12.stomp');
    raw.send('CONNECT\naccept-version:1.0,1.1,1.2\nhost:x\nheart-beat:5000,250\nAuthorization:Bearer token-admin\n\n\0');
    const frame = await raw.frame(0);
    expect(frame.command).toBe('CONNECTED');
    expect(header(frame, 'version')).toBe('1.2');
    // server sends every max(100, 250); expects every max(100, 5000)
    expect(header(frame, 'heart-beat')).toBe('250,5000');
    expect(header(frame, 'user-name')).toBe('admin');
    expect(header(frame, 'session')).toBeTruthy();
    raw.close();
  });

  it('accepts the token as passcode, the STOMP command, and negotiates v11.stomp / 1.1', async () => {
    const raw = await RawStomp.open(url, ['v11.stomp', 'v10.stomp']);
    expect(raw.socket.protocol).toBe('v11.stomp');
    raw.send('STOMP\naccept-version:1.1\nhost:x\nlogin:admin\npasscode:token-admin\n\n\0');
    const frame = await raw.frame(0);
    expect(frame.command).toBe('CONNECTED');
    expect(header(frame, 'version')).toBe('1.1');
    raw.close();
  });

  it.each([
    ['no token', 'CONNECT\naccept-version:1.2\nhost:x\n\n\0', /Authorization/],
    ['an unknown token', connectFrame('nope'), /invalid or expired/],
    ['a malformed Authorization header', 'CONNECT\naccept-version:1.2\nAuthorization:Basic abc\n\n\0', /Authorization/],
    ['no common version', 'CONNECT\naccept-version:2.0\nAuthorization:Bearer token-admin\n\n\0', /versions/],
    ['a bad heart-beat header', connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:x'), /heart-beat/],
  ])('refuses %s with ERROR and closes', async (_name, frame, message) => {
    const raw = await RawStomp.open(url);
    raw.send(frame);
    const error = await raw.frame(0);
    expect(error.command).toBe('ERROR');
    expect(header(error, 'message')).toMatch(message);
    expect((await raw.closed).code).toBeGreaterThanOrEqual(1002);
  });

  it('answers ERROR when authentication itself fails, without leaking why', async () => {
    rejectsAll = true;
    try {
      const raw = await RawStomp.open(url);
      raw.send(connectFrame('token-admin'));
      const error = await raw.frame(0);
      expect(error.command).toBe('ERROR');
      expect(header(error, 'message')).not.toMatch(/identity is down/);
      await raw.closed;
    } finally {
      rejectsAll = false;
    }
  });

  it('refuses any frame before CONNECT, and a second CONNECT', async () => {
    const raw = await RawStomp.open(url);
    raw.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\n\n\0');
    expect(header(await raw.frame(0), 'message')).toMatch(/expected CONNECT/);
    await raw.closed;
    const again = await connected();
    again.send(connectFrame('token-admin'));
    expect(header(await again.frame(1), 'message')).toMatch(/already connected/);
    await again.closed;
  });

  it('closes a socket that never sends CONNECT', async () => {
    const raw = await RawStomp.open(url);
    const { code } = await raw.closed;
    expect(code).toBe(1008);
    expect(raw.frames[0]?.command).toBe('ERROR');
  });

  it('refuses a flood of frames while CONNECT is being checked', async () => {
    const raw = await RawStomp.open(url);
    raw.send(connectFrame('token-slow') + 'SEND\ndestination:/x\n\n\0'.repeat(40));
    const error = await raw.frame(0);
    expect(error.command).toBe('ERROR');
    expect(header(error, 'message')).toMatch(/too many frames/);
    await raw.closed;
  });

  it('processes frames sent right behind CONNECT, in order, once signed in', async () => {
    const raw = await RawStomp.open(url);
    raw.send(connectFrame('token-admin') + 'SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\nreceipt:r0\n\n\0');
    expect((await raw.frame(0)).command).toBe('CONNECTED');
    expect(header(await raw.frame(1), 'receipt-id')).toBe('r0');
    raw.close();
  });
});

describe('SUBSCRIBE and MESSAGE', () => {
  it('pushes MESSAGE with subscription, message-id, destination, content-type and the JSON body', async () => {
    const raw = await connected();
    const destination = conversation();
    raw.send(`SUBSCRIBE\nid:sub-7\ndestination:${destination}\nreceipt:r1\n\n\0`);
    expect((await raw.frame(1)).command).toBe('RECEIPT');
    const body = { id: '42', wxUserId: destination.slice(14), type: '1', repContent: '你好' };
    await app.live.publish(destination, body);
    const message = await raw.frame(2);
    expect(message.command).toBe('MESSAGE');
    expect(header(message, 'subscription')).toBe('sub-7');
    expect(header(message, 'destination')).toBe(destination);
    expect(header(message, 'content-type')).toBe('application/json');
    expect(header(message, 'message-id')).toBeTruthy();
    expect(JSON.parse(message.body.toString('utf8'))).toEqual(body);
    expect(raw.binaryFrames).toBe(0);
    raw.close();
  });

  it('escapes header values in MESSAGE as 1.2 says (a subscription id with : and newline)', async () => {
    const raw = await connected();
    const destination = conversation();
    raw.send(`SUBSCRIBE\nid:a\\cb\\nc\\\\d\ndestination:${destination}\nreceipt:r\n\n\0`);
    await raw.frame(1);
    await app.live.publish(destination, { ok: true });
    await raw.frame(2);
    expect(raw.received).toContain('subscription:a\\cb\\nc\\\\d\n');
    raw.close();
  });

  it('refuses a subscription without wxmp:wxmsg:index, an unknown destination, a duplicate id', async () => {
    const none = await connected('token-none');
    none.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\n\n\0');
    const refused = await none.frame(1);
    expect(refused.command).toBe('ERROR');
    expect(header(refused, 'message')).toMatch(/wxmp:wxmsg:index/);
    expect((await none.closed).code).toBe(1008);

    const unknown = await connected();
    unknown.send('SUBSCRIBE\nid:0\ndestination:/topic/everything\n\n\0');
    expect(header(await unknown.frame(1), 'message')).toMatch(/unknown destination/);

    const twice = await connected();
    twice.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\n\n\0SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg1\n\n\0');
    expect(header(await twice.frame(1), 'message')).toMatch(/already in use/);
  });

  it('asks a declaration\'s per-user check: its own store yes, another store or a failed check no; frames after a SUBSCRIBE wait for its check', async () => {
    const raw = await connected('token-admin');
    // The UNSUBSCRIBE and SUBSCRIBE behind the first are handled after its check answered, in order.
    raw.send('SUBSCRIBE\nid:a\ndestination:/store/orderss1\nreceipt:r1\n\n\0UNSUBSCRIBE\nid:a\nreceipt:r2\n\n\0SUBSCRIBE\nid:a\ndestination:/store/orderss1\nreceipt:r3\n\n\0');
    const receipts = [await raw.frame(1), await raw.frame(2), await raw.frame(3)].map((f) => header(f, 'receipt-id'));
    expect(receipts).toEqual(['r1', 'r2', 'r3']);
    await app.live.publish('/store/orderss1', { order: 1 });
    expect(JSON.parse((await raw.frame(4)).body.toString('utf8'))).toEqual({ order: 1 });
    raw.close();

    const other = await connected('token-other');
    other.send('SUBSCRIBE\nid:b\ndestination:/store/orderss1\n\n\0');
    const refused = await other.frame(1);
    expect(refused.command).toBe('ERROR');
    expect(header(refused, 'message')).toMatch(/no access to \/store\/orderss1/);
    expect((await other.closed).code).toBe(1008);

    const broken = await connected('token-admin');
    broken.send('SUBSCRIBE\nid:c\ndestination:/store/ordersbroken\n\n\0');
    expect(header(await broken.frame(1), 'message')).toMatch(/no access/);
  });

  it('stops delivering after UNSUBSCRIBE, and never delivers what a client SENDs', async () => {
    const raw = await connected();
    const destination = conversation();
    raw.send(`SUBSCRIBE\nid:s\ndestination:${destination}\n\n\0SEND\ndestination:${destination}\nreceipt:sent\n\nspoof\0UNSUBSCRIBE\nid:s\nreceipt:gone\n\n\0`);
    expect(header(await raw.frame(1), 'receipt-id')).toBe('sent');
    expect(header(await raw.frame(2), 'receipt-id')).toBe('gone');
    await app.live.publish(destination, { late: true });
    raw.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect(header(await raw.frame(3), 'receipt-id')).toBe('bye');
    await raw.closed;
    expect(raw.frames.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT', 'RECEIPT', 'RECEIPT']);
  });
});

describe('malformed and oversized frames', () => {
  it.each([
    ['a lower-case command', 'subscribe\nid:0\n\n\0', /bad command/],
    ['an unknown command', 'PUBLISH\n\n\0', /unknown command/],
    ['a header line without a colon', 'SUBSCRIBE\nid 0\n\n\0', /malformed header/],
    ['an undefined escape', 'SUBSCRIBE\nid:\\t\ndestination:/weixin/wx_msg\n\n\0', /escape/],
    ['a body longer than its content-length', 'SEND\ndestination:/x\ncontent-length:1\n\nabc\0', /NUL/],
    ['SUBSCRIBE without destination', 'SUBSCRIBE\nid:0\n\n\0', /destination/],
  ])('answers %s with ERROR and closes', async (_name, frame, message) => {
    const raw = await connected();
    raw.send(frame);
    const error = await raw.frame(1);
    expect(error.command).toBe('ERROR');
    expect(header(error, 'message')).toMatch(message);
    await raw.closed;
  });

  it('closes on a frame larger than the limit', async () => {
    const raw = await connected();
    raw.send(`SEND\ndestination:/x\n\n${'x'.repeat(70 * 1024)}\0`);
    const { code } = await raw.closed;
    expect(code).toBe(1009);
  });
});

describe('heart-beats', () => {
  it('sends EOLs at the negotiated rate while the link is idle', async () => {
    const beating = await RawStomp.open(url);
    beating.send(connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:0,100'));
    await beating.frame(0);
    await expect.poll(() => beating.parser.heartBeats).toBeGreaterThanOrEqual(3);
    expect(beating.socket.readyState).toBe(WebSocket.OPEN);
    beating.close();
  });

  it('sends no heart-beats when the client asked for none', async () => {
    const raw = await connected();
    const probe = await RawStomp.open(url);
    probe.send(connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:0,100'));
    await probe.frame(0);
    await expect.poll(() => probe.parser.heartBeats).toBeGreaterThanOrEqual(2); // time enough for the first to have beaten
    expect(raw.parser.heartBeats).toBe(0);
    raw.close();
    probe.close();
  });

  it('drops a client that promised heart-beats and went silent, keeps one that beats', async () => {
    const silent = await RawStomp.open(url);
    silent.send(connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:100,0'));
    const beating = await RawStomp.open(url);
    beating.send(connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:100,0'));
    const timer = setInterval(() => beating.send('\n'), 50);
    try {
      await silent.closed;
      expect(beating.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(timer);
      beating.close();
    }
  });

  it('keeps a @stomp/stompjs client with heart-beats both ways connected and delivering', async () => {
    const session = await stompConnect(url, 'token-admin', { heartbeatIncoming: 100, heartbeatOutgoing: 100 });
    expect(session.connected.headers['heart-beat']).toBe('100,100');
    const destination = conversation();
    await session.subscribe(destination);
    let closed = false;
    session.client.onWebSocketClose = () => { closed = true; };
    // A probe that asked for the server's beats, opened after: six of them mean at least 600 ms
    // have passed, three times what either side waits before calling the other silent.
    const probe = await RawStomp.open(url);
    probe.send(connectFrame('token-admin').replace('heart-beat:0,0', 'heart-beat:0,100'));
    await probe.frame(0);
    await expect.poll(() => probe.parser.heartBeats).toBeGreaterThanOrEqual(6);
    probe.close();
    expect(closed).toBe(false);
    await app.live.publish(destination, { after: 'heart-beats' });
    expect(JSON.parse((await session.nextMessage()).body)).toEqual({ after: 'heart-beats' });
    await session.close();
  });
});

describe('revocation', () => {
  it('closes the sockets of a revoked token set, leaves the others', async () => {
    const revoked = await connected('token-other');
    const kept = await connected('token-admin');
    await app.live.revoke({ tokenIds: ['t2'] });
    const error = await revoked.frame(1);
    expect(header(error, 'message')).toMatch(/revoked/);
    await revoked.closed;
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.close();
  });
});

describe('re-authentication', () => {
  it('closes a connection whose token stops resolving (expired, revoked elsewhere)', async () => {
    const raw = await connected('token-short');
    const kept = await connected('token-admin');
    delete users['token-short'];
    expect(header(await raw.frame(1), 'message')).toMatch(/expired or was revoked/);
    await raw.closed;
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.close();
  });

  it('closes a subscribed connection whose user lost wxmp:wxmsg:index', async () => {
    users['token-fading'] = { id: '5', username: 'fading', permissions: new Set(['wxmp:wxmsg:index']), tokenId: 't5' };
    const raw = await connected('token-fading');
    raw.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\nreceipt:r\n\n\0');
    await raw.frame(1);
    users['token-fading'] = { ...users['token-fading'], permissions: new Set() };
    expect(header(await raw.frame(2), 'message')).toMatch(/withdrawn/);
    await raw.closed;
  });
});

describe('stats', () => {
  it('counts this instance\'s connections and subscriptions', async () => {
    const raw = await connected();
    await expect.poll(() => app.live.stats().connections).toBe(1); // the earlier tests' sockets are gone
    const before = { connections: 0, subscriptions: 0 };
    raw.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\nreceipt:r\n\n\0');
    await raw.frame(1);
    expect(app.live.stats()).toEqual({ connections: 1, subscriptions: 1 });
    raw.close();
    await raw.closed;
    await expect.poll(() => app.live.stats().connections).toBe(0);
    expect(app.live.stats()).toEqual(before);
  });
});

describe('configuration', () => {
  it('defaults the Redis channel and heart-beat, and names a bad value', () => {
    const config = loadConfig({});
    expect(config.LIVE_REDIS_CHANNEL).toBe('canteen:live');
    expect(config.LIVE_HEARTBEAT_MS).toBe(10_000);
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: '-5' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: '-5' })).toThrow(/LIVE_HEARTBEAT_MS/);
    expect(() => loadConfig({ LIVE_REDIS_CHANNEL: 'a b' })).toThrow(/LIVE_REDIS_CHANNEL/);
  });
});

describe('shutdown', () => {
  it('closes the live sockets with a reconnect hint, and the bus, when the app closes', async () => {
    const own = Fastify();
    own.decorate('config', testConfig());
    await own.register(liveChannel, { authenticate: async (token) => users[token], testHook: false });
    await own.listen({ port: 0, host: '127.0.0.1' });
    const raw = await RawStomp.open(liveUrl(own));
    raw.send(connectFrame('token-admin'));
    await raw.frame(0);
    await own.close();
    const hint = await raw.frame(1);
    expect(hint.command).toBe('ERROR');
    expect(header(hint, 'message')).toBe('server restarting: reconnect');
    expect(header(hint, 'reconnect-after-ms')).toBe('1000');
    expect((await raw.closed).code).toBe(1012);
    await expect(own.live.bus.publish('t', 1)).rejects.toThrow(/closed/);
  });
});
