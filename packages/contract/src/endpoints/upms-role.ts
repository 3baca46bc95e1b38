import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idSchema, roleBodySchema, roleMenuSchema, roleRecordSchema } from '../identity.js';
import { crudEndpoints } from './crud.js';

const tag = 'upms:role';

/** Roles (系统管理 › 角色管理) and the grant of menus and buttons to a role. */
export const roleEndpoints = {
  ...crudEndpoints({ base: '/upms/role', tag, screen: 'sys:role', label: '角色', record: roleRecordSchema, body: roleBodySchema }),
  list: endpoint({ method: 'GET', path: '/upms/role/list', tag, summary: '全部角色', access: { permission: 'sys:role:index' }, data: z.array(roleRecordSchema) }),
  menuIds: endpoint({
    method: 'GET', path: '/upms/menu/tree/:roleId', tag, summary: '角色已授权的菜单', access: { permission: 'sys:role:perm' },
    params: z.object({ roleId: idSchema }), data: z.array(z.string()),
  }),
  grant: endpoint({ method: 'PUT', path: '/upms/role/menu', tag, summary: '角色授权菜单', access: { permission: 'sys:role:perm' }, body: roleMenuSchema, data: z.boolean() }),
};
