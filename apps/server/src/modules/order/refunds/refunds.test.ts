import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPayResult, OrderRecord } from '@canteen/contract';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { Db } from '../../../db/client.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, orderMember, setDish, setSku, stockOf, type OrderFixture } from '../testing.js';
import { payTestApp } from '../../../../test/pay.js';

/**
 * Refunds: whole or by line and quantity (never more than bought minus refunded), back to the
 * original payments (balance to the same principal/bonus parts, WeChat Pay through the
 * simulator's refund API over real HTTP, cash recorded), stock back once per refunded quantity
 * when asked, refunded / partially_refunded, the Idempotency-Key, and the cancel of a paid order.
 */
const { app, simUrl } = await payTestApp({ port: 4321 });

let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
});

const post = (url: string, body: unknown, key?: string) => app.inject({ method: 'POST', url, headers: { ...admin, ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });
const pay = async (orderId: string, body: Record<string, unknown>) => {
  const res = await post(`/order/order/${orderId}/pay`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OrderPayResult }>().data;
};
const refund = async (orderId: string, body: Record<string, unknown>, key?: string) => {
  const res = await post(`/order/order/${orderId}/refund`, body, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OrderRecord }>().data;
};
const refused = async (orderId: string, body: Record<string, unknown>) => {
  const res = await post(`/order/order/${orderId}/refund`, body);
  return { status: res.statusCode, msg: res.json<{ msg: string }>().msg };
};
const topLines = (o: OrderRecord) => o.lines.filter((l) => l.kind !== 'combo_item');
async function giveBalance(memberId: string, principal: number, bonus: number) {
  await app.database.db.transaction((tx) => app.customer.wallet.adjust(tx as unknown as Db, memberId, { principal, bonus, points: 0, reason: '测试充值' }, { id: null, name: 'test' }));
}
/** The simulator's control API (JSON the test names). */
const simGet = async <T>(path: string): Promise<T> => (await (await fetch(`${simUrl}${path}`)).json()) as T;

describe('refunds by line and whole', () => {
  it('refunds chosen quantities for their share, never more than is left, then the rest to the last fen', async () => {
    // 辣子鸡 大份 ¥48 × 2 (packing ¥1 each) + 米饭 ¥2 × 3 = 96 + 6 + 2 = ¥104.
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2), { kind: 'dish', itemId: f.dishes.rice, quantity: 3 }], { type: 'takeaway' }));
    expect(order.payableAmount).toBe(10400);
    await pay(order.id, { method: 'cash', tendered: 10400 });
    const [chicken, rice] = topLines(order);
    expect(await refused(order.id, { reason: '不想要了', lines: [{ lineId: chicken!.id, quantity: 3 }] })).toEqual({ status: 400, msg: '「辣子鸡」最多还可退 2份' });

    const partial = await refund(order.id, { reason: '上错菜', lines: [{ lineId: chicken!.id, quantity: 1 }] });
    // 4800 of 10200 in lines, applied to the payable 10400: ¥48.94. Not accepted yet, with dishes
    // still to make: it stays 已支付 (待处理) with them (issue 24).
    expect(partial).toMatchObject({ status: 'paid', refundedAmount: 4894, paidAmount: 10400 });
    expect(partial.refunds[0]).toMatchObject({ amount: 4894, reason: '上错菜', restock: false, parts: [{ method: 'cash', amount: 4894 }], lines: [{ lineId: chicken!.id, name: '辣子鸡', quantity: 1 }] });
    expect(topLines(partial).map((l) => l.refundedQuantity)).toEqual([1, 0]);
    expect(partial.payments[0]!.refundedAmount).toBe(4894);
    expect(partial.logs.at(-1)).toMatchObject({ action: 'refund', fromStatus: 'paid', toStatus: 'paid' });
    expect(await refused(order.id, { reason: '重复', lines: [{ lineId: chicken!.id, quantity: 2 }] })).toEqual({ status: 400, msg: '「辣子鸡」最多还可退 1份' });
    expect((await refused(order.id, { reason: 'x', lines: [{ lineId: '999999999', quantity: 1 }] })).status).toBe(400);

    const rest = await refund(order.id, { reason: '整单退' });
    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 10400 });
    expect(rest.refunds.at(-1)).toMatchObject({ amount: 5506, lines: [{ lineId: chicken!.id, quantity: 1 }, { lineId: rice!.id, quantity: 3 }] });
    expect(await refused(order.id, { reason: '再退' })).toEqual({ status: 409, msg: '订单已退款，不能退款' });
  });

  it('refuses an unpaid order', async () => {
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
    expect(await refused(order.id, { reason: '未付' })).toEqual({ status: 409, msg: '订单待支付，不能退款' });
  });

  it('answers a retried refund (same Idempotency-Key) with one refund', async () => {
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { type: 'takeaway' }));
    await pay(order.id, { method: 'cash' });
    const line = topLines(order)[0]!;
    const body = { reason: '重试', lines: [{ lineId: line.id, quantity: 1 }] };
    await refund(order.id, body, 'refund-retry-0001');
    const again = await refund(order.id, body, 'refund-retry-0001');
    expect(again.refunds).toHaveLength(1);
    expect(topLines(again)[0]!.refundedQuantity).toBe(1);
  });
});

describe('back to the original payments', () => {
  it('balance goes back to the same principal and bonus parts', async () => {
    const m = await orderMember(app);
    await giveBalance(m.id, 6000, 2000);
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway', memberId: m.id }));
    const paid = await pay(order.id, { method: 'balance' });
    expect(paid.payment).toMatchObject({ amount: 4900, balancePrincipal: 3675, balanceBonus: 1225 });
    const back = await refund(order.id, { reason: '顾客取消' });
    expect(back).toMatchObject({ status: 'refunded', refundedAmount: 4900 });
    expect(back.refunds[0]!.parts).toEqual([{ paymentId: paid.payment.id, method: 'balance', amount: 4900 }]);
    expect(await app.customer.wallet.balances(app.database.db, m.id)).toMatchObject({ balancePrincipal: 6000, balanceBonus: 2000, points: 0 });
  });

  it('WeChat Pay goes back through the platform\'s refund API (split with balance: the latest payment first)', async () => {
    const m = await orderMember(app);
    await giveBalance(m.id, 1000, 0);
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { type: 'takeaway', memberId: m.id }));
    await pay(order.id, { method: 'balance', amount: 1000 });
    const qr = await pay(order.id, { method: 'wechat' });
    expect(qr.payment.amount).toBe(8800);
    const [tx] = (await simGet<{ out_trade_no: string; attach: string }[]>('/sim/pay/transactions')).filter((t) => t.attach === `order:${order.id}`);
    await fetch(`${simUrl}/sim/pay/transactions/${tx!.out_trade_no}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await app.order.get(order.id)).status).toBe('paid');

    const line = topLines(order)[0]!;
    const partial = await refund(order.id, { reason: '少一份', lines: [{ lineId: line.id, quantity: 1 }] });
    expect(partial.refunds[0]).toMatchObject({ amount: 4900, parts: [{ method: 'wechat', amount: 4900 }] });
    const platform = await simGet<{ trade_state: string; refunds: { amount: { refund: number }; status: string; out_refund_no: string }[] }>(`/sim/pay/transactions/${tx!.out_trade_no}`);
    expect(platform.trade_state).toBe('REFUND');
    expect(platform.refunds.map((r) => [r.amount.refund, r.status])).toEqual([[4900, 'SUCCESS']]);
    // ¥98 paid earned 98 points; half of it refunded takes back 49.
    expect((await app.customer.wallet.balances(app.database.db, m.id)).points).toBe(49);

    const rest = await refund(order.id, { reason: '全退' });
    expect(rest.status).toBe('refunded');
    expect(rest.refunds.at(-1)!.parts.map((p) => [p.method, p.amount])).toEqual([['wechat', 3900], ['balance', 1000]]);
    expect((await simGet<{ refunds: unknown[] }>(`/sim/pay/transactions/${tx!.out_trade_no}`)).refunds).toHaveLength(2);
    expect(await app.customer.wallet.balances(app.database.db, m.id)).toMatchObject({ balancePrincipal: 1000, points: 0 });
  });

  it('a refused platform refund leaves nothing refunded', async () => {
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
    await pay(order.id, { method: 'wechat' });
    const [tx] = (await simGet<{ out_trade_no: string; attach: string }[]>('/sim/pay/transactions')).filter((t) => t.attach === `order:${order.id}`);
    await fetch(`${simUrl}/sim/pay/transactions/${tx!.out_trade_no}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await fetch(`${simUrl}/sim/pay/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api: 'refund', status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' }) });
    const failed = await refused(order.id, { reason: '退' });
    expect(failed.status).toBe(409);
    expect(failed.msg).toContain('商户账户可用余额不足');
    expect(await app.order.get(order.id)).toMatchObject({ status: 'paid', refundedAmount: 0, refunds: [] });
    expect((await refund(order.id, { reason: '再退' })).status).toBe('refunded');
  });
});

describe('a refund failing half-way at the platform', () => {
  it('is rolled back here, and its retry asks for the same refund numbers: nothing is paid back twice', async () => {
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { type: 'takeaway' }));
    const payOnSim = async () => {
      const open = (await simGet<{ out_trade_no: string; attach: string; trade_state: string }[]>('/sim/pay/transactions')).filter((t) => t.attach === `order:${order.id}` && t.trade_state === 'NOTPAY');
      await fetch(`${simUrl}/sim/pay/transactions/${open[0]!.out_trade_no}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    };
    await pay(order.id, { method: 'wechat', amount: 3000 });
    await payOnSim();
    await pay(order.id, { method: 'wechat' });
    await payOnSim();
    expect((await app.order.get(order.id)).status).toBe('paid');
    // The first part (the latest payment) goes through, the second is refused.
    await fetch(`${simUrl}/sim/pay/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api: 'refund', skip: 1, status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' }) });
    expect((await refused(order.id, { reason: '退' })).status).toBe(503);
    expect(await app.order.get(order.id)).toMatchObject({ status: 'paid', refundedAmount: 0, refunds: [] });
    const done = await refund(order.id, { reason: '再退' });
    expect(done).toMatchObject({ status: 'refunded', refundedAmount: 9800 });
    const platform = (await simGet<{ attach: string; refunds: { amount: { refund: number } }[] }[]>('/sim/pay/transactions')).filter((t) => t.attach === `order:${order.id}`);
    expect(platform.map((t) => t.refunds.map((r) => r.amount.refund))).toEqual([[6800], [3000]]);
  });
});

describe('stock', () => {
  it('comes back once per refunded quantity, only when asked', async () => {
    await setSku(app, f.storeId, f.skus.small, { stock: 10 });
    const small = { ...chickenLine(f, 3), skuId: f.skus.small };
    const order = await createOrderApi(app, admin, cartOf(f, [small], { type: 'takeaway' }));
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(7);
    await pay(order.id, { method: 'cash' });
    const line = topLines(order)[0]!;
    await refund(order.id, { reason: '没做', restock: true, lines: [{ lineId: line.id, quantity: 1 }] });
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(8);
    await refund(order.id, { reason: '做了', restock: false, lines: [{ lineId: line.id, quantity: 1 }] });
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(8);
    await refund(order.id, { reason: '没做', restock: true });
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(9);
    expect((await refused(order.id, { reason: '再退', restock: true })).status).toBe(409);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(9);
  });
});

describe('combos', () => {
  it('refunding a combo refunds its chosen items with it and restocks them', async () => {
    await setDish(app, f.storeId, f.dishes.plum, { stock: 3, dailyStock: 3 });
    const combo = { kind: 'combo' as const, itemId: f.combo.id, quantity: 2, choices: [{ comboItemId: f.combo.plum, quantity: 1 }] };
    const order = await createOrderApi(app, admin, cartOf(f, [combo]));
    expect(await stockOf(app, { dishId: f.dishes.plum })).toBe(1);
    await pay(order.id, { method: 'cash' });
    const line = topLines(order)[0]!;
    const back = await refund(order.id, { reason: '套餐没做', restock: true, lines: [{ lineId: line.id, quantity: 1 }] });
    expect(back.status).toBe('paid'); // the other combo is still to make (issue 24)
    expect(back.lines.filter((l) => l.parentId === line.id).every((l) => l.refundedQuantity === l.quantity / 2)).toBe(true);
    expect(await stockOf(app, { dishId: f.dishes.plum })).toBe(2);
  });
});

describe('cancelling a paid order', () => {
  it('gives everything back (balance to the member) and restocks', async () => {
    const m = await orderMember(app);
    await giveBalance(m.id, 10000, 0);
    await setSku(app, f.storeId, f.skus.small, { stock: 10 });
    const order = await createOrderApi(app, admin, cartOf(f, [{ ...chickenLine(f, 2), skuId: f.skus.small }], { type: 'takeaway', memberId: m.id }));
    await pay(order.id, { method: 'balance' });
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(8);
    const res = await post(`/order/order/${order.id}/cancel`, { reason: '顾客不要了' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<{ data: OrderRecord }>().data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedAmount: order.payableAmount });
    expect(cancelled.refunds[0]).toMatchObject({ restock: true, parts: [{ method: 'balance', amount: order.payableAmount }] });
    expect((await app.customer.wallet.balances(app.database.db, m.id)).balancePrincipal).toBe(10000);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(10);
  });
});
