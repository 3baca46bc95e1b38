import { eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { storeCategory } from '../src/modules/store/tables.js';
import { sysMenu, sysRole, sysRoleMenu } from '../src/modules/upms/tables.js';

/** Test support for the kitchen (issue 24): it writes other modules' tables, so it lives here. */

/**
 * Grants the admin role the floor's buttons (kitchen, 催菜, 退菜, pickup) when the seeded menu
 * does not carry them yet (the web pages add their screens).
 */
export async function grantFloorButtons(app: App): Promise<void> {
  const db = app.database.db;
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, 'ROLE_ADMIN'));
  const have = new Set((await db.select({ permission: sysMenu.permission }).from(sysMenu).innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.id))
    .where(eq(sysRoleMenu.roleId, role!.id))).map((m) => m.permission));
  for (const permission of ['order:floor:index', 'order:floor:void', 'order:kitchen:index', 'order:kitchen:edit', 'order:pickup:index']) {
    if (have.has(permission)) continue;
    const [menu] = await db.insert(sysMenu).values({ name: permission, permission, type: '1' }).returning({ id: sysMenu.id });
    await db.insert(sysRoleMenu).values({ roleId: role!.id, menuId: menu!.id }).onConflictDoNothing();
  }
}

/** A dish category of the store; answers its id. */
export async function insertCategory(app: App, storeId: string, name: string): Promise<string> {
  const [row] = await app.database.db.insert(storeCategory).values({ storeId, name, kind: 'dish' }).returning({ id: storeCategory.id });
  return row!.id;
}
