import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, type OrderRecord } from '@canteen/contract';
import { buildSimulator } from '@canteen/wechat-sim';
import { buildApp, type App } from '../../../app.js';
import type { Db } from '../../../db/client.js';
import { createTestDatabase } from '../../../../test/database.js';
import { testConfig } from '../../../../test/config.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { checkIntegrity } from '../../customer/wallet/integrity.js';
import { countOrdersIntoRollups } from '../../report/rollups/listeners.js';
import { rebuildRollups } from '../../report/rollups/rebuild.js';
import type { OrderEvent } from '../hooks.js';
import { cartOf, chickenLine, couponStatus, createOrderApi, memberTotals, orderCoupon, orderFixture, orderMember, setSku, stockOf, type OrderFixture } from '../testing.js';
import { rowsOf } from '../../../db/queries.js';

/**
 * The cancel of an order paid in part (split payments: some cash, some balance, a WeChat QR,
 * the rest still to come): every payment goes back to its method in the cancel's transaction
 * (balance to the member with its ledger row, WeChat through the simulator's refund API, cash
 * recorded), the held stock and coupon come back once, and the roll-ups agree with a rebuild.
 * The app is not listening: the QR is settled by the query the next payment makes (its
 * notification goes to a port nobody answers).
 */
const sim = await buildSimulator({ quiet: true, payNotifyBackoffMs: [100], payNotifyTimeoutMs: 1000 });
const simUrl = await sim.listen({ port: 0, host: '127.0.0.1' });
const database = await createTestDatabase();
const app: App = await buildApp(testConfig({ SIM_PORT: new URL(simUrl).port, WXPAY_NOTIFY_URL: 'http://127.0.0.1:9/order/pay/wechat/notify' }), { database });
afterAll(async () => {
  await app.close();
  await database.close();
  await sim.close();
});
countOrdersIntoRollups(app);
const db = app.database.db;

let admin: AuthHeader;
let f: OrderFixture;
beforeAll(async () => {
  await app.ready();
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 10 });
});

const post = (url: string, body: object) => app.inject({ method: 'POST', url, headers: admin, payload: body });
const pay = async (orderId: string, body: Record<string, unknown>) => {
  const res = await post(`/order/order/${orderId}/pay`, body);
  expect(res.statusCode, res.body).toBe(200);
};
const simCall = async <T>(path: string, method: 'GET' | 'POST' = 'GET'): Promise<T> => {
  const res = await fetch(`${simUrl}${path}`, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) });
  return (await res.json()) as T;
};
const today = () => businessDateOf(new Date(), 'Asia/Shanghai', 4);
const text = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).map(String));
const figures = async () => ({
  daily: text(rowsOf(await db.execute(sql`select orders, paid_amount, refund_count, refund_amount, cancelled_count from report_daily where store_id = ${f.storeId}`))),
  payments: text(rowsOf(await db.execute(sql`select method, count, amount, refund_count, refund_amount from report_payment_daily where store_id = ${f.storeId} order by method`))),
  wallet: text(rowsOf(await db.execute(sql`select principal_used, order_refunds_to_balance, principal_change from report_wallet_daily where store_id = ${f.storeId}`))),
});

describe('cancelling an order paid in part', () => {
  it('gives each payment back to its method once, stock and coupon back once, the ledger whole', async () => {
    const m = await orderMember(app);
    await db.transaction((tx) => app.customer.wallet.adjust(tx as unknown as Db, m.id, { principal: 10000, bonus: 0, points: 0, reason: '测试充值' }, { id: null, name: 'test' }));
    const couponId = await orderCoupon(app, m.id);
    // 辣子鸡 大份 ¥48 × 2, 满50减10: ¥86.
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { memberId: m.id, couponId }));
    expect(o).toMatchObject({ status: 'pending', payableAmount: 8600 });
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(8);

    await pay(o.id, { method: 'wechat', amount: 1000 });
    const [qr] = (await simCall<{ out_trade_no: string; attach: string }[]>('/sim/pay/transactions')).filter((t) => t.attach === `order:${o.id}`);
    await simCall(`/sim/pay/transactions/${qr!.out_trade_no}/pay`, 'POST');
    await pay(o.id, { method: 'cash', amount: 2000, tendered: 5000 });
    await pay(o.id, { method: 'balance', amount: 1500 });
    const partPaid = await app.order.get(o.id);
    // Mid-payment: no unpaid deadline any more (the timeout never cancels it).
    expect(partPaid).toMatchObject({ status: 'pending', paidAmount: 4500, refundedAmount: 0, expireTime: null });
    expect(partPaid.payments.map((p) => [p.method, p.status, p.amount])).toEqual([['wechat', 'success', 1000], ['cash', 'success', 2000], ['balance', 'success', 1500]]);
    expect((await app.customer.wallet.balances(db, m.id)).balancePrincipal).toBe(8500);

    const emitted: OrderEvent[] = [];
    const heard = (event: OrderEvent) => async (_tx: Db, payload: { orderId: string }) => {
      if (payload.orderId === o.id) emitted.push(event);
    };
    app.order.hooks.on('refunded', heard('refunded'));
    app.order.hooks.on('cancelled', heard('cancelled'));
    const [a, b] = await Promise.all([post(`/order/order/${o.id}/cancel`, { reason: '顾客走了' }), post(`/order/order/${o.id}/cancel`, { reason: '顾客走了' })]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(emitted.sort()).toEqual(['cancelled', 'refunded']);

    const after = await app.order.get(o.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: '顾客走了', paidAmount: 4500, refundedAmount: 4500 });
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ amount: 4500, reason: '顾客走了', restock: false, lines: [] });
    // Latest payment first, each whole.
    expect(after.refunds[0]!.parts.map((p) => [p.method, p.amount])).toEqual([['balance', 1500], ['cash', 2000], ['wechat', 1000]]);
    expect(after.payments.map((p) => p.refundedAmount)).toEqual([1000, 2000, 1500]);
    expect(after.logs.filter((l) => l.toStatus === 'cancelled').map((l) => [l.action, l.fromStatus])).toEqual([['cancel', 'pending']]);
    expect(after.lines.every((l) => l.refundedQuantity === 0)).toBe(true);

    // WeChat: refunded at the platform, once.
    const platform = await simCall<{ refunds: { amount: { refund: number }; status: string }[] }>(`/sim/pay/transactions/${qr!.out_trade_no}`);
    expect(platform.refunds.map((r) => [r.amount.refund, r.status])).toEqual([[1000, 'SUCCESS']]);

    // Balance: back with its ledger row; the ledger still adds up; no points or spend were counted.
    expect(await app.customer.wallet.balances(db, m.id)).toMatchObject({ balancePrincipal: 10000, balanceBonus: 0, points: 0 });
    const ledger = rowsOf<{ kind: string; change: string }>(await db.execute(sql`select kind, principal_change as change from member_balance_ledger
      where member_id = ${m.id} and order_id = ${o.id} order by id`));
    expect(ledger.map((r) => [r.kind, Number(r.change)])).toEqual([['consume', -1500], ['refund', 1500]]);
    expect((await checkIntegrity(db, [m.id])).mismatches).toEqual([]);
    expect(await memberTotals(app, m.id)).toEqual({ points: 0, spent: 0, orders: 0 });

    // Stock and coupon: back once (the refund restocked nothing), and never again.
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(10);
    expect(await couponStatus(app, couponId)).toBe('unused');
    expect(await db.transaction((tx) => app.order.releaseHeld(tx as unknown as Db, o.id))).toBe(false);
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(10);

    // Roll-ups: a never-paid order counts as a cancel, its part payments and their refund are no
    // sale (0600_report.sql); the wallet's day shows the balance taken and given back. A rebuild agrees.
    const counted = await figures();
    expect(counted).toEqual({ daily: [['0', '0', '0', '0', '1']], payments: [], wallet: [['1500', '1500', '0']] });
    await rebuildRollups(db, { from: today(), to: today(), storeId: f.storeId });
    expect(await figures()).toEqual(counted);
  });

  it('a cash part only: recorded as a cash refund', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await pay(o.id, { method: 'cash', amount: 2000 });
    const res = await post(`/order/order/${o.id}/cancel`, { reason: '不要了' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: OrderRecord }>().data;
    expect(after).toMatchObject({ status: 'cancelled', paidAmount: 2000, refundedAmount: 2000 });
    expect(after.refunds.map((r) => [r.amount, r.parts.map((p) => [p.method, p.amount])])).toEqual([[2000, [['cash', 2000]]]]);
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(10);
  });
});
