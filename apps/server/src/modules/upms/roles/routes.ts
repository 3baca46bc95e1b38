import type { FastifyPluginAsync } from 'fastify';
import { roleEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { defineResource } from '../../../http/resource.js';
import type { UpmsContext } from '../context.js';
import { sysRole, sysUserRole } from '../tables.js';
import { grantMenus, listRoles, roleMenuIds, toRoleRecord } from './service.js';

/** Role management (系统管理 › 角色管理) and the grant of menus and buttons to a role. */
export const roleRoutes: FastifyPluginAsync<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  serve(app, api.list, () => listRoles(db));
  defineResource({
    table: sysRole,
    label: '角色',
    endpoints: api,
    sortable: { id: sysRole.id, role_name: sysRole.roleName, role_code: sysRole.roleCode, create_time: sysRole.createdAt },
    toRecord: toRoleRecord,
    insert: (input) => ({ roleName: input.roleName, roleCode: input.roleCode, roleDesc: input.roleDesc || null }),
    change: (input) => ({ roleName: input.roleName, roleCode: input.roleCode, roleDesc: input.roleDesc || null }),
    unique: { sys_role_code: (code) => `角色编码 ${code} 已存在` },
    referencedBy: [{ column: sysUserRole.roleId, what: '用户', message: (n) => `该角色仍分配给 ${n} 个用户，请先取消分配再删除` }],
    afterWrite: ({ action }) => {
      if (action !== 'create') ctx.changed();
    },
  }).serve(app);
  serve(app, api.menuIds, ({ params }) => roleMenuIds(db, params.roleId));
  serve(app, api.grant, async ({ body }) => {
    await grantMenus(db, body.roleId, body.menuIds);
    ctx.changed();
    return true;
  });
};
