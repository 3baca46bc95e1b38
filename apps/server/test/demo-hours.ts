import { sql } from 'drizzle-orm';
import { isOpenAt, type BusinessHours, type OpeningState } from '@canteen/contract';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/queries.js';
import { DEMO_STORES } from '../src/modules/store/seed-data.js';

/**
 * Test support for the demo business's hours (issue 27 #18): every instant the demo seeders
 * wrote, with the store it happened at, checked with the contract's own `isOpenAt` (what the
 * diners' page says 本店休息中 by) on the demo stores' hours as stored, and against `now`.
 */

export interface DemoStoreHours extends OpeningState {
  id: string;
  name: string;
  dayCutoffHour: number;
  payMode: string;
}

/** The demo stores as stored: their hours, time zone and cut-off (the 营业中 switch taken as on: it is about now, not the past). */
export async function demoStoreHours(db: Db): Promise<Map<string, DemoStoreHours>> {
  const rows = rowsOf<{ id: string; name: string; business_hours: BusinessHours; time_zone: string; day_cutoff_hour: number; pay_mode: string }>(await db.execute(sql`
    select id::text as id, name, business_hours, time_zone, day_cutoff_hour, pay_mode from store where name in (${sql.join(DEMO_STORES.map((s) => sql`${s.name}`), sql`, `)})`));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, isOpen: true, businessHours: r.business_hours, timeZone: r.time_zone, dayCutoffHour: Number(r.day_cutoff_hour), payMode: r.pay_mode }]));
}

export interface OutOfHours {
  what: string;
  store: string;
  at: string;
  /** Shown on the store's wall clock. */
  local: string;
  why: 'closed' | 'after now';
}

const ORDER_EVENTS = sql`
  select 'order created' as what, store_id, created_at as at from orders
  union all select 'order updated', store_id, updated_at from orders
  union all select 'order paid', store_id, paid_at from orders
  union all select 'order accepted', store_id, accepted_at from orders
  union all select 'order finished', store_id, finished_at from orders
  union all select 'order cancelled', store_id, cancelled_at from orders
  union all select 'order log ' || l.action, o.store_id, l.created_at from order_log l join orders o on o.id = l.order_id
  union all select 'payment', store_id, paid_at from order_payment
  union all select 'payment created', store_id, created_at from order_payment
  union all select 'refund', store_id, refunded_at from order_refund
  union all select 'refund created', store_id, created_at from order_refund
  union all select 'seating opened', store_id, opened_at from table_session
  union all select 'seating first order', store_id, first_order_at from table_session
  union all select 'seating bill', store_id, bill_at from table_session
  union all select 'seating paid', store_id, paid_at from table_session
  union all select 'seating cleared', store_id, cleared_at from table_session
  union all select 'line in kitchen', o.store_id, l.kitchen_since from order_line l join orders o on o.id = l.order_id
  union all select 'line ' || l.kitchen_state, o.store_id, l.kitchen_at from order_line l join orders o on o.id = l.order_id
  union all select 'line rushed', o.store_id, l.rushed_at from order_line l join orders o on o.id = l.order_id`;

/**
 * The customer side: in the store named, or (a member's own, an adjustment, a coupon issued or
 * voided) the member's first store; a member's last visit (their last order, wherever) in any.
 */
const CUSTOMER_EVENTS = sql`
  select 'member joined' as what, first_store_id as store_id, created_at as at from member
  union all select 'member last visit', null, last_visit_at from member
  union all select 'recharge', store_id, created_at from recharge
  union all select 'recharge refunded', store_id, refunded_at from recharge
  union all select 'balance ' || l.kind, coalesce(l.store_id, m.first_store_id), l.created_at from member_balance_ledger l join member m on m.id = l.member_id
  union all select 'points ' || l.kind, coalesce(l.store_id, m.first_store_id), l.created_at from member_points_ledger l join member m on m.id = l.member_id
  union all select 'coupon issued', m.first_store_id, c.created_at from coupon c join member m on m.id = c.member_id
  union all select 'coupon voided', m.first_store_id, c.voided_at from coupon c join member m on m.id = c.member_id
  union all select 'coupon locked', c.store_id, c.locked_at from coupon c
  union all select 'coupon used', c.store_id, c.used_at from coupon c`;

/**
 * Every instant of the demo business (the orders side, and the customer side when asked) that
 * falls when its demo store is closed or after `now`; [] when all of it happened while open.
 */
export async function outOfHours(db: Db, now: number, sides: { customers: boolean }): Promise<OutOfHours[]> {
  const stores = await demoStoreHours(db);
  const events = sides.customers ? sql`${ORDER_EVENTS} union all ${CUSTOMER_EVENTS}` : ORDER_EVENTS;
  const rows = rowsOf<{ what: string; store_id: string | null; ms: string }>(await db.execute(sql`
    select min(what) as what, store_id::text as store_id, (extract(epoch from at) * 1000)::bigint::text as ms
    from (${events}) e where at is not null and (store_id is null or store_id in (${sql.join([...stores.keys()].map((id) => sql`${id}::bigint`), sql`, `)}))
    group by store_id, at`));
  const out: OutOfHours[] = [];
  for (const r of rows) {
    const at = new Date(Number(r.ms));
    const where = r.store_id === null ? [...stores.values()] : [stores.get(r.store_id)!];
    const why = at.getTime() > now ? 'after now' : where.some((s) => isOpenAt(s, at)) ? null : 'closed';
    if (!why) continue;
    const local = at.toLocaleString('sv-SE', { timeZone: where[0]!.timeZone });
    out.push({ what: r.what, store: r.store_id === null ? 'any' : where[0]!.name, at: at.toISOString(), local, why });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
