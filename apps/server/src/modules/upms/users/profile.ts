import { eq } from 'drizzle-orm';
import type { SysUser } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound, unauthorized } from '../../../http/errors.js';
import { hashPassword, verifyPassword } from '../../../util/passwords.js';
import { sysDept, sysUser } from '../tables.js';

export async function profileOf(db: Db, userId: string): Promise<SysUser> {
  const [row] = await db
    .select({ id: sysUser.id, username: sysUser.username, nickname: sysUser.nickname, avatar: sysUser.avatar, phone: sysUser.phone, deptId: sysUser.deptId, deptName: sysDept.name })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.id, sysUser.deptId))
    .where(eq(sysUser.id, userId));
  if (!row) throw unauthorized();
  return row;
}

export interface ProfileChange {
  nickname?: string | null | undefined;
  phone?: string | null | undefined;
  avatar?: string | null | undefined;
  password?: string | undefined;
  newpassword1?: string | undefined;
}

/** Own profile edit; a new password needs the current one. Answers whether the password changed. */
export async function editProfile(db: Db, userId: string, input: ProfileChange): Promise<{ passwordChanged: boolean }> {
  const [user] = await db.select({ password: sysUser.password, mustChange: sysUser.passwordMustChange }).from(sysUser).where(eq(sysUser.id, userId));
  if (!user) throw notFound('用户不存在');
  const change: Partial<typeof sysUser.$inferInsert> = { updatedAt: new Date() };
  if (input.nickname !== undefined) change.nickname = input.nickname || null;
  if (input.phone !== undefined) change.phone = input.phone || null;
  if (input.avatar !== undefined) {
    if (input.avatar && !/^(\/media\/|https?:\/\/)/.test(input.avatar)) throw badRequest('avatar: 头像须为 /media/ 下的地址或 http(s) 地址');
    change.avatar = input.avatar || null;
  }
  if (input.newpassword1) {
    if (!input.password) throw badRequest('password: 修改密码需要填写原密码');
    if (!(await verifyPassword(user.password, input.password))) throw badRequest('password: 原密码不正确');
    if (user.mustChange && input.newpassword1 === input.password) throw badRequest('newpassword1: 新密码不能与初始密码相同');
    change.password = await hashPassword(input.newpassword1);
    change.passwordMustChange = false;
  }
  // A phone already in use fails on sys_user_phone, whose message the user resource declares.
  await db.update(sysUser).set(change).where(eq(sysUser.id, userId));
  return { passwordChanged: Boolean(change.password) };
}
