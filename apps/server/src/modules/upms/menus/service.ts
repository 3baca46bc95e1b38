import { count, eq, inArray } from 'drizzle-orm';
import type { MenuNode } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { sysMenu, sysRoleMenu } from '../tables.js';
import { buildTree, descendantsOf } from '../tree.js';

type MenuRow = typeof sysMenu.$inferSelect;
type FlatMenu = Omit<MenuNode, 'children'>;

const toNode = (m: MenuRow): FlatMenu => ({
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
  meta: {},
});

const tree = (rows: MenuRow[]) => buildTree(rows.map(toNode)) as MenuNode[];

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

export async function getMenu(db: Db, id: string): Promise<FlatMenu> {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.id, id));
  if (!row) throw notFound(`菜单 ${id} 不存在`);
  return toNode(row);
}

export interface MenuInput {
  id?: string | undefined;
  parentId: string;
  name: string;
  path?: string | null | undefined;
  icon?: string | null | undefined;
  component?: string | null | undefined;
  sort: number;
  keepAlive: '0' | '1';
  type: '0' | '1';
  permission?: string | null | undefined;
}

async function checkMenu(db: Db, input: MenuInput) {
  if (input.type === '1' && !input.permission) throw badRequest('permission: 按钮必须填写权限标识');
  if (input.type === '0' && !input.path) throw badRequest('path: 菜单必须填写菜单路径');
  if (input.parentId !== '-1') {
    const all = await db.select({ id: sysMenu.id, parentId: sysMenu.parentId, type: sysMenu.type }).from(sysMenu);
    const parent = all.find((m) => m.id === input.parentId);
    if (!parent) throw badRequest(`parentId: 上级菜单 ${input.parentId} 不存在`);
    if (parent.type === '1') throw badRequest('parentId: 上级不能是按钮');
    if (input.id && (input.parentId === input.id || descendantsOf(all, input.id).has(input.parentId))) {
      throw badRequest('parentId: 上级菜单不能是自己或自己的下级');
    }
  }
}

const values = (input: MenuInput) => ({
  parentId: input.parentId,
  name: input.name,
  path: input.path || null,
  icon: input.icon || null,
  component: input.component || null,
  sort: input.sort,
  keepAlive: input.keepAlive,
  type: input.type,
  permission: input.permission || null,
});

export async function createMenu(db: Db, input: MenuInput): Promise<string> {
  await checkMenu(db, { ...input, id: undefined });
  return (await db.insert(sysMenu).values(values(input)).returning({ id: sysMenu.id }))[0]!.id;
}

export async function updateMenu(db: Db, input: MenuInput & { id: string }): Promise<void> {
  await getMenu(db, input.id);
  await checkMenu(db, input);
  await db.update(sysMenu).set({ ...values(input), updatedAt: new Date() }).where(eq(sysMenu.id, input.id));
}

/** Deletes a menu or button without children (409 while it has any). */
export async function deleteMenu(db: Db, id: string): Promise<void> {
  await getMenu(db, id);
  const [children] = await db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, id));
  if (children!.n > 0) throw conflict(`该菜单下还有 ${children!.n} 个下级菜单或按钮，请先删除下级`);
  await db.delete(sysMenu).where(eq(sysMenu.id, id));
}
