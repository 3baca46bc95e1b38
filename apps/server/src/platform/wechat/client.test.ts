import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@canteen/wechat-sim';
import { createTestDatabase } from '../../../test/database.js';
import { startSimulator } from '../../../test/sim.js';
import { createSecrets } from '../secrets.js';
import { WechatClient } from './client.js';
import { databaseTokenStore, redisTokenStore, type TokenStore } from './token-store.js';

const { url: simUrl, call: sim } = await startSimulator();
const database = await createTestDatabase();
afterAll(() => database.close());
const secrets = createSecrets(randomBytes(32));

const client = (store: TokenStore, baseUrl = simUrl, timeoutMs = 5000) =>
  new WechatClient({ baseUrl, timeoutMs, store, secretOf: async () => demoAccount.secret });
const issued = async () => (await sim<Array<{ token: string }>>('GET', `/sim/accounts/${demoAccount.appId}/tokens`)).length;

describe('access tokens', () => {
  it('fetches one token for many concurrent callers and for two instances sharing the database', async () => {
    const store = databaseTokenStore(database, secrets);
    const before = await issued();
    const [a, b] = [client(store), client(store)];
    const tokens = await Promise.all([...Array.from({ length: 10 }, () => a.accessToken(demoAccount.appId)), ...Array.from({ length: 10 }, () => b.accessToken(demoAccount.appId))]);
    expect(new Set(tokens).size).toBe(1);
    expect(await issued()).toBe(before + 1);
    expect(a.tokenFetches + b.tokenFetches).toBe(1);
    const [row] = await database.exclusive((exec) => exec('select access_token from wx_access_token where app_id = $1', [demoAccount.appId]));
    expect(String(row!.access_token)).not.toContain(tokens[0]!);
  });

  it('asks the platform once when another instance stores its token between this one\'s read and its lease', async () => {
    const shared = databaseTokenStore(database, secrets);
    const current = await shared.get(demoAccount.appId);
    if (current) await shared.expireIf(demoAccount.appId, current.token);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let reads = 0;
    // b reads (nothing stored yet), then waits at its lease until a has fetched, stored and released.
    const held: typeof shared = { ...shared, get: (id) => (reads++, shared.get(id)), lease: async (id, ms) => (await gate, shared.lease(id, ms)) };
    const [a, b] = [client(shared), client(held)];
    const later = b.accessToken(demoAccount.appId);
    await expect.poll(() => reads).toBe(1);
    const first = await a.accessToken(demoAccount.appId);
    openGate();
    expect(await later).toBe(first);
    expect(a.tokenFetches + b.tokenFetches).toBe(1);
  });

  it('drops a refused token only if it is still the current one', async () => {
    const store = databaseTokenStore(database, secrets);
    const c = client(store);
    const token = await c.accessToken(demoAccount.appId);
    await c.invalidate(demoAccount.appId, 'some-older-token');
    expect(await store.get(demoAccount.appId)).toMatchObject({ token });
    await c.invalidate(demoAccount.appId, token);
    expect(await store.get(demoAccount.appId)).toBeNull();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shares tokens through Redis when configured', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const prefix = `canteen:test:${randomBytes(4).toString('hex')}:`;
      const [a, b] = [client(redisTokenStore(redis, secrets, prefix)), client(redisTokenStore(redis, secrets, prefix))];
      const tokens = await Promise.all([a.accessToken(demoAccount.appId), b.accessToken(demoAccount.appId), a.accessToken(demoAccount.appId)]);
      expect(new Set(tokens).size).toBe(1);
      expect(a.tokenFetches + b.tokenFetches).toBe(1);
      await redis.del(`${prefix}${demoAccount.appId}`);
    } finally {
      redis.disconnect();
    }
  });
});

describe('failures', () => {
  it('times out a platform that does not answer, with a clear 503', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const c = client(databaseTokenStore(database, secrets), `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 200);
      await expect(c.accessToken('wxsilent')).rejects.toMatchObject({ status: 503, message: '微信平台无响应（请求超时），请稍后再试' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('says so when the platform cannot be reached', async () => {
    const c = client(databaseTokenStore(database, secrets), 'http://127.0.0.1:9');
    await expect(c.accessToken('wxnowhere')).rejects.toMatchObject({ status: 503, message: '无法连接微信平台，请检查网络或平台地址配置' });
  });
});
