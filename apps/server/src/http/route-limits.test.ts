import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { statusMessage } from '@canteen/contract';
import { buildApp } from '../app.js';
import { createTestApp } from '../../test/app.js';
import { createTestUser, passwordGrant, signIn } from '../../test/auth.js';
import { testConfig } from '../../test/config.js';
import { registerErrorHandling } from './error-handler.js';
import { routeLimits, routeRateLimits, type TakeHit } from './route-limits.js';

/**
 * Costly routes are limited per user and per client address with counters in the database,
 * so two instances on one database share them; the refusal is a 429 with the specification's
 * message and a Retry-After.
 */
const { app } = await createTestApp({ RATE_LIMITS: 'on' });
const second = await buildApp(testConfig({ RATE_LIMITS: 'on' }), { database: app.database });
afterAll(() => second.close()); // before the first instance and the database
const admin = await signIn(app, 'admin');
const integrity = '/customer/member/integrity'; // declared rateLimit 'check' in the contract
const perUser = routeLimits.check.perUser.max;

describe('a costly route', () => {
  it('answers 429 with 请求过频繁 and Retry-After once a user has used up the limit, on every instance and from any address', async () => {
    for (let i = 0; i < perUser; i++) {
      const answer = await app.inject({ method: 'GET', url: integrity, headers: admin, remoteAddress: '10.9.0.1' });
      expect(answer.statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'GET', url: integrity, headers: admin, remoteAddress: '10.9.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: number; msg: string }>()).toMatchObject({ code: 1, msg: expect.stringMatching(new RegExp(`^${statusMessage(429)}，请 \\d+ 秒后再试$`)) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(routeLimits.check.perUser.windowSeconds);
    // The other instance reads the same counters; another address does not reset the user's.
    const elsewhere = await second.inject({ method: 'GET', url: integrity, headers: admin, remoteAddress: '10.9.0.2' });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.headers['retry-after']).toBeDefined();
  });

  it('leaves another user at the same address alone until the address has used up its own limit', async () => {
    await createTestUser(app, 'limit_other', ['ROLE_ADMIN']);
    const other = await signIn(app, 'limit_other');
    const answer = await app.inject({ method: 'GET', url: integrity, headers: other, remoteAddress: '10.9.0.1' });
    expect(answer.statusCode).toBe(200);
  });

  it('leaves routes without a declared limit alone', async () => {
    for (let i = 0; i < perUser + 2; i++) {
      expect((await app.inject({ method: 'GET', url: '/upms/user/info', headers: admin, remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
    }
  });

  it('refuses an upload over the limit before reading its body', async () => {
    const noBody = { 'content-type': 'multipart/form-data; boundary=x' };
    for (let i = 0; i < routeLimits.upload.perUser.max; i++) {
      await app.inject({ method: 'POST', url: '/upms/user/avatar', headers: { ...admin, ...noBody }, payload: '--x--\r\n', remoteAddress: '10.9.0.3' });
    }
    // A body that would be refused as malformed if it were read: the limit answers first.
    const refused = await app.inject({ method: 'POST', url: '/upms/user/avatar', headers: { ...admin, ...noBody }, payload: 'not multipart', remoteAddress: '10.9.0.3' });
    expect(refused.statusCode).toBe(429);
  });
});

describe('sign-in limits', () => {
  it('answer 429 with Retry-After after five failures for one account', async () => {
    for (let i = 0; i < 5; i++) await passwordGrant(app, 'admin', 'wrong-password', {}, '10.9.1.1');
    const blocked = await passwordGrant(app, 'admin', 'wrong-password', {}, '10.9.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the mechanism', () => {
  // A bare server with an in-memory counter: the address limit, the per-user limit, the boot check.
  const counters = new Map<string, number>();
  const take: TakeHit = async (key) => {
    counters.set(key, (counters.get(key) ?? 0) + 1);
    return { hits: counters.get(key)!, retryAfterSeconds: 42 };
  };
  const tiny = { perUser: { max: 2, windowSeconds: 60 }, perAddress: { max: 3, windowSeconds: 60 } };
  const limits = { ...routeLimits, export: tiny };

  it('limits per address whoever calls, and per user across addresses', async () => {
    const bare = Fastify();
    registerErrorHandling(bare);
    bare.decorateRequest('user', null);
    bare.addHook('onRequest', async (request) => {
      const id = request.headers['x-user'];
      request.user = typeof id === 'string' ? { id, username: id, roles: [], permissions: new Set(), tokenId: '', clientId: '' } : null;
    });
    await bare.register(routeRateLimits, { take, limits });
    bare.get('/costly', { config: { public: true, rateLimit: 'export' } }, async () => 'ok');
    const call = (address: string, user?: string) =>
      bare.inject({ method: 'GET', url: '/costly', remoteAddress: address, headers: user ? { 'x-user': user } : {} }).then((a) => a.statusCode);
    expect([await call('1.1.1.1'), await call('1.1.1.1', 'u1'), await call('1.1.1.1', 'u2'), await call('1.1.1.1', 'u3')]).toEqual([200, 200, 200, 429]);
    expect([await call('2.2.2.2', 'u1'), await call('3.3.3.3', 'u1')]).toEqual([200, 429]);
    const refused = await bare.inject({ method: 'GET', url: '/costly', remoteAddress: '1.1.1.1' });
    expect(refused.headers['retry-after']).toBe('42');
    await bare.close();
  });

  it('fails the boot on an unknown kind', async () => {
    const bare = Fastify();
    await bare.register(routeRateLimits, { take, limits });
    expect(() => bare.get('/x', { config: { public: true, rateLimit: 'nonsense' as 'export' } }, async () => 'ok')).toThrow(/unknown rate limit/);
    await bare.close();
  });
});
