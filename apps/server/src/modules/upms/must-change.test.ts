import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { passwordGrant } from '../../../test/auth.js';
import { hashPassword } from '../../util/passwords.js';
import { sysUser } from './tables.js';

const { app } = await createTestApp();
const db = app.database.db;

/** A signed-in admin whose password was given to them (the first administrator's): the flag set, then signed in with it. */
async function flaggedAdmin(): Promise<{ authorization: string }> {
  await db.update(sysUser).set({ passwordMustChange: true }).where(eq(sysUser.username, 'admin'));
  app.identity.principals.invalidate();
  const answer = await passwordGrant(app, 'admin', '123456');
  expect(answer.statusCode).toBe(200);
  return { authorization: `Bearer ${answer.json<{ access_token: string }>().access_token}` };
}

describe('a password that must be changed (issue 22 #2)', () => {
  it('signs in, but allows nothing but changing it, the own info and signing out until it is changed', async () => {
    const headers = await flaggedAdmin();
    const info = await app.inject({ method: 'GET', url: '/upms/user/info', headers });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.mustChangePassword).toBe(true);
    for (const url of ['/upms/user/page', '/upms/menu', '/store/shop/page', '/upms/log/page']) {
      const refused = await app.inject({ method: 'GET', url, headers });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().msg, url).toBe('请先修改初始密码：修改密码后才能继续使用');
    }
    // The live channel takes no such token either.
    expect(await app.resolveToken(headers.authorization.slice('Bearer '.length))).toBeNull();
    // Keeping the given password is no change.
    const same = await app.inject({ method: 'PUT', url: '/upms/user/edit', headers, payload: { password: '123456', newpassword1: '123456' } });
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toContain('新密码不能与初始密码相同');
    const changed = await app.inject({ method: 'PUT', url: '/upms/user/edit', headers, payload: { password: '123456', newpassword1: 'Own-pass-9' } });
    expect(changed.statusCode).toBe(200);
    // At once, on this very token.
    expect((await app.inject({ method: 'GET', url: '/upms/user/page', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/upms/user/info', headers })).json().data.mustChangePassword).toBe(false);
    expect(await app.resolveToken(headers.authorization.slice('Bearer '.length))).not.toBeNull();
    const [row] = await db.select({ mustChange: sysUser.passwordMustChange }).from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(row!.mustChange).toBe(false);
    await db.update(sysUser).set({ password: await hashPassword('123456') }).where(eq(sysUser.username, 'admin')); // for the next test
  });

  it('lets the flagged user sign out', async () => {
    const headers = await flaggedAdmin();
    expect((await app.inject({ method: 'DELETE', url: '/auth/token/logout', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/upms/user/info', headers })).statusCode).toBe(401);
  });
});
