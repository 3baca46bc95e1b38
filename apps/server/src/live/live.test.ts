import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTestUser, signIn } from '../../test/auth.js';
import { connectFrame, liveUrl, RawStomp, stompConnect } from '../../test/stomp.js';
import { header } from './frames.js';

/** The live channel inside the whole server, with identity's real tokens. */
const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const url = liveUrl(app);
const tokenOf = async (username: string) => (await signIn(app, username)).authorization.slice('Bearer '.length);

let n = 0;
const wxUserId = () => `it${process.pid}x${++n}`;

describe('live channel on the whole server', () => {
  it('connects a @stomp/stompjs client with a signed-in token and delivers a follower message to the conversation and the bell', async () => {
    const session = await stompConnect(url, await tokenOf('admin'));
    expect(session.connected.headers['user-name']).toBe('admin');
    const follower = wxUserId();
    await session.subscribe(`/weixin/wx_msg${follower}`);
    await session.subscribe('/weixin/wx_msg');
    const message = { id: '9001', appId: 'wx1', wxUserId: follower, type: '1', repType: 'text', repContent: '有位子吗？', readFlag: '0' };
    await app.conversations.publish(message);
    const received = [await session.nextMessage(), await session.nextMessage()];
    expect(received.map((m) => m.headers.destination).sort()).toEqual(['/weixin/wx_msg', `/weixin/wx_msg${follower}`]);
    for (const m of received) {
      expect(m.headers['content-type']).toBe('application/json');
      expect(JSON.parse(m.body)).toEqual(message);
    }
    await session.close();
  });

  it('routes a follower message to its conversation and the bell, an account reply or an event only to the conversation', async () => {
    const session = await stompConnect(url, await tokenOf('admin'));
    const follower = wxUserId();
    await session.subscribe(`/weixin/wx_msg${follower}`);
    await session.subscribe('/weixin/wx_msg');
    await app.conversations.publish({ wxUserId: follower, type: '1', repType: 'text' });
    await app.conversations.publish({ wxUserId: follower, type: '2', repType: 'text' });
    await app.conversations.publish({ wxUserId: follower, type: '1', repType: 'event' });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await session.nextMessage();
      const body = JSON.parse(m.body) as { type: string; repType: string };
      seen.push(`${m.headers.destination === '/weixin/wx_msg' ? 'bell' : 'c'}:${body.type}:${body.repType}`);
    }
    expect(seen.sort()).toEqual(['bell:1:text', 'c:1:event', 'c:1:text', 'c:2:text']);
    await session.close();
  });

  it('lets the operator role subscribe too', async () => {
    const session = await stompConnect(url, await tokenOf('operator'));
    await session.subscribe('/weixin/wx_msg');
    await session.close();
  });

  it('refuses CONNECT without a token and with a bad one', async () => {
    await expect(stompConnect(url, undefined)).rejects.toThrow(/Authorization/);
    await expect(stompConnect(url, 'not-a-token')).rejects.toThrow(/invalid or expired/);
  });

  it('refuses a subscription to a signed-in user without wxmp:wxmsg:index', async () => {
    await createTestUser(app, 'live-nobody');
    const session = await stompConnect(url, await tokenOf('live-nobody'));
    await expect(session.subscribe('/weixin/wx_msg')).rejects.toThrow(/wxmp:wxmsg:index/);
    await session.close();
  });

  it('offers POST /live/test/publish outside production, to signed-in users only', async () => {
    const follower = wxUserId();
    const session = await stompConnect(url, await tokenOf('admin'));
    await session.subscribe(`/weixin/wx_msg${follower}`);
    const body = { destinations: [`/weixin/wx_msg${follower}`], message: { hello: 'bench' } };
    expect((await app.inject({ method: 'POST', url: '/live/test/publish', payload: body })).statusCode).toBe(401);
    const res = await app.inject({ method: 'POST', url: '/live/test/publish', payload: body, headers: await signIn(app, 'admin') });
    expect(res.json()).toEqual({ code: 0, msg: null, data: null });
    expect(JSON.parse((await session.nextMessage()).body)).toEqual({ hello: 'bench' });
    await session.close();
  });

  it('lets the test hook stamp and repeat a message at a rate scheduled by the server (bench)', async () => {
    const follower = wxUserId();
    const session = await stompConnect(url, await tokenOf('admin'));
    await session.subscribe(`/weixin/wx_msg${follower}`);
    const before = Date.now();
    const res = await app.inject({
      method: 'POST', url: '/live/test/publish', headers: await signIn(app, 'admin'),
      payload: { destinations: [`/weixin/wx_msg${follower}`], message: { x: 1 }, stampField: 'publishedAt', repeat: 3, ratePerSecond: 50 },
    });
    expect(res.statusCode).toBe(200);
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push(JSON.parse((await session.nextMessage()).body) as { x: number; seq: number; publishedAt: number });
    expect(bodies.map((b) => b.seq)).toEqual([0, 1, 2]);
    for (const b of bodies) expect(b.publishedAt).toBeGreaterThanOrEqual(before);
    await session.close();
  });

  it('serves no plain HTTP at /weixin/ws', async () => {
    const res = await app.inject({ method: 'GET', url: '/weixin/ws' });
    expect(res.statusCode).toBe(404);
  });
});

describe('revocation through the bus', () => {
  it('closes the sockets of a signed-out token set at once when identity announces it', async () => {
    const token = await tokenOf('admin');
    const user = (await app.identity.tokens.resolve(token))!;
    const raw = await RawStomp.open(url);
    raw.send(connectFrame(token));
    await raw.frame(0);
    const logout = await app.inject({ method: 'DELETE', url: '/auth/token/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    await app.live.revoke({ tokenIds: [user.tokenId] });
    expect(header(await raw.frame(1), 'message')).toMatch(/revoked/);
    await raw.closed;
  });
});
