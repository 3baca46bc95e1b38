import { eq, inArray } from 'drizzle-orm';
import type { RoleRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { sysMenu, sysRole, sysRoleMenu } from '../tables.js';
import { iso } from '../../../http/iso.js';

export const toRoleRecord = (r: typeof sysRole.$inferSelect): RoleRecord => ({
  id: r.id, roleName: r.roleName, roleCode: r.roleCode, roleDesc: r.roleDesc, createTime: iso(r.createdAt),
});

export const listRoles = async (db: Db) => (await db.select().from(sysRole).orderBy(sysRole.id)).map(toRoleRecord);

async function checkRole(db: Db, id: string) {
  if (!(await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, id))).length) throw notFound(`角色 ${id} 不存在`);
}

/** The menu and button ids granted to a role. */
export async function roleMenuIds(db: Db, roleId: string): Promise<string[]> {
  await checkRole(db, roleId);
  return (await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId)).orderBy(sysRoleMenu.menuId)).map((r) => r.id);
}

/** Replaces a role's grant with exactly these menus and buttons. */
export async function grantMenus(db: Db, roleId: string, menuIds: string[]): Promise<void> {
  await checkRole(db, roleId);
  const unique = [...new Set(menuIds)];
  const found = unique.length ? await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, unique)) : [];
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`menuIds: 菜单 ${missing.slice(0, 10).join(', ')} 不存在`);
  await db.transaction(async (tx) => {
    await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    for (let i = 0; i < unique.length; i += 500) {
      await tx.insert(sysRoleMenu).values(unique.slice(i, i + 500).map((menuId) => ({ roleId, menuId })));
    }
  });
}
