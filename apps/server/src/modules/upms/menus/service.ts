import { inArray } from 'drizzle-orm';
import type { MenuFlat, MenuNode } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { sysMenu, sysRole, sysRoleMenu } from '../tables.js';
import { buildTree, descendantsOf } from '../tree.js';

type MenuRow = typeof sysMenu.$inferSelect;

/** A menu row as answered: query, external address and visible roles only when set. */
export const toMenu = (m: MenuRow): MenuFlat => ({
  id: m.id,
  parentId: m.parentId,
  name: m.name,
  label: m.name,
  path: m.path,
  icon: m.icon,
  component: m.component,
  sort: m.sort,
  keepAlive: m.keepAlive === '1' ? '1' : '0',
  type: m.type === '1' ? '1' : '0',
  permission: m.permission,
  ...(m.query && Object.keys(m.query).length ? { query: m.query } : {}),
  ...(m.src ? { src: m.src } : {}),
  meta: m.roles.length ? { roles: m.roles } : {},
});

const tree = (rows: MenuRow[]) => buildTree(rows.map(toMenu)) as MenuNode[];

/** The whole tree: menus only, or menus and buttons. */
export async function menuTree(db: Db, withButtons: boolean): Promise<MenuNode[]> {
  const rows = await db.select().from(sysMenu);
  return tree(withButtons ? rows : rows.filter((m) => m.type === '0'));
}

/**
 * The menu tree of a user with these roles: the menus (no buttons) granted to any of them,
 * with their ancestors so that nothing granted is left without a parent; sorted.
 */
export async function menuTreeForRoles(db: Db, roleIds: string[]): Promise<MenuNode[]> {
  if (!roleIds.length) return [];
  const all = (await db.select().from(sysMenu)).filter((m) => m.type === '0');
  const granted = new Set((await db.selectDistinct({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds))).map((r) => r.id));
  const byId = new Map(all.map((m) => [m.id, m]));
  const shown = new Set<string>();
  for (const id of granted) {
    for (let m = byId.get(id); m && !shown.has(m.id); m = byId.get(m.parentId)) shown.add(m.id);
  }
  return tree(all.filter((m) => shown.has(m.id)));
}

export interface MenuInput {
  parentId: string;
  name: string;
  path?: string | null | undefined;
  icon?: string | null | undefined;
  component?: string | null | undefined;
  sort: number;
  keepAlive: '0' | '1';
  type: '0' | '1';
  permission?: string | null | undefined;
  query?: Record<string, string> | null | undefined;
  src?: string | null | undefined;
  meta: { roles: string[] };
}

/** A menu's own rules: a button has a code, a menu a path, the parent is a menu outside its subtree, the roles exist. */
export async function checkMenu(db: Db, input: MenuInput, id: string | undefined) {
  if (input.type === '1' && !input.permission) throw badRequest('permission: 按钮必须填写权限标识');
  if (input.type === '0' && !input.path) throw badRequest('path: 菜单必须填写菜单路径');
  if (input.parentId !== '-1') {
    const all = await db.select({ id: sysMenu.id, parentId: sysMenu.parentId, type: sysMenu.type }).from(sysMenu);
    const parent = all.find((m) => m.id === input.parentId);
    if (!parent) throw badRequest(`parentId: 上级菜单 ${input.parentId} 不存在`);
    if (parent.type === '1') throw badRequest('parentId: 上级不能是按钮');
    if (id && (input.parentId === id || descendantsOf(all, id).has(input.parentId))) {
      throw badRequest('parentId: 上级菜单不能是自己或自己的下级');
    }
  }
  const roles = [...new Set(input.meta.roles)];
  if (roles.length) {
    const found = new Set((await db.select({ code: sysRole.roleCode }).from(sysRole).where(inArray(sysRole.roleCode, roles))).map((r) => r.code));
    const missing = roles.filter((code) => !found.has(code));
    if (missing.length) throw badRequest(`meta.roles: 角色 ${missing.join(', ')} 不存在`);
  }
}

/** The columns of a menu body (a PUT replaces them all). */
export const menuValues = (input: MenuInput) => ({
  parentId: input.parentId,
  name: input.name,
  path: input.path || null,
  icon: input.icon || null,
  component: input.component || null,
  sort: input.sort,
  keepAlive: input.keepAlive,
  type: input.type,
  permission: input.permission || null,
  query: input.query && Object.keys(input.query).length ? input.query : null,
  src: input.src || null,
  roles: [...new Set(input.meta.roles)],
});
