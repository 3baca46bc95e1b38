import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { testConfig } from '../../test/config.js';
import { createTestDatabase } from '../../test/database.js';
import { signIn } from '../../test/auth.js';
import { liveUrl, stompConnect } from '../../test/stomp.js';
import { insertTable, orderFixture } from '../../test/orders.js';
import { storeFloorDestination, type Floor } from '@canteen/contract';

/**
 * Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set) and one Redis:
 * what one instance publishes reaches STOMP subscribers connected to the other.
 */
describe.skipIf(!process.env.TEST_REDIS_URL)('live channel across two instances (TEST_REDIS_URL)', () => {
  let database: Database;
  let a: App;
  let b: App;
  const overrides = { REDIS_URL: process.env.TEST_REDIS_URL!, LIVE_REDIS_CHANNEL: `canteen:test:${randomBytes(6).toString('hex')}` };

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildApp(testConfig(overrides), { database });
    b = await buildApp(testConfig(overrides), { database });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.close();
  });

  it('runs on Redis', () => {
    expect(a.live.bus.kind).toBe('redis');
    expect(b.live.bus.kind).toBe('redis');
  });

  it('delivers a message published on instance A to a subscriber on instance B, and on A itself', async () => {
    const token = (await signIn(a, 'admin')).authorization.slice(7);
    const onB = await stompConnect(liveUrl(b), token);
    const onA = await stompConnect(liveUrl(a), token);
    const follower = `mi${randomBytes(4).toString('hex')}`;
    await onB.subscribe(`/weixin/wx_msg${follower}`);
    await onB.subscribe('/weixin/wx_msg');
    await onA.subscribe(`/weixin/wx_msg${follower}`);
    const message = { id: '1', wxUserId: follower, type: '1', repType: 'text', repContent: '跨实例' };

    const res = await a.inject({
      method: 'POST', url: '/live/test/publish', headers: await signIn(a, 'admin'),
      payload: { destinations: [`/weixin/wx_msg${follower}`], message },
    });
    expect(res.statusCode).toBe(200);
    const got = await onB.nextMessage();
    expect(got.headers.destination).toBe(`/weixin/wx_msg${follower}`);
    expect(JSON.parse(got.body)).toEqual(message);
    expect(JSON.parse((await onA.nextMessage()).body)).toEqual(message);

    await b.conversations.publish(message); // the other way round, to the bell as well
    const both = [await onB.nextMessage(), await onB.nextMessage()].map((m) => m.headers.destination).sort();
    expect(both).toEqual(['/weixin/wx_msg', `/weixin/wx_msg${follower}`]);
    expect(JSON.parse((await onA.nextMessage()).body)).toEqual(message);
    await onA.close();
    await onB.close();
  });

  it('closes a revoked token\'s sockets on every instance', async () => {
    const token = (await signIn(a, 'admin')).authorization.slice(7);
    const user = (await a.identity.tokens.resolve(token))!;
    const onB = await stompConnect(liveUrl(b), token);
    const closed = new Promise<void>((resolve) => { onB.client.onWebSocketClose = () => resolve(); });
    await a.live.revoke({ tokenIds: [user.tokenId] });
    await closed;
    await onB.close();
  });

  it('the table map kept on instance B follows 开台 on instance A once the event reaches B', async () => {
    const admin = await signIn(a, 'admin');
    const { storeId } = await orderFixture(a);
    const tableId = await insertTable(a, storeId, 'MI1');
    const mapOnB = async () => (await b.inject({ method: 'GET', url: `/order/floor/map?storeId=${storeId}`, headers: admin })).json<{ data: Floor }>().data;
    const stateOnB = async () => (await mapOnB()).tables.find((t) => t.id === tableId)?.state;
    expect(await stateOnB()).toBe('idle');
    expect(await stateOnB()).toBe('idle'); // kept by B now

    const onB = await stompConnect(liveUrl(b), admin.authorization.slice(7));
    await onB.subscribe(storeFloorDestination(storeId));
    const opened = await a.inject({ method: 'POST', url: `/order/floor/table/${tableId}/open`, headers: admin, payload: { guests: 2 } });
    expect(opened.statusCode).toBe(200);
    expect(JSON.parse((await onB.nextMessage()).body)).toMatchObject({ storeId, kind: 'table', tableIds: [tableId] });
    expect(await stateOnB()).toBe('opened');
    await onB.close();
  });
});
