import { eq, inArray } from 'drizzle-orm';
import type { UserRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { sysDept, sysRole, sysUser, sysUserRole } from '../tables.js';
import { iso } from '../../../http/iso.js';

type UserRow = typeof sysUser.$inferSelect;

/** Users as the list answers them: with department name and roles (two queries for the whole page). */
export async function toUserRecords(db: Db, rows: UserRow[]): Promise<UserRecord[]> {
  const ids = rows.map((r) => r.id);
  const deptIds = [...new Set(rows.flatMap((r) => (r.deptId ? [r.deptId] : [])))];
  const [roles, depts] = await Promise.all([
    ids.length
      ? db
          .select({ userId: sysUserRole.userId, id: sysRole.id, roleName: sysRole.roleName, roleCode: sysRole.roleCode })
          .from(sysUserRole)
          .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
          .where(inArray(sysUserRole.userId, ids))
          .orderBy(sysRole.id)
      : [],
    deptIds.length ? db.select({ id: sysDept.id, name: sysDept.name }).from(sysDept).where(inArray(sysDept.id, deptIds)) : [],
  ]);
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    phone: r.phone,
    avatar: r.avatar,
    deptId: r.deptId,
    deptName: (r.deptId && deptName.get(r.deptId)) ?? null,
    lockFlag: r.lockFlag === '9' ? '9' : '0',
    roles: roles.filter((x) => x.userId === r.id).map(({ id, roleName, roleCode }) => ({ id, roleName, roleCode })),
    createTime: iso(r.createdAt),
  }));
}

/** The department a user is put in exists (400 naming it otherwise). */
export async function checkDept(db: Db, deptId: string | null | undefined) {
  if (deptId && !(await db.select({ id: sysDept.id }).from(sysDept).where(eq(sysDept.id, deptId))).length) throw badRequest(`deptId: 部门 ${deptId} 不存在`);
}

/** The roles given to a user exist (400 naming the missing ones otherwise). */
export async function checkRoles(db: Db, roleIds: string[] | undefined) {
  const unique = [...new Set(roleIds)];
  if (!unique.length) return;
  const found = new Set((await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, unique))).map((f) => f.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`roleIds: 角色 ${missing.join(', ')} 不存在`);
}

/** Replaces a user's roles. */
export async function setRoles(db: Db, userId: string, roleIds: string[]) {
  const unique = [...new Set(roleIds)];
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (unique.length) await db.insert(sysUserRole).values(unique.map((roleId) => ({ userId, roleId })));
}
