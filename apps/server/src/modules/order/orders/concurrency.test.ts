import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderingMenu } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { cartOf, chickenLine, couponStatus, orderCoupon, orderFixture, orderMember, setSku, stockOf, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';
import { AppError } from '../../../http/errors.js';
import { order } from '../tables.js';

/**
 * Orders under real concurrency, on PostgreSQL (TEST_DATABASE_URL; PGlite is one connection and
 * runs everything one after another, so it proves nothing here): many buyers for a few
 * portions, one coupon wanted by many orders, one order cancelled many times at once.
 */
const pg = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!pg)('orders under concurrency (PostgreSQL)', () => {
  let app: App;
  let f: OrderFixture;
  const operator = { id: null, name: 'test' };

  beforeAll(async () => {
    ({ app } = await createTestApp());
    f = await orderFixture(app);
  });

  it('200 buyers for 100 portions: exactly 100 orders, stock 0, the rest told it is sold out', async () => {
    await setSku(app, f.storeId, f.skus.large, { stock: 100 });
    const results = await Promise.allSettled(Array.from({ length: 200 }, () =>
      app.order.create({ cart: cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }), source: 'cashier', operator })));
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(made).toHaveLength(100);
    for (const r of refused) expect([(r.reason as AppError).status, (r.reason as Error).message]).toEqual([400, '辣子鸡（大份）已售罄']);
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(0);
    const [counted] = await app.database.db.select({ n: sql<string>`count(*)`, numbers: sql<string>`count(distinct ${order.orderNo})`, pickups: sql<string>`count(distinct ${order.pickupNo})` })
      .from(order).where(eq(order.storeId, f.storeId));
    expect(counted).toEqual({ n: '100', numbers: '100', pickups: '100' });
    // Stock reaching zero bumped the menu: it shows the SKU sold out at once.
    const answer = await app.store.menu.get(f.storeId);
    const menu = JSON.parse(answer.json.toString('utf8')) as { data: OrderingMenu };
    const chicken = menu.data.categories.flatMap((c) => c.dishes).find((d) => d.id === f.dishes.chicken)!;
    expect(chicken.skus.find((k) => k.id === f.skus.large)).toMatchObject({ available: false, stock: 0 });
  });

  it('one coupon wanted by 20 orders at once: one holds it', async () => {
    await setSku(app, f.storeId, f.skus.small, { stock: 1000 });
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id, { minSpend: 3000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      app.order.create({ cart: cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small })], { memberId: m.id, couponId }), source: 'cashier', operator })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await couponStatus(app, couponId)).toBe('locked');
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(999);
  });

  it('one order cancelled 20 times at once: its stock comes back once', async () => {
    const before = await stockOf(app, { skuId: f.skus.small });
    const o = await app.order.create({ cart: cartOf(f, [chickenLine(f, 3, { skuId: f.skus.small })]), source: 'cashier', operator });
    const service = app.order as unknown as { cancel: (id: string, reason: string, op: typeof operator) => Promise<void> };
    await Promise.all(Array.from({ length: 20 }, () => service.cancel(o.id, '并发取消', operator)));
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before);
    expect((await app.order.get(o.id)).logs.filter((l) => l.toStatus === 'cancelled')).toHaveLength(1);
  });
});
