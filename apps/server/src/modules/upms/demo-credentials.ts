import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verifyPassword } from '../../util/passwords.js';
import { DEMO_PASSWORD } from './seed.js';
import { sysUser } from './tables.js';

/** The users the demo seeds with its public password (only these are checked: a boot stays fast). */
export const DEMO_USERNAMES = ['admin', 'operator'] as const;

/** The demo users that still sign in with the demo password 123456, by name. */
export async function usersWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db.select({ username: sysUser.username, password: sysUser.password }).from(sysUser).where(inArray(sysUser.username, [...DEMO_USERNAMES]));
  const found: string[] = [];
  for (const row of rows) if (await verifyPassword(row.password, DEMO_PASSWORD)) found.push(row.username);
  return found.sort();
}
