import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '@canteen/contract';
import { createTestApp } from '../../test/app.js';
import { createTestUser, signIn } from '../../test/auth.js';

/**
 * THE permission matrix: every registered route (collected by access control's onRoute hook)
 * is either on this short public allow-list, or answers 401 without a token and, for a route
 * with a permission code, 403 to a signed-in user without any role.
 */
const PUBLIC = new Set([
  'GET /', 'GET /health/live', 'GET /health/ready',
  'GET /code', 'POST /auth/oauth/token', 'POST /auth/phone/code', 'POST /auth/phone/token/sms', 'POST /auth/phone/token/thirdparty',
  'POST /auth/phone/thirdparty/dev', 'GET /auth/thirdparty/dev/authorize', 'GET /auth/thirdparty/dev/approve', 'POST /upms/user/register', 'GET /media/*', 'GET /settings/public',
  'GET /weixin/portal/:appId', 'POST /weixin/portal/:appId', 'GET /weixin/media/:folder/:file', 'GET /weixin/ws',
  // The diners' page by table QR token and order view token (random secrets, never ids).
  'GET /order/t/:token', 'GET /order/t/:token/order/:viewToken', 'GET /order/diner/:token', 'POST /order/diner/:token/quote', 'POST /order/diner/:token/order',
  'GET /order/diner/order/:viewToken', 'POST /order/diner/order/:viewToken/pay', 'GET /order/diner/:token/open', 'POST /order/diner/order/:viewToken/bill',
  // The payment platform's notification (checked by its signature, not a session).
  'POST /order/pay/wechat/notify',
]);
const isPublic = (method: string, url: string) =>
  PUBLIC.has(`${method === 'HEAD' ? 'GET' : method} ${url}`) || url === '/docs' || url.startsWith('/docs/');

const { app } = await createTestApp();
await app.ready();
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
const routes = app.routeAccess.filter((r) => r.method !== 'OPTIONS');

describe('permission matrix', () => {
  it('collects the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.url === '/upms/user/page')).toBe(true);
  });

  it('allows no public route beyond the allow-list', () => {
    const unexpected = routes.filter((r) => r.access === 'public' && !isPublic(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(unexpected).toEqual([]);
  });

  it('declares only permission codes that exist, all granted to ROLE_ADMIN', async () => {
    const codes = new Set<string>(PERMISSION_CODES);
    const used = routes.filter((r) => r.access !== 'public' && r.access !== 'signedIn').map((r) => r.access);
    expect(used.filter((c) => !codes.has(c))).toEqual([]);
    const { data } = (await app.inject({ url: '/upms/user/info', headers: await signIn(app, 'admin') })).json<{ data: { permissions: string[] } }>();
    expect(used.filter((c) => !data.permissions.includes(c))).toEqual([]);
  });

  it('answers 401 without a token and 403 without the code, for every protected route', async () => {
    await createTestUser(app, 'no-roles');
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const request = { method: route.method as 'GET', url: concrete(route.url) };
      const anonymous = await app.inject(request);
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${route.url} without token: ${anonymous.statusCode}`);
      // A fresh token each time: some signed-in routes (logout) end the session they are called with.
      const signedIn = await app.inject({ ...request, headers: await signIn(app, 'no-roles') });
      const expected = route.access === 'signedIn' ? 'not 401/403' : 403;
      const okay = route.access === 'signedIn' ? ![401, 403].includes(signedIn.statusCode) : signedIn.statusCode === 403;
      if (!okay) failures.push(`${route.method} ${route.url} with a role-less token: ${signedIn.statusCode}, expected ${expected}`);
    }
    expect(failures).toEqual([]);
  });
});
