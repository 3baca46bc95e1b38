import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderCancelBodySchema, orderPayBodySchema, orderRefundBodySchema, type OrderRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { setNavigator } from '../../../shared/navigation/navigation';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import { orderRecord } from './order-fixtures';

let orders: OrderRecord[] = [];
const at = '2026-11-25T05:00:00.000Z';

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }, { id: '2', name: '面馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/order/counts') return okReply({ all: orders.length, todo: orders.filter((o) => o.status === 'paid').length, making: 1, finish: 2, canceled: 0 });
  if (method === 'GET' && path === '/order/order/page') {
    const found = orders.filter((o) => (query.tab !== 'todo' || o.status === 'paid') && (!query.orderNo || o.orderNo.includes(query.orderNo)));
    return okReply(pageOf(found.map(({ lines: _l, payments: _p, refunds: _r, logs: _g, coupon: _c, cancelReason: _x, expireTime: _e, operatorName: _o, ...row }) => row), Number(query.current), Number(query.size)));
  }
  const one = /^\/order\/order\/(\d+)(?:\/(accept|finish|cancel|refund|pay))?$/.exec(path);
  if (one) {
    const order = orders.find((o) => o.id === one[1]);
    if (!order) return failReply(404, '订单不存在');
    const save = (next: OrderRecord) => {
      orders = orders.map((o) => (o.id === next.id ? next : o));
      return okReply(next);
    };
    const log = (action: string, to: OrderRecord['status'], remark = '') => [...order.logs, { id: `${order.logs.length + 800}`, action, fromStatus: order.status, toStatus: to, remark, operatorName: 'admin', createTime: at }];
    if (method === 'GET' && !one[2]) return okReply(order);
    if (method === 'POST' && one[2] === 'accept') return save({ ...order, status: 'making', logs: log('accept', 'making') });
    if (method === 'POST' && one[2] === 'finish') return save({ ...order, status: 'finished', logs: log('finish', 'finished') });
    if (method === 'POST' && one[2] === 'pay') {
      const b = orderPayBodySchema.parse(body);
      const amount = b.amount ?? order.payableAmount - order.paidAmount;
      const payment = { id: '811', method: b.method, amount, status: 'success' as const, tendered: b.tendered ?? amount, change: (b.tendered ?? amount) - amount, tradeNo: null, balancePrincipal: null, balanceBonus: null, refundedAmount: 0, operatorName: 'admin', paidTime: at, createTime: at };
      const paidAmount = order.paidAmount + amount;
      const settled = paidAmount >= order.payableAmount;
      const next: OrderRecord = { ...order, status: settled ? 'paid' : order.status, paidAmount, payMethods: [b.method], payments: [...order.payments, payment], logs: settled ? log('pay', 'paid') : order.logs };
      save(next);
      return okReply({ order: next, payment, codeUrl: null, payUrl: null });
    }
    if (method === 'POST' && one[2] === 'cancel') {
      const { reason } = orderCancelBodySchema.parse(body);
      return save({ ...order, status: 'cancelled', cancelReason: reason, logs: log('cancel', 'cancelled', reason) });
    }
    if (method === 'POST' && one[2] === 'refund') {
      const b = orderRefundBodySchema.parse(body);
      const amount = b.lines.reduce((sum, l) => sum + (order.lines.find((x) => x.id === l.lineId)!.unitPrice * l.quantity), 0);
      return save({
        ...order,
        status: 'partially_refunded',
        refundedAmount: order.refundedAmount + amount,
        lines: order.lines.map((l) => ({ ...l, refundedQuantity: l.refundedQuantity + (b.lines.find((x) => x.lineId === l.id)?.quantity ?? 0) })),
        refunds: [...order.refunds, { id: '601', amount, reason: b.reason, parts: [{ paymentId: '801', method: 'cash', amount }], lines: b.lines.map((l) => ({ lineId: l.lineId, name: order.lines.find((x) => x.id === l.lineId)!.name, quantity: l.quantity })), restock: b.restock, operatorName: 'admin', createTime: at }],
        logs: log('refund', 'partially_refunded', b.reason),
      });
    }
  }
  return undefined;
}

const server = apiServerForFile(route);

beforeEach(() => {
  useCurrentStoreState.setState({ storeId: null });
  orders = [
    orderRecord('11', { goodsAmount: 6000, packingFee: 100, memberDiscount: 100, couponDiscount: 200, memberId: '501', memberName: '王小明', memberPhone: '138****1234', coupon: { id: '701', code: 'K7Q2M9X4', name: '满50减2' } }),
    orderRecord('12', { status: 'making', orderNo: '26112500020', tableCode: null, pickupNo: '015', type: 'takeaway', source: 'qr', payMethods: ['wechat'] }),
    orderRecord('13', { status: 'partially_refunded', orderNo: '26112500030', refundedAmount: 300, memberId: '501', memberName: '王小明', memberPhone: '138****1234' }),
  ];
});

/** A pay-later tab from the diners' page: two rounds, 买单, then paid (`paid`) or waiting for payment (`pending`). */
const tabOrder = (id: string, status: 'paid' | 'pending'): OrderRecord => {
  const base = orderRecord(id);
  const logAt = (n: number, action: string, fromStatus: OrderRecord['status'] | null, toStatus: OrderRecord['status'], remark = '') =>
    ({ id: `${id}${n}`, action, fromStatus, toStatus, remark, operatorName: '', createTime: at });
  const logs = [logAt(1, 'create', null, 'dining'), logAt(2, 'add', 'dining', 'dining', '第2轮'), logAt(3, 'bill', 'dining', 'pending')];
  return {
    ...base, orderNo: `2611250009${id}`, source: 'qr', status, payLater: true, tableCode: 'B2', payMethods: status === 'paid' ? ['cash'] : [], paidAmount: status === 'paid' ? 5800 : 0,
    lines: base.lines.map((l) => (l.id === '905' ? { ...l, round: 2 } : l)),
    payments: status === 'paid' ? base.payments : [],
    logs: status === 'paid' ? [...logs, logAt(4, 'pay', 'pending', 'paid')] : logs,
  };
};

const all = ['order:order:index', 'order:order:get', 'order:order:edit', 'order:order:refund'];
const open = async (url?: string) => {
  const result = renderPage('views/order/list/index', url);
  await screen.findByText(orders[0]!.orderNo, undefined, { timeout: 60_000 });
  return result;
};
const row = (id: string) => screen.getByTestId(`order-row-${id}`);
const drawer = () => screen.getByTestId('order-drawer');
/** A button by its text (cheaper than role queries over antd tables). */
const button = (scope: ParentNode, label: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === label) ?? null;
const confirm = async () => {
  const pop = await screen.findByRole('tooltip');
  await userEvent.click(button(pop, '确定')!);
};

describe('OrdersPage (订单列表)', () => {
  it('lists the store\'s orders with amounts, states, the 部分退款 badge and the tab counts', async () => {
    signInWith(all);
    await open();
    expect(server.calls('GET', '/order/order/page')[0]!.query).toMatchObject({ storeId: '1', tab: 'all', current: '1', size: '20' });
    expect(server.calls('GET', '/order/order/counts')[0]!.query).toEqual({ storeId: '1' });
    expect(screen.getByTestId('order-payable-11')).toHaveTextContent('¥58.00');
    expect(screen.getByTestId('order-status-11')).toHaveTextContent('已支付');
    expect(screen.getByTestId('order-status-12')).toHaveTextContent('制作中');
    expect(screen.getByTestId('order-status-13')).toHaveTextContent('已完成');
    expect(within(screen.getByTestId('order-status-13')).getByTestId('order-part-refund')).toHaveTextContent('部分退款');
    expect(within(screen.getByTestId('order-status-11')).queryByTestId('order-part-refund')).toBeNull();
    expect(row('12')).toHaveTextContent('取餐号 015');
    expect(row('12')).toHaveTextContent('外带');
    expect(row('12')).toHaveTextContent('微信支付');
    expect(row('11')).toHaveTextContent('桌 A3');
    expect(row('13')).toHaveTextContent('王小明 138****1234');
    expect(row('13')).toHaveTextContent('已退 ¥3.00');
    await waitFor(() => expect(screen.getByTestId('order-tab-count-todo')).toHaveTextContent('1'));
    expect(screen.getByTestId('order-tab-count-all')).toHaveTextContent('3');
    // 接单 at hand for the paid order, 完成 for the one being made.
    expect(button(row('11'), '接单')).not.toBeNull();
    expect(button(row('12'), '完成')).not.toBeNull();
    expect(button(row('13'), '接单')).toBeNull();
  });

  it('asks by tab and filters, and refuses a phone filter the server would', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('order-tab-todo'));
    await waitFor(() => expect(server.calls('GET', '/order/order/page').at(-1)!.query).toMatchObject({ tab: 'todo', storeId: '1' }));
    await waitFor(() => expect(screen.queryByTestId('order-row-12')).toBeNull());
    await userEvent.type(screen.getByTestId('order-filter-phone'), '12');
    await userEvent.click(screen.getByTestId('order-search'));
    expect(await screen.findByText('手机号请输入4到11位数字')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('order-filter-phone'));
    await userEvent.type(screen.getByTestId('order-filter-phone'), '1234');
    await userEvent.type(screen.getByTestId('order-filter-no'), '2611{Enter}');
    await waitFor(() => expect(server.calls('GET', '/order/order/page').at(-1)!.query).toMatchObject({ tab: 'todo', phone: '1234', orderNo: '2611', current: '1' }));
    const payMethod = screen.getByTestId('order-filter-payMethod');
    fireEvent.mouseDown(payMethod.querySelector('.ant-select-selector') ?? payMethod);
    fireEvent.click(await screen.findByTitle('会员余额'));
    await waitFor(() => expect(server.calls('GET', '/order/order/page').at(-1)!.query).toMatchObject({ payMethod: 'balance', phone: '1234' }));
  });

  it('shows an order: lines with specs and combo items under their combo, amounts, payments, the log; 接单 then 完成', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('order-open-11'));
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).getByTestId('order-drawer-no')).toHaveTextContent(orders[0]!.orderNo);
    expect(within(drawer()).getByTestId('order-line-901')).toHaveTextContent('辣子鸡大份/微辣');
    const comboItem = within(drawer()).getByTestId('order-line-904');
    expect(comboItem).toHaveAttribute('data-kind', 'combo_item');
    expect(comboItem).toHaveTextContent('└ 米饭加饭');
    expect(comboItem.style.paddingInlineStart).toBe('24px');
    const names = [...drawer().querySelectorAll('[data-testid^="order-line-9"]')].map((n) => n.getAttribute('data-testid'));
    expect(names).toEqual(['order-line-901', 'order-line-902', 'order-line-903', 'order-line-904', 'order-line-905']);
    expect(within(drawer()).getByTestId('order-amount-goods')).toHaveTextContent('¥60.00');
    expect(within(drawer()).getByTestId('order-amount-packing')).toHaveTextContent('¥1.00');
    expect(within(drawer()).getByTestId('order-amount-memberDiscount')).toHaveTextContent('-¥1.00');
    expect(within(drawer()).getByTestId('order-amount-couponDiscount')).toHaveTextContent('-¥2.00');
    expect(within(drawer()).getByTestId('order-amount-payable')).toHaveTextContent('¥58.00');
    expect(within(drawer()).getByTestId('order-amount-paid')).toHaveTextContent('¥58.00');
    expect(within(drawer()).getByTestId('order-amount-refunded')).toHaveTextContent('¥0.00');
    expect(within(drawer()).getByTestId('order-info')).toHaveTextContent('满50减2 (K7Q2M9X4)');
    const payments = within(drawer()).getByTestId('order-payments');
    expect(payments).toHaveTextContent('现金');
    expect(payments).toHaveTextContent('¥100.00');
    expect(payments).toHaveTextContent('¥42.00');
    const logs = within(drawer()).getAllByTestId('order-log');
    expect(logs.map((l) => l.getAttribute('data-action'))).toEqual(['create', 'pay']);
    expect(logs[1]).toHaveTextContent('支付 待支付 → 已支付 · 收银员小李现金 ¥58.00');

    await userEvent.click(within(drawer()).getByTestId('order-accept'));
    await confirm();
    await waitFor(() => expect(server.calls('POST', '/order/order/11/accept')).toHaveLength(1));
    await waitFor(() => expect(within(drawer()).getByTestId('order-drawer-status')).toHaveTextContent('制作中'));
    expect(await screen.findByText('已接单')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status-11')).toHaveTextContent('制作中'));
    await userEvent.click(within(drawer()).getByTestId('order-finish'));
    await confirm();
    await waitFor(() => expect(within(drawer()).getByTestId('order-drawer-status')).toHaveTextContent('已完成'));
    expect(within(drawer()).getAllByTestId('order-log').map((l) => l.getAttribute('data-action'))).toEqual(['create', 'pay', 'accept', 'finish']);
  });

  it('cancels a paid order with a reason, telling that the money goes back', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('order-open-11'));
    await userEvent.click(await within(drawer()).findByTestId('order-cancel'));
    expect(await screen.findByText('订单已支付 ¥58.00，取消后按原支付方式退回。')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('cancel-ok'));
    expect(await screen.findByText('请填写取消原因')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('cancel-reason'), '顾客不要了');
    await userEvent.click(screen.getByTestId('cancel-ok'));
    await waitFor(() => expect(server.calls('POST', '/order/order/11/cancel')).toHaveLength(1));
    expect(server.calls('POST', '/order/order/11/cancel')[0]!.body).toEqual({ reason: '顾客不要了' });
    await waitFor(() => expect(within(drawer()).getByTestId('order-drawer-status')).toHaveTextContent('已取消'));
    expect(within(drawer()).getByTestId('order-info')).toHaveTextContent('顾客不要了');
    expect(within(drawer()).queryByTestId('order-cancel')).toBeNull();
  });

  it('refunds chosen lines and quantities with a reason and 退回库存', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('order-open-12'));
    await userEvent.click(await within(drawer()).findByTestId('order-refund'));
    const lines = await screen.findByTestId('refund-lines');
    // Combo items go with their combo: not refundable on their own.
    expect(lines).toHaveTextContent('辣子鸡');
    expect(lines).not.toHaveTextContent('米饭');
    await userEvent.type(screen.getByTestId('refund-reason'), '上错菜');
    await userEvent.click(screen.getByTestId('refund-ok'));
    expect(await screen.findByText('请选择要退的菜品和数量')).toBeInTheDocument();
    expect(server.calls('POST', '/order/order/12/refund')).toHaveLength(0);
    await userEvent.type(within(lines).getByTestId('refund-qty-901'), '1');
    await userEvent.click(within(lines).getByTestId('refund-all-905'));
    await userEvent.click(screen.getByTestId('refund-restock'));
    await userEvent.click(screen.getByTestId('refund-ok'));
    await waitFor(() => expect(server.calls('POST', '/order/order/12/refund')).toHaveLength(1));
    expect(server.calls('POST', '/order/order/12/refund')[0]!.body).toEqual({ reason: '上错菜', restock: true, lines: [{ lineId: '901', quantity: 1 }, { lineId: '905', quantity: 1 }] });
    const refunds = await within(drawer()).findByTestId('order-refunds');
    expect(refunds).toHaveTextContent('¥18.00');
    expect(refunds).toHaveTextContent('辣子鸡 ×1，酸梅汤 ×1');
    expect(refunds).toHaveTextContent('操作人：admin 已退回库存');
    expect(within(refunds).getByTestId('order-refund-restocked-601')).toHaveTextContent(/^已退回库存$/);
    expect(within(drawer()).getByTestId('order-line-refunded-901')).toHaveTextContent('已退 1');
    expect(within(within(drawer()).getByTestId('order-drawer-status')).getByTestId('order-part-refund')).toBeInTheDocument();
  });

  it('lists the store chosen in the header\'s switcher', async () => {
    signInWith(all);
    await open();
    await act(async () => useCurrentStoreState.setState({ storeId: '2' }));
    await waitFor(() => expect(server.calls('GET', '/order/order/page').at(-1)!.query).toMatchObject({ storeId: '2', current: '1' }));
    await waitFor(() => expect(server.calls('GET', '/order/order/counts').at(-1)!.query).toEqual({ storeId: '2' }));
  });

  it('offers 完成 for a paid pay-later tab in its row and drawer, and not for a paid order that never was one', async () => {
    orders.push(tabOrder('14', 'paid'));
    signInWith(all);
    await open();
    await waitFor(() => expect(button(row('14'), '完成')).not.toBeNull());
    // The paid dine-in order from the counter is no tab (its row says so): no 完成, the server would refuse it.
    expect(button(row('11'), '完成')).toBeNull();
    expect(button(row('11'), '接单')).not.toBeNull();
    // The rows are enough: no order is read one by one for the list.
    for (const id of ['11', '12', '13', '14']) expect(server.calls('GET', `/order/order/${id}`)).toHaveLength(0);

    await userEvent.click(screen.getByTestId('order-open-14'));
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).getByTestId('order-line-905')).toHaveTextContent('第 2 轮');
    expect(within(drawer()).getByTestId('order-accept')).toBeInTheDocument();
    await userEvent.click(within(drawer()).getByTestId('order-finish'));
    await confirm();
    await waitFor(() => expect(server.calls('POST', '/order/order/14/finish')).toHaveLength(1));
    await waitFor(() => expect(within(drawer()).getByTestId('order-drawer-status')).toHaveTextContent('已完成'));
    await waitFor(() => expect(screen.getByTestId('order-status-14')).toHaveTextContent('已完成'));
    expect(button(row('14'), '完成')).toBeNull();
  });

  it('takes the payment of a billed tab in the drawer (收款), which then offers 完成', async () => {
    orders.push(tabOrder('15', 'pending'));
    signInWith([...all, 'order:cashier:pay']);
    await open();
    await userEvent.click(screen.getByTestId('order-open-15'));
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).queryByTestId('order-finish')).toBeNull();
    expect(within(drawer()).queryByTestId('order-accept')).toBeNull();
    await userEvent.click(within(drawer()).getByTestId('order-pay'));
    const dialog = await screen.findByTestId('pay-dialog');
    expect(within(dialog).getByTestId('pay-due')).toHaveTextContent('¥58.00');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(server.calls('POST', '/order/order/15/pay')).toHaveLength(1));
    expect(server.calls('POST', '/order/order/15/pay')[0]!.body).toEqual({ method: 'cash', amount: 5800, tendered: 5800 });
    expect(await screen.findByText('收款成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    await waitFor(() => expect(within(drawer()).getByTestId('order-drawer-status')).toHaveTextContent('已支付'));
    expect(within(drawer()).getByTestId('order-finish')).toBeInTheDocument();
    expect(within(drawer()).queryByTestId('order-pay')).toBeNull();
  });

  it('offers no 收款 without the counter\'s code', async () => {
    orders.push(tabOrder('15', 'pending'));
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('order-open-15'));
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).queryByTestId('order-pay')).toBeNull();
    expect(within(drawer()).getByTestId('order-cancel')).toBeInTheDocument();
  });

  it('hides the actions without their codes', async () => {
    signInWith(['order:order:index', 'order:order:get']);
    await open();
    expect(button(row('11'), '接单')).toBeNull();
    await userEvent.click(screen.getByTestId('order-open-11'));
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).queryByTestId('order-accept')).toBeNull();
    expect(within(drawer()).queryByTestId('order-cancel')).toBeNull();
    expect(within(drawer()).queryByTestId('order-refund')).toBeNull();
  });

  it('opens the order the alert links to (?orderId=) and drops the link when closed', async () => {
    signInWith(all);
    const navigated: string[] = [];
    setNavigator((to) => navigated.push(to));
    await open('/order/list?orderId=12');
    await within(drawer()).findByTestId('order-lines');
    expect(within(drawer()).getByTestId('order-drawer-no')).toHaveTextContent('26112500020');
    await userEvent.click(drawer().closest('.ant-drawer')!.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(navigated).toEqual(['/order/list']));
  });
});
