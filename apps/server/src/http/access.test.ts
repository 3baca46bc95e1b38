import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp } from '../../test/app.js';
import { createTestUser, signIn } from '../../test/auth.js';
import { testConfig } from '../../test/config.js';
import { createTestDatabase } from '../../test/database.js';

const { app } = await createTestApp();
app.get('/probe/open', { config: { public: true } }, async () => ({ ok: true }));
app.get('/probe/any', { config: { signedIn: true } }, async (request) => ({ user: request.user?.username }));
app.get('/probe/users', { config: { permission: 'sys:user:index' } }, async () => ({ ok: true }));

describe('access control', () => {
  it('lets anyone call a public route', async () => {
    expect((await app.inject('/probe/open')).statusCode).toBe(200);
  });

  it('answers 401 with an envelope without a token, with a bad one, or a malformed header', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(600)}`]) {
      const res = await app.inject({ url: '/probe/any', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 1, data: null });
    }
  });

  it('resolves the token to the signed-in user', async () => {
    const res = await app.inject({ url: '/probe/any', headers: await signIn(app, 'operator') });
    expect(res.json()).toEqual({ user: 'operator' });
  });

  it('answers 403 without the permission code and 200 with it', async () => {
    expect((await app.inject({ url: '/probe/users', headers: await signIn(app, 'operator') })).statusCode).toBe(403);
    expect((await app.inject({ url: '/probe/users', headers: await signIn(app, 'admin') })).statusCode).toBe(200);
    await createTestUser(app, 'nobody');
    const res = await app.inject({ url: '/probe/users', headers: await signIn(app, 'nobody') });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('当前操作没有权限');
  });

  it('refuses to boot with a route that declares no access', async () => {
    const database = await createTestDatabase();
    const other = await buildApp(testConfig(), { database });
    expect(() => other.get('/probe/undeclared', async () => 'x')).toThrow(/declares no access/);
    await other.close();
    await database.close();
  });
});
