import { describe, expect, it } from 'vitest';
import { inArray, like, or } from 'drizzle-orm';
import type { MenuNode } from '@canteen/contract';
import { appSetting } from '../../db/tables.js';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { seedIdentity } from './seed.js';
import { sysMenu, sysRoleMenu } from './tables.js';

const { app, config } = await createTestApp();
const admin = await signIn(app, 'admin');
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const allMenus = async () => flatten((await call('GET', '/upms/menu/all/tree')).json<{ data: MenuNode[] }>().data);
const roleWith = async (roleCode: string, menuIds: string[]) => {
  const roleId = (await call('POST', '/upms/role', { roleName: roleCode, roleCode })).json<{ data: { id: string } }>().data.id;
  await call('PUT', '/upms/role/menu', { roleId, menuIds });
  return roleId;
};
const grantedCodes = async (roleId: string) => {
  const ids = new Set((await call('GET', `/upms/menu/tree/${roleId}`)).json<{ data: string[] }>().data);
  return (await allMenus()).filter((n) => ids.has(n.id)).map((n) => n.permission ?? n.path ?? '').sort();
};

describe('a database seeded before the service floor (seed version 3)', () => {
  it('gets 桌台图, 厨房看板 and 取餐叫号 with their buttons, granted to the roles that hold order:order:index and to no other', async () => {
    const before = await allMenus();
    // Menus by path, with the buttons of those that are screens.
    const ofPaths = (...paths: string[]) => {
      const menus = new Set(before.filter((n) => paths.includes(n.path ?? '')).map((n) => n.id));
      return before.filter((n) => menus.has(n.id) || (n.type === '1' && menus.has(n.parentId))).map((n) => n.id);
    };
    const waiter = await roleWith('ROLE_WAITER', ofPaths('/order', '/order/list'));
    const storeOnly = await roleWith('ROLE_STOREKEEPER', ofPaths('/store', '/store/dish'));

    // As a version-3 database was: no floor menus, seed version 3.
    const floorMenus = before.filter((n) => ['/order/floor', '/order/kitchen', '/order/pickup'].includes(n.path ?? '')).map((n) => n.id);
    expect(floorMenus).toHaveLength(3);
    const db = app.database.db;
    const gone = await db.select({ id: sysMenu.id }).from(sysMenu)
      .where(or(inArray(sysMenu.id, floorMenus), like(sysMenu.permission, 'order:floor:%'), like(sysMenu.permission, 'order:kitchen:%'), like(sysMenu.permission, 'order:pickup:%')));
    await db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, gone.map((g) => g.id)));
    await db.delete(sysMenu).where(inArray(sysMenu.id, gone.map((g) => g.id)));
    await db.insert(appSetting).values({ key: 'identity.seedVersion', value: 3 }).onConflictDoUpdate({ target: appSetting.key, set: { value: 3 } });
    expect(await grantedCodes(waiter)).toEqual(['/order', '/order/list', 'order:order:edit', 'order:order:get', 'order:order:index', 'order:order:refund']);

    await seedIdentity(app.database, config);

    const after = await allMenus();
    const group = after.find((n) => n.path === '/order')!;
    expect(after.filter((n) => n.parentId === group.id).map((n) => [n.name, n.path, n.icon, n.component])).toEqual([
      ['订单列表', '/order/list', 'UnorderedListOutlined', 'views/order/list/index'],
      ['收银台', '/order/cashier', 'ShopOutlined', 'views/order/cashier/index'],
      ['桌台图', '/order/floor', 'LayoutOutlined', 'views/order/floor/index'],
      ['厨房看板', '/order/kitchen', 'FireOutlined', 'views/order/kitchen/index'],
      ['取餐叫号', '/order/pickup', 'SoundOutlined', 'views/order/pickup/index'],
    ]);
    expect(await grantedCodes(waiter)).toEqual([
      '/order', '/order/floor', '/order/kitchen', '/order/list', '/order/pickup',
      'order:floor:clear', 'order:floor:index', 'order:floor:open', 'order:floor:transfer', 'order:floor:void',
      'order:kitchen:edit', 'order:kitchen:index', 'order:order:edit', 'order:order:get', 'order:order:index', 'order:order:refund', 'order:pickup:index',
    ]);
    expect((await grantedCodes(storeOnly)).some((c) => c.startsWith('/order') || c.startsWith('order:'))).toBe(false);
    // The operator role (the seed's own grant) has them too.
    const operatorMenu = (await app.inject({ method: 'GET', url: '/upms/menu', headers: await signIn(app, 'operator') })).json<{ data: MenuNode[] }>().data;
    expect(operatorMenu.find((g) => g.path === '/order')!.children.map((s) => s.path)).toEqual(['/order/list', '/order/cashier', '/order/floor', '/order/kitchen', '/order/pickup']);
  });
});
