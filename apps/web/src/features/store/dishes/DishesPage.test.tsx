import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dishBatchSchema, dishBodySchema, sortBodySchema, type CategoryRecord, type DishRecord, type SpecGroupRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { mergeOrder } from './DishesPage';
import { toDishBody, toDishForm } from './form';

const STORE = '1';
const at = '2025-01-01T00:00:00.000Z';
const category = (id: string, name: string, kind: CategoryRecord['kind'] = 'dish'): CategoryRecord => ({ id, storeId: STORE, name, kind, sort: Number(id), enabled: true, itemCount: 0, createTime: at });
const categories = [category('11', '热菜'), category('12', '凉菜'), category('13', '超值套餐', 'combo')];
const specs: SpecGroupRecord[] = [
  { id: '21', storeId: STORE, name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, sort: 0, dishCount: 0, createTime: at, options: [{ id: '211', name: '微辣', priceDelta: 0, isDefault: true, enabled: true, sort: 0 }] },
  { id: '22', storeId: STORE, name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 2, sort: 1, dishCount: 0, createTime: at, options: [{ id: '221', name: '加蛋', priceDelta: 200, isDefault: false, enabled: true, sort: 0 }] },
];

let nextId = 100;
const dish = (id: string, name: string, fields: Partial<DishRecord> = {}): DishRecord => ({
  id, storeId: STORE, categoryId: '11', categoryName: '热菜', name, images: [], description: '', unit: '份', price: 2800, memberPrice: null, isWeighed: false,
  stockMode: 'unlimited', stock: null, dailyStock: null, soldOut: false, onShelf: true, tags: [], sort: 0, packingFee: 0, orderTypes: ['dine_in', 'takeaway'],
  skus: [], specGroupIds: [], createTime: at, updateTime: at, ...fields,
});
let dishes: DishRecord[] = [];
let stores = [{ id: STORE, name: '川味小馆', isOpen: true, openNow: true }];

function fromBody(body: ReturnType<typeof dishBodySchema.parse>, id: string): DishRecord {
  const cat = categories.find((c) => c.id === body.categoryId)!;
  return dish(id, body.name, {
    ...body, id, categoryName: cat.name, memberPrice: body.memberPrice ?? null, stock: body.stock ?? null, dailyStock: body.dailyStock ?? null,
    skus: body.skus.map((s, i) => ({ ...s, id: s.id ?? String(nextId++ + i), memberPrice: s.memberPrice ?? null, stock: s.stock ?? null, dailyStock: s.dailyStock ?? null })),
  });
}

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply(stores);
  if (method === 'GET' && path === '/store/category/page') return okReply(pageOf(categories.filter((c) => !query.kind || c.kind === query.kind), 1, 1000));
  if (method === 'GET' && path === '/store/spec/page') return okReply(pageOf(specs, 1, 1000));
  if (method === 'GET' && path === '/store/dish/page') {
    const found = dishes
      .filter((d) => (!query.categoryId || d.categoryId === query.categoryId) && (!query.name || d.name.includes(query.name)))
      .filter((d) => (query.onShelf === undefined || String(d.onShelf) === query.onShelf) && (query.soldOut === undefined || String(d.soldOut) === query.soldOut))
      .sort((a, b) => a.categoryId.localeCompare(b.categoryId) || a.sort - b.sort);
    return okReply(pageOf(found, Number(query.current), Number(query.size)));
  }
  if (method === 'POST' && path === '/store/dish') {
    const parsed = dishBodySchema.parse(body);
    const created = fromBody(parsed, String(nextId++));
    dishes.push(created);
    return okReply(created);
  }
  if (method === 'PUT' && path === '/store/dish') {
    const parsed = dishBodySchema.parse(body);
    const updated = fromBody(parsed, parsed.id!);
    dishes = dishes.map((d) => (d.id === parsed.id ? updated : d));
    return okReply(updated);
  }
  if (method === 'PUT' && path === '/store/dish/batch') {
    const b = dishBatchSchema.parse(body);
    dishes = dishes.map((d) => {
      if (!b.ids.includes(d.id)) return d;
      if (b.action === 'move') return { ...d, categoryId: b.categoryId, categoryName: categories.find((c) => c.id === b.categoryId)!.name };
      return { ...d, ...({ onShelf: { onShelf: true }, offShelf: { onShelf: false }, soldOut: { soldOut: true }, available: { soldOut: false } } as const)[b.action] };
    });
    return okReply({ updated: b.ids.length });
  }
  if (method === 'PUT' && path === '/store/dish/sort') {
    const b = sortBodySchema.parse(body);
    dishes = dishes.map((d) => (b.ids.includes(d.id) ? { ...d, sort: b.ids.indexOf(d.id) } : d));
    return okReply(true);
  }
  if (method === 'DELETE' && path.startsWith('/store/dish/')) {
    const id = path.split('/').at(-1)!;
    if (id === '3') return failReply(409, '该菜品在 2 个套餐中使用，不能删除');
    dishes = dishes.filter((d) => d.id !== id);
    return okReply(true);
  }
  if (method === 'POST' && path === '/store/dish/image') return okReply({ key: 'dish/2025/abc.png', url: '/media/dish/2025/abc.png' });
  return undefined;
}

const server = apiServerForFile(route);
const ALL = ['store:dish:index', 'store:dish:add', 'store:dish:edit', 'store:dish:del'];

beforeEach(() => {
  nextId = 100;
  stores = [{ id: STORE, name: '川味小馆', isOpen: true, openNow: true }];
  dishes = [
    dish('1', '水煮牛肉', { tags: ['招牌', '辣'], price: 5800, memberPrice: 5200, sort: 0 }),
    dish('2', '回锅肉', { sort: 1, stockMode: 'total', stock: 12 }),
    dish('3', '宫保鸡丁', { sort: 2, soldOut: true, stockMode: 'daily', dailyStock: 30, stock: 8 }),
    dish('4', '拍黄瓜', { categoryId: '12', categoryName: '凉菜', price: 1200, sort: 0 }),
    dish('5', '奶茶', { categoryId: '12', categoryName: '凉菜', price: 1200, sort: 1, skus: [
      { id: '51', name: '中杯', price: 1200, memberPrice: null, stock: null, dailyStock: null, soldOut: false, sort: 0 },
      { id: '52', name: '大杯', price: 1500, memberPrice: null, stock: null, dailyStock: null, soldOut: false, sort: 1 },
    ] }),
  ];
  signInWith(ALL);
});

const open = async () => {
  const result = renderPage('views/store/dish/index');
  // The first page of a file loads its chunks cold: give it longer.
  await screen.findByText('水煮牛肉', undefined, { timeout: 60_000 });
  return result;
};
const row = (name: string) => screen.getByText(name).closest('tr')!;
const lastDialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;
const drawer = () => screen.getByTestId('dish-form');
async function choose(select: HTMLElement, title: string) {
  const control = select.classList.contains('ant-select') ? select : (select.querySelector<HTMLElement>('.ant-select') ?? select);
  const option = await waitFor(() => {
    // Open (again, if a re-render closed it) until its choices show, in its own dropdown.
    if (!control.classList.contains('ant-select-open')) fireEvent.mouseDown(control);
    const listbox = control.querySelector('[role=combobox]')?.getAttribute('aria-controls');
    const dropdown = listbox ? document.getElementById(listbox)?.closest('.ant-select-dropdown') : undefined;
    const found = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((o) => o.getAttribute('title') === title);
    expect(found, `option ${title}`).toBeDefined();
    return found!;
  }, { timeout: 15_000 });
  fireEvent.click(option);
}

describe('mergeOrder', () => {
  it('puts the shown dishes in their new order into the places they held in the whole category', () => {
    expect(mergeOrder(['a', 'b', 'c', 'd', 'e'], ['d', 'b'])).toEqual(['a', 'd', 'c', 'b', 'e']);
    expect(mergeOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
  });
});

describe('dish form values', () => {
  it('converts yuan to fen once, lists a dish with sizes at its cheapest size, and sends the stock fields its mode uses', () => {
    const form = toDishForm(dishes[4]!);
    expect(form.skus.map((s) => s.price)).toEqual([12, 15]);
    const body = toDishBody(STORE, { ...form, skus: [{ ...form.skus[0]!, price: 19.9, memberPrice: 17.5 }, { ...form.skus[1]!, price: 12.34 }] }, '5');
    expect(body).toMatchObject({ id: '5', price: 1234, memberPrice: null, stock: null, dailyStock: null });
    expect(body.skus!.map((s) => [s.id, s.price, s.memberPrice, s.sort])).toEqual([['51', 1990, 1750, 0], ['52', 1234, null, 1]]);
    const daily = toDishBody(STORE, { ...toDishForm(dishes[2]!), stock: null });
    expect(daily).toMatchObject({ stockMode: 'daily', dailyStock: 30, stock: null, price: 2800 });
    expect(dishBodySchema.safeParse(daily).success).toBe(true);
  });
});

describe('DishesPage (菜品)', () => {
  it('lists the dishes with cover, tags, prices from fen, stock and switches', async () => {
    await open();
    expect(server.calls('GET', '/store/dish/page')[0]!.query).toMatchObject({ storeId: STORE, current: '1', size: '20' });
    expect(row('水煮牛肉')).toHaveTextContent('¥58.00');
    expect(row('水煮牛肉')).toHaveTextContent('¥52.00');
    expect(within(row('水煮牛肉')).getByText('招牌')).toBeInTheDocument();
    expect(row('回锅肉')).toHaveTextContent('剩余 12');
    expect(row('宫保鸡丁')).toHaveTextContent('每日 30 · 今日剩余 8');
    expect(row('奶茶')).toHaveTextContent('¥12.00 起');
    expect(row('奶茶')).toHaveTextContent('2 个规格');
    expect(screen.getByTestId('dish-sold-out-3')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('共 5 个菜品')).toBeInTheDocument();
  });

  it('filters by category, shelf, sold-out and name', async () => {
    await open();
    await choose(screen.getByTestId('dish-filter-category'), '凉菜');
    await waitFor(() => expect(screen.queryByText('水煮牛肉')).toBeNull());
    expect(server.calls('GET', '/store/dish/page').at(-1)!.query).toMatchObject({ categoryId: '12' });
    await choose(screen.getByTestId('dish-filter-sold-out'), '未估清');
    await waitFor(() => expect(server.calls('GET', '/store/dish/page').at(-1)!.query).toMatchObject({ categoryId: '12', soldOut: 'false' }));
    await userEvent.type(within(screen.getByTestId('dish-filters')).getByRole('searchbox'), '奶{Enter}');
    await waitFor(() => expect(screen.queryByText('拍黄瓜')).toBeNull());
    expect(server.calls('GET', '/store/dish/page').at(-1)!.query).toMatchObject({ categoryId: '12', soldOut: 'false', name: '奶' });
    await userEvent.type(within(screen.getByTestId('dish-filters')).getByRole('searchbox'), '昔{Enter}');
    expect(await screen.findByText('没有符合条件的菜品')).toBeInTheDocument();
  });

  it('flips the shelf and sold-out switches of one dish through the batch endpoint', async () => {
    await open();
    await userEvent.click(screen.getByTestId('dish-sold-out-1'));
    await waitFor(() => expect(server.calls('PUT', '/store/dish/batch')).toHaveLength(1));
    expect(server.calls('PUT', '/store/dish/batch')[0]!.body).toEqual({ storeId: STORE, ids: ['1'], action: 'soldOut' });
    expect(await screen.findByText('「水煮牛肉」已估清')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dish-sold-out-1')).toHaveAttribute('aria-checked', 'true'));

    await userEvent.click(screen.getByTestId('dish-shelf-2'));
    await waitFor(() => expect(server.calls('PUT', '/store/dish/batch')).toHaveLength(2));
    expect(server.calls('PUT', '/store/dish/batch')[1]!.body).toEqual({ storeId: STORE, ids: ['2'], action: 'offShelf' });
    await waitFor(() => expect(screen.getByTestId('dish-shelf-2')).toHaveAttribute('aria-checked', 'false'));
  });

  it('runs batch actions on the chosen dishes, asking before taking them off the shelf', async () => {
    await open();
    await userEvent.click(within(row('水煮牛肉')).getByRole('checkbox'));
    await userEvent.click(within(row('回锅肉')).getByRole('checkbox'));
    expect(screen.getByTestId('dish-batch')).toHaveTextContent('已选 2 个菜品');

    await userEvent.click(screen.getByTestId('dish-batch-off-shelf'));
    const confirm = await lastDialog();
    expect(confirm).toHaveTextContent('确定将选中的 2 个菜品下架吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('PUT', '/store/dish/batch')).toHaveLength(1));
    expect(server.calls('PUT', '/store/dish/batch')[0]!.body).toEqual({ storeId: STORE, ids: ['1', '2'], action: 'offShelf' });
    expect(await screen.findByText('已更新 2 个菜品')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('dish-batch')).toBeNull());

    await userEvent.click(within(row('宫保鸡丁')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('dish-batch-move'));
    const move = await lastDialog();
    await choose(within(move).getByTestId('dish-move-category'), '凉菜');
    await userEvent.click(within(move).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('PUT', '/store/dish/batch')).toHaveLength(2));
    expect(server.calls('PUT', '/store/dish/batch')[1]!.body).toEqual({ storeId: STORE, ids: ['3'], action: 'move', categoryId: '12' });
    await waitFor(() => expect(row('宫保鸡丁')).toHaveTextContent('凉菜'));
  });

  it('deletes after confirmation, and shows the server’s refusal for a dish in a combo', async () => {
    const { notified } = await open();
    await userEvent.click(screen.getByTestId('dish-delete-3'));
    expect(await screen.findByText('确定删除菜品「宫保鸡丁」吗？删除后顾客将看不到它，已有订单不受影响。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(notified).toContain('该菜品在 2 个套餐中使用，不能删除'));
    expect(screen.getByText('宫保鸡丁')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('dish-delete-2'));
    await userEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(screen.queryByText('回锅肉')).toBeNull());
    expect(server.calls('DELETE', '/store/dish/2')).toHaveLength(1);
  });

  it('reorders by dragging a row by its handle within its category', async () => {
    await open();
    fireEvent.mouseDown(screen.getByTestId('dish-drag-3'));
    fireEvent.dragStart(row('宫保鸡丁'));
    fireEvent.dragOver(row('水煮牛肉'));
    fireEvent.drop(row('水煮牛肉'));
    await waitFor(() => expect(server.calls('PUT', '/store/dish/sort')).toHaveLength(1));
    expect(server.calls('PUT', '/store/dish/sort')[0]!.body).toEqual({ storeId: STORE, ids: ['3', '1', '2'] });
    expect(await screen.findByText('菜品顺序已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').slice(1, 4).map((r) => r.dataset.rowKey)).toEqual(['3', '1', '2']));

    // Not onto another category's dish, and not without the handle.
    fireEvent.mouseDown(screen.getByTestId('dish-drag-4'));
    fireEvent.dragStart(row('拍黄瓜'));
    fireEvent.drop(row('水煮牛肉'));
    fireEvent.dragStart(row('奶茶'));
    fireEvent.drop(row('拍黄瓜'));
    expect(server.calls('PUT', '/store/dish/sort')).toHaveLength(1);
  });

  it('creates a dish with two sizes and an option group, prices in yuan sent in fen', async () => {
    await open();
    await userEvent.click(screen.getByTestId('dish-add'));
    const form = await screen.findByTestId('dish-form');
    await userEvent.type(within(form).getByTestId('dish-name'), '酸菜鱼');
    await choose(within(form).getByTestId('dish-category'), '热菜');
    await userEvent.click(screen.getByTestId('dish-add-sku'));
    await userEvent.click(screen.getByTestId('dish-add-sku'));
    const names = within(form).getAllByLabelText('规格名称');
    const prices = within(form).getAllByLabelText('价格（元）');
    await userEvent.type(names[0]!, '小份');
    await userEvent.type(prices[0]!, '48');
    await userEvent.type(names[1]!, '大份');
    await userEvent.type(prices[1]!, '68.5');
    await userEvent.type(within(form).getAllByLabelText('会员价（元）')[1]!, '62');
    await choose(within(form).getByTestId('dish-spec-groups'), '辣度');
    await userEvent.type(within(form).getByTestId('dish-tags').querySelector('input')!, '招牌{Enter}');
    await userEvent.click(screen.getByTestId('dish-save'));

    await waitFor(() => expect(server.calls('POST', '/store/dish')).toHaveLength(1));
    const body = server.calls('POST', '/store/dish')[0]!.body;
    expect(body).toMatchObject({
      storeId: STORE, categoryId: '11', name: '酸菜鱼', price: 4800, memberPrice: null, unit: '份', stockMode: 'unlimited', tags: ['招牌'], specGroupIds: ['21'],
      skus: [{ name: '小份', price: 4800, memberPrice: null, sort: 0 }, { name: '大份', price: 6850, memberPrice: 6200, sort: 1 }],
      onShelf: true, soldOut: false, orderTypes: ['dine_in', 'takeaway'], packingFee: 0,
    });
    expect(await screen.findByText('菜品已新增')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('dish-form')).toBeNull());
    expect(await screen.findByText('酸菜鱼')).toBeInTheDocument();
  });

  it('names what is missing or wrong, on touch and on saving, before sending anything', async () => {
    await open();
    await userEvent.click(screen.getByTestId('dish-add'));
    await screen.findByTestId('dish-form');
    await userEvent.click(screen.getByTestId('dish-save'));
    expect(await within(drawer()).findByText('请输入菜品名称')).toBeInTheDocument();
    expect(within(drawer()).getByText('请选择菜品分类')).toBeInTheDocument();
    expect(within(drawer()).getByText('请输入价格')).toBeInTheDocument();
    expect(await screen.findByText('请检查标红的内容')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('dish-price'), '20');
    await userEvent.type(screen.getByTestId('dish-member-price'), '25');
    expect(await within(drawer()).findByText('会员价不能高于价格')).toBeInTheDocument();

    await userEvent.click(within(screen.getByTestId('dish-stock-mode')).getByText('总库存'));
    await userEvent.click(screen.getByTestId('dish-save'));
    expect(await within(drawer()).findByText('请填写库存')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('dish-add-sku'));
    await userEvent.click(screen.getByTestId('dish-add-sku'));
    for (const input of within(drawer()).getAllByLabelText('规格名称')) await userEvent.type(input, '中杯');
    await userEvent.click(screen.getByTestId('dish-save'));
    expect(await within(drawer()).findByText('规格名称不能重复')).toBeInTheDocument();
    expect(within(drawer()).getAllByText('请输入规格价格')).toHaveLength(2);
    expect(within(drawer()).getAllByText('请填写规格的库存')).toHaveLength(2);
    expect(server.calls('POST', '/store/dish')).toHaveLength(0);
  });

  it('edits a dish: its values in yuan, an uploaded picture, and the SKU ids kept', async () => {
    await open();
    await userEvent.click(screen.getByTestId('dish-edit-5'));
    const form = await screen.findByTestId('dish-form');
    expect(within(form).getByTestId('dish-name')).toHaveValue('奶茶');
    expect(within(form).getAllByLabelText('价格（元）').map((i) => (i as HTMLInputElement).value)).toEqual(['12.00', '15.00']);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tea.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByTestId('images-field').querySelector('input[type=file]') as HTMLInputElement, file);
    await waitFor(() => expect(within(form).getByTestId('image-0')).toBeInTheDocument());
    expect(server.calls('POST', '/store/dish/image')).toHaveLength(1);
    await userEvent.click(within(form).getAllByLabelText('删除规格')[0]!);
    await userEvent.click(screen.getByTestId('dish-save'));
    await waitFor(() => expect(server.calls('PUT', '/store/dish')).toHaveLength(1));
    expect(server.calls('PUT', '/store/dish')[0]!.body).toMatchObject({
      id: '5', images: ['/media/dish/2025/abc.png'], price: 1500, skus: [{ id: '52', name: '大杯', price: 1500, sort: 0 }],
    });
    expect(await screen.findByText('菜品已保存')).toBeInTheDocument();
  });

  it('asks before Escape in the tag field or a click outside drops a filled dish (issue 27 #6); one only opened, or saved, closes at once', async () => {
    await open();
    const tags = () => within(drawer()).getByTestId('dish-tags').querySelector('input')!;
    const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;
    // A dish opened: its values, pictures and tags filled in by the editor are no change; Escape closes it.
    await userEvent.click(screen.getByTestId('dish-edit-1'));
    await screen.findByTestId('dish-form');
    expect(within(drawer()).getByTestId('dish-name')).toHaveValue('水煮牛肉');
    await userEvent.click(tags());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('dish-form')).toBeNull());
    expect(questions()).toBe(0);

    // A new dish being filled in: Escape in its tag field asks, and 继续编辑 keeps all of it.
    await userEvent.click(screen.getByTestId('dish-add'));
    await screen.findByTestId('dish-form');
    await userEvent.type(screen.getByTestId('dish-name'), '酸菜鱼');
    await userEvent.type(within(drawer()).getByLabelText('菜品描述'), '酸爽开胃');
    await userEvent.type(tags(), '招牌{Enter}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(questions()).toBe(1));
    await userEvent.click(screen.getByText('继续编辑').closest('button')!);
    expect(within(drawer()).getByTestId('dish-name')).toHaveValue('酸菜鱼');
    expect(within(drawer()).getByLabelText('菜品描述')).toHaveValue('酸爽开胃');
    expect(within(drawer()).getByTestId('dish-tags')).toHaveTextContent('招牌');
    // Its picture and category too. Then a click outside: jsdom never ends antd's leave animations,
    // so a layer that has closed (the question just answered, a list) stays the one an Escape goes to.
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fish.png', { type: 'image/png' });
    await userEvent.upload(within(drawer()).getByTestId('images-field').querySelector('input[type=file]') as HTMLInputElement, file);
    await within(drawer()).findByTestId('image-0');
    await choose(within(drawer()).getByTestId('dish-category'), '热菜');
    // A click outside asks too; 放弃修改 closes, nothing sent.
    await userEvent.click(document.querySelector<HTMLElement>('.ant-drawer-mask')!);
    await waitFor(() => expect(questions()).toBe(2));
    await userEvent.click(screen.getAllByTestId('discard-confirm').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('dish-form')).toBeNull());
    expect(server.calls('POST', '/store/dish')).toHaveLength(0);

    // Changed and saved: the editor closes without asking.
    await userEvent.click(screen.getByTestId('dish-edit-2'));
    await screen.findByTestId('dish-form');
    await userEvent.type(within(drawer()).getByTestId('dish-name'), '（小份）');
    await userEvent.click(screen.getByTestId('dish-save'));
    expect(await screen.findByText('菜品已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('dish-form')).toBeNull());
    expect(questions()).toBe(2);
    expect(server.calls('PUT', '/store/dish')[0]!.body).toMatchObject({ id: '2', name: '回锅肉（小份）' });
  });

  it('hides what the user may not do', async () => {
    signInWith(['store:dish:index']);
    await open();
    expect(screen.queryByTestId('dish-add')).toBeNull();
    expect(screen.queryByTestId('dish-edit-1')).toBeNull();
    expect(screen.queryByTestId('dish-delete-1')).toBeNull();
    expect(screen.queryByTestId('dish-drag-1')).toBeNull();
    expect(within(row('水煮牛肉')).queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('dish-shelf-1')).toBeDisabled();
  });

  it('shows the empty state of a store without dishes, and of a user without a store', async () => {
    dishes = [];
    renderPage('views/store/dish/index');
    expect(await screen.findByText('还没有菜品')).toBeInTheDocument();
    expect(within(screen.getByTestId('dish-empty')).getByRole('button', { name: /新增菜品/ })).toBeInTheDocument();
  });

  it('tells a user without a store to ask an admin', async () => {
    stores = [];
    renderPage('views/store/dish/index');
    expect(await screen.findByTestId('no-store')).toBeInTheDocument();
    expect(server.calls('GET', '/store/dish/page')).toHaveLength(0);
  });
});
