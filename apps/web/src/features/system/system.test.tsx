import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION_CODES } from '@canteen/contract';
import { failReply, okReply, pageOf, type Received, apiServerForFile } from '../../../test/api-server';
import { renderPage } from '../../../test/page';
import { renderWithApp, signInWith } from '../../../test/render';
import type { MenuRecord, UserRecord } from './api';
import UsersPage from './users/UsersPage';
import RolesPage from './roles/RolesPage';
import MenusPage from './menus/MenusPage';
import LogsPage from './logs/LogsPage';
import { systemPages } from './pages';

let users: UserRecord[] = [];
const roles = [
  { id: '1', roleName: '超级管理员', roleCode: 'ROLE_ADMIN', roleDesc: null, createTime: '2026-01-01T00:00:00Z' },
  { id: '2', roleName: '门店运营', roleCode: 'ROLE_OPERATOR', roleDesc: '门店', createTime: '2026-01-01T00:00:00Z' },
];
/** A menu node as the contract answers it: its label is its name, no roles, no children unless given. */
const node = ({ children = [], ...fields }: Omit<MenuRecord, 'label' | 'meta' | 'children'> & { children?: MenuRecord[] }): MenuRecord => ({
  ...fields, label: fields.name, meta: {}, children,
});
const menus: MenuRecord[] = [
  node({
    id: '10', parentId: '-1', name: '系统管理', path: '/admin', icon: 'SettingOutlined', component: null, sort: 1, keepAlive: '0', type: '0', permission: null,
    children: [
      node({
        id: '11', parentId: '10', name: '用户管理', path: '/admin/user', icon: 'UserOutlined', component: 'views/admin/user/index', sort: 1, keepAlive: '0', type: '0', permission: null,
        children: [
          node({ id: '12', parentId: '11', name: '用户管理查看', path: null, icon: null, component: null, sort: 1, keepAlive: '0', type: '1', permission: 'sys:user:index' }),
          node({ id: '13', parentId: '11', name: '用户管理新增', path: null, icon: null, component: null, sort: 2, keepAlive: '0', type: '1', permission: 'sys:user:add' }),
        ],
      }),
    ],
  }),
  node({ id: '20', parentId: '-1', name: '门店管理', path: '/store', icon: 'ShopOutlined', component: null, sort: 2, keepAlive: '0', type: '0', permission: null }),
];
let grants: Record<string, string[]> = {};

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/upms/user/page') {
    const rows = users.filter((u) => (!query.username || u.username.includes(query.username)) && (!query.deptId || u.deptId === query.deptId));
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  if (method === 'GET' && path === '/upms/dept/tree') {
    return okReply([{ id: '1', parentId: '-1', name: '总部', sort: 0, createTime: '', children: [{ id: '2', parentId: '1', name: '华东', sort: 0, createTime: '', children: [] }] }]);
  }
  if (method === 'GET' && path === '/upms/role/list') return okReply(roles);
  if (method === 'GET' && path === '/upms/role/page') return okReply(pageOf(roles));
  if (method === 'POST' && path === '/upms/user') {
    const b = body as { username: string; roleIds: string[]; deptId: string | null };
    users.push({
      id: String(100 + users.length), username: b.username, nickname: null, avatar: null, phone: null, deptId: b.deptId, deptName: b.deptId ? '华东' : null,
      lockFlag: '0', roles: roles.filter((r) => b.roleIds.includes(r.id)), createTime: '2026-02-01T00:00:00Z',
    });
    return okReply(true);
  }
  if (method === 'PUT' && path === '/upms/user') {
    const b = body as Partial<UserRecord>;
    users = users.map((u) => (u.id === b.id ? { ...u, ...(b.lockFlag ? { lockFlag: b.lockFlag } : {}) } : u));
    return okReply(true);
  }
  if (method === 'DELETE' && path === '/upms/user/1') return failReply(400, '不能删除当前登录用户');
  if (method === 'GET' && path === '/upms/menu/all/tree') return okReply(menus);
  if (method === 'POST' && path === '/upms/menu') return okReply({ ...(body as object), id: '30' });
  if (method === 'GET' && path.startsWith('/upms/menu/tree/')) return okReply(grants[path.split('/').pop()!] ?? []);
  if (method === 'PUT' && path === '/upms/role/menu') {
    const b = body as { roleId: string; menuIds: string[] };
    grants[b.roleId] = b.menuIds;
    return okReply(true);
  }
  if (method === 'GET' && path === '/upms/log/page') {
    return okReply(pageOf([
      { id: '1', type: '9', source: 'server', title: '新增用户', method: 'POST', requestUri: '/upms/user', remoteAddr: '127.0.0.1', createBy: 'admin', time: 12, status: 409, exception: '用户名已存在', createTime: '2026-02-01T00:00:00Z' },
    ]));
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  users = [
    { id: '1', username: 'admin', nickname: '管理员', avatar: null, phone: '13800000000', deptId: '1', deptName: '总部', lockFlag: '0', roles: [roles[0]!], createTime: '2026-01-01T00:00:00Z' },
  ];
  grants = { '2': ['10', '11', '12', '20'] };
  signInWith([...PERMISSION_CODES]);
});

const ok = () => screen.getAllByRole('button', { name: /确\s?定$/ }).at(-1)!;

describe('system pages', () => {
  it('registers every system screen by its component name, lazily', async () => {
    expect(Object.keys(systemPages)).toEqual([
      'views/admin/user/index', 'views/admin/role/index', 'views/admin/menu/index', 'views/admin/dept/index',
      'views/admin/client/index', 'views/admin/token/index', 'views/admin/log/index',
    ]);
    for (const { load } of Object.values(systemPages)) expect(typeof (await load()).default).toBe('function');
    expect(Object.values(systemPages).map((page) => page.permission)).toEqual([
      'sys:user:index', 'sys:role:index', 'sys:menu:index', 'sys:dept:index', 'sys:client:index', 'sys:token:index', 'sys:log:index',
    ]);
  });

  it('creates a user with a role and a department, then locks it', async () => {
    const user = userEvent.setup();
    renderWithApp(<UsersPage />);
    await screen.findByText('管理员');
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('用户名'), 'cashier1');
    await user.type(within(dialog).getByLabelText('密码'), '123');
    await user.click(ok());
    expect(await within(dialog).findByText('密码长度最少为6位')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('密码'));
    await user.type(within(dialog).getByLabelText('密码'), '123456');
    await user.click(ok());
    await waitFor(() => expect([...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain('请选择角色'));
    fireEvent.mouseDown(within(dialog).getByLabelText('角色'));
    await user.click(await screen.findByTitle('门店运营'));
    fireEvent.mouseDown(within(dialog).getByLabelText('所属部门'));
    await waitFor(() => expect(screen.getAllByTitle('华东').length).toBeGreaterThan(1));
    await user.click(screen.getAllByTitle('华东').at(-1)!);
    await user.click(ok());
    await screen.findByText('新增成功');
    expect(server.calls('POST', '/upms/user')[0]!.body).toEqual({ username: 'cashier1', password: '123456', nickname: null, phone: '', deptId: '2', roleIds: ['2'] });
    const row = (await screen.findByText('cashier1')).closest('tr')!;
    expect(within(row).getByText('门店运营')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /锁\s?定/ }));
    await screen.findByText('确定锁定该用户吗?');
    await user.click(ok());
    await screen.findByText('操作成功');
    expect(server.calls('PUT', '/upms/user')[0]!.body).toEqual({ id: '101', lockFlag: '9' });
    await waitFor(() => expect(within(screen.getByText('cashier1').closest('tr')!).getByText('锁定')).toBeInTheDocument());
  });

  it('filters by department and shows the server refusing to delete oneself', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<UsersPage />);
    await screen.findByText('管理员');
    await user.click(await within(screen.getByTestId('dept-filter')).findByText('华东'));
    await waitFor(() => expect(server.calls('GET', '/upms/user/page').at(-1)!.query.deptId).toBe('2'));
    await user.click(within(screen.getByTestId('dept-filter')).getByText('全部部门'));
    await screen.findByText('管理员');
    await user.click(within(screen.getByText('管理员').closest('tr')!).getByRole('button', { name: /删\s?除/ }));
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('不能删除当前登录用户'));
  });

  it('resets a password with the contract rule', async () => {
    const user = userEvent.setup();
    renderWithApp(<UsersPage />);
    await screen.findByText('管理员');
    await user.click(within(screen.getByText('管理员').closest('tr')!).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('新密码'), 'newpass1');
    await user.click(ok());
    await screen.findByText('密码已重置');
    expect(server.calls('PUT', '/upms/user')[0]!.body).toEqual({ id: '1', password: 'newpass1' });
  });

  it('grants a role a button from the full menu tree, checked from its current grant', async () => {
    const user = userEvent.setup();
    renderWithApp(<RolesPage />);
    await user.click(within((await screen.findByText('门店运营')).closest('tr')!).getByRole('button', { name: /分配权限/ }));
    const tree = await screen.findByTestId('permission-tree');
    const checkbox = (name: string) => within(tree).getByText(name).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkbox('用户管理查看')).toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('用户管理新增')).not.toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('用户管理')).toHaveClass('ant-tree-checkbox-indeterminate');
    expect(checkbox('门店管理')).toHaveClass('ant-tree-checkbox-checked');
    await user.click(checkbox('用户管理新增'));
    await user.click(screen.getByRole('button', { name: /确\s?定$/ }));
    await screen.findByText('权限已保存');
    expect([...(server.calls('PUT', '/upms/role/menu')[0]!.body as { menuIds: string[] }).menuIds].sort()).toEqual(['10', '11', '12', '13', '20']);
  });

  it('shows the menu tree collapsed to its top level (fewer rows to show again in a kept-alive tab), expanding on demand', async () => {
    const user = userEvent.setup();
    renderWithApp(<MenusPage />);
    const groups = (await screen.findByText('系统管理')).closest('tr')!;
    expect(screen.getByText('门店管理')).toBeInTheDocument();
    expect(screen.queryByText('用户管理')).toBeNull();
    expect(document.querySelectorAll('tr.ant-table-row')).toHaveLength(2);
    await user.click(within(groups).getByRole('button', { name: /expand|展开/i }));
    const screenRow = (await screen.findByText('用户管理')).closest('tr')!;
    expect(screen.queryByText('用户管理新增')).toBeNull();
    await user.click(within(screenRow).getByRole('button', { name: /expand|展开/i }));
    expect(await screen.findByText('sys:user:add')).toBeInTheDocument();
    // Reloaded (e.g. after a save), what was expanded stays so; 折叠全部 / 展开全部 act on the whole tree.
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(server.calls('GET', '/upms/menu/all/tree').length).toBeGreaterThan(1));
    expect(screen.getByText('sys:user:add')).toBeInTheDocument();
    await user.click(screen.getByTestId('resource-expand-all'));
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());
    expect(screen.getByTestId('resource-expand-all')).toHaveTextContent('展开全部');
    await user.click(screen.getByTestId('resource-expand-all'));
    expect(await screen.findByText('sys:user:add')).toBeInTheDocument();
  });

  it('shows the menu tree with icons, types and permissions, and hides it without sys:menu:index', async () => {
    const { unmount } = renderWithApp(<MenusPage />);
    await screen.findByText('系统管理');
    await userEvent.click(screen.getByTestId('resource-expand-all'));
    expect(await screen.findByText('用户管理新增')).toBeInTheDocument();
    expect(screen.getByText('sys:user:add')).toBeInTheDocument();
    expect(screen.getAllByText('按钮').length).toBeGreaterThan(0);
    expect(document.querySelector('.anticon-setting')).not.toBeNull();
    unmount();
    signInWith(['sys:user:index']);
    renderPage('views/admin/menu/index');
    expect(screen.getByText('抱歉，您无权访问此页面')).toBeInTheDocument();
  });

  it('sets a menu\'s external address, query and visible roles, with the URL and query rules', async () => {
    const user = userEvent.setup();
    renderWithApp(<MenusPage />);
    await screen.findByText('系统管理');
    await user.click(screen.getAllByRole('button', { name: /新\s?增$/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '外部报表');
    await user.type(within(dialog).getByLabelText('路由地址'), '/bi');
    await user.type(within(dialog).getByLabelText('外部地址'), 'ftp://bi.example.com');
    await user.type(within(dialog).getByLabelText('路由参数'), 'tab');
    await user.click(ok());
    expect(await within(dialog).findByText('请输入以 http:// 或 https:// 开头的地址')).toBeInTheDocument();
    expect(await within(dialog).findByText('路由参数须为 key=value（以 & 或换行分隔）或 JSON 对象')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('外部地址'));
    await user.type(within(dialog).getByLabelText('外部地址'), 'https://bi.example.com/report');
    await user.clear(within(dialog).getByLabelText('路由参数'));
    await user.type(within(dialog).getByLabelText('路由参数'), 'tab=daily&store=1');
    fireEvent.mouseDown(within(dialog).getByLabelText('可见角色'));
    await user.click(await screen.findByTitle('门店运营'));
    await user.click(ok());
    await screen.findByText('新增成功');
    expect(server.calls('POST', '/upms/menu')[0]!.body).toMatchObject({
      name: '外部报表', path: '/bi', src: 'https://bi.example.com/report', query: { tab: 'daily', store: '1' }, meta: { roles: ['ROLE_OPERATOR'] },
    });
  });

  it('lists logs newest first and shows the exception text', async () => {
    const user = userEvent.setup();
    renderWithApp(<LogsPage />);
    const row = (await screen.findByText('新增用户')).closest('tr')!;
    expect(server.calls('GET', '/upms/log/page')[0]!.query.descs).toBe('create_time');
    await user.click(within(row).getByRole('button', { name: /expand|展开/i }));
    expect(await screen.findByText('用户名已存在')).toBeInTheDocument();
  });
});
