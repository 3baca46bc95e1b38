import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema, menuBodySchema, menuFlatSchema, menuNodeSchema } from '../identity.js';

const tag = 'upms:menu';
const index = { permission: 'sys:menu:index' } as const;

/** Menus (系统管理 › 菜单管理), a tree, and the signed-in user's menu tree. */
export const menuEndpoints = {
  mine: endpoint({ method: 'GET', path: '/upms/menu', tag, summary: '当前用户的菜单树', access: { signedIn: true }, data: z.array(menuNodeSchema) }),
  tree: endpoint({ method: 'GET', path: '/upms/menu/tree', tag, summary: '菜单树（不含按钮）', access: index, data: z.array(menuNodeSchema) }),
  allTree: endpoint({ method: 'GET', path: '/upms/menu/all/tree', tag, summary: '菜单树（含按钮）', access: index, data: z.array(menuNodeSchema) }),
  get: endpoint({ method: 'GET', path: '/upms/menu/:id', tag, summary: '菜单详情', access: index, params: idParamsSchema, data: menuFlatSchema }),
  create: endpoint({ method: 'POST', path: '/upms/menu', tag, summary: '新增菜单', access: { permission: 'sys:menu:add' }, body: menuBodySchema, data: menuFlatSchema }),
  update: endpoint({ method: 'PUT', path: '/upms/menu', tag, summary: '修改菜单', access: { permission: 'sys:menu:edit' }, body: menuBodySchema, data: menuFlatSchema }),
  remove: endpoint({ method: 'DELETE', path: '/upms/menu/:id', tag, summary: '删除菜单', access: { permission: 'sys:menu:del' }, params: idParamsSchema, data: z.boolean() }),
};
