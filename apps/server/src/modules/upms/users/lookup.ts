import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sysUser } from '../tables.js';

/** What sign-in needs of a user: id, name, password hash and lock flag. */
export interface SignInUser {
  id: string;
  username: string;
  password: string;
  locked: boolean;
}

const columns = { id: sysUser.id, username: sysUser.username, password: sysUser.password, lockFlag: sysUser.lockFlag };
const toSignIn = (row: { id: string; username: string; password: string; lockFlag: string } | undefined): SignInUser | undefined =>
  row && { id: row.id, username: row.username, password: row.password, locked: row.lockFlag === '9' };

export const userByUsername = async (db: Db, username: string) =>
  toSignIn((await db.select(columns).from(sysUser).where(eq(sysUser.username, username)))[0]);

export const userByPhone = async (db: Db, phone: string) =>
  toSignIn((await db.select(columns).from(sysUser).where(eq(sysUser.phone, phone)))[0]);

export const userById = async (db: Db, id: string) =>
  toSignIn((await db.select(columns).from(sysUser).where(eq(sysUser.id, id)))[0]);

/** Users by id (ids with no user are left out), for modules that show who is assigned (a store's staff). */
export async function usersByIds(db: Db, ids: readonly string[]): Promise<Array<{ id: string; username: string; nickname: string | null }>> {
  if (!ids.length) return [];
  return db.select({ id: sysUser.id, username: sysUser.username, nickname: sysUser.nickname }).from(sysUser).where(inArray(sysUser.id, [...ids])).orderBy(sysUser.id);
}
