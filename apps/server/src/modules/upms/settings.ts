import { and, eq, isNotNull } from 'drizzle-orm';
import { ROLE_PENDING } from '@canteen/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appSetting } from '../../db/tables.js';
import { sysMenu } from './tables.js';

/** `app_setting` key of registration: `{ open: boolean, defaultRole: string }`; each part optional. */
export const REGISTER_SETTING = 'identity.register';

export interface RegisterSetting {
  open: boolean;
  defaultRole: string;
}

/**
 * Registration is closed unless AUTH_REGISTER is on, or the setting row says otherwise; new users
 * get ROLE_PENDING (no permissions) until an administrator assigns a role.
 */
export async function registerSetting(db: Db, config: Config): Promise<RegisterSetting> {
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, REGISTER_SETTING));
  const value = (row?.value ?? {}) as Partial<RegisterSetting>;
  return {
    open: typeof value.open === 'boolean' ? value.open : config.AUTH_REGISTER === 'on',
    defaultRole: typeof value.defaultRole === 'string' && value.defaultRole ? value.defaultRole : ROLE_PENDING,
  };
}

/** The paths of every menu page (not buttons): what the web app's router can show to someone signed in. */
export async function menuRoutePaths(db: Db): Promise<string[]> {
  const rows = await db.select({ path: sysMenu.path }).from(sysMenu).where(and(eq(sysMenu.type, '0'), isNotNull(sysMenu.path)));
  return [...new Set(rows.map((r) => r.path!).filter((p) => p.startsWith('/')))].sort();
}
