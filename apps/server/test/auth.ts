import { eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { encryptPassword } from '../src/modules/auth/cipher.js';
import { hashPassword } from '../src/util/passwords.js';
import { roleIdsByCode } from '../src/modules/upms/seed.js';
import { sysUser, sysUserRole } from '../src/modules/upms/tables.js';

export type AuthHeader = { authorization: string };

/** The default client's HTTP Basic credentials (admin/admin). */
export const BASIC_ADMIN = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

/** `POST /auth/oauth/token` with the password grant, as the web client sends it. */
export function passwordGrant(app: App, username: string, password: string, extra: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  const query = { username, password: encryptPassword(password, app.config.PASSWORD_CIPHER_KEY), grant_type: 'password', scope: 'server', ...extra };
  return app.inject({ method: 'POST', url: '/auth/oauth/token', query, headers: { ...BASIC_ADMIN, isToken: 'false' }, remoteAddress });
}

/**
 * Signs a seeded or created user in without the password grant (no Argon2 work, no captcha):
 * a real token set is issued for the user, so access control treats it like any other.
 * `signIn(app, 'admin')` has every permission; `signIn(app, 'operator')` all but 系统管理.
 */
export async function signIn(app: App, username: string): Promise<AuthHeader> {
  const [user] = await app.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  if (!user) throw new Error(`signIn: no user named ${username}`);
  const set = await app.identity.tokens.issue({
    userId: user.id, username, clientId: 'admin', grantType: 'test', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200,
  });
  return { authorization: `Bearer ${set.access_token}` };
}

/** Creates a user with the given role codes (none: a signed-in user with no permission at all). */
export async function createTestUser(app: App, username: string, roleCodes: string[] = [], password = '123456'): Promise<string> {
  const db = app.database.db;
  const [user] = await db.insert(sysUser).values({ username, password: await hashPassword(password), nickname: username }).returning({ id: sysUser.id });
  for (const roleId of await roleIdsByCode(db, roleCodes)) await db.insert(sysUserRole).values({ userId: user!.id, roleId });
  return user!.id;
}
