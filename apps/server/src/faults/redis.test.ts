import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@canteen/wechat-sim';
import { REDIS_UNAVAILABLE } from '../http/unavailable.js';
import { DELIVERY_DOWN_MESSAGE } from '../live/broker.js';
import { sysDept } from '../modules/upms/tables.js';
import { header } from '../live/frames.js';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';
import { startSimulator } from '../../test/sim.js';
import { connectFrame, liveUrl, RawStomp } from '../../test/stomp.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { startWriteLoad } from '../../test/write-load.js';

/**
 * Redis going away under load and coming back (through a proxy the test cuts: the machine's
 * Redis keeps serving the other tests). Redis carries the live bus and the platform's token
 * lease: while it is down readiness names it, writes to the database go on, the platform
 * screens answer a 503 naming Redis, live subscribers are told (ERROR with a reconnect hint,
 * close 1013) and refused until it is back; then everything works again without a restart.
 * Needs Redis at TEST_REDIS_URL (skipped without, like the other Redis tests).
 */
const redisUrl = process.env.TEST_REDIS_URL ? new URL(process.env.TEST_REDIS_URL) : undefined;
const redisAnswers = redisUrl !== undefined;

const proxy = await startTcpProxy({ host: redisUrl?.hostname ?? '127.0.0.1', port: Number(redisUrl?.port || 6379) });
afterAll(() => proxy.close());
const { url: simUrl, call: sim } = await startSimulator();
// A database number and channel of this file's own: other tests share the Redis (the demo account's token key too).
const proxiedRedis = `redis://127.0.0.1:${proxy.port}/11`;
const overrides = { REDIS_URL: proxiedRedis, LIVE_REDIS_CHANNEL: `h6:faults:${randomBytes(4).toString('hex')}`, WECHAT_API_BASE: simUrl, WECHAT_TIMEOUT_MS: '2000' };
const { app } = redisAnswers ? await createTestApp(overrides) : { app: undefined };
const appId = demoAccount.appId;

const ready = async () => {
  const answer = await app!.inject({ method: 'GET', url: '/health/ready' });
  return { status: answer.statusCode, body: answer.json<{ msg: string; data: { checks?: { bus: string; busKind: string } } }>() };
};

describe.skipIf(!redisAnswers)('Redis going away mid-load', () => {
  it('is named by readiness and told to live subscribers, refuses what needs it with a clear 503, keeps writing, and recovers', async () => {
    await app!.listen({ host: '127.0.0.1', port: 0 });
    const auth = await signIn(app!, 'admin');
    const token = auth.authorization.slice('Bearer '.length);
    const tags = () => app!.inject({ method: 'GET', url: '/weixin/wxusertags/list', query: { appId }, headers: auth });
    expect((await tags()).statusCode).toBe(200);

    const live = await RawStomp.open(liveUrl(app!));
    live.send(connectFrame(token));
    expect((await live.frame(0)).command).toBe('CONNECTED');
    live.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\n\n\0');

    const load = startWriteLoad(app!, auth, { prefix: 'redis-outage' });
    await expect.poll(load.count, { timeout: 10_000 }).toBeGreaterThan(10);

    proxy.cut();
    // The subscriber is told, with a hint for when to come back, and the socket closed "try again later".
    const told = await live.frame(1, 5000);
    expect(told.command).toBe('ERROR');
    expect(header(told, 'message')).toBe(DELIVERY_DOWN_MESSAGE);
    expect(Number(header(told, 'reconnect-after-ms'))).toBeGreaterThan(0);
    expect((await live.closed).code).toBe(1013);
    // Readiness names the bus; a new subscriber is refused with the same hint.
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.msg).toContain('消息总线(Redis)不可用');
    expect(down.body.data.checks).toMatchObject({ bus: 'down', busKind: 'redis' });
    const refused = await RawStomp.open(liveUrl(app!));
    refused.send(connectFrame(token));
    const refusal = await refused.frame(0);
    expect([refusal.command, header(refusal, 'message')]).toEqual(['ERROR', DELIVERY_DOWN_MESSAGE]);
    expect(header(refusal, 'reconnect-after-ms')).toBeDefined();
    // A platform screen keeps working on the token this instance holds; once the platform
    // refuses that token, renewing it needs Redis (the shared token and its lease): a clear 503, not a 500.
    expect((await tags()).statusCode).toBe(200);
    await sim('POST', '/sim/faults', { path: 'tags/get', appId, errcode: 40001, times: 1 });
    const tagsDown = await tags();
    expect([tagsDown.statusCode, tagsDown.json<{ msg: string }>().msg]).toEqual([503, REDIS_UNAVAILABLE]);
    await sim('DELETE', '/sim/faults');
    const acknowledgedDuringOutage = load.count();

    proxy.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 100 }).toBe(200);
    await expect.poll(load.count, { timeout: 10_000 }).toBeGreaterThan(acknowledgedDuringOutage + 10);
    const report = await load.stop();
    // The database never went away: every write was taken, and kept.
    expect(report.refused).toEqual([]);
    const stored = await app!.database.db.select({ name: sysDept.name }).from(sysDept).where(inArray(sysDept.name, report.acknowledged));
    expect(stored).toHaveLength(report.acknowledged.length);
    await expect.poll(async () => (await tags()).statusCode, { timeout: 10_000 }).toBe(200);

    // Back: a subscriber connects and gets what is published, through Redis.
    const again = await RawStomp.open(liveUrl(app!));
    again.send(connectFrame(token));
    expect((await again.frame(0)).command).toBe('CONNECTED');
    again.send('SUBSCRIBE\nid:0\ndestination:/weixin/wx_msg\nreceipt:r1\n\n\0');
    expect((await again.frame(1)).command).toBe('RECEIPT');
    const published = await app!.inject({ method: 'POST', url: '/live/test/publish', headers: auth, payload: { destinations: ['/weixin/wx_msg'], message: { back: true } } });
    expect(published.statusCode).toBe(200);
    const message = await again.frame(2);
    expect([message.command, JSON.parse(message.body.toString())]).toEqual(['MESSAGE', { back: true }]);
    again.close();
  }, 60_000);
});
