import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { menuBodySchema, menuFlatSchema, menuNodeSchema } from '../identity.js';
import { crudEndpoints } from './crud.js';

const tag = 'upms:menu';
const index = { permission: 'sys:menu:index' } as const;
const { get, create, update, remove } = crudEndpoints({ base: '/upms/menu', tag, screen: 'sys:menu', label: '菜单', record: menuFlatSchema, body: menuBodySchema });

/** Menus (系统管理 › 菜单管理): the trees, the signed-in user's menu tree, and one menu's get / create / update / delete. */
export const menuEndpoints = {
  mine: endpoint({ method: 'GET', path: '/upms/menu', tag, summary: '当前用户的菜单树', access: { signedIn: true }, data: z.array(menuNodeSchema) }),
  tree: endpoint({ method: 'GET', path: '/upms/menu/tree', tag, summary: '菜单树（不含按钮）', access: index, data: z.array(menuNodeSchema) }),
  allTree: endpoint({ method: 'GET', path: '/upms/menu/all/tree', tag, summary: '菜单树（含按钮）', access: index, data: z.array(menuNodeSchema) }),
  get, create, update, remove,
};
