import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import { createTestUser, signIn } from '../../../test/auth.js';

const { app } = await createTestApp();
const admin = await signIn(app, 'admin');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
type Role = { id: string; roleCode: string };
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('menus', () => {
  it('gives admin the complete sorted menu tree, without buttons', async () => {
    const tree: MenuNode[] = (await call('GET', '/upms/menu')).json().data;
    expect(tree.map((g) => g.name)).toEqual(['系统管理', '门店管理', '客户管理', '订单管理', '报表统计', '公众号管理']);
    expect(tree[0]!.children.map((s) => s.path)).toEqual(['/admin/user', '/admin/role', '/admin/menu', '/admin/dept', '/admin/client', '/admin/token', '/admin/log']);
    const user = tree[0]!.children[0]!;
    expect(user).toMatchObject({ parentId: tree[0]!.id, label: '用户管理', component: 'views/admin/user/index', keepAlive: '0', type: '0', meta: {} });
    expect(tree[5]!.children.find((s) => s.path === '/wxmp/wxmsg')!.component).toBe('views/wxmp/wxmsg/index');
    expect(flatten(tree).some((n) => n.type === '1')).toBe(false);
    expect(tree[0]!.parentId).toBe('-1');
  });

  it('gives the operator everything but 系统管理', async () => {
    const tree: MenuNode[] = (await call('GET', '/upms/menu', undefined, await signIn(app, 'operator'))).json().data;
    expect(tree.map((g) => g.name)).toEqual(['门店管理', '客户管理', '订单管理', '报表统计', '公众号管理']);
  });

  it('gives a user without roles an empty menu', async () => {
    await createTestUser(app, 'bare');
    expect((await call('GET', '/upms/menu', undefined, await signIn(app, 'bare'))).json().data).toEqual([]);
  });

  it('answers the full tree with buttons, and the menu-only tree', async () => {
    const all = flatten((await call('GET', '/upms/menu/all/tree')).json().data);
    expect(all.find((n) => n.permission === 'wxmp:wxuser:edit:remark')).toMatchObject({ type: '1' });
    expect(all.filter((n) => n.type === '1').length).toBeGreaterThan(100);
    expect(flatten((await call('GET', '/upms/menu/tree')).json().data).every((n) => n.type === '0')).toBe(true);
  });

  it('adds, edits and deletes a menu; refuses to delete one with children (409)', async () => {
    const groups: MenuNode[] = (await call('GET', '/upms/menu/tree')).json().data;
    const store = groups.find((g) => g.path === '/store')!;
    const created = await call('POST', '/upms/menu', { parentId: store.id, name: '库存', path: '/store/stock', component: 'views/store/stock/index', sort: 99 });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const button = await call('POST', '/upms/menu', { parentId: id, name: '库存查看', type: '1', permission: 'store:stock:index' });
    expect(button.statusCode).toBe(200);
    const refused = await call('DELETE', `/upms/menu/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('下级');
    expect((await call('PUT', '/upms/menu', { id, parentId: store.id, name: '库存管理', path: '/store/stock', sort: 1 })).json().data.name).toBe('库存管理');
    expect((await call('PUT', '/upms/menu', { id, parentId: button.json().data.id, name: 'x', path: '/x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/upms/menu/${button.json().data.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/upms/menu/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/upms/menu/${id}`)).statusCode).toBe(404);
  });

  it('keeps a menu\'s visible roles, query and external address, and answers them in every tree', async () => {
    const groups: MenuNode[] = (await call('GET', '/upms/menu/tree')).json().data;
    const store = groups.find((g) => g.path === '/store')!;
    const body = {
      parentId: store.id, name: '外部报表', path: '/store/bi', sort: 98,
      query: { tab: 'daily', store: '1' }, src: 'https://bi.example.com/report', meta: { roles: ['ROLE_ADMIN', 'ROLE_OPERATOR'] },
    };
    const created = await call('POST', '/upms/menu', body);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const stored = { query: body.query, src: body.src, meta: body.meta };
    expect(created.json().data).toMatchObject(stored);
    expect((await call('GET', `/upms/menu/${id}`)).json().data).toMatchObject(stored);
    expect(flatten((await call('GET', '/upms/menu/all/tree')).json().data).find((n) => n.id === id)).toMatchObject(stored);
    // Granted to the admin's role, it is in the signed-in menu with what the web reads.
    const adminRole = (await call('GET', '/upms/role/list')).json<{ data: Role[] }>().data.find((r) => r.roleCode === 'ROLE_ADMIN')!.id;
    const granted: string[] = (await call('GET', `/upms/menu/tree/${adminRole}`)).json().data;
    expect((await call('PUT', '/upms/role/menu', { roleId: adminRole, menuIds: [...granted, id] })).statusCode).toBe(200);
    expect(flatten((await call('GET', '/upms/menu')).json().data).find((n) => n.id === id)).toMatchObject({ label: '外部报表', path: '/store/bi', ...stored });

    // A PUT replaces them: cleared ones are no longer answered.
    const cleared = (await call('PUT', '/upms/menu', { id, parentId: store.id, name: '外部报表', path: '/store/bi', query: null, src: '', meta: { roles: [] } })).json().data;
    expect(cleared).toMatchObject({ meta: {} });
    expect(cleared).not.toHaveProperty('query');
    expect(cleared).not.toHaveProperty('src');
    expect(cleared.meta).not.toHaveProperty('roles');

    const refused = async (change: object, text: string) => {
      const res = await call('PUT', '/upms/menu', { id, parentId: store.id, name: '外部报表', path: '/store/bi', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(text);
    };
    await refused({ src: 'ftp://bi.example.com' }, 'http:// 或 https://');
    await refused({ src: 'javascript:alert(1)' }, 'src');
    await refused({ meta: { roles: ['ROLE_NOBODY'] } }, '角色 ROLE_NOBODY 不存在');
    await refused({ meta: { roles: ['admin'] } }, 'meta.roles');
    await refused({ query: { 'a b': '1' } }, 'query');
    await refused({ query: 'tab=daily' }, 'query');
    expect((await call('DELETE', `/upms/menu/${id}`)).statusCode).toBe(200);
  });

  it('refuses a button without a permission code and a bad parent', async () => {
    const noCode = await call('POST', '/upms/menu', { parentId: '-1', name: '按钮', type: '1' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().msg).toContain('permission');
    expect((await call('POST', '/upms/menu', { parentId: '999999', name: 'x', path: '/x' })).statusCode).toBe(400);
    expect((await call('POST', '/upms/menu', { parentId: '-1', name: 'x', path: '/x', permission: 'Bad Code' })).statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('creates a role, grants it menus and buttons, and the grant becomes the holder\'s permissions', async () => {
    const role = await call('POST', '/upms/role', { roleName: '收银员', roleCode: 'ROLE_CASHIER', roleDesc: '只看订单' });
    expect(role.statusCode).toBe(200);
    const roleId = role.json().data.id;
    const all = flatten((await call('GET', '/upms/menu/all/tree')).json().data);
    const orderIds = all.filter((n) => n.path === '/order' || n.path === '/order/list' || n.permission?.startsWith('order:')).map((n) => n.id);
    expect((await call('PUT', '/upms/role/menu', { roleId, menuIds: orderIds })).json().data).toBe(true);
    expect(((await call('GET', `/upms/menu/tree/${roleId}`)).json().data as string[]).sort()).toEqual([...orderIds].sort());
    await createTestUser(app, 'cashier', ['ROLE_CASHIER']);
    const cashier = await signIn(app, 'cashier');
    const info = (await call('GET', '/upms/user/info', undefined, cashier)).json().data;
    expect(info.permissions).toEqual([
      'order:cashier:index', 'order:cashier:pay', 'order:floor:clear', 'order:floor:index', 'order:floor:open', 'order:floor:transfer', 'order:floor:void',
      'order:kitchen:edit', 'order:kitchen:index', 'order:order:edit', 'order:order:get', 'order:order:index', 'order:order:refund', 'order:pickup:index',
    ]);
    expect((await call('GET', '/upms/menu', undefined, cashier)).json<{ data: MenuNode[] }>().data.map((g) => g.name)).toEqual(['订单管理']);
    expect((await call('PUT', '/upms/role/menu', { roleId, menuIds: ['999999'] })).statusCode).toBe(400);
  });

  it('lists and pages roles; duplicate codes are 409; bad codes are 400', async () => {
    expect((await call('GET', '/upms/role/list')).json<{ data: Role[] }>().data.map((r) => r.roleCode)).toContain('ROLE_ADMIN');
    expect((await call('GET', '/upms/role/page?size=1')).json().data).toMatchObject({ size: 1, current: 1 });
    expect((await call('POST', '/upms/role', { roleName: '重复', roleCode: 'ROLE_ADMIN' })).statusCode).toBe(409);
    const bad = await call('POST', '/upms/role', { roleName: '坏', roleCode: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('roleCode');
  });

  it('edits a role, refuses to delete a role still held (409), deletes a free one', async () => {
    const roleId = (await call('POST', '/upms/role', { roleName: '临时', roleCode: 'ROLE_TEMP' })).json().data.id;
    expect((await call('PUT', '/upms/role', { id: roleId, roleName: '临时工', roleCode: 'ROLE_TEMP' })).json().data.roleName).toBe('临时工');
    const admins = (await call('GET', '/upms/role/list')).json<{ data: Role[] }>().data.find((r) => r.roleCode === 'ROLE_ADMIN')!;
    expect((await call('DELETE', `/upms/role/${admins.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/upms/role/${roleId}`)).statusCode).toBe(200);
    expect((await call('GET', `/upms/role/${roleId}`)).statusCode).toBe(404);
  });
});
