import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { createTestDatabase } from '../../../../test/database.js';
import { testConfig } from '../../../../test/config.js';
import type { App } from '../../../app.js';
import type { Database } from '../../../db/client.js';
import { order, orderPayment } from '../tables.js';
import { cartOf, chickenLine, couponStatus, orderCoupon, orderFixture, orderMember, payInFull, setSku, stockOf, type OrderFixture } from '../../../../test/orders.js';
import { cancelDueOrders, TIMEOUT_REASON, UNPAID_TIMEOUT_KIND } from './timeout.js';

/**
 * The unpaid timeout on one database across a restart: orders made by one instance are
 * cancelled by the next one's job when their time is up (ORDER_UNPAID_TIMEOUT_MIN = 1 here);
 * one paid in part is left to staff.
 */

let database: Database;
let first: App;
let f: OrderFixture;
const config = testConfig({ ORDER_UNPAID_TIMEOUT_MIN: '1' });
const operator = { id: null, name: 'test' };

beforeAll(async () => {
  database = await createTestDatabase();
  first = await buildApp(config, { database });
  await first.ready();
  f = await orderFixture(first);
  await setSku(first, f.storeId, f.skus.small, { stock: 10 });
});

afterAll(async () => {
  await first?.close();
  await database?.close();
});

describe('the unpaid timeout', () => {
  it('sets the deadline from ORDER_UNPAID_TIMEOUT_MIN; a restarted instance cancels what is due, once, giving stock and coupon back', async () => {
    const m = await orderMember(first);
    const couponId = await orderCoupon(first, m.id, { kind: 'cash', value: 500, minSpend: 0 });
    const unpaid = await first.order.create({ cart: cartOf(f, [chickenLine(f, 3, { skuId: f.skus.small })], { memberId: m.id, couponId }), source: 'cashier', operator });
    const paid = await first.order.create({ cart: cartOf(f, [chickenLine(f, 2, { skuId: f.skus.small })]), source: 'cashier', operator });
    await payInFull(first, paid.id);
    const created = new Date(unpaid.createTime).getTime();
    expect(new Date(unpaid.expireTime!).getTime() - created).toBe(60_000);
    expect(await stockOf(first, { skuId: f.skus.small })).toBe(5);

    // Not due yet: nothing happens.
    expect((await cancelDueOrders(first, new Date(created + 30_000))).cancelled).toEqual([]);
    await first.close();

    const second = await buildApp(config, { database });
    try {
      await second.ready();
      const later = new Date(created + 61_000);
      const [a, b] = await Promise.all([cancelDueOrders(second, later), cancelDueOrders(second, later)]);
      expect([...a.cancelled, ...b.cancelled]).toEqual([unpaid.id]);
      const after = await second.order.get(unpaid.id);
      expect(after).toMatchObject({ status: 'cancelled', cancelReason: TIMEOUT_REASON });
      expect(after.logs.at(-1)).toMatchObject({ action: 'timeout', fromStatus: 'pending', toStatus: 'cancelled', operatorName: '系统' });
      expect((await second.order.get(paid.id)).status).toBe('paid');
      expect(await stockOf(second, { skuId: f.skus.small })).toBe(8);
      expect(await couponStatus(second, couponId)).toBe('unused');
    } finally {
      await second.close();
      first = await buildApp(config, { database });
      await first.ready();
    }
  });

  it('never cancels an order paid in part: it stays pending, its deadline cleared, nothing refunded', async () => {
    const o = await first.order.create({ cart: cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small })]), source: 'cashier', operator });
    const stock = await stockOf(first, { skuId: f.skus.small });
    // ¥20 cash of the bill taken (what payments/ does: the payment row, then settlePaid in its transaction).
    await first.database.db.transaction(async (tx) => {
      await tx.insert(orderPayment).values({ orderId: o.id, storeId: o.storeId, businessDate: o.businessDate, method: 'cash', amount: 2000, status: 'success', paidAt: new Date() });
      await first.order.settlePaid(tx, o.id, operator);
    });
    expect(await first.order.get(o.id)).toMatchObject({ status: 'pending', paidAmount: 2000, expireTime: null });

    // One part-paid with its deadline still set (paid before the payment cleared it), now past it.
    await first.database.db.update(order).set({ expireAt: new Date(Date.now() - 1000) }).where(eq(order.id, o.id));
    let refundAsked = false;
    const { cancelled } = await cancelDueOrders(first, new Date(), async () => {
      refundAsked = true;
    });
    expect(cancelled).not.toContain(o.id);
    expect(refundAsked).toBe(false);
    const after = await first.order.get(o.id);
    expect(after).toMatchObject({ status: 'pending', paidAmount: 2000, refundedAmount: 0, refunds: [], expireTime: null });
    expect(await stockOf(first, { skuId: f.skus.small })).toBe(stock);
    // Its deadline gone, later runs do not meet it again.
    expect((await cancelDueOrders(first, new Date(Date.now() + 3_600_000))).cancelled).not.toContain(o.id);
    expect((await first.order.get(o.id)).status).toBe('pending');
  });

  it('runs as a job of the durable runner', async () => {
    const o = await first.order.create({ cart: cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small })]), source: 'cashier', operator });
    await first.database.db.update(order).set({ expireAt: new Date(Date.now() - 1000) }).where(eq(order.id, o.id));
    await first.jobs.enqueue(UNPAID_TIMEOUT_KIND, {});
    // The enqueue wakes the app's own runner too: whichever of the two claims the job runs it.
    await first.jobs.runOnce();
    await expect.poll(async () => (await first.order.get(o.id)).status).toBe('cancelled');
  });
});
