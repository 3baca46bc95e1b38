import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { comboBodySchema, type CategoryRecord, type ComboRecord, type DishRecord } from '@canteen/contract';
import { apiServerForFile, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';

const STORE = '1';
const at = '2025-01-01T00:00:00.000Z';
let categories: CategoryRecord[] = [];
const dish = (id: string, name: string, fields: Partial<DishRecord> = {}): DishRecord => ({
  id, storeId: STORE, categoryId: '11', categoryName: '热菜', name, images: [], description: '', unit: '份', price: 2800, memberPrice: null, isWeighed: false,
  stockMode: 'unlimited', stock: null, dailyStock: null, soldOut: false, onShelf: true, tags: [], sort: 0, packingFee: 0, orderTypes: ['dine_in', 'takeaway'],
  skus: [], specGroupIds: [], createTime: at, updateTime: at, ...fields,
});
const dishes = [
  dish('1', '水煮牛肉'),
  dish('2', '米饭', { price: 200 }),
  dish('3', '可乐', { price: 500 }),
  dish('4', '鲜榨橙汁', { price: 1500 }),
  dish('5', '奶茶', { skus: [
    { id: '51', name: '中杯', price: 1200, memberPrice: null, stock: null, dailyStock: null, soldOut: false, sort: 0 },
    { id: '52', name: '大杯', price: 1500, memberPrice: null, stock: null, dailyStock: null, soldOut: false, sort: 1 },
  ] }),
  dish('6', '酸梅汤', { soldOut: true }),
];
const comboRecord = (id: string, name: string, fields: Partial<ComboRecord> = {}): ComboRecord => ({
  id, storeId: STORE, categoryId: '13', categoryName: '超值套餐', name, images: [], description: '', price: 3900, memberPrice: null, onShelf: true, soldOut: false, sort: 0,
  available: true, createTime: at, updateTime: at,
  groups: [
    { id: `${id}1`, name: '主食', kind: 'fixed', minChoose: 2, maxChoose: 2, allowRepeat: false, sort: 0, items: [
      { id: `${id}11`, dishId: '1', dishName: '水煮牛肉', skuId: null, skuName: null, quantity: 1, extraPrice: 0, isDefault: false, sort: 0 },
      { id: `${id}12`, dishId: '2', dishName: '米饭', skuId: null, skuName: null, quantity: 2, extraPrice: 0, isDefault: false, sort: 1 },
    ] },
    { id: `${id}2`, name: '饮品', kind: 'optional', minChoose: 1, maxChoose: 1, allowRepeat: false, sort: 1, items: [
      { id: `${id}21`, dishId: '3', dishName: '可乐', skuId: null, skuName: null, quantity: 1, extraPrice: 0, isDefault: true, sort: 0 },
      { id: `${id}22`, dishId: '4', dishName: '鲜榨橙汁', skuId: null, skuName: null, quantity: 1, extraPrice: 500, isDefault: false, sort: 1 },
    ] },
  ],
  ...fields,
});
let combos: ComboRecord[] = [];
let nextId = 100;

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: STORE, name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/category/page') return okReply(pageOf(categories.filter((c) => !query.kind || c.kind === query.kind), 1, 1000));
  if (method === 'GET' && path === '/store/dish/page') return okReply(pageOf(dishes, 1, 1000));
  if (method === 'GET' && path === '/store/combo/page') return okReply(pageOf(combos.filter((c) => !query.name || c.name.includes(query.name)), Number(query.current), Number(query.size)));
  if ((method === 'POST' || method === 'PUT') && path === '/store/combo') {
    const b = comboBodySchema.parse(body);
    const id = b.id ?? String(nextId++);
    const saved = comboRecord(id, b.name, {
      price: b.price, memberPrice: b.memberPrice ?? null, onShelf: b.onShelf, available: b.onShelf,
      groups: b.groups.map((g, gi) => ({ ...g, id: `${id}${gi}`, sort: g.sort, items: g.items.map((i, ii) => ({
        ...i, id: `${id}${gi}${ii}`, skuId: i.skuId ?? null, sort: i.sort, dishName: dishes.find((d) => d.id === i.dishId)!.name,
        skuName: dishes.flatMap((d) => d.skus).find((s) => s.id === i.skuId)?.name ?? null,
      })) })),
    });
    combos = b.id ? combos.map((c) => (c.id === b.id ? saved : c)) : [...combos, saved];
    return okReply(saved);
  }
  if (method === 'DELETE' && path.startsWith('/store/combo/')) {
    combos = combos.filter((c) => c.id !== path.split('/').at(-1));
    return okReply(true);
  }
  return undefined;
}

const server = apiServerForFile(route);

beforeEach(() => {
  nextId = 100;
  categories = [
    { id: '11', storeId: STORE, name: '热菜', kind: 'dish', sort: 0, enabled: true, itemCount: 5, createTime: at },
    { id: '13', storeId: STORE, name: '超值套餐', kind: 'combo', sort: 1, enabled: true, itemCount: 1, createTime: at },
  ];
  combos = [comboRecord('7', '单人午餐', { memberPrice: 3500 }), comboRecord('8', '双人餐', { onShelf: false, available: false, price: 8800 })];
  signInWith(['store:combo:index', 'store:combo:add', 'store:combo:edit', 'store:combo:del']);
});

const open = async () => {
  const result = renderPage('views/store/combo/index');
  await screen.findByText('单人午餐', undefined, { timeout: 60_000 });
  return result;
};
const row = (name: string) => screen.getByText(name).closest('tr')!;
const form = () => screen.getByTestId('combo-form');
const preview = () => screen.getByTestId('combo-preview');
async function choose(select: HTMLElement, title: string) {
  const control = select.classList.contains('ant-select') ? select : (select.querySelector<HTMLElement>('.ant-select') ?? select);
  // Opened once: it stays open until its choices show, in its own dropdown.
  fireEvent.mouseDown(control);
  const option = await waitFor(() => {
    expect(control).toHaveClass('ant-select-open');
    const listbox = control.querySelector('[role=combobox]')?.getAttribute('aria-controls');
    const dropdown = listbox ? document.getElementById(listbox)?.closest('.ant-select-dropdown') : undefined;
    const found = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((o) => o.getAttribute('title') === title);
    expect(found, `option ${title}`).toBeDefined();
    return found!;
  }, { timeout: 15_000 });
  fireEvent.click(option);
}

describe('CombosPage (套餐)', () => {
  it('lists combos with price, content and whether they can be ordered', async () => {
    await open();
    expect(server.calls('GET', '/store/combo/page')[0]!.query).toMatchObject({ storeId: STORE, ascs: 'sort' });
    expect(row('单人午餐')).toHaveTextContent('¥39.00');
    expect(row('单人午餐')).toHaveTextContent('¥35.00');
    expect(screen.getByTestId('combo-groups-7')).toHaveTextContent('主食：水煮牛肉、米饭×2');
    expect(screen.getByTestId('combo-groups-7')).toHaveTextContent('饮品：可乐、鲜榨橙汁 选1');
    expect(screen.getByTestId('combo-available-7')).toHaveTextContent('可售');
    expect(screen.getByTestId('combo-available-8')).toHaveTextContent('不可售');
  });

  it('puts a combo off the shelf with its switch, sending the whole combo back', async () => {
    await open();
    await userEvent.click(within(row('单人午餐')).getByRole('switch'));
    await waitFor(() => expect(server.calls('PUT', '/store/combo')).toHaveLength(1));
    const body = comboBodySchema.parse(server.calls('PUT', '/store/combo')[0]!.body);
    expect(body).toMatchObject({ id: '7', onShelf: false, price: 3900, memberPrice: 3500, categoryId: '13' });
    expect(body.groups.map((g) => [g.name, g.kind, g.items.map((i) => [i.dishId, i.quantity, i.extraPrice, i.isDefault])])).toEqual([
      ['主食', 'fixed', [['1', 1, 0, false], ['2', 2, 0, false]]],
      ['饮品', 'optional', [['3', 1, 0, true], ['4', 1, 500, false]]],
    ]);
    await waitFor(() => expect(within(row('单人午餐')).getByRole('switch')).toHaveAttribute('aria-checked', 'false'));
  });

  it('builds a combo of fixed dishes and a choose-N group, previewing the diner’s picks and price', async () => {
    await open();
    await userEvent.click(screen.getByTestId('combo-add'));
    await screen.findByTestId('combo-form');
    await userEvent.type(screen.getByTestId('combo-name'), '工作餐');
    await choose(screen.getByTestId('combo-category'), '超值套餐');
    await userEvent.type(screen.getByTestId('combo-price'), '30');

    await userEvent.click(screen.getByTestId('combo-add-fixed'));
    await choose(screen.getByTestId('combo-item-dish-0-0'), '水煮牛肉');
    await userEvent.click(screen.getByTestId('combo-add-optional'));
    await choose(screen.getByTestId('combo-item-dish-1-0'), '可乐');
    await userEvent.click(screen.getByTestId('combo-add-item-1'));
    await choose(screen.getByTestId('combo-item-dish-1-1'), '奶茶');
    await choose(await screen.findByTestId('combo-item-sku-1-1', undefined, { timeout: 15_000 }), '大杯');
    const group = screen.getByTestId('combo-group-1');
    await userEvent.clear(within(group).getAllByLabelText('加价（元）')[1]!);
    await userEvent.type(within(group).getAllByLabelText('加价（元）')[1]!, '3.5');
    await userEvent.clear(within(group).getByLabelText('最多选'));
    await userEvent.type(within(group).getByLabelText('最多选'), '2');
    await userEvent.click(within(group).getAllByLabelText('默认选中')[0]!);

    // The preview: the fixed dish included, the default drink picked, then a second one for ¥3.50 more.
    expect(within(preview()).getByTestId('preview-group-0')).toHaveTextContent('水煮牛肉');
    expect(within(preview()).getByTestId('preview-group-1')).toHaveTextContent('请选 1–2 项 · 已选 1');
    expect(within(preview()).getByTestId('combo-preview-total')).toHaveTextContent('¥30.00');
    expect(within(preview()).getByTestId('combo-preview-status')).toHaveTextContent('已选好，可以下单');
    await userEvent.click(within(preview()).getByText('奶茶（大杯）'));
    expect(within(preview()).getByTestId('combo-preview-total')).toHaveTextContent('¥33.50');
    expect(within(preview()).getByTestId('preview-group-1')).toHaveTextContent('已选 2');
    await userEvent.click(within(preview()).getByText('可乐'));
    await userEvent.click(within(preview()).getByText('奶茶（大杯）'));
    expect(within(preview()).getByTestId('combo-preview-status')).toHaveTextContent('还有分组没选好');

    await userEvent.click(screen.getByTestId('combo-save'));
    await waitFor(() => expect(server.calls('POST', '/store/combo')).toHaveLength(1));
    expect(server.calls('POST', '/store/combo')[0]!.body).toMatchObject({
      storeId: STORE, categoryId: '13', name: '工作餐', price: 3000, memberPrice: null, onShelf: true,
      groups: [
        { name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, sort: 0, items: [{ dishId: '1', skuId: null, quantity: 1, extraPrice: 0 }] },
        { name: '饮品任选', kind: 'optional', minChoose: 1, maxChoose: 2, allowRepeat: false, sort: 1, items: [
          { dishId: '3', skuId: null, extraPrice: 0, isDefault: true, sort: 0 },
          { dishId: '5', skuId: '52', extraPrice: 350, isDefault: false, sort: 1 },
        ] },
      ],
    });
    expect(await screen.findByText('套餐已新增')).toBeInTheDocument();
    expect(await screen.findByText('工作餐')).toBeInTheDocument();
  });

  it('lays a group just added out as its kind at once: its dish select opens with one click and stays open', async () => {
    await open();
    await userEvent.click(screen.getByTestId('combo-add'));
    await screen.findByTestId('combo-form');
    fireEvent.click(screen.getByTestId('combo-add-fixed'));
    // Before the watched values catch up (a task later): already a fixed group, no choose-N fields.
    const group = screen.getByTestId('combo-group-0');
    expect(within(group).getByText('固定')).toBeInTheDocument();
    expect(within(group).queryByLabelText('最少选')).toBeNull();
    expect(within(group).queryByText('加价（元）')).toBeNull();
    const dishSelect = screen.getByTestId('combo-item-dish-0-0');
    fireEvent.mouseDown(dishSelect);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="奶茶"]')).not.toBeNull());
    expect(screen.getByTestId('combo-item-dish-0-0')).toBe(dishSelect);
    expect(dishSelect).toHaveClass('ant-select-open');
    // Picking a dish with sizes shows its size select in the same render.
    fireEvent.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="奶茶"]')!);
    expect(screen.getByTestId('combo-item-sku-0-0')).toBeInTheDocument();
  });

  it('lets a diner pick a dish again in a group that allows repeats, up to the most', async () => {
    await open();
    await userEvent.click(within(row('单人午餐')).getByRole('button', { name: /编\s*辑/ }));
    await screen.findByTestId('combo-form');
    const group = screen.getByTestId('combo-group-1');
    await userEvent.clear(within(group).getByLabelText('最多选'));
    await userEvent.type(within(group).getByLabelText('最多选'), '3');
    await userEvent.click(within(group).getByLabelText('可重复选同一菜品'));
    const juice = within(preview()).getByTestId('preview-item-1-4:');
    const more = within(juice).getByRole('button', { name: '加一份' });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(within(juice).getByTestId('preview-item-1-4:-count')).toHaveTextContent('2');
    expect(more).toBeDisabled();
    expect(within(preview()).getByTestId('combo-preview-total')).toHaveTextContent('¥49.00');
  });

  it('names what is missing before saving: name, category, price, groups, a size, the least to choose', async () => {
    await open();
    await userEvent.click(screen.getByTestId('combo-add'));
    await screen.findByTestId('combo-form');
    await userEvent.click(screen.getByTestId('combo-save'));
    expect(await within(form()).findByText('请输入套餐名称')).toBeInTheDocument();
    expect(within(form()).getByText('请选择套餐分类')).toBeInTheDocument();
    expect(within(form()).getByText('请输入套餐价')).toBeInTheDocument();
    expect(within(form()).getByText('套餐至少要有一个分组')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('combo-add-optional'));
    await choose(screen.getByTestId('combo-item-dish-0-0'), '奶茶');
    const group = screen.getByTestId('combo-group-0');
    await userEvent.clear(within(group).getByLabelText('最多选'));
    await userEvent.type(within(group).getByLabelText('最多选'), '3');
    await userEvent.clear(within(group).getByLabelText('最少选'));
    await userEvent.type(within(group).getByLabelText('最少选'), '2');
    await userEvent.click(screen.getByTestId('combo-save'));
    expect(await within(form()).findByText('该菜品有多个规格，请选择其中一个')).toBeInTheDocument();
    expect(within(form()).getByText('最少选择不能多于可选菜品数')).toBeInTheDocument();
    expect(server.calls('POST', '/store/combo')).toHaveLength(0);
  });

  it('asks before × or 取消 drops a change deep in a combo\'s groups (issue 27 #6); one only opened, or saved, closes at once', async () => {
    await open();
    const edit = () => userEvent.click(within(row('单人午餐')).getByRole('button', { name: /编\s*辑/ }));
    const closed = () => waitFor(() => expect(screen.queryByTestId('combo-form')).toBeNull());
    const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;
    // Opened: its groups and items, filled in by the editor, are no change; × closes it at once.
    await edit();
    await screen.findByTestId('combo-form');
    await userEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await closed();
    // Opened and left with 取消: at once too.
    await edit();
    await screen.findByTestId('combo-form');
    await userEvent.click(screen.getByText(/^取\s*消$/).closest('button')!);
    await closed();
    expect(questions()).toBe(0);

    // A change deep in a group (a choose-N group's default pick): 取消 asks, 继续编辑 keeps it.
    await edit();
    await screen.findByTestId('combo-form');
    const group = () => screen.getByTestId('combo-group-1');
    await userEvent.click(within(group()).getAllByLabelText('默认选中')[1]!);
    await userEvent.click(screen.getByText(/^取\s*消$/).closest('button')!);
    await waitFor(() => expect(questions()).toBe(1));
    await userEvent.click(screen.getByText('继续编辑').closest('button')!);
    expect(within(group()).getAllByLabelText('默认选中')[1]).toBeChecked();
    // × asks again; 放弃修改 closes, nothing sent.
    await userEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(questions()).toBe(2));
    await userEvent.click(screen.getAllByTestId('discard-confirm').at(-1)!);
    await closed();
    expect(server.calls('PUT', '/store/combo')).toHaveLength(0);

    // Changed and saved: closes without asking.
    await edit();
    await screen.findByTestId('combo-form');
    await userEvent.clear(screen.getByTestId('combo-price'));
    await userEvent.type(screen.getByTestId('combo-price'), '42');
    await userEvent.click(screen.getByTestId('combo-save'));
    expect(await screen.findByText('套餐已保存')).toBeInTheDocument();
    await closed();
    expect(questions()).toBe(2);
    expect(server.calls('PUT', '/store/combo')[0]!.body).toMatchObject({ id: '7', price: 4200 });
  });

  it('deletes a combo after confirmation', async () => {
    await open();
    await userEvent.click(within(row('双人餐')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除该套餐吗？删除后顾客将看不到它，已有订单不受影响。')).toBeInTheDocument();
    await userEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(screen.queryByText('双人餐')).toBeNull());
    expect(server.calls('DELETE', '/store/combo/8')).toHaveLength(1);
  });

  it('hides what the user may not do, and says when there is no combo category', async () => {
    signInWith(['store:combo:index']);
    categories = categories.filter((c) => c.kind === 'dish');
    await open();
    expect(screen.queryByTestId('combo-add')).toBeNull();
    expect(within(row('单人午餐')).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(row('单人午餐')).getByRole('switch')).toBeDisabled();
    expect(await screen.findByTestId('combo-no-category')).toHaveTextContent('还没有套餐分类');
  });
});
