import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoryBodySchema, sortBodySchema, type CategoryRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { renderPage } from '../../../../test/page';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import CategoriesPage from './CategoriesPage';

const category = (id: string, name: string, sort: number, extra: Partial<CategoryRecord> = {}): CategoryRecord => ({
  id, storeId: '1', name, kind: 'dish', sort, enabled: true, itemCount: 0, createTime: '2026-01-01T00:00:00Z', ...extra,
});

let categories: CategoryRecord[] = [];
let stores = [{ id: '1', name: '川味小馆', isOpen: true, openNow: true }];

function route({ method, path, body, query }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply(stores);
  if (method === 'GET' && path === '/store/category/page') {
    if (query.storeId !== '1') return failReply(404, `门店 ${query.storeId} 不存在`);
    const rows = categories.filter((c) => (!query.kind || c.kind === query.kind) && (!query.name || c.name.includes(query.name))).sort((a, b) => a.sort - b.sort);
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  if ((method === 'POST' || method === 'PUT') && path === '/store/category') {
    const parsed = categoryBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    if (categories.some((c) => c.name === parsed.data.name && c.id !== parsed.data.id)) return failReply(409, `分类 ${parsed.data.name} 已存在`);
    if (method === 'POST') {
      const made = category(String(categories.length + 10), parsed.data.name, parsed.data.sort, { kind: parsed.data.kind, enabled: parsed.data.enabled });
      categories.push(made);
      return okReply(made);
    }
    categories = categories.map((c) => (c.id === parsed.data.id ? { ...c, ...parsed.data, id: c.id } : c));
    return okReply(categories.find((c) => c.id === parsed.data.id));
  }
  if (method === 'PUT' && path === '/store/category/sort') {
    const { ids } = sortBodySchema.parse(body);
    categories = categories.map((c) => ({ ...c, sort: ids.indexOf(c.id) }));
    return okReply(true);
  }
  const one = /^\/store\/category\/(\d+)$/.exec(path);
  if (one && method === 'DELETE') {
    const found = categories.find((c) => c.id === one[1])!;
    if (found.itemCount > 0) return failReply(409, `该分类下还有 ${found.itemCount} 个菜品，不能删除`);
    categories = categories.filter((c) => c.id !== one[1]);
    return okReply(true);
  }
  return undefined;
}

const server = apiServerForFile(route);
// By text: role queries compute styles, slow on antd pages in jsdom.
const button = (scope: HTMLElement, text: RegExp) => [...scope.querySelectorAll('button')].filter((b) => text.test(b.textContent?.trim() ?? ''));
const ok = () => button(document.body, /^确\s?定$/).at(-1)!;
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
/** The list has loaded (the table's spinner blocks clicks while it reads). */
const loaded = async (name: string) => {
  // The first page of a file loads cold: give it longer.
  await screen.findByText(name, {}, { timeout: 20_000 });
  await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
};

beforeEach(() => {
  categories = [category('1', '招牌推荐', 0, { itemCount: 6 }), category('2', '凉菜', 1), category('3', '超值套餐', 2, { kind: 'combo' })];
  stores = [{ id: '1', name: '川味小馆', isOpen: true, openNow: true }];
  useCurrentStoreState.setState({ storeId: null });
  signInWith(['store:category:index', 'store:category:add', 'store:category:edit', 'store:category:del']);
});

describe('菜品分类', () => {
  it('is registered behind store:category:index, lists the current store\'s categories, and tells a user without a store to ask for one', async () => {
    const { unmount } = renderPage('views/store/category/index');
    // The page's chunk loads first.
    expect(await screen.findByText('招牌推荐', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(server.calls('GET', '/store/category/page')[0]!.query).toMatchObject({ storeId: '1', ascs: 'sort' });
    expect(within(rowOf('超值套餐')).getByText('套餐', { selector: '.ant-tag' })).toBeInTheDocument();
    unmount();
    stores = [];
    renderWithApp(<CategoriesPage />);
    expect(await screen.findByText('您还没有可管理的门店，请联系管理员为您分配门店')).toBeInTheDocument();
  });

  it('shows its empty state and offers only the buttons the user may use', async () => {
    categories = [];
    signInWith(['store:category:index']);
    renderWithApp(<CategoriesPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('resource-add')).toBeNull();
    expect(screen.queryByTestId('category-reorder')).toBeNull();
  });

  it('adds a category after the required-name message, with the store in the body', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<CategoriesPage />);
    await screen.findByText('招牌推荐');
    await user.click(screen.getByTestId('resource-add'));
    const form = await screen.findByTestId('resource-form');
    await user.click(ok());
    expect(await within(form).findByText('请输入分类名称')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('分类名称'), '凉菜');
    await user.click(within(form).getByText('套餐'));
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('分类 凉菜 已存在'));
    await user.clear(within(form).getByLabelText('分类名称'));
    await user.type(within(form).getByLabelText('分类名称'), '主食');
    await user.click(ok());
    await screen.findByText('新增成功');
    expect(server.calls('POST', '/store/category').at(-1)!.body).toEqual({ storeId: '1', name: '主食', kind: 'combo', sort: 0, enabled: true });
    expect(await screen.findByText('主食')).toBeInTheDocument();
  });

  it('switches a category off with its whole body, and shows the server refusing to delete one with dishes', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<CategoriesPage />);
    await loaded('招牌推荐');
    await user.click(rowOf('凉菜').querySelector('button[role=switch]')!);
    await screen.findByText('修改成功');
    expect(server.calls('PUT', '/store/category')[0]!.body).toEqual({ id: '2', storeId: '1', name: '凉菜', kind: 'dish', sort: 1, enabled: false });

    await user.click(button(rowOf('招牌推荐'), /^删\s?除$/)[0]!);
    expect(await screen.findByText('确定删除该分类吗？分类下还有菜品或套餐时不能删除。')).toBeInTheDocument();
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('该分类下还有 6 个菜品，不能删除'));
    expect(screen.getByText('招牌推荐')).toBeInTheDocument();

    await loaded('凉菜');
    await user.click(button(rowOf('凉菜'), /^删\s?除$/)[0]!);
    await user.click(ok());
    await screen.findByText('分类已删除');
    await waitFor(() => expect(screen.queryByText('凉菜')).toBeNull());
  });

  it('reorders by buttons and by drag, saved through the sort endpoint', async () => {
    const user = userEvent.setup();
    renderWithApp(<CategoriesPage />);
    await loaded('招牌推荐');
    await user.click(screen.getByTestId('category-reorder'));
    const list = await screen.findByTestId('sort-list');
    const order = () => [...list.querySelectorAll('li')].map((li) => li.dataset.testid);
    expect(order()).toEqual(['sort-row-1', 'sort-row-2', 'sort-row-3']);
    await user.click(within(screen.getByTestId('sort-row-3')).getByLabelText('移到最前'));
    expect(order()).toEqual(['sort-row-3', 'sort-row-1', 'sort-row-2']);
    // Drag 凉菜 over 招牌推荐.
    fireEvent.dragStart(screen.getByTestId('sort-row-2'));
    fireEvent.dragOver(screen.getByTestId('sort-row-1'));
    fireEvent.drop(screen.getByTestId('sort-row-2'));
    expect(order()).toEqual(['sort-row-3', 'sort-row-2', 'sort-row-1']);
    await user.click(button(document.body, /^保存顺序$/)[0]!);
    await screen.findByText('分类顺序已保存');
    expect(server.calls('PUT', '/store/category/sort')[0]!.body).toEqual({ storeId: '1', ids: ['3', '2', '1'] });
    await waitFor(() => expect([...document.querySelectorAll('tr.ant-table-row')].map((tr) => tr.querySelector('td')?.textContent)).toEqual(['超值套餐', '凉菜', '招牌推荐']));
  });
});
