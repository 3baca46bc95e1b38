import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validatePhone } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { ResourcePage } from './ResourcePage';
import type { ResourceDef } from './types';

interface Dish {
  id: string;
  name: string;
  phone?: string;
  status: string;
  price: number;
  createTime: string;
}
interface Dept {
  id: string;
  parentId: string;
  name: string;
  children?: Dept[];
}

let dishes: Dish[] = [];
const depts: Dept[] = [
  { id: '1', parentId: '-1', name: '总部', children: [{ id: '2', parentId: '1', name: '华东门店' }] },
];

function route(req: Received) {
  const { method, path, query, body } = req;
  if (method === 'GET' && path === '/store/dish/page') {
    let rows = dishes.filter((d) => !query.name || d.name.includes(query.name));
    if (query.descs === 'create_time') rows = [...rows].sort((a, b) => b.createTime.localeCompare(a.createTime));
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  if (method === 'POST' && path === '/store/dish') {
    const b = body as Dish;
    if (dishes.some((d) => d.name === b.name)) return failReply(409, '菜品名称已存在');
    dishes.push({ ...b, id: String(dishes.length + 100), createTime: '2026-01-01T00:00:00Z' });
    return okReply(true);
  }
  if (method === 'PUT' && path === '/store/dish') {
    const b = body as Partial<Dish>;
    dishes = dishes.map((d) => (d.id === b.id ? { ...d, ...b } : d));
    return okReply(true);
  }
  if (method === 'DELETE' && path.startsWith('/store/dish/')) {
    const id = path.split('/').pop();
    if (id === '1') return failReply(409, '该菜品已被订单引用，不能删除');
    dishes = dishes.filter((d) => d.id !== id);
    return okReply(true);
  }
  if (method === 'GET' && path === '/upms/dept/tree') return okReply(depts);
  if (method === 'POST' && path === '/upms/dept') return okReply(true);
  return undefined;
}

const statusDict = [
  { value: '0', label: '上架', color: 'green' },
  { value: '1', label: '下架', color: 'red' },
];

const dishDef: ResourceDef<Dish> = {
  base: '/store/dish',
  permissions: { add: 'store:dish:add', edit: 'store:dish:edit', del: 'store:dish:del' },
  columns: [
    { key: 'name', label: '名称' },
    { key: 'status', label: '状态', type: 'tag', dict: statusDict },
    { key: 'price', label: '价格', type: 'money' },
    { key: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  search: [{ name: 'name', label: '名称' }],
  form: [
    { name: 'name', label: '名称', required: true, maxLength: 64 },
    { name: 'phone', label: '电话', validate: validatePhone },
    { name: 'status', label: '状态', type: 'radio', dict: statusDict, defaultValue: '0' },
    { name: 'price', label: '价格', type: 'money', required: true },
  ],
};

const deptDef: ResourceDef<Dept> = {
  base: '/upms/dept',
  mode: 'tree',
  tree: { parentField: 'parentId', addChild: true },
  permissions: { add: 'sys:dept:add' },
  columns: [{ key: 'name', label: '名称' }],
  form: [
    { name: 'parentId', label: '上级', type: 'text' },
    { name: 'name', label: '名称', required: true },
  ],
};

const ALL = ['store:dish:index', 'store:dish:add', 'store:dish:edit', 'store:dish:del', 'sys:dept:add'];
const server = apiServerForFile(route);

beforeEach(() => {
  dishes = Array.from({ length: 12 }, (_, i) => ({
    id: String(i + 1),
    name: `菜品${i + 1}`,
    status: i % 2 === 0 ? '0' : '1',
    price: 1250 + i,
    createTime: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
  }));
  signInWith(ALL);
});

const okButton = () => screen.getByRole('button', { name: /确\s?定$/ });

describe('ResourcePage', () => {
  it('shows the first page with current and size, dictionary tags, money and the total', async () => {
    renderWithApp(<ResourcePage def={dishDef} />);
    expect(await screen.findByText('菜品1')).toBeInTheDocument();
    expect(server.calls('GET', '/store/dish/page')[0]!.query).toMatchObject({ current: '1', size: '10' });
    expect(screen.getAllByText('上架').length).toBeGreaterThan(0);
    expect(screen.getByText('¥12.50')).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.queryByText('菜品11')).not.toBeInTheDocument();
  });

  it('sorts on the server with snake_case column names and pages', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    await user.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(server.calls('GET', '/store/dish/page').at(-1)!.query.ascs).toBe('create_time'));
    await user.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(server.calls('GET', '/store/dish/page').at(-1)!.query.descs).toBe('create_time'));
    expect(await screen.findByText('菜品12')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.calls('GET', '/store/dish/page').at(-1)!.query).toMatchObject({ current: '2', descs: 'create_time' }));
  });

  it('searches with the trimmed filter from page 1, and resets', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    const search = screen.getByTestId('resource-search');
    await user.type(within(search).getByPlaceholderText('请输入名称'), ' 菜品12 ');
    await user.click(within(search).getByRole('button', { name: /搜\s?索/ }));
    await waitFor(() => expect(screen.queryByText('菜品1')).not.toBeInTheDocument());
    expect(screen.getByText('菜品12')).toBeInTheDocument();
    expect(server.calls('GET', '/store/dish/page').at(-1)!.query).toMatchObject({ name: '菜品12', current: '1' });
    await user.click(within(search).getByRole('button', { name: /清\s?空/ }));
    expect(await screen.findByText('菜品1')).toBeInTheDocument();
    expect(server.calls('GET', '/store/dish/page').at(-1)!.query.name).toBeUndefined();
  });

  it('validates the form with the required and contract rules, then creates', async () => {
    const user = userEvent.setup();
    const { findByText } = renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(okButton());
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('名称'), '宫保鸡丁');
    await user.type(within(dialog).getByLabelText('电话'), '1381234');
    await user.click(okButton());
    expect(await within(dialog).findByText('手机号码长度不为11位')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('电话'));
    await user.type(within(dialog).getByLabelText('电话'), '13812345678');
    await user.type(within(dialog).getByLabelText('价格'), '28.5');
    await user.click(okButton());
    await findByText('新增成功');
    expect(server.calls('POST', '/store/dish')[0]!.body).toEqual({ name: '宫保鸡丁', phone: '13812345678', status: '0', price: 2850 });
    await waitFor(() => expect(server.calls('GET', '/store/dish/page').length).toBeGreaterThan(1));
  });

  it('keeps the form open and shows the server message when saving fails', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '菜品1');
    await user.type(within(dialog).getByLabelText('价格'), '1');
    await user.click(okButton());
    await waitFor(() => expect(notified).toContain('菜品名称已存在'));
    expect(within(dialog).getByLabelText('名称')).toHaveValue('菜品1');
  });

  it('asks before closing a form with the user\'s changes (issue 27 #6), and closes one only filled in, or saved, at once', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    const modal = () => screen.getByTestId('resource-form').closest<HTMLElement>('.ant-modal')!;
    const name = () => within(modal()).getByLabelText('名称');
    const cancel = () => user.click(within(modal()).getByRole('button', { name: /取\s?消/ }));
    // Closed: the dialog leaves (jsdom never ends antd's leave animation, so it stays in the page).
    const closed = () => waitFor(() => expect(modal()).toHaveClass('ant-zoom-leave'));
    const opened = () => waitFor(() => expect(modal()).not.toHaveClass('ant-zoom-leave'));
    const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;

    // New, with its defaults filled in by code: 取消 closes it at once.
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    await opened();
    await cancel();
    await closed();
    // A row's values filled in by code are no change either: Escape closes it.
    await user.click(within(screen.getByText('菜品2').closest('tr')!).getByRole('button', { name: /编\s?辑/ }));
    await opened();
    expect(name()).toHaveValue('菜品2');
    await user.click(name());
    await user.keyboard('{Escape}');
    await closed();
    // Typed and deleted again: nothing to lose.
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    await opened();
    await user.type(name(), '宫');
    await user.clear(name());
    await cancel();
    await closed();
    expect(questions()).toBe(0);

    // Typed: Escape asks, 继续编辑 keeps it; 取消 asks again, 放弃修改 closes, nothing sent.
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    await opened();
    await user.type(name(), '宫保鸡丁');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(questions()).toBe(1));
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(modal()).not.toHaveClass('ant-zoom-leave');
    expect(name()).toHaveValue('宫保鸡丁');
    await cancel();
    await waitFor(() => expect(questions()).toBe(2));
    // The newest question (jsdom keeps the one answered with 继续编辑, leaving).
    await user.click(screen.getAllByTestId('discard-confirm').at(-1)!);
    await closed();
    expect(server.calls('POST', '/store/dish')).toHaveLength(0);

    // Typed and saved: it closes without asking.
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    await opened();
    expect(name()).toHaveValue('');
    await user.type(name(), '宫保鸡丁');
    await user.type(within(modal()).getByLabelText('价格'), '28');
    await user.click(okButton());
    await screen.findByText('新增成功');
    await closed();
    expect(questions()).toBe(2);
  });

  it('edits a row with its id', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    const row = screen.getByText('菜品2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('名称')).toHaveValue('菜品2');
    await user.clear(within(dialog).getByLabelText('名称'));
    await user.type(within(dialog).getByLabelText('名称'), '鱼香肉丝');
    await user.click(okButton());
    await screen.findByText('修改成功');
    expect(server.calls('PUT', '/store/dish')[0]!.body).toMatchObject({ id: '2', name: '鱼香肉丝', price: 1251 });
    expect(await screen.findByText('鱼香肉丝')).toBeInTheDocument();
  });

  it('deletes after confirmation and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    await user.click(within(screen.getByText('菜品3').closest('tr')!).getByRole('button', { name: /删\s?除/ }));
    expect(await screen.findByText('是否确认删除该条数据?')).toBeInTheDocument();
    await user.click(okButton());
    await screen.findByText('删除成功');
    expect(server.calls('DELETE', '/store/dish/3')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('菜品3')).not.toBeInTheDocument());

    await user.click(within(screen.getByText('菜品1').closest('tr')!).getByRole('button', { name: /删\s?除/ }));
    await user.click(screen.getAllByRole('button', { name: /确\s?定$/ }).at(-1)!);
    await waitFor(() => expect(notified).toContain('该菜品已被订单引用，不能删除'));
    expect(screen.getByText('菜品1')).toBeInTheDocument();
  });

  it('hides add, edit and delete without their codes (the view code is the page registry’s)', async () => {
    signInWith(['store:dish:index']);
    renderWithApp(<ResourcePage def={dishDef} />);
    await screen.findByText('菜品1');
    expect(screen.queryByRole('button', { name: /新\s?增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s?辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s?除/ })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    dishes = [];
    renderWithApp(<ResourcePage def={dishDef} />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('shows a tree expanded and adds a child with its parent filled in', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourcePage def={deptDef} />);
    expect(await screen.findByText('华东门店')).toBeInTheDocument();
    expect(server.calls('GET', '/upms/dept/tree')[0]!.query.current).toBeUndefined();
    await user.click(within(screen.getByText('华东门店').closest('tr')!).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('上级')).toHaveValue('2');
    await user.type(within(dialog).getByLabelText('名称'), '杭州店');
    await user.click(okButton());
    await screen.findByText('新增成功');
    expect(server.calls('POST', '/upms/dept')[0]!.body).toEqual({ parentId: '2', name: '杭州店' });
  });

  it('flips a switch column through PUT with the id', async () => {
    const user = userEvent.setup();
    const def: ResourceDef<Dish> = {
      ...dishDef,
      columns: [
        { key: 'name', label: '名称' },
        { key: 'status', label: '上架', type: 'switch', switch: { values: ['0', '1'], permission: 'store:dish:edit' } },
      ],
    };
    renderWithApp(<ResourcePage def={def} />);
    await screen.findByText('菜品1');
    const toggle = within(screen.getByText('菜品1').closest('tr')!).getByRole('switch');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await screen.findByText('修改成功');
    expect(server.calls('PUT', '/store/dish')[0]!.body).toEqual({ id: '1', status: '1' });
  });

  it('hands the rows selected across pages to a toolbar action, and offers no checkboxes without the selection code', async () => {
    const user = userEvent.setup();
    const seen: string[][] = [];
    const def: ResourceDef<Dish> = {
      ...dishDef,
      selection: { permission: 'store:dish:edit' },
      toolbar: [{ key: 'pick', label: '批量处理', testId: 'pick', onClick: (ctx) => {
        seen.push(ctx.selected.map((d) => d.id));
        ctx.clearSelection();
      } }],
    };
    const { unmount } = renderWithApp(<ResourcePage def={def} />);
    await screen.findByText('菜品1');
    await user.click(within(screen.getByText('菜品2').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByTitle('2'));
    await user.click(within((await screen.findByText('菜品11')).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByTestId('pick'));
    await user.click(screen.getByTestId('pick'));
    expect(seen).toEqual([['2', '11'], []]);
    unmount();

    signInWith(['store:dish:index']);
    renderWithApp(<ResourcePage def={def} />);
    await screen.findByText('菜品1');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
