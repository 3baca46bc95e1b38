import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, type OrderRecord } from '@canteen/contract';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, setSku, type OrderFixture } from '../../order/testing.js';
import { countOrdersIntoRollups } from './listeners.js';
import { rebuildRollups } from './rebuild.js';
import { rowsOf } from '../../../db/queries.js';
import { payTestApp } from '../../../../test/pay.js';

/**
 * WeChat Pay in the roll-ups, over real HTTP with the simulator (the server listens on 4370 for
 * its notifications): a QR paid counts as 微信支付; the money of a QR paid after its order was
 * cancelled, or paid beside a cash payment that had already settled the order, goes straight
 * back (payments/service.ts giveBack) and is not a sale: neither that payment nor its refund
 * counts, here or in the rebuild.
 */
const { app, simUrl } = await payTestApp({ port: 4370, beforeListen: countOrdersIntoRollups });
const db = app.database.db;

let admin: AuthHeader;
let f: OrderFixture;
beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
});

const simCall = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await fetch(`${simUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as unknown;
};
const ok = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
};
/** A takeaway order of one 辣子鸡 (大份 ¥48 + packing ¥1): ¥49. */
const newOrder = (): Promise<OrderRecord> => createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
/** Opens a QR for the order and answers its out_trade_no at the simulator. */
async function openQr(orderId: string): Promise<string> {
  await ok(`/order/order/${orderId}/pay`, { method: 'wechat' });
  const all = (await simCall('GET', '/sim/pay/transactions')) as { out_trade_no: string; attach: string }[];
  return all.find((t) => t.attach === `order:${orderId}`)!.out_trade_no;
}
const today = () => businessDateOf(new Date(), 'Asia/Shanghai', 4);
const text = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).map(String));
const figures = async () => ({
  daily: text(rowsOf(await db.execute(sql`select orders, paid_amount, refund_count, refund_amount, cancelled_count from report_daily where store_id = ${f.storeId}`))),
  payments: text(rowsOf(await db.execute(sql`select method, count, amount, refund_count, refund_amount from report_payment_daily where store_id = ${f.storeId} order by method`))),
});

describe('WeChat Pay in the roll-ups', () => {
  it('counts a paid QR, and neither the payment nor the refund of a give-back', async () => {
    const scanned = await newOrder();
    await simCall('POST', `/sim/pay/transactions/${await openQr(scanned.id)}/pay`);
    await expect.poll(async () => (await app.order.get(scanned.id)).status).toBe('paid');

    // Paid after the order was cancelled: the money goes back; the cancel counts, not the money.
    const cancelled = await newOrder();
    const late = await openQr(cancelled.id);
    await ok(`/order/order/${cancelled.id}/cancel`, { reason: '顾客走了' });
    await simCall('POST', `/sim/pay/transactions/${late}/pay`);
    await expect.poll(async () => (await app.order.get(cancelled.id)).refunds.length).toBe(1);

    // A QR the platform could not close, paid after cash settled the order: a second payment, given back.
    const twice = await newOrder();
    const second = await openQr(twice.id);
    await simCall('POST', '/sim/pay/faults', { api: 'close', status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' });
    await ok(`/order/order/${twice.id}/pay`, { method: 'cash' });
    await simCall('POST', `/sim/pay/transactions/${second}/pay`);
    await expect.poll(async () => (await app.order.get(twice.id)).refunds.length).toBe(1);

    const kept = await figures();
    expect(kept).toEqual({
      daily: [['2', '9800', '0', '0', '1']],
      payments: [['cash', '1', '4900', '0', '0'], ['wechat', '1', '4900', '0', '0']],
    });
    await rebuildRollups(db, { from: today(), to: today(), storeId: f.storeId });
    expect(await figures()).toEqual(kept);
  });
});
