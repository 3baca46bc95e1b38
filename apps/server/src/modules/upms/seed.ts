import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ADMIN_ONLY_PERMISSIONS, ROLE_ADMIN, ROLE_OPERATOR, ROLE_PENDING } from '@canteen/contract';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { appSetting } from '../../db/tables.js';
import { hashPassword } from '../../util/passwords.js';
import { seedButtons, seedMenu, seedScreensFollowing } from './seed-data.js';
import { sysDept, sysMenu, sysOauthClient, sysRole, sysRoleMenu, sysUser, sysUserRole } from './tables.js';

/** Raise when the seed gains rows; a boot then adds what is missing (never re-adds what was deleted twice). */
const SEED_VERSION = 4;
const SEED_KEY = 'identity.seedVersion';
const DEMO_KEY = 'identity.demoSeeded';
export const DEMO_PASSWORD = '123456';

async function setting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
  return row?.value;
}

const saveSetting = (db: Db, key: string, value: unknown) =>
  db.insert(appSetting).values({ key, value }).onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: new Date() } });

interface SeededMenu {
  id: string;
  adminOnly: boolean;
  /** The permission screen of a screen's row and of its buttons; none for a group. */
  screen?: string;
  /** The group (its path) the row is in, or is. */
  group: string;
}

/** Inserts the menu tree by seed key; answers every seeded row's id, whether it is admin-only, its screen and its group. */
async function seedMenus(db: Db): Promise<SeededMenu[]> {
  const idOf = async (seedKey: string) => (await db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.seedKey, seedKey)))[0]?.id;
  const put = async (seedKey: string, row: Omit<typeof sysMenu.$inferInsert, 'seedKey'>) => {
    await db.insert(sysMenu).values({ ...row, seedKey }).onConflictDoNothing();
    return (await idOf(seedKey))!;
  };
  const ids: SeededMenu[] = [];
  for (const [g, group] of seedMenu.entries()) {
    const adminOnly = group.adminOnly ?? false;
    const groupId = await put(`menu:${group.path}`, { name: group.name, path: group.path, icon: group.icon, sort: (g + 1) * 10, type: '0', parentId: '-1' });
    ids.push({ id: groupId, adminOnly, group: group.path });
    for (const [s, screen] of group.screens.entries()) {
      const screenId = await put(`menu:${screen.path}`, {
        name: screen.name, path: screen.path, icon: screen.icon, component: screen.component, sort: (s + 1) * 10, type: '0', parentId: groupId,
      });
      ids.push({ id: screenId, adminOnly, screen: screen.screen, group: group.path });
      for (const [b, button] of seedButtons(screen).entries()) {
        const id = await put(`button:${button.permission}`, { name: button.name, permission: button.permission, sort: b + 1, type: '1', parentId: screenId });
        ids.push({ id, adminOnly: adminOnly || ADMIN_ONLY_PERMISSIONS.includes(button.permission), screen: screen.screen, group: group.path });
      }
    }
  }
  return ids;
}

/**
 * An upgraded database (seeded before `from`): the roles holding a code that screens added since
 * follow get those screens too (seedScreensFollowing), their group and their buttons but admin-only ones.
 */
async function grantFollowingScreens(db: Db, menus: SeededMenu[], from: number): Promise<void> {
  for (const follow of seedScreensFollowing.filter((f) => f.version > from)) {
    const holders = await db.selectDistinct({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId)).where(eq(sysMenu.permission, follow.heldWith));
    const screens = menus.filter((m) => !m.adminOnly && m.screen !== undefined && (follow.screens as string[]).includes(m.screen));
    const groups = new Set(screens.map((m) => m.group));
    const granted = [...menus.filter((m) => m.screen === undefined && groups.has(m.group)), ...screens];
    const grants = holders.flatMap((h) => granted.map((m) => ({ roleId: h.roleId, menuId: m.id })));
    for (let i = 0; i < grants.length; i += 200) await db.insert(sysRoleMenu).values(grants.slice(i, i + 200)).onConflictDoNothing();
  }
}

async function roleId(db: Db, code: string, name: string, desc: string): Promise<string> {
  await db.insert(sysRole).values({ roleCode: code, roleName: name, roleDesc: desc }).onConflictDoNothing();
  return (await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, code)))[0]!.id;
}

/** Adds the user when the name is free; answers whether this call added it. */
async function seedUser(db: Db, username: string, nickname: string, role: string, deptId: string | null, password = DEMO_PASSWORD, mustChange = false): Promise<boolean> {
  const [existing] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  if (existing) return false;
  const [user] = await db.insert(sysUser).values({ username, nickname, password: await hashPassword(password), deptId, passwordMustChange: mustChange }).onConflictDoNothing().returning({ id: sysUser.id });
  if (!user) return false;
  const [r] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, role));
  if (r) await db.insert(sysUserRole).values({ userId: user.id, roleId: r.id }).onConflictDoNothing();
  return true;
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password of 12 characters (the longest a user may set), about 70 bits. */
export const oneTimePassword = (): string => Array.from({ length: 12 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** Whether this boot is a real deployment's: production outside demo mode (no demo user, a first administrator of its own). */
const realDeployment = (config: Config) => config.NODE_ENV === 'production' && config.DEMO_MODE !== 'on';

/**
 * A real deployment's first administrator, when there is no user at all: admin with
 * ADMIN_INITIAL_PASSWORD, or a one-time password printed once (one line on standard output),
 * either way to be changed at the first sign-in. Instances booting together seed in turn
 * (db/seed.ts), so only one of them adds it and prints it.
 */
async function seedFirstAdmin(db: Db, config: Config): Promise<void> {
  const [anyUser] = await db.select({ id: sysUser.id }).from(sysUser).limit(1);
  if (anyUser) return;
  const password = config.ADMIN_INITIAL_PASSWORD ?? oneTimePassword();
  if (!(await seedUser(db, 'admin', '管理员', ROLE_ADMIN, await rootDept(db), password, true))) return;
  console.log(config.ADMIN_INITIAL_PASSWORD
    ? 'Canteen: first administrator created: admin with the password of ADMIN_INITIAL_PASSWORD, to be changed at the first sign-in'
    : `Canteen: first administrator created: admin, one-time password ${password} (shown only this once; to be changed at the first sign-in)`);
}

async function rootDept(db: Db): Promise<string> {
  const [first] = await db.select({ id: sysDept.id }).from(sysDept).orderBy(sysDept.id).limit(1);
  if (first) return first.id;
  return (await db.insert(sysDept).values({ name: '总部', sort: 0 }).returning({ id: sysDept.id }))[0]!.id;
}

/**
 * Identity's seed: the complete menu, the super-admin and operator roles with their grants,
 * the default client admin/admin, the user admin/123456 (in demo mode and outside production;
 * a real deployment's first administrator instead: seedFirstAdmin), and the demo user
 * operator/123456 when DEMO_DATA is on.
 */
export async function seedIdentity(database: Database, config: Config): Promise<void> {
  const db = database.db;
  const version = Number(await setting(db, SEED_KEY) ?? 0);
  if (version < SEED_VERSION) {
    const menus = await seedMenus(db);
    const admin = await roleId(db, ROLE_ADMIN, '超级管理员', '拥有全部权限');
    const operator = await roleId(db, ROLE_OPERATOR, '门店运营', '除系统管理外的全部权限');
    await roleId(db, ROLE_PENDING, '待分配', '新注册用户的角色：没有任何权限，由管理员分配角色');
    const grants = [
      ...menus.map((m) => ({ roleId: admin, menuId: m.id })),
      ...menus.filter((m) => !m.adminOnly).map((m) => ({ roleId: operator, menuId: m.id })),
    ];
    for (let i = 0; i < grants.length; i += 200) await db.insert(sysRoleMenu).values(grants.slice(i, i + 200)).onConflictDoNothing();
    if (version > 0) await grantFollowingScreens(db, menus, version);
    await db.insert(sysOauthClient).values({
      clientId: 'admin',
      clientSecret: await hashPassword('admin'),
      scope: 'server',
      authorizedGrantTypes: 'password,refresh_token,sms_login,phone',
    }).onConflictDoNothing();
    if (!realDeployment(config)) await seedUser(db, 'admin', '管理员', ROLE_ADMIN, await rootDept(db));
    await saveSetting(db, SEED_KEY, SEED_VERSION);
  }
  if (realDeployment(config)) await seedFirstAdmin(db, config);
  if (config.DEMO_DATA === 'on' && !(await setting(db, DEMO_KEY))) {
    await seedUser(db, 'operator', '门店运营', ROLE_OPERATOR, await rootDept(db));
    await saveSetting(db, DEMO_KEY, true);
  }
}

/** Role ids by code (used by registration's default role). */
export async function roleIdsByCode(db: Db, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  return (await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.roleCode, codes))).map((r) => r.id);
}
