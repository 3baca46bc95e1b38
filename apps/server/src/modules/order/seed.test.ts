import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import type { App } from '../../app.js';
import { seedDemoOrders } from './seed.js';
import { order, orderLine } from './tables.js';

let app: App;

beforeAll(async () => {
  ({ app } = await createTestApp());
});

describe('the demo orders', () => {
  it('gives each demo store about thirty orders of the last week in every state, once', async () => {
    const made = await seedDemoOrders(app.database.db);
    expect(made).toBeGreaterThanOrEqual(50);
    const db = app.database.db;
    const perStore = await db.select({ storeId: order.storeId, n: sql<string>`count(*)`, days: sql<string>`count(distinct ${order.businessDate})` })
      .from(order).groupBy(order.storeId);
    expect(perStore).toHaveLength(2);
    for (const s of perStore) {
      expect(Number(s.n)).toBeGreaterThanOrEqual(25);
      expect(Number(s.days)).toBeGreaterThanOrEqual(6);
    }
    const states = new Set((await db.selectDistinct({ status: order.status }).from(order)).map((r) => r.status));
    for (const status of ['dining', 'pending', 'paid', 'making', 'finished', 'cancelled'] as const) expect(states.has(status), status).toBe(true);
    expect([...states].every((s) => (ORDER_STATUSES as readonly string[]).includes(s))).toBe(true);
    // Priced by the service: every order's goods are its lines' amounts, and paid ones are paid in full.
    const mismatched = await db.execute(sql`select o.id from orders o where o.goods_amount <> (select coalesce(sum(l.line_amount), 0) from order_line l where l.order_id = o.id)
      or (o.status in ('paid', 'making', 'finished') and o.paid_amount <> o.payable_amount)`);
    expect((Array.isArray(mismatched) ? mismatched : (mismatched as { rows: unknown[] }).rows)).toHaveLength(0);
    const [someLine] = await db.select({ id: orderLine.id }).from(orderLine).limit(1);
    expect(someLine).toBeDefined();
    // Once: a second run (another boot) adds nothing.
    expect(await seedDemoOrders(app.database.db)).toBe(0);
    const finished = await db.select({ created: order.createdAt, finishedAt: order.finishedAt }).from(order).where(eq(order.status, 'finished')).limit(1);
    expect(finished[0]!.finishedAt!.getTime()).toBeGreaterThan(finished[0]!.created.getTime());
  });
});
