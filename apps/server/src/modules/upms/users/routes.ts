import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { userEndpoints } from '@canteen/contract';
import { currentUser } from '../../../http/access.js';
import { badRequest } from '../../../http/errors.js';
import { contains, defineResource } from '../../../http/resource.js';
import { hashPassword } from '../../../util/passwords.js';
import type { UpmsContext } from '../context.js';
import { sysUser } from '../tables.js';
import { checkDept, checkRoles, setRoles, toUserRecords } from './service.js';

/** Users (系统管理 › 用户管理); self-registration creates through it too. Password hashes are never answered. */
export const userResource = (app: FastifyInstance, ctx: UpmsContext) =>
  defineResource({
    table: sysUser,
    label: '用户',
    endpoints: userEndpoints,
    sortable: { id: sysUser.id, username: sysUser.username, create_time: sysUser.createdAt, lock_flag: sysUser.lockFlag },
    filters: (q) => [contains(sysUser.username, q.username), q.deptId ? eq(sysUser.deptId, q.deptId) : undefined, q.lockFlag ? eq(sysUser.lockFlag, q.lockFlag) : undefined],
    toRecords: (rows, { db }) => toUserRecords(db, rows),
    validate: async (body, { db, request, existing }) => {
      if (existing && 'lockFlag' in body && body.lockFlag === '9' && existing.id === currentUser(request).id) throw badRequest('不能锁定自己');
      if (body.deptId !== undefined) await checkDept(db, body.deptId);
      await checkRoles(db, body.roleIds);
    },
    insert: async (input) => ({
      username: input.username, password: await hashPassword(input.password), nickname: input.nickname || null, phone: input.phone || null, deptId: input.deptId || null,
    }),
    // Only what the body names changes; an empty password keeps the current one.
    change: async (input) => ({
      ...(input.nickname !== undefined ? { nickname: input.nickname || null } : {}),
      ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
      ...(input.deptId !== undefined ? { deptId: input.deptId || null } : {}),
      ...(input.lockFlag ? { lockFlag: input.lockFlag } : {}),
      ...(input.password ? { password: await hashPassword(input.password) } : {}),
    }),
    unique: { sys_user_username: (username) => `用户名 ${username} 已存在`, sys_user_phone: (phone) => `手机号 ${phone} 已被其他用户使用` },
    beforeDelete: (user, { request }) => {
      if (user.id === currentUser(request).id) throw badRequest('不能删除自己');
    },
    afterWrite: async ({ action, id, body }, { db }) => {
      if (body?.roleIds) await setRoles(db, id, body.roleIds);
      // A locked user or a reset password ends the user's sessions.
      if (action === 'update' && body && (('lockFlag' in body && body.lockFlag === '9') || body.password)) {
        await app.identity.tokens.revokeUser(id);
        await app.live.revoke({ userIds: [id] });
      }
      ctx.changed();
    },
  });

export const userRoutes: FastifyPluginAsync<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  userResource(app, ctx).serve(app);
};
