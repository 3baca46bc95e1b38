import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, Page } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { seedDemoOrders } from '../seed.js';
import { order, orderPayment } from '../tables.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, setSku, type OrderFixture } from '../testing.js';

/**
 * orders.pay_methods (0502_order_pay_methods.sql): the methods of an order's successful payments
 * as bits, kept by triggers on order_payment whatever writes it (a payment, a WeChat payment
 * turning success, the demo seed's bulk inserts); the list's 支付方式 filter reads it.
 */
let app: App;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 100 });
});

const bitsOf = async (orderId: string) => (await app.database.db.select({ bits: order.payMethods }).from(order).where(eq(order.id, orderId)))[0]!.bits;
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

describe('an order\'s payment methods', () => {
  it('follow its successful payments: inserted, a pending one turning success, one closed', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)]));
    const db = app.database.db;
    const base = { orderId: o.id, storeId: o.storeId, businessDate: o.businessDate };
    expect(await bitsOf(o.id)).toBe(0);
    await db.insert(orderPayment).values({ ...base, method: 'cash', amount: 1000, status: 'success', paidAt: new Date() });
    expect(await bitsOf(o.id)).toBe(1);
    const [qr] = await db.insert(orderPayment).values({ ...base, method: 'wechat', amount: 1000, status: 'pending', outTradeNo: `PM${Date.now()}` }).returning({ id: orderPayment.id });
    expect(await bitsOf(o.id)).toBe(1);
    await db.update(orderPayment).set({ status: 'success' }).where(eq(orderPayment.id, qr!.id));
    expect(await bitsOf(o.id)).toBe(5);
    await db.update(orderPayment).set({ status: 'closed' }).where(eq(orderPayment.id, qr!.id));
    expect(await bitsOf(o.id)).toBe(1);
  });

  it('are kept for the demo seed\'s orders, and the list filters by them (nothing for 现金 on 已取消)', async () => {
    await seedDemoOrders(app.database.db);
    const wrong = rowsOf(await app.database.db.execute(sql`select o.id from orders o where o.pay_methods <> coalesce((select bit_or(case p.method when 'cash' then 1 when 'balance' then 2 when 'wechat' then 4 end)
      from order_payment p where p.order_id = o.id and p.status = 'success'), 0)`));
    expect(wrong).toHaveLength(0);
    const list = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/order/order/page?current=1&size=100&${query}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Page<OrderRow> }>().data;
    };
    const wechat = await list('payMethod=wechat');
    expect(wechat.records.length).toBeGreaterThan(0);
    expect(wechat.records.every((r) => r.payMethods.includes('wechat'))).toBe(true);
    expect((await list('payMethod=cash&tab=canceled')).records.filter((r) => !r.payMethods.includes('cash'))).toEqual([]);
  });
});
