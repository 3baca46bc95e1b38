import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  orderCartSchema, orderPayBodySchema, type MemberRow, type OrderCart, type OrderingMenu, type OrderQuote, type OrderRecord, type PaymentRecord, type TableState,
} from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';

const at = '2026-11-25T04:00:00.000Z';
const dish = (id: string, name: string, price: number, fields: Partial<OrderingMenu['categories'][number]['dishes'][number]> = {}) => ({
  id, name, image: null, images: [], description: '', unit: '份', price, memberPrice: null, isWeighed: false, tags: [], packingFee: 0,
  orderTypes: ['dine_in' as const, 'takeaway' as const], available: true, stock: null, skus: [], specGroups: [], ...fields,
});
const menu: OrderingMenu = {
  store: { id: '1', name: '川味小馆', logo: null, notice: '', openNow: true, isOpen: true, nextOpenAt: null, timeZone: 'Asia/Shanghai', orderTypes: ['dine_in', 'takeaway'], payMode: 'pay_first', packingFeeMode: 'none', packingFee: 0 },
  version: 1,
  categories: [
    {
      id: '101', name: '热菜', kind: 'dish', combos: [],
      dishes: [
        dish('11', '辣子鸡', 3800, { memberPrice: 3400, image: '/media/dish/lazi.png', images: ['/media/dish/lazi.png'] }),
        dish('12', '酸菜鱼', 4800, {
          skus: [{ id: '121', name: '小份', price: 4800, memberPrice: null, available: true, stock: null }, { id: '122', name: '大份', price: 6800, memberPrice: null, available: true, stock: null }],
          specGroups: [{ id: '201', name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, options: [
            { id: '211', name: '微辣', priceDelta: 0, isDefault: false }, { id: '212', name: '特辣', priceDelta: 0, isDefault: false }] }],
        }),
        dish('13', '水煮鱼', 5800),
        dish('14', '宫保鸡丁', 2800, { available: false }),
      ],
    },
    { id: '102', name: '凉菜', kind: 'dish', combos: [], dishes: [dish('15', '夫妻肺片', 2600)] },
  ],
};
const priceOf: Record<string, number> = { '11': 3800, '12': 4800, '121': 4800, '122': 6800, '13': 5800, '15': 2600 };
const member: MemberRow = {
  id: '501', memberNo: 'M000501', phone: '138****1234', name: '王小明', gender: 'male', levelId: '1', levelName: '银卡会员', points: 60,
  balancePrincipal: 2000, balanceBonus: 0, balance: 2000, totalRecharged: 2000, totalSpent: 0, status: 'active', source: 'cashier', lastVisitAt: null, createTime: at,
};

/** Another member whose phone ends 1234 as well. */
const namesake: MemberRow = { ...member, id: '502', memberNo: 'M000502', phone: '139****1234', name: '李小红', levelName: '普通会员', balancePrincipal: 0, balance: 0 };

function quoteOf(cart: OrderCart): OrderQuote {
  const lines = cart.lines.map((l) => {
    const unitPrice = priceOf[l.skuId ?? l.itemId]!;
    return { kind: l.kind, dishId: l.itemId, comboId: null, skuId: l.skuId ?? null, categoryId: '101', name: l.itemId === '11' ? '辣子鸡' : l.itemId === '12' ? '酸菜鱼' : '菜',
      specText: l.skuId === '122' ? '大份/特辣' : '', image: null, unit: '份', unitPrice, quantity: l.quantity, lineAmount: Math.round(unitPrice * l.quantity),
      discountAmount: 0, remark: l.remark ?? '', children: [] };
  });
  const goodsAmount = lines.reduce((n, l) => n + l.lineAmount, 0);
  const memberDiscount = cart.memberId ? 400 : 0;
  const couponDiscount = cart.memberId && cart.couponId === '71' ? 1000 : 0;
  return {
    lines, goodsAmount, packingFee: 0, memberDiscount, couponDiscount, payableAmount: goodsAmount - memberDiscount - couponDiscount,
    coupons: cart.memberId ? [{ id: '71', code: 'C0071', name: '满50减10', discount: 1000 }] : [],
  };
}

let order: OrderRecord | undefined;
let payments: PaymentRecord[] = [];

const payment = (id: string, fields: Partial<PaymentRecord>): PaymentRecord => ({
  id, method: 'cash', amount: 0, status: 'success', tendered: null, change: null, tradeNo: null, balancePrincipal: null, balanceBonus: null, refundedAmount: 0,
  operatorName: '收银员', paidTime: at, createTime: at, ...fields,
});
const current = (): OrderRecord => {
  const paidAmount = payments.filter((p) => p.status === 'success').reduce((n, p) => n + p.amount, 0);
  return { ...order!, payments, paidAmount, status: paidAmount >= order!.payableAmount ? 'paid' : 'pending', payMethods: [...new Set(payments.filter((p) => p.status === 'success').map((p) => p.method))] };
};

/** While set, quotes wait for it (a quote still on its way). */
let quoteHeld: Promise<void> | undefined;

async function route(received: Received) {
  if (received.method === 'POST' && received.path === '/order/quote' && quoteHeld) await quoteHeld;
  return answer(received);
}

function answer({ method, path, body, query }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/menu') return okReply(menu);
  if (method === 'GET' && path === '/store/table/page') {
    return okReply(pageOf([{ id: '301', storeId: '1', areaId: '1', areaName: '大厅', code: 'A01', seats: 4, minSpend: null, status: 'idle', enabled: true, sort: 0, orderUrl: '/order/t/x', createTime: at }], 1, 1000));
  }
  if (method === 'GET' && path === '/customer/member/page') {
    if (query.keyword === '1234') return okReply(pageOf([member, namesake])); // a 尾号 two members share
    return okReply(pageOf(String(query.keyword).startsWith('138') ? [member] : []));
  }
  if (method === 'POST' && path === '/order/quote') {
    const cart = orderCartSchema.parse(body);
    if (cart.lines.some((l) => l.itemId === '13')) return failReply(400, '水煮鱼已售罄');
    return okReply(quoteOf(cart));
  }
  if (method === 'POST' && path === '/order/order') {
    const cart = orderCartSchema.parse(body);
    const q = quoteOf(cart);
    payments = [];
    order = {
      id: '9001', orderNo: '2611250010001', storeId: '1', storeName: '川味小馆', businessDate: '2026-11-25', type: cart.type, source: 'cashier', status: 'pending', payLater: false,
      tableId: cart.tableId ?? null, tableCode: cart.tableId ? 'A01' : null, guests: cart.guests ?? null, pickupNo: 'A001', memberId: cart.memberId ?? null,
      memberName: cart.memberId ? '王小明' : null, memberPhone: cart.memberId ? '138****1234' : null, goodsAmount: q.goodsAmount, packingFee: 0,
      memberDiscount: q.memberDiscount, couponDiscount: q.couponDiscount, payableAmount: q.payableAmount, paidAmount: 0, refundedAmount: 0, payMethods: [],
      itemCount: cart.lines.length, remark: cart.remark, createTime: at, paidTime: null, coupon: null, cancelReason: null, expireTime: null, operatorName: '收银员',
      lines: q.lines.map((l, i) => ({ ...l, id: String(800 + i), parentId: null, refundedQuantity: 0, round: 1 })), payments: [], refunds: [], logs: [],
    };
    return okReply(current());
  }
  const pay = /^\/order\/order\/(\d+)\/pay$/.exec(path);
  if (method === 'POST' && pay) {
    const b = orderPayBodySchema.parse(body);
    const amount = b.amount ?? order!.payableAmount - current().paidAmount;
    if (b.method === 'balance' && amount > member.balance) return failReply(400, '会员余额不足');
    const p = payment(String(700 + payments.length), b.method === 'cash'
      ? { method: 'cash', amount, tendered: b.tendered ?? amount, change: (b.tendered ?? amount) - amount }
      : b.method === 'wechat' ? { method: 'wechat', amount, status: 'pending', paidTime: null } : { method: 'balance', amount });
    payments = [...payments, p];
    return okReply({ order: current(), payment: p, codeUrl: b.method === 'wechat' ? 'weixin://wxpay/bizpayurl?pr=abc' : null, payUrl: b.method === 'wechat' ? 'http://127.0.0.1:4199/pay/abc' : null });
  }
  if (method === 'GET' && path === '/order/table/301/open') return okReply(openTab ?? null);
  if (method === 'GET' && path === '/order/floor/map') {
    const session = floorState === 'idle' ? null : {
      id: '41', storeId: '1', tableId: '301', tableCode: 'A01', state: floorState, guests: 2, note: '', orderCount: 1, amount: 3800, unpaidAmount: 3800, linesToMake: 1, rushed: 0,
      mergedIntoId: null, mergedIntoTableCode: null, mergedTableCodes: [], openedAt: at, openedBy: '收银员', firstOrderAt: at, billAt: null, paidAt: null,
    };
    return okReply({
      storeId: '1', areas: [{ id: '1', name: '大厅', sort: 0 }], asOf: at, counts: { idle: 1, opened: 0, dining: 0, billing: 0, to_clear: 0 },
      tables: [{ id: '301', areaId: '1', code: 'A01', seats: 4, minSpend: null, enabled: true, state: floorState, session }],
    });
  }
  if (method === 'POST' && path === '/order/order/9001/lines' && openTab) {
    const added = orderCartSchema.pick({ lines: true, remark: true }).parse(body);
    const q = quoteOf({ storeId: '1', type: 'dine_in', remark: '', lines: added.lines });
    openTab = { ...openTab, goodsAmount: openTab.goodsAmount + q.goodsAmount, payableAmount: openTab.payableAmount + q.payableAmount,
      lines: [...openTab.lines, ...q.lines.map((l, i) => ({ ...l, id: String(900 + i), parentId: null, refundedQuantity: 0, round: 2 }))] };
    order = openTab;
    return okReply(openTab);
  }
  const asked = /^\/order\/order\/9001\/pay\/(\d+)$/.exec(path);
  if (method === 'GET' && asked) return okReply({ order: current(), payment: payments.find((p) => p.id === asked[1]), codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', payUrl: null });
  return undefined;
}

/** A table's open pay-later order (就餐中), when a test gives it one. */
let openTab: OrderRecord | undefined;
/** A01's state on the floor. */
let floorState: TableState = 'idle';

const server = apiServerForFile(route);
beforeEach(() => {
  quoteHeld = undefined;
  order = undefined;
  openTab = undefined;
  floorState = 'idle';
  payments = [];
});

const open = async () => {
  signInWith(['order:cashier:index', 'order:cashier:pay', 'order:floor:index', 'store:dish:index', 'store:table:index', 'customer:member:index']);
  const result = renderPage('views/order/cashier/index');
  await screen.findByTestId('cashier-item-dish-11', undefined, { timeout: 60_000 });
  return result;
};
const payable = () => screen.getByTestId('cashier-payable');
const lastQuote = () => orderCartSchema.parse(server.calls('POST', '/order/quote').at(-1)!.body);

describe('CashierPage (收银台)', () => {
  it('takes F9 pressed while the quote is on its way once the quote is in (it was lost)', async () => {
    await open();
    let release!: () => void;
    quoteHeld = new Promise((resolve) => { release = resolve; });
    await userEvent.click(screen.getByTestId('cashier-item-dish-11'));
    await waitFor(() => expect(server.calls('POST', '/order/quote').length).toBeGreaterThan(0));
    fireEvent.keyDown(window, { key: 'F9' });
    expect(server.calls('POST', '/order/order')).toHaveLength(0);
    release();
    await screen.findByTestId('pay-dialog');
    expect(server.calls('POST', '/order/order')).toHaveLength(1);
  });

  it('adds dishes by click and keyboard, enforces the picker, prices only by the quote and shows its refusal on the line', async () => {
    await open();
    expect(screen.getByTestId('cashier-item-dish-14')).toBeDisabled();
    // Each card shows its dish's picture from the menu, or the placeholder when it has none.
    expect(within(screen.getByTestId('cashier-item-dish-11')).getByTestId('cashier-item-image')).toHaveAttribute('src', '/media/dish/lazi.png');
    expect(within(screen.getByTestId('cashier-item-dish-13')).getByTestId('cashier-item-noimage')).toBeInTheDocument();

    // A one-price dish: a click adds it; the amounts are the server's.
    await userEvent.click(screen.getByTestId('cashier-item-dish-11'));
    await waitFor(() => expect(payable()).toHaveTextContent('¥38.00'));
    expect(lastQuote().lines).toEqual([{ kind: 'dish', itemId: '11', optionIds: [], choices: [], quantity: 1, remark: '' }]);

    // + on the keyboard: the last line, priced again.
    fireEvent.keyDown(window, { key: '+' });
    await waitFor(() => expect(payable()).toHaveTextContent('¥76.00'));

    // A dish with sizes and a required option group: the picker refuses until 辣度 is chosen.
    await userEvent.click(screen.getByTestId('cashier-item-dish-12'));
    const picker = await screen.findByTestId('item-picker');
    await userEvent.click(within(picker).getByText('大份 ¥68.00'));
    await userEvent.click(screen.getByTestId('picker-add'));
    expect(await screen.findByTestId('picker-problems')).toHaveTextContent('辣度至少选择1项');
    await userEvent.click(within(picker).getByText('特辣'));
    // + and − in the picker change its quantity; Enter adds.
    await userEvent.click(within(picker).getByTestId('picker-quantity'));
    await userEvent.keyboard('++-+{Enter}');
    await waitFor(() => expect(payable()).toHaveTextContent('¥280.00'));
    expect(lastQuote().lines[1]).toEqual({ kind: 'dish', itemId: '12', skuId: '122', optionIds: ['212'], choices: [], quantity: 3, remark: '' });
    fireEvent.keyDown(window, { key: '-' });
    fireEvent.keyDown(window, { key: '-' });
    await waitFor(() => expect(payable()).toHaveTextContent('¥144.00'));
    // ↓ and Enter outside the search: the next card (夫妻肺片 after the three of 热菜 shown under 全部) goes in.
    for (let i = 0; i < 4; i += 1) fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(payable()).toHaveTextContent('¥170.00'));
    fireEvent.keyDown(window, { key: '-' });
    await waitFor(() => expect(payable()).toHaveTextContent('¥144.00'));

    // Takeaway (a radio keeps the focus: "/" still reaches the search), the search by pinyin initials,
    // Enter adds the highlighted dish; the server refuses it by name.
    await userEvent.click(screen.getByText('外带'));
    await waitFor(() => expect(lastQuote().type).toBe('takeaway'));
    await userEvent.keyboard('/');
    expect(screen.getByPlaceholderText('搜索菜品（名称或拼音首字母）')).toHaveFocus();
    await userEvent.keyboard('szy');
    await waitFor(() => expect(screen.queryByTestId('cashier-item-dish-11')).not.toBeInTheDocument());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('cashier-refusal')).toHaveTextContent('水煮鱼已售罄');
    const refused = document.querySelector('[data-line-name="水煮鱼"]') as HTMLElement;
    expect(refused.style.border).toMatch(/error|255, 77, 79/);
    expect(within(refused).getByTestId('cart-line-refusal')).toHaveTextContent('水煮鱼已售罄');
    expect(screen.getByTestId('cashier-submit')).toBeDisabled();
    // − in the search box takes the refused (last) line away again.
    await userEvent.keyboard('-');
    await waitFor(() => expect(screen.queryByTestId('cashier-refusal')).not.toBeInTheDocument());
    await waitFor(() => expect(payable()).toHaveTextContent('¥144.00'));
    expect(screen.getByTestId('cashier-submit')).toBeEnabled();
  });

  it('finds members by the last four digits (F2): several are listed, ↑↓ choose and Enter takes the chosen one', async () => {
    await open();
    fireEvent.keyDown(window, { key: 'F2' });
    await userEvent.type(await screen.findByTestId('member-lookup-input'), '1234');
    await screen.findByTestId('member-found-502');
    expect(screen.getByTestId('member-lookup')).toHaveTextContent('找到 2 位会员，↑↓ 选择，回车确定');
    expect(screen.getByTestId('member-found-501')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('member-found-502')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('cashier-member')).toHaveTextContent('李小红'));
  });

  it('finds the member by phone (F2), applies a coupon, creates once and takes a split payment: balance, then cash with change; the receipt shows it', async () => {
    await open();
    await userEvent.click(screen.getByTestId('cashier-item-dish-11'));
    await userEvent.click(screen.getByTestId('cashier-item-dish-15'));
    await waitFor(() => expect(payable()).toHaveTextContent('¥64.00'));

    fireEvent.keyDown(window, { key: 'F2' });
    await userEvent.type(await screen.findByTestId('member-lookup-input'), '1381234');
    await screen.findByTestId('member-found-501');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('cashier-member')).toHaveTextContent('王小明'));
    expect(screen.getByTestId('cashier-member')).toHaveTextContent('银卡会员');
    await waitFor(() => expect(payable()).toHaveTextContent('¥60.00'));
    expect(screen.getByTestId('cashier-member-discount')).toHaveTextContent('-¥4.00');

    await userEvent.click(screen.getByLabelText('优惠券'));
    await userEvent.click(await screen.findByText('满50减10 (-¥10.00)'));
    await waitFor(() => expect(payable()).toHaveTextContent('¥50.00'));
    expect(lastQuote()).toMatchObject({ memberId: '501', couponId: '71' });

    fireEvent.keyDown(window, { key: 'F9' });
    const dialog = await screen.findByTestId('pay-dialog');
    expect(server.calls('POST', '/order/order')).toHaveLength(1);
    expect(server.calls('POST', '/order/order')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(dialog).getByTestId('pay-due')).toHaveTextContent('¥50.00');

    // Balance for ¥20 of it (all the member has), the rest in cash.
    await userEvent.click(within(dialog).getByText('会员余额'));
    expect(within(dialog).getByTestId('pay-balance')).toHaveTextContent('¥20.00');
    expect(within(dialog).getByTestId('pay-balance-problem')).toHaveTextContent('余额不足');
    const amount = within(dialog).getByTestId('pay-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await waitFor(() => expect(within(dialog).queryByTestId('pay-balance-problem')).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('pay-due')).toHaveTextContent('¥30.00'));
    expect(orderPayBodySchema.parse(server.calls('POST', '/order/order/9001/pay')[0]!.body)).toMatchObject({ method: 'balance', amount: 2000 });

    await userEvent.click(within(dialog).getByText('现金'));
    await waitFor(() => expect(within(dialog).getByTestId('pay-amount')).toHaveValue('30.00'));
    // One tap on the bill handed over (exact, then rounded up to ¥10/¥20/¥50/¥100).
    expect(within(dialog).getByTestId('pay-quick-tenders').querySelectorAll('button')).toHaveLength(4);
    expect(within(dialog).getByTestId('pay-quick-3000')).toHaveTextContent('刚好 ¥30.00');
    await userEvent.click(within(dialog).getByTestId('pay-quick-5000'));
    await waitFor(() => expect(within(dialog).getByTestId('pay-change')).toHaveTextContent('¥20.00'));
    expect(within(dialog).getByTestId('pay-tendered')).toHaveValue('50.00');
    await userEvent.click(screen.getByTestId('pay-submit'));

    const receipt = await screen.findByTestId('receipt');
    expect(orderPayBodySchema.parse(server.calls('POST', '/order/order/9001/pay')[1]!.body)).toEqual({ method: 'cash', amount: 3000, tendered: 5000 });
    expect(within(receipt).getByTestId('receipt-order-no')).toHaveTextContent('2611250010001');
    expect(within(receipt).getByTestId('receipt-payable')).toHaveTextContent('¥50.00');
    expect(within(receipt).getByTestId('receipt-change')).toHaveTextContent('找零 ¥20.00');
    expect(within(receipt).getAllByTestId('receipt-line')).toHaveLength(2);
    // 打印 prints the receipt alone, from a frame of its own.
    await userEvent.click(screen.getByTestId('receipt-print'));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[aria-hidden]')!;
    expect(frame.contentDocument!.body).toHaveTextContent('2611250010001');
    expect(frame.contentDocument!.body).toHaveTextContent('找零 ¥20.00');
    expect(frame.contentDocument!.body).not.toHaveTextContent('下单并收款');

    await userEvent.click(screen.getByTestId('receipt-new'));
    await waitFor(() => expect(screen.queryByTestId('receipt')).not.toBeInTheDocument());
    expect(screen.getByTestId('cashier-member')).not.toHaveTextContent('王小明');
    expect(screen.getByTestId('cashier-payable')).toHaveTextContent('—');
  });

  it('shows the table\'s open order when it is chosen, prices 应收 as that tab with this round, and adds the round (加菜) instead of a second order', async () => {
    openTab = {
      id: '9001', orderNo: '2611250010001', storeId: '1', storeName: '川味小馆', businessDate: '2026-11-25', type: 'dine_in', source: 'qr', status: 'dining', payLater: true,
      tableId: '301', tableCode: 'A01', guests: null, pickupNo: null, memberId: null, memberName: null, memberPhone: null, goodsAmount: 3800, packingFee: 0,
      memberDiscount: 0, couponDiscount: 0, payableAmount: 3800, paidAmount: 0, refundedAmount: 0, payMethods: [], itemCount: 1, remark: '', createTime: at, paidTime: null,
      coupon: null, cancelReason: null, expireTime: null, operatorName: '', payments: [], refunds: [], logs: [],
      lines: [{ kind: 'dish', dishId: '11', comboId: null, skuId: null, categoryId: '1', name: '回锅肉', specText: '', image: null, unit: '份', unitPrice: 3800, quantity: 1, lineAmount: 3800, discountAmount: 0, remark: '', id: '850', parentId: null, refundedQuantity: 0, round: 1 }],
    };
    floorState = 'dining';
    await open();
    await userEvent.click(screen.getByTestId('cashier-item-dish-15'));
    await userEvent.click(within(screen.getByTestId('cashier-table')).getByRole('combobox'));
    // The picker says what the floor says: the tab, not 空闲.
    await userEvent.click(await screen.findByText('A01 · 大厅 · 就餐中 ¥38.00'));
    expect(await screen.findByTestId('cashier-open-tab')).toHaveTextContent('该桌有进行中的订单 2611250010001（已点 ¥38.00）');
    await waitFor(() => expect(screen.getByTestId('cashier-round')).toHaveTextContent('¥26.00'));
    expect(payable()).toHaveTextContent('¥64.00');
    // The table changed the cart: its quote must be back before 下单 is pressed.
    await waitFor(() => expect(screen.getByTestId('cashier-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('cashier-submit'));
    const dialog = await screen.findByTestId('pay-dialog');
    expect(server.calls('POST', '/order/order/9001/lines')).toHaveLength(1);
    expect(server.calls('POST', '/order/order')).toHaveLength(0);
    // What the cart said is what the payment asks for.
    expect(payable()).toHaveTextContent('¥64.00');
    expect(within(dialog).getByTestId('pay-payable')).toHaveTextContent('¥64.00');
  });

  it('shows a WeChat Pay QR with the simulator link and waits for the order to be paid', async () => {
    await open();
    await userEvent.click(screen.getByTestId('cashier-item-dish-15'));
    await waitFor(() => expect(payable()).toHaveTextContent('¥26.00'));
    await userEvent.click(screen.getByTestId('cashier-submit'));
    const dialog = await screen.findByTestId('pay-dialog');
    await userEvent.click(within(dialog).getByText('微信支付'));
    await userEvent.click(screen.getByTestId('pay-submit'));
    const wait = await within(dialog).findByTestId('pay-wechat');
    expect(within(wait).getByTestId('pay-sim-link')).toHaveAttribute('href', 'http://127.0.0.1:4199/pay/abc');
    // The platform's notification arrives (the server marks the payment paid): the next read of the payment (order:cashier:index, no order:order:get) shows the receipt.
    payments = payments.map((p) => ({ ...p, status: 'success' as const, paidTime: at }));
    const receipt = await screen.findByTestId('receipt', undefined, { timeout: 10_000 });
    expect(receipt).toHaveTextContent('微信支付');
  });
});
