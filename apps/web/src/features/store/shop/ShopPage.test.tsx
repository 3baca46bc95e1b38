import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION_CODES, storeBodySchema, type StoreRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { renderPage } from '../../../../test/page';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import ShopPage from './ShopPage';

const storeOf = (id: string, name: string, extra: Partial<StoreRecord> = {}): StoreRecord => ({
  id, name, logo: null, phone: '028-8666 1818', region: '四川省 成都市', address: '春熙路 88 号', latitude: null, longitude: null,
  timeZone: 'Asia/Shanghai', businessHours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:30', close: '14:00' }, { days: [5, 6], open: '17:00', close: '01:00' }],
  isOpen: true, dayCutoffHour: 4, orderTypes: ['dine_in', 'takeaway'], payMode: 'pay_first', pickupRule: { prefix: '', start: 1, end: 999, skip: [] },
  packingFeeMode: 'per_order', packingFee: 200, notice: '', sort: 0, openNow: true, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z',
  ...extra,
});

let stores: StoreRecord[] = [];
let mine: StoreRecord[] = [];
let mapKey = '';
let staff: Record<string, string[]> = {};
const users = [
  { id: '1', username: 'admin', nickname: '管理员' },
  { id: '2', username: 'operator', nickname: '门店运营' },
  { id: '3', username: 'cashier', nickname: null },
];

function route({ method, path, body, query }: Received) {
  if (method === 'GET' && path === '/settings/public') {
    return okReply({ register: false, thirdPartyProviders: [], mapKey, support: { phone: '', email: '', hours: '' }, routes: [] });
  }
  if (method === 'GET' && path === '/store/shop/mine') return okReply(mine.map((s) => ({ id: s.id, name: s.name, isOpen: s.isOpen, openNow: s.openNow })));
  if (method === 'GET' && path === '/store/shop/page') return okReply(pageOf(stores, Number(query.current), Number(query.size)));
  if (method === 'PUT' && path === '/store/shop') {
    const parsed = storeBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    const id = (body as { id: string }).id;
    const next = { ...stores.find((s) => s.id === id)!, ...parsed.data, logo: parsed.data.logo ?? null, latitude: parsed.data.latitude ?? null, longitude: parsed.data.longitude ?? null, updateTime: new Date().toISOString() };
    stores = stores.map((s) => (s.id === id ? next : s));
    mine = mine.map((s) => (s.id === id ? next : s));
    return okReply(next);
  }
  if (method === 'POST' && path === '/store/shop') {
    const parsed = storeBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    const made = storeOf(String(stores.length + 10), parsed.data.name);
    stores = [...stores, made];
    return okReply(made);
  }
  if (method === 'POST' && path === '/store/shop/logo') return okReply({ url: '/media/store/logo.png' });
  const users$ = /^\/store\/shop\/(\d+)\/users$/.exec(path);
  if (users$ && method === 'GET') return okReply(users.filter((u) => (staff[users$[1]!] ?? []).includes(u.id)));
  if (users$ && method === 'PUT') {
    staff[users$[1]!] = (body as { userIds: string[] }).userIds;
    return okReply(true);
  }
  const one = /^\/store\/shop\/(\d+)$/.exec(path);
  if (one && method === 'GET') {
    const found = stores.find((s) => s.id === one[1]);
    return found ? okReply(found) : failReply(404, `门店 ${one[1]} 不存在`);
  }
  if (one && method === 'DELETE') return failReply(409, '该门店还有 8 个分类、22 张桌台，不能删除');
  if (method === 'GET' && path === '/upms/user/page') {
    return okReply(pageOf(users.filter((u) => !query.username || u.username.includes(query.username)).map((u) => ({ ...u, avatar: null, phone: null, deptId: null, deptName: null, lockFlag: '0', roles: [], createTime: '' }))));
  }
  return undefined;
}

const server = apiServerForFile(route);
// The last 确定 button (by text: role queries compute styles, slow on pages this size in jsdom).
const ok = () => [...document.querySelectorAll('button')].filter((b) => /^确\s?定$/.test(b.textContent?.trim() ?? '')).at(-1)!;
const save = () => screen.getByTestId('store-save');
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

beforeEach(() => {
  stores = [storeOf('1', '川味小馆'), storeOf('2', '茶饮铺', { isOpen: false, openNow: false })];
  mine = [...stores];
  mapKey = '';
  staff = { '1': ['2'] };
  useCurrentStoreState.setState({ storeId: null });
  signInWith([...PERMISSION_CODES]);
});

describe('门店信息', () => {
  it('is registered behind store:shop:index and tells a user with no store to ask an admin', async () => {
    mine = [];
    signInWith(['store:shop:index', 'store:shop:edit']);
    renderPage('views/store/shop/index');
    expect(await screen.findByText('您还没有可管理的门店，请联系管理员为您分配门店')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('edits the current store: messages after touch and on save, hours with 次日 and overlaps, packing fee sent in fen', async () => {
    const user = userEvent.setup();
    signInWith(['store:shop:index', 'store:shop:edit']);
    renderWithApp(<ShopPage />);
    const name = await screen.findByLabelText('门店名称');
    expect(name).toHaveValue('川味小馆');
    expect(screen.getByTestId('next-day-1')).toHaveTextContent('次日');
    expect(screen.getByText('此时间之前的订单算作前一营业日')).toBeInTheDocument();

    await user.clear(name);
    expect(await screen.findByText('请输入门店名称')).toBeInTheDocument();
    await user.type(name, '川味小馆（春熙路店）');
    await user.type(screen.getByLabelText('联系电话'), 'x');
    expect(await screen.findByText('联系电话只能包含数字、空格和 + - ( )')).toBeInTheDocument();
    await user.type(screen.getByLabelText('联系电话'), '{Backspace}');

    // A new slot every day from 10:00 overlaps the lunch slot.
    await user.click(screen.getByTestId('add-slot'));
    await user.click(save());
    expect(await screen.findByText('周一的营业时段有重叠')).toBeInTheDocument();
    expect(server.calls('PUT', '/store/shop')).toHaveLength(0);
    await user.click(within(screen.getByTestId('hours-slot-2')).getByRole('button', { name: '删除时段' }));

    // Pay later needs dine-in.
    await user.click(screen.getByLabelText('堂食'));
    await user.click(screen.getByLabelText('先吃后付'));
    expect(await screen.findByText('先吃后付需要开启堂食')).toBeInTheDocument();
    await user.click(screen.getByLabelText('堂食'));
    await waitFor(() => expect(errors()).not.toContain('先吃后付需要开启堂食'));

    const fee = screen.getByLabelText('打包费（元）');
    await user.clear(fee);
    await user.type(fee, '1.29');
    await user.click(screen.getByLabelText('4'));
    expect(screen.getByText(/示例：1，2，3/)).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('门店信息已保存')).toBeInTheDocument();
    const sent = server.calls('PUT', '/store/shop')[0]!.body as Record<string, unknown>;
    expect(storeBodySchema.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({
      id: '1', name: '川味小馆（春熙路店）', phone: '028-8666 1818', packingFeeMode: 'per_order', packingFee: 129, payMode: 'pay_later',
      orderTypes: ['dine_in', 'takeaway'], pickupRule: { prefix: '', start: 1, end: 999, skip: ['4'] },
      businessHours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:30', close: '14:00' }, { days: [5, 6], open: '17:00', close: '01:00' }],
    });
  });

  it('picks the location on the map when a map key is configured, and offers number inputs without one', async () => {
    const user = userEvent.setup();
    signInWith(['store:shop:index', 'store:shop:edit']);
    const { unmount } = renderWithApp(<ShopPage />);
    await screen.findByLabelText('门店名称');
    expect(await screen.findByText('未配置地图服务，请直接填写经纬度')).toBeInTheDocument();
    expect(screen.queryByTestId('map-pick')).toBeNull();
    await user.type(screen.getByLabelText('纬度'), '30.5');
    await user.click(save());
    expect(await screen.findAllByText('请同时填写经度和纬度')).not.toHaveLength(0);
    unmount();

    mapKey = 'MAPKEY';
    renderWithApp(<ShopPage />);
    await user.click(await screen.findByTestId('map-pick'));
    expect(await screen.findByTestId('map-picker')).toHaveAttribute('src', expect.stringContaining('key=MAPKEY'));
    // Another origin is ignored; the maps service's answer fills both coordinates.
    const picked = { module: 'locationPicker', latlng: { lat: 30.6571234, lng: 104.0806789 }, poiaddress: '春熙路 88 号', cityname: '成都市' };
    act(() => void window.dispatchEvent(new MessageEvent('message', { data: picked, origin: 'https://evil.example' })));
    expect(screen.getByLabelText('纬度')).toHaveValue('');
    act(() => void window.dispatchEvent(new MessageEvent('message', { data: picked, origin: 'https://apis.map.qq.com' })));
    await waitFor(() => expect(screen.getByLabelText('纬度')).toHaveValue('30.657123'));
    expect(screen.getByLabelText('经度')).toHaveValue('104.080679');
    expect(await screen.findByTestId('static-map')).toHaveAttribute('src', expect.stringContaining('30.657123'));
    await user.click(save());
    await screen.findByText('门店信息已保存');
    expect(server.calls('PUT', '/store/shop')[0]!.body).toMatchObject({ latitude: 30.657123, longitude: 104.080679 });
  });

  it('is read-only without store:shop:edit', async () => {
    signInWith(['store:shop:index']);
    renderWithApp(<ShopPage />);
    expect(await screen.findByLabelText('门店名称')).toBeDisabled();
    expect(screen.getByText('您没有修改门店信息的权限')).toBeInTheDocument();
    expect(screen.queryByTestId('store-save')).toBeNull();
    expect(screen.queryByRole('button', { name: '上传Logo' })).toBeNull();
  });

  it('uploads a logo, checking the file first', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signInWith(['store:shop:index', 'store:shop:edit']);
    renderWithApp(<ShopPage />);
    await screen.findByLabelText('门店名称');
    // The upload control renews its input after each file, so find it each time.
    const input = () => screen.getByTestId('logo-field').querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['x'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('门店Logo只能是 JPG、PNG 或 WebP 格式!')).toBeInTheDocument();
    await user.upload(input(), new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('门店Logo大小不能超过2M!')).toBeInTheDocument();
    await user.upload(input(), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo已上传')).toBeInTheDocument();
    expect(server.calls('POST', '/store/shop/logo')).toHaveLength(1);
    expect(String(server.calls('POST', '/store/shop/logo')[0]!.headers['content-type'])).toContain('multipart/form-data');
    await user.click(save());
    await screen.findByText('门店信息已保存');
    expect(server.calls('PUT', '/store/shop')[0]!.body).toMatchObject({ logo: '/media/store/logo.png' });
  });

  it('lists every store for admins: add, the 409 of a delete, and staff', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<ShopPage />);
    await user.click(await screen.findByRole('tab', { name: '门店列表' }));
    const row = (await screen.findByText('茶饮铺')).closest('tr')!;
    expect(within(row).getByText('休息中')).toBeInTheDocument();

    await user.click(within(row).getByText(/删\s?除/));
    expect(await screen.findByText('确定删除该门店吗？门店还有分类、菜品、规格或桌台时不能删除。')).toBeInTheDocument();
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('该门店还有 8 个分类、22 张桌台，不能删除'));

    await user.click(within(screen.getByText('川味小馆').closest('tr')!).getByText('员工'));
    const dialog = (await screen.findByText('门店员工：川味小馆')).closest<HTMLElement>('.ant-modal')!;
    expect(await within(dialog).findByText('门店运营（operator）')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByLabelText('员工'));
    await user.click(await screen.findByTitle('cashier'));
    await user.click(ok());
    await screen.findByText('门店员工已保存');
    expect(server.calls('PUT', '/store/shop/1/users')[0]!.body).toEqual({ userIds: ['2', '3'] });

    await user.click(screen.getByTestId('store-add'));
    const drawer = (await screen.findByText('新增门店', { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
    await user.click(within(drawer).getByTestId('store-save'));
    expect(await within(drawer).findByText('请输入门店名称')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('门店名称'), '面馆');
    await user.click(within(drawer).getByTestId('store-save'));
    await screen.findByText('门店已新增');
    expect(server.calls('POST', '/store/shop')[0]!.body).toMatchObject({ name: '面馆', packingFeeMode: 'none', packingFee: 0, businessHours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:00', close: '22:00' }] });
    expect(await screen.findByText('面馆')).toBeInTheDocument();
  });
});
