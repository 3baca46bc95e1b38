import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PageQuery, RoleRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { uniquely } from '../db-errors.js';
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../tables.js';
import { iso } from '../tree.js';

const toRecord = (r: typeof sysRole.$inferSelect): RoleRecord => ({
  id: r.id, roleName: r.roleName, roleCode: r.roleCode, roleDesc: r.roleDesc, createTime: iso(r.createdAt),
});

export async function pageRoles(db: Db, query: PageQuery) {
  const page = await paginate(query, { id: sysRole.id, role_name: sysRole.roleName, role_code: sysRole.roleCode, create_time: sysRole.createdAt }, {
    count: async () => (await db.select({ n: count() }).from(sysRole))[0]!.n,
    rows: ({ order, limit, offset }) => db.select().from(sysRole).orderBy(...order).limit(limit).offset(offset),
  }, [sql`${sysRole.id} asc`]);
  return { ...page, records: page.records.map(toRecord) };
}

export const listRoles = async (db: Db) => (await db.select().from(sysRole).orderBy(sysRole.id)).map(toRecord);

export async function getRole(db: Db, id: string): Promise<RoleRecord> {
  const [row] = await db.select().from(sysRole).where(eq(sysRole.id, id));
  if (!row) throw notFound(`角色 ${id} 不存在`);
  return toRecord(row);
}

export interface RoleInput {
  id?: string | undefined;
  roleName: string;
  roleCode: string;
  roleDesc?: string | null | undefined;
}

async function checkCode(db: Db, code: string, exceptId?: string) {
  const where = exceptId ? and(eq(sysRole.roleCode, code), ne(sysRole.id, exceptId)) : eq(sysRole.roleCode, code);
  if ((await db.select({ id: sysRole.id }).from(sysRole).where(where)).length) throw conflict(`角色编码 ${code} 已存在`);
}

export async function createRole(db: Db, input: RoleInput): Promise<string> {
  await checkCode(db, input.roleCode);
  const [row] = await uniquely(
    () => db.insert(sysRole).values({ roleName: input.roleName, roleCode: input.roleCode, roleDesc: input.roleDesc || null }).returning({ id: sysRole.id }),
    `角色编码 ${input.roleCode} 已存在`,
  );
  return row!.id;
}

export async function updateRole(db: Db, input: RoleInput & { id: string }): Promise<void> {
  await getRole(db, input.id);
  await checkCode(db, input.roleCode, input.id);
  await uniquely(
    () => db.update(sysRole).set({ roleName: input.roleName, roleCode: input.roleCode, roleDesc: input.roleDesc || null, updatedAt: new Date() }).where(eq(sysRole.id, input.id)),
    `角色编码 ${input.roleCode} 已存在`,
  );
}

/** Deletes a role that no user holds any more (409 otherwise). */
export async function deleteRole(db: Db, id: string): Promise<void> {
  await getRole(db, id);
  const [held] = await db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, id));
  if (held!.n > 0) throw conflict(`该角色仍分配给 ${held!.n} 个用户，请先取消分配再删除`);
  await db.delete(sysRole).where(eq(sysRole.id, id));
}

/** The menu and button ids granted to a role. */
export async function roleMenuIds(db: Db, roleId: string): Promise<string[]> {
  await getRole(db, roleId);
  return (await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId)).orderBy(sysRoleMenu.menuId)).map((r) => r.id);
}

/** Replaces a role's grant with exactly these menus and buttons. */
export async function grantMenus(db: Db, roleId: string, menuIds: string[]): Promise<void> {
  await getRole(db, roleId);
  const unique = [...new Set(menuIds)];
  const found = unique.length ? await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, unique)) : [];
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`menuIds: 菜单 ${missing.slice(0, 10).join(', ')} 不存在`);
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  for (let i = 0; i < unique.length; i += 500) {
    await db.insert(sysRoleMenu).values(unique.slice(i, i + 500).map((menuId) => ({ roleId, menuId }))).onConflictDoNothing();
  }
}
