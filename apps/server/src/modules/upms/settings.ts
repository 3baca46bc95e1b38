import { eq } from 'drizzle-orm';
import { ROLE_OPERATOR } from '@canteen/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appSetting } from '../../db/tables.js';

/** `app_setting` key of registration: `{ open: boolean, defaultRole: string }`; each part optional. */
export const REGISTER_SETTING = 'identity.register';

export interface RegisterSetting {
  open: boolean;
  defaultRole: string;
}

/** Registration is closed unless DEMO_DATA is on, or the setting says otherwise; new users get ROLE_OPERATOR by default. */
export async function registerSetting(db: Db, config: Config): Promise<RegisterSetting> {
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, REGISTER_SETTING));
  const value = (row?.value ?? {}) as Partial<RegisterSetting>;
  return {
    open: typeof value.open === 'boolean' ? value.open : config.DEMO_DATA === 'on',
    defaultRole: typeof value.defaultRole === 'string' && value.defaultRole ? value.defaultRole : ROLE_OPERATOR,
  };
}
