import { and, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PageQuery, UserRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { hashPassword } from '../../auth/passwords.js';
import { uniquely } from '../db-errors.js';
import { sysDept, sysRole, sysUser, sysUserRole } from '../tables.js';
import { iso } from '../tree.js';

const columns = {
  id: sysUser.id,
  username: sysUser.username,
  nickname: sysUser.nickname,
  phone: sysUser.phone,
  avatar: sysUser.avatar,
  deptId: sysUser.deptId,
  deptName: sysDept.name,
  lockFlag: sysUser.lockFlag,
  createdAt: sysUser.createdAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null } & { id: string; username: string; lockFlag: string; createdAt: Date };

const selectUsers = (db: Db) => db.select(columns).from(sysUser).leftJoin(sysDept, eq(sysDept.id, sysUser.deptId));

/** Users as the list answers them: with department name and roles. */
async function toRecords(db: Db, rows: Row[]): Promise<UserRecord[]> {
  const ids = rows.map((r) => r.id);
  const roles = ids.length
    ? await db
        .select({ userId: sysUserRole.userId, id: sysRole.id, roleName: sysRole.roleName, roleCode: sysRole.roleCode })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(inArray(sysUserRole.userId, ids))
        .orderBy(sysRole.id)
    : [];
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    phone: r.phone,
    avatar: r.avatar,
    deptId: r.deptId,
    deptName: r.deptName,
    lockFlag: r.lockFlag === '9' ? '9' : '0',
    roles: roles.filter((x) => x.userId === r.id).map(({ id, roleName, roleCode }) => ({ id, roleName, roleCode })),
    createTime: iso(r.createdAt),
  }));
}

export interface UserFilter {
  username?: string | undefined;
  deptId?: string | undefined;
  lockFlag?: '0' | '9' | undefined;
}

export async function pageUsers(db: Db, query: PageQuery & UserFilter) {
  const filters: SQL[] = [];
  if (query.username) filters.push(ilike(sysUser.username, `%${query.username.replace(/[\\%_]/g, '\\$&')}%`));
  if (query.deptId) filters.push(eq(sysUser.deptId, query.deptId));
  if (query.lockFlag) filters.push(eq(sysUser.lockFlag, query.lockFlag));
  const where = filters.length ? and(...filters) : undefined;
  const page = await paginate(query, { id: sysUser.id, username: sysUser.username, create_time: sysUser.createdAt, lock_flag: sysUser.lockFlag }, {
    count: async () => (await db.select({ n: count() }).from(sysUser).where(where))[0]!.n,
    rows: ({ order, limit, offset }) => selectUsers(db).where(where).orderBy(...order).limit(limit).offset(offset),
  }, [sql`${sysUser.id} asc`]);
  return { ...page, records: await toRecords(db, page.records) };
}

export async function getUser(db: Db, id: string): Promise<UserRecord> {
  const rows = await selectUsers(db).where(eq(sysUser.id, id));
  if (!rows.length) throw notFound(`用户 ${id} 不存在`);
  return (await toRecords(db, rows))[0]!;
}

async function checkDept(db: Db, deptId: string | null | undefined) {
  if (deptId && !(await db.select({ id: sysDept.id }).from(sysDept).where(eq(sysDept.id, deptId))).length) throw badRequest(`deptId: 部门 ${deptId} 不存在`);
}

async function checkRoles(db: Db, roleIds: string[]) {
  const unique = [...new Set(roleIds)];
  if (!unique.length) return unique;
  const found = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`roleIds: 角色 ${missing.join(', ')} 不存在`);
  return unique;
}

async function checkPhone(db: Db, phone: string | null, exceptId?: string) {
  if (!phone) return;
  const where = exceptId ? and(eq(sysUser.phone, phone), ne(sysUser.id, exceptId)) : eq(sysUser.phone, phone);
  if ((await db.select({ id: sysUser.id }).from(sysUser).where(where)).length) throw conflict(`手机号 ${phone} 已被其他用户使用`);
}

const setRoles = async (db: Db, userId: string, roleIds: string[]) => {
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
};

export interface NewUser {
  username: string;
  password: string;
  nickname?: string | null | undefined;
  phone?: string | null | undefined;
  deptId?: string | null | undefined;
  roleIds: string[];
}

export async function createUser(db: Db, input: NewUser): Promise<string> {
  if ((await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, input.username))).length) throw conflict(`用户名 ${input.username} 已存在`);
  const phone = input.phone || null;
  await checkPhone(db, phone);
  await checkDept(db, input.deptId);
  const roleIds = await checkRoles(db, input.roleIds);
  const password = await hashPassword(input.password);
  const [user] = await uniquely(
    () => db.insert(sysUser).values({ username: input.username, password, nickname: input.nickname || null, phone, deptId: input.deptId || null }).returning({ id: sysUser.id }),
    `用户名 ${input.username} 或手机号已存在`,
  );
  await setRoles(db, user!.id, roleIds);
  return user!.id;
}

export interface UserChange {
  id: string;
  nickname?: string | null | undefined;
  phone?: string | null | undefined;
  deptId?: string | null | undefined;
  roleIds?: string[] | undefined;
  lockFlag?: '0' | '9' | undefined;
  password?: string | undefined;
}

/** Applies an administrator's change; answers whether the user's sessions must end (locked or password reset). */
export async function updateUser(db: Db, input: UserChange, actorId: string): Promise<{ endSessions: boolean }> {
  const [existing] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, input.id));
  if (!existing) throw notFound(`用户 ${input.id} 不存在`);
  if (input.id === actorId && input.lockFlag === '9') throw badRequest('不能锁定自己');
  const change: Partial<typeof sysUser.$inferInsert> = { updatedAt: new Date() };
  if (input.nickname !== undefined) change.nickname = input.nickname || null;
  if (input.phone !== undefined) {
    change.phone = input.phone || null;
    await checkPhone(db, change.phone, input.id);
  }
  if (input.deptId !== undefined) {
    await checkDept(db, input.deptId);
    change.deptId = input.deptId || null;
  }
  if (input.lockFlag) change.lockFlag = input.lockFlag;
  if (input.password) change.password = await hashPassword(input.password);
  const roleIds = input.roleIds && (await checkRoles(db, input.roleIds));
  await uniquely(() => db.update(sysUser).set(change).where(eq(sysUser.id, input.id)), '手机号已被其他用户使用');
  if (roleIds) await setRoles(db, input.id, roleIds);
  return { endSessions: input.lockFlag === '9' || Boolean(input.password) };
}

export async function deleteUser(db: Db, id: string, actorId: string): Promise<void> {
  if (id === actorId) throw badRequest('不能删除自己');
  const deleted = await db.delete(sysUser).where(eq(sysUser.id, id)).returning({ id: sysUser.id });
  if (!deleted.length) throw notFound(`用户 ${id} 不存在`);
}
