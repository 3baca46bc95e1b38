import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, isOpenAt, ORDER_STATUSES } from '@canteen/contract';
import { createTestDatabase } from '../../../test/database.js';
import { demoStoreHours, outOfHours } from '../../../test/demo-hours.js';
import type { Database } from '../../db/client.js';
import { seedDemoOrders } from './seed.js';
import { order, orderLine } from './tables.js';
import { rowsOf } from '../../db/queries.js';

/** Fixed instants, never the clock: Friday 27 November 2026 in Asia/Shanghai (UTC+8), and around it. */
const FRIDAY_NOON = Date.parse('2026-11-27T04:00:00Z');
const AT: Array<[string, number]> = [
  ['Friday 09:00 (川菜馆 not open yet, the tea shop opening)', Date.parse('2026-11-27T01:00:00Z')],
  ['Friday 12:00 (both open: lunch)', FRIDAY_NOON],
  ['Friday 15:30 (川菜馆 between lunch and dinner)', Date.parse('2026-11-27T07:30:00Z')],
  ['Thursday 23:30 (both closed for the night)', Date.parse('2026-11-26T15:30:00Z')],
  ['Saturday 00:30 (川菜馆 open late on Friday\'s business date, the tea shop closed)', Date.parse('2026-11-27T16:30:00Z')],
  ['Saturday 05:00 (a new business date, nothing open yet)', Date.parse('2026-11-27T21:00:00Z')],
  ['Friday 10:32 (川菜馆 opened two minutes ago)', Date.parse('2026-11-27T02:32:00Z')],
];
const OPEN_STATES = ['pending', 'dining', 'paid', 'making'];

describe('the demo orders', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives each demo store about thirty orders of the last week in every state, once', async () => {
    const db = database.db;
    const made = await seedDemoOrders(db, FRIDAY_NOON);
    expect(made).toBeGreaterThanOrEqual(50);
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
    expect(await seedDemoOrders(db, FRIDAY_NOON)).toBe(0);
    const finished = await db.select({ created: order.createdAt, finishedAt: order.finishedAt }).from(order).where(eq(order.status, 'finished')).limit(1);
    expect(finished[0]!.finishedAt!.getTime()).toBeGreaterThan(finished[0]!.created.getTime());
  });
});

describe.each(AT)('the demo orders seeded at %s', (_, now) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoOrders(database.db, now);
  });
  afterAll(() => database.close());

  it('all happened while their store was open, none after now, each on its business date', async () => {
    const db = database.db;
    expect(await outOfHours(db, now, { customers: false })).toEqual([]);
    const stores = await demoStoreHours(db);
    const orders = rowsOf<{ store_id: string; business_date: string; created: Date | string }>(await db.execute(sql`
      select store_id::text as store_id, business_date::text as business_date, created_at as created from orders`));
    expect(orders.length).toBeGreaterThan(40);
    for (const o of orders) {
      const s = stores.get(o.store_id)!;
      expect(o.business_date).toBe(businessDateOf(new Date(o.created), s.timeZone, s.dayCutoffHour));
    }
  });

  it('has the open orders of a store open now from the last hour and a half of its current period, and none at a closed one', async () => {
    const stores = await demoStoreHours(database.db);
    const open = rowsOf<{ store_id: string; status: string; created: Date | string }>(await database.db.execute(sql`
      select store_id::text as store_id, status, created_at as created from orders where status in ('pending', 'dining', 'paid', 'making')`));
    for (const s of stores.values()) {
      const mine = open.filter((o) => o.store_id === s.id);
      if (!isOpenAt(s, new Date(now))) {
        expect(mine, s.name).toEqual([]);
        continue;
      }
      // Every open state there (a store that opened minutes ago may not have a dish cooking yet).
      if (isOpenAt(s, new Date(now - 30 * 60_000))) expect(new Set(mine.map((o) => o.status)), s.name).toEqual(new Set(OPEN_STATES.filter((x) => x !== 'dining' || s.payMode === 'pay_later')));
      for (const o of mine) {
        const created = new Date(o.created).getTime();
        expect(now - created, `${s.name} ${o.status}`).toBeLessThanOrEqual(90 * 60_000);
        // Open all the way from then to now: the same period.
        for (let t = created; t <= now; t += 60_000) expect(isOpenAt(s, new Date(t)), `${s.name} ${o.status}`).toBe(true);
      }
    }
  });

  it('has today\'s business at a store whose day has begun', async () => {
    const stores = await demoStoreHours(database.db);
    const days = rowsOf<{ store_id: string; business_date: string; n: string }>(await database.db.execute(sql`
      select store_id::text as store_id, business_date::text as business_date, count(*) as n from orders group by 1, 2`));
    for (const s of stores.values()) {
      const today = businessDateOf(new Date(now), s.timeZone, s.dayCutoffHour);
      // Open at some minute of today's business date before now: it has orders of today (an opening minute ago: at least one).
      let begun = false;
      for (let t = now; !begun && businessDateOf(new Date(t), s.timeZone, s.dayCutoffHour) === today; t -= 60_000) begun = isOpenAt(s, new Date(t));
      const ofToday = Number(days.find((d) => d.store_id === s.id && d.business_date === today)?.n ?? 0);
      if (begun) expect(ofToday, s.name).toBeGreaterThan(0);
      else expect(ofToday, s.name).toBe(0);
    }
  });
});
