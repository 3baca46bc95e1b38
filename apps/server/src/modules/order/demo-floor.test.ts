import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { demoStoreHours, outOfHours } from '../../../test/demo-hours.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/queries.js';
import { seedDemoOrders } from './seed.js';

/**
 * The demo's today in service (issue 24): at a fixed instant of lunch on Friday 27 November 2026
 * (12:15 in Shanghai, both demo stores open for over an hour), the floor has tables in every
 * state, consistent with their orders, and the kitchen lines of different ages with some 催菜.
 */
const LUNCH = Date.parse('2026-11-27T04:15:00Z');
/** After both have closed (Friday 23:30; 川菜馆 open until 01:00 on Fridays: Thursday then). */
const NIGHT = Date.parse('2026-11-26T15:30:00Z');

interface Seat { store_id: string; table_id: string; state: string; opened: number; cleared: number | null; orders: string; unpaid: string; to_make: string; billed: boolean }

const seatsOf = async (db: Database['db']) => rowsOf<Seat>(await db.execute(sql`
  select s.store_id::text as store_id, s.table_id::text as table_id, s.state, extract(epoch from s.opened_at) * 1000 as opened, extract(epoch from s.cleared_at) * 1000 as cleared,
    s.bill_at is not null as billed,
    (select count(*) from orders o where o.session_id = s.id and o.status <> 'cancelled') as orders,
    (select count(*) from orders o where o.session_id = s.id and o.status in ('dining', 'pending')) as unpaid,
    (select count(*) from order_line l join orders o on o.id = l.order_id where o.session_id = s.id and l.kind <> 'combo' and l.kitchen_state in ('waiting', 'making')) as to_make
  from table_session s`)).map((s) => ({ ...s, opened: Number(s.opened), cleared: s.cleared === null ? null : Number(s.cleared) }));

describe('the demo floor at lunch', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoOrders(database.db, LUNCH);
  });
  afterAll(() => database.close());

  it('has tables in every state at both stores (待结账 at the pay-later one), each as its orders say', async () => {
    const stores = await demoStoreHours(database.db);
    const seats = await seatsOf(database.db);
    for (const s of stores.values()) {
      const open = seats.filter((x) => x.store_id === s.id && x.cleared === null);
      const states = new Set(open.map((x) => x.state));
      expect(states, s.name).toEqual(new Set(s.payMode === 'pay_later' ? ['opened', 'dining', 'billing', 'to_clear'] : ['opened', 'dining', 'to_clear']));
      for (const x of open) {
        // The floor's rules: nothing ordered; unpaid or still cooking; a tab billed; all paid and out.
        const derived = Number(x.orders) === 0 ? 'opened' : x.billed && Number(x.unpaid) > 0 ? 'billing' : Number(x.unpaid) > 0 || Number(x.to_make) > 0 ? 'dining' : 'to_clear';
        expect(x.state, `${s.name} table ${x.table_id}`).toBe(derived);
      }
      // Some tables are free.
      const [tables] = rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from store_table where store_id = ${s.id} and enabled`));
      expect(open.length).toBeLessThan(Number(tables!.n));
    }
    // One open seating per table, and none overlapping another on its table.
    const byTable = new Map<string, Seat[]>();
    for (const x of seats) byTable.set(x.table_id, [...(byTable.get(x.table_id) ?? []), x]);
    for (const list of byTable.values()) {
      const sorted = list.sort((a, b) => a.opened - b.opened);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.cleared ?? Infinity).toBeLessThanOrEqual(sorted[i]!.opened);
    }
  });

  it('seats every dine-in order at a table, and its tabs have one to three rounds', async () => {
    const [loose] = rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from orders where table_id is not null and session_id is null`));
    expect(Number(loose!.n)).toBe(0);
    const rounds = rowsOf<{ n: number }>(await database.db.execute(sql`
      select max(l.round) as n from orders o join order_line l on l.order_id = o.id where o.status = 'dining' group by o.id`)).map((r) => Number(r.n));
    expect(new Set(rounds)).toEqual(new Set([1, 2, 3]));
  });

  it('has a kitchen with lines waiting, making and ready of different ages, some rushed, and the orders\' status following their lines', async () => {
    const lines = rowsOf<{ state: string; age: number; rushed: boolean; status: string }>(await database.db.execute(sql`
      select l.kitchen_state as state, (${LUNCH} - extract(epoch from l.kitchen_since) * 1000) / 60000 as age, l.rushed_at is not null as rushed, o.status
      from order_line l join orders o on o.id = l.order_id
      where l.kind <> 'combo' and l.kitchen_since is not null and o.status in ('dining', 'pending', 'paid', 'making', 'finished') and o.business_date = '2026-11-27'`));
    const open = lines.filter((l) => l.state === 'waiting' || l.state === 'making');
    expect(new Set(lines.map((l) => l.state))).toEqual(new Set(['waiting', 'making', 'ready', 'served']));
    expect(open.some((l) => Number(l.age) < 5)).toBe(true);
    expect(open.some((l) => Number(l.age) >= 10 && Number(l.age) < 20)).toBe(true);
    expect(open.some((l) => Number(l.age) >= 20)).toBe(true);
    expect(open.filter((l) => l.rushed).length).toBeGreaterThanOrEqual(3);
    // Paid with lines started: making; all out: finished; none of a paid one started: paid.
    const orders = rowsOf<{ status: string; pay_later: boolean; started: string; left: string }>(await database.db.execute(sql`
      select o.status, o.pay_later, count(*) filter (where l.kitchen_state <> 'waiting') as started, count(*) filter (where l.kitchen_state in ('waiting', 'making')) as left
      from orders o join order_line l on l.order_id = o.id and l.kind <> 'combo' where o.status in ('paid', 'making', 'finished') group by o.id`));
    for (const o of orders) {
      if (o.status === 'finished') expect(Number(o.left)).toBe(0);
      else if (o.status === 'making') expect(Number(o.left)).toBeGreaterThan(0);
      else expect(Number(o.started)).toBe(0);
    }
  });

  it('calls takeaway orders being made and ready on the pickup board', async () => {
    const board = rowsOf<{ status: string; ready: string; pickup_no: string | null }>(await database.db.execute(sql`
      select o.status, o.pickup_no, count(*) filter (where l.kitchen_state = 'ready') as ready from orders o join order_line l on l.order_id = o.id
      where o.type = 'takeaway' and o.business_date = '2026-11-27' and o.status in ('paid', 'making', 'finished') group by o.id`));
    expect(board.every((o) => o.pickup_no)).toBe(true);
    expect(board.some((o) => o.status === 'making')).toBe(true);
    expect(board.some((o) => o.status === 'finished' && Number(o.ready) > 0)).toBe(true);
  });

  it('happened while the stores were open, none after now (seatings and kitchen too)', async () => {
    expect(await outOfHours(database.db, LUNCH, { customers: false })).toEqual([]);
  });
});

describe('the demo floor after closing', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoOrders(database.db, NIGHT);
  });
  afterAll(() => database.close());

  it('has no table in service, today\'s seatings cleared within the hours', async () => {
    const seats = await seatsOf(database.db);
    expect(seats.length).toBeGreaterThan(0);
    expect(seats.filter((s) => s.cleared === null)).toEqual([]);
    expect(await outOfHours(database.db, NIGHT, { customers: false })).toEqual([]);
  });
});

describe('the demo floor minutes after 川菜馆 opened', () => {
  /** Friday 10:32 in Shanghai: 川菜馆 opened at 10:30, the tea shop at 09:00. */
  const OPENED = Date.parse('2026-11-27T02:32:00Z');
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoOrders(database.db, OPENED);
  });
  afterAll(() => database.close());

  it('has today\'s takings at both stores already (the home page is not ¥0), all within the hours', async () => {
    const stores = await demoStoreHours(database.db);
    for (const s of stores.values()) {
      const [paid] = rowsOf<{ amount: string }>(await database.db.execute(sql`
        select coalesce(sum(payable_amount), 0) as amount from orders where store_id = ${s.id} and paid_business_date = '2026-11-27' and paid_at is not null`));
      expect(Number(paid!.amount), s.name).toBeGreaterThan(0);
    }
    expect(await outOfHours(database.db, OPENED, { customers: false })).toEqual([]);
  });
});
