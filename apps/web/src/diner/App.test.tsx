import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DinerOrder, OrderingMenu } from '@canteen/contract';
import { DinerApp } from './App';

const TOKEN = 'tableToken0123456789ab';
const VIEW = 'viewToken0123456789abcd';
const menu: OrderingMenu = {
  store: { id: '1', name: '川味小馆', logo: null, notice: '', openNow: true, isOpen: true, nextOpenAt: null, timeZone: 'Asia/Shanghai', orderTypes: ['dine_in', 'takeaway'], payMode: 'pay_later', packingFeeMode: 'none', packingFee: 0 },
  version: 1,
  categories: [{
    id: '10', name: '热菜', kind: 'dish', combos: [],
    dishes: [
      { id: '100', name: '回锅肉', image: null, images: [], description: '', unit: '份', price: 3600, memberPrice: null, isWeighed: false, tags: [], packingFee: 0, orderTypes: ['dine_in', 'takeaway'], available: true, stock: null, skus: [], specGroups: [] },
      { id: '101', name: '辣子鸡', image: null, images: [], description: '', unit: '份', price: 3800, memberPrice: null, isWeighed: false, tags: [], packingFee: 0, orderTypes: ['dine_in'], available: false, stock: 0, skus: [], specGroups: [] },
      { id: '102', name: '清蒸鲈鱼', image: null, images: [], description: '', unit: '斤', price: 6800, memberPrice: null, isWeighed: true, tags: [], packingFee: 0, orderTypes: ['dine_in'], available: true, stock: null, skus: [], specGroups: [] },
    ],
  }],
};
const order = (status: DinerOrder['status']): DinerOrder => ({
  orderNo: '2611250010001', status, type: 'dine_in', tableCode: 'A01', pickupNo: null, paidAmount: 0, remark: '少辣', createTime: '2026-11-25T10:00:00Z', expireTime: null,
  goodsAmount: 7200, packingFee: 0, memberDiscount: 0, couponDiscount: 0, payableAmount: 7200, viewToken: VIEW,
  lines: [{ id: '1', parentId: null, kind: 'dish', name: '回锅肉', specText: '', unitPrice: 3600, quantity: 2, lineAmount: 7200, round: 1 }],
});

const envelope = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { code: 0, msg: null, data } : { code: 1, msg: data, data: null }), { status, headers: { 'content-type': 'application/json' } });
let sent: Array<{ url: string; body: unknown }> = [];
let createAnswer: () => Response;

beforeEach(() => {
  sent = [];
  sessionStorage.clear();
  localStorage.setItem('canteen-diner-language', 'zh');
  window.history.replaceState(null, '', `/order/t/${TOKEN}`);
  createAnswer = () => envelope({ order: order('dining'), payUrl: null });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
    if (url === `/order/diner/${TOKEN}`) return envelope({ table: { storeId: '1', storeName: '川味小馆', tableCode: 'A01', areaName: '大厅', payMode: 'pay_later' }, menu });
    if (url === `/order/diner/${TOKEN}/quote`) return envelope({ goodsAmount: 7200, packingFee: 0, memberDiscount: 0, couponDiscount: 0, payableAmount: 7200, lines: [], coupons: [] });
    if (url === `/order/diner/${TOKEN}/order`) return createAnswer();
    if (url === `/order/diner/order/${VIEW}`) return envelope(order('dining'));
    return envelope('资源不存在', 404);
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the diners\' page', () => {
  it('orders from the menu: add, cart with the server\'s total and remark, submit; pay-later goes to the order\'s status', async () => {
    const user = userEvent.setup();
    render(<DinerApp />);
    await screen.findByText('回锅肉');
    expect(screen.getByText('已售罄')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '回锅肉 +' }));
    await user.click(screen.getByRole('button', { name: '回锅肉 +' }));
    expect(screen.getByTestId('diner-cart-count')).toHaveTextContent('2');
    await user.click(screen.getByTestId('diner-cart-open'));
    const cart = screen.getByTestId('diner-cart');
    await vi.waitFor(() => expect(within(cart).getByTestId('diner-total')).toHaveTextContent('¥72.00'));
    await user.type(within(cart).getByRole('textbox'), '少辣');
    await user.click(within(cart).getByTestId('diner-submit'));
    await screen.findByTestId('diner-status');
    expect(window.location.pathname).toBe(`/order/t/${TOKEN}/order/${VIEW}`);
    expect(screen.getByTestId('diner-status-name')).toHaveTextContent('就餐中');
    expect(screen.getByText('请到收银台结账')).toBeInTheDocument();
    expect(sent.find((s) => s.url.endsWith('/order'))!.body).toEqual({ type: 'dine_in', remark: '少辣', lines: [{ kind: 'dish', itemId: '100', optionIds: [], choices: [], quantity: 2 }] });
    await user.click(screen.getByTestId('diner-language'));
    expect(screen.getByTestId('diner-status-name')).toHaveTextContent('Dining');
  });

  it('shows a weighed dish by its price per unit; the diner picks the weight, which is what the order is priced by', async () => {
    const user = userEvent.setup();
    render(<DinerApp />);
    const item = (await screen.findByText('清蒸鲈鱼')).closest('article')!;
    expect(within(item).getByTestId('diner-weighed')).toHaveTextContent('称重');
    expect(item).toHaveTextContent('¥68.00/斤');
    await user.click(within(item).getByRole('button', { name: '清蒸鲈鱼 选重量' }));
    const picker = screen.getByTestId('diner-picker');
    expect(within(picker).getByTestId('diner-weighed-note')).toHaveTextContent('称重菜，单价 ¥68.00/斤，按所点重量计价');
    expect(within(picker).getByTestId('diner-weight-value')).toHaveTextContent('1斤');
    await user.click(within(picker).getByRole('button', { name: '重量 -' }));
    expect(within(picker).getByTestId('diner-weight-value')).toHaveTextContent('0.5斤');
    expect(within(picker).getByRole('button', { name: '重量 -' })).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: '重量 +' }));
    await user.click(within(picker).getByRole('button', { name: '重量 +' }));
    expect(within(picker).getByTestId('diner-weight-value')).toHaveTextContent('1.5斤');
    expect(picker).toHaveTextContent('¥102.00');
    await user.click(within(picker).getByTestId('diner-picker-add'));
    expect(screen.getByTestId('diner-cart-count')).toHaveTextContent('1');
    await user.click(screen.getByTestId('diner-cart-open'));
    const cart = screen.getByTestId('diner-cart');
    expect(within(cart).getByTestId('diner-cart-quantity')).toHaveTextContent('1.5斤');
    expect(within(cart).getByTestId('diner-cart-weighed')).toHaveTextContent('单价 ¥68.00/斤');
    await user.click(within(cart).getByTestId('diner-submit'));
    await screen.findByTestId('diner-status');
    expect(sent.find((s) => s.url.endsWith('/order'))!.body).toEqual({ type: 'dine_in', remark: '', lines: [{ kind: 'dish', itemId: '102', optionIds: [], choices: [], quantity: 1.5 }] });
    // 继续点餐 (加菜): the menu again, with an empty cart (what was ordered is not offered again).
    await user.click(screen.getByRole('button', { name: '继续点餐' }));
    await screen.findByTestId('diner-menu');
    expect(screen.getByTestId('diner-cart-count')).toHaveTextContent('0');
    expect(sessionStorage.getItem(`canteen-diner-cart-${TOKEN}`)).toBe('[]');
  });

  it('names a weighed dish in English too', async () => {
    localStorage.setItem('canteen-diner-language', 'en');
    const user = userEvent.setup();
    render(<DinerApp />);
    const item = (await screen.findByText('清蒸鲈鱼')).closest('article') as HTMLElement;
    expect(within(item).getByTestId('diner-weighed')).toHaveTextContent('By weight');
    await user.click(within(item).getByRole('button', { name: '清蒸鲈鱼 Weight' }));
    expect(screen.getByTestId('diner-weighed-note')).toHaveTextContent('Sold by weight: ¥68.00 per 斤, charged for the weight you order');
  });

  it('a store closed by its hours says when it opens at once, prices the cart and takes no order', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T19:30:00Z')); // Saturday 03:30 in Shanghai
    try {
      menu.store = { ...menu.store, openNow: false, nextOpenAt: '2026-11-28T02:30:00.000Z' };
      const user = userEvent.setup();
      render(<DinerApp />);
      expect(await screen.findByTestId('diner-closed')).toHaveTextContent('本店休息中，暂不接单 · 今天 10:30 开始营业');
      await user.click(screen.getByRole('button', { name: '回锅肉 +' }));
      await user.click(screen.getByTestId('diner-cart-open'));
      const cart = screen.getByTestId('diner-cart');
      await vi.waitFor(() => expect(within(cart).getByTestId('diner-total')).toHaveTextContent('¥72.00'));
      expect(within(cart).getByTestId('diner-cart-closed')).toHaveTextContent('今天 10:30 开始营业');
      expect(within(cart).getByTestId('diner-submit')).toBeDisabled();
    } finally {
      menu.store = { ...menu.store, openNow: true, nextOpenAt: null };
      vi.useRealTimers();
    }
  });

  it('shows a refusal naming the dish and keeps the cart', async () => {
    createAnswer = () => envelope('回锅肉已售罄', 409);
    const user = userEvent.setup();
    render(<DinerApp />);
    await user.click(await screen.findByRole('button', { name: '回锅肉 +' }));
    await user.click(screen.getByTestId('diner-cart-open'));
    await user.click(screen.getByTestId('diner-submit'));
    expect(await screen.findByTestId('diner-problem')).toHaveTextContent('回锅肉已售罄');
    expect(screen.getAllByTestId('diner-cart-line')).toHaveLength(1);
  });

  it('asks for the order\'s status again until it is paid, then shows the state line there', async () => {
    let asked = 0;
    const pending = { ...order('pending'), expireTime: '2026-11-25T10:15:00Z' };
    const paid = { ...order('paid'), paidAmount: 7200 };
    vi.mocked(fetch).mockImplementation(async (url) => (url === `/order/diner/order/${VIEW}` ? envelope(++asked > 1 ? paid : pending) : envelope('资源不存在', 404)));
    window.history.replaceState(null, '', `/order/t/${TOKEN}/order/${VIEW}`);
    render(<DinerApp />);
    expect(await screen.findByTestId('diner-status-name')).toHaveTextContent('待支付');
    expect(screen.getByTestId('diner-pay')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('diner-status-name')).toHaveTextContent('已支付'), { timeout: 5000 });
    expect(screen.queryByTestId('diner-pay')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('已支付');
    expect(screen.getByText('已付 ¥72.00')).toBeInTheDocument();
  });

  it('shows the table\'s open order (加菜 rounds) above the menu to the device that opened it, and 买单 there moves it to pending with 去支付', async () => {
    const tab = { ...order('dining'), goodsAmount: 10800, payableAmount: 10800, lines: [...order('dining').lines, { id: '2', parentId: null, kind: 'dish' as const, name: '回锅肉', specText: '', unitPrice: 3600, quantity: 1, lineAmount: 3600, round: 2 }] };
    // The tab's secret this device was given when it opened the tab (issue 22 #5): sent on reading the tab and on 买单.
    localStorage.setItem(`canteen-diner-tab-${TOKEN}`, 'mySecret');
    const secretOf = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.['x-tab-secret'];
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === `/order/diner/${TOKEN}`) return envelope({ table: { storeId: '1', storeName: '川味小馆', tableCode: 'A01', areaName: '大厅', payMode: 'pay_later' }, menu });
      if (url === `/order/diner/${TOKEN}/open`) return envelope(secretOf(init) === 'mySecret' ? { order: tab, inUse: false } : { order: null, inUse: true });
      if (url === `/order/diner/order/${VIEW}/bill` && init?.method === 'POST') {
        return secretOf(init) === 'mySecret' ? envelope({ ...tab, status: 'pending' }) : envelope('该桌已有顾客在用餐，请联系服务员', 409);
      }
      if (url === `/order/diner/order/${VIEW}`) return envelope(tab);
      return envelope('资源不存在', 404);
    });
    const user = userEvent.setup();
    render(<DinerApp />);
    const link = await screen.findByTestId('diner-open-tab');
    expect(link).toHaveTextContent('本桌订单（就餐中）¥108.00');
    expect(screen.queryByTestId('diner-table-in-use')).not.toBeInTheDocument();
    await user.click(link);
    await screen.findByTestId('diner-status');
    expect(screen.getAllByTestId('diner-round').map((r) => r.textContent)).toEqual(['第1轮', '第2轮']);
    await user.click(screen.getByTestId('diner-bill'));
    await vi.waitFor(() => expect(screen.getByTestId('diner-status-name')).toHaveTextContent('待支付'));
    expect(screen.getByTestId('diner-billed')).toHaveTextContent('已买单');
    expect(screen.getByTestId('diner-pay')).toBeInTheDocument();
    expect(screen.queryByTestId('diner-bill')).not.toBeInTheDocument();
    localStorage.removeItem(`canteen-diner-tab-${TOKEN}`);
  });

  it('another device at a table whose tab is in use is told so, and sees nothing of the tab', async () => {
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (url === `/order/diner/${TOKEN}`) return envelope({ table: { storeId: '1', storeName: '川味小馆', tableCode: 'A01', areaName: '大厅', payMode: 'pay_later' }, menu });
      if (url === `/order/diner/${TOKEN}/open`) return envelope({ order: null, inUse: true });
      return envelope('资源不存在', 404);
    });
    render(<DinerApp />);
    expect(await screen.findByTestId('diner-table-in-use')).toHaveTextContent('该桌已有顾客在用餐，请联系服务员');
    expect(screen.queryByTestId('diner-open-tab')).not.toBeInTheDocument();
  });

  it('keeps the secret of the tab its order opened and sends it with the next order (加菜)', async () => {
    localStorage.removeItem(`canteen-diner-tab-${TOKEN}`);
    const headers: Array<string | undefined> = [];
    createAnswer = () => envelope({ order: order('dining'), payUrl: null, tabSecret: 'openedHere' });
    const base = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === `/order/diner/${TOKEN}/order`) headers.push((init?.headers as Record<string, string>)['x-tab-secret']);
      return base(url, init);
    });
    const user = userEvent.setup();
    for (let i = 0; i < 2; i++) {
      window.history.replaceState(null, '', `/order/t/${TOKEN}`);
      const { unmount } = render(<DinerApp />);
      await user.click(await screen.findByRole('button', { name: '回锅肉 +' }));
      await user.click(screen.getByTestId('diner-cart-open'));
      await vi.waitFor(() => expect(screen.getByTestId('diner-submit')).toBeEnabled());
      await user.click(screen.getByTestId('diner-submit'));
      await screen.findByTestId('diner-status');
      unmount();
    }
    expect(headers).toEqual([undefined, 'openedHere']);
    expect(localStorage.getItem(`canteen-diner-tab-${TOKEN}`)).toBe('openedHere');
    localStorage.removeItem(`canteen-diner-tab-${TOKEN}`);
  });

  it('says so when the table\'s code is unknown', async () => {
    window.history.replaceState(null, '', '/order/t/unknownToken0123456789');
    render(<DinerApp />);
    expect(await screen.findByText('桌台二维码无效或已失效，请联系店员')).toBeInTheDocument();
  });
});
