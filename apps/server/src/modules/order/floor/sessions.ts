import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';

/**
 * The state of a table's open seating (table_session.state, STORE.md §10), recomputed from its
 * orders and their kitchen lines in the transaction of the order change that causes it. This is
 * the one place the rule lives; the floor service (service.ts) owns the other moves (开台, 转台,
 * 并台, 清台) and every order path calls syncSessionOfOrder (directly or through the order hooks).
 *
 * The rule, over the seating's orders that are not cancelled (those of seatings merged into it
 * count as its own) — in this order:
 *   - none                                                   → opened   已开台
 *   - some unpaid (dining | pending), and every unpaid one is
 *     a pay-later tab after 买单 (pending and pay_later)      → billing  待结账
 *   - some unpaid, or a line still to make waiting | making  → dining   就餐中
 *   - otherwise (all paid, every line ready | served)        → to_clear 待清台
 * A line "still to make" has quantity left after refunds and 退菜 and is not a combo's own line
 * (its items are what the kitchen makes). Refunded orders count as paid.
 *
 * Occupancy times: first_order_at is the first order's time (kept once set); bill_at is set the
 * first time the seating reaches billing; paid_at is set when nothing is left unpaid (and cleared
 * again when a new unpaid order arrives). cleared_at is 清台's (service.ts). A seating merged
 * into another (merged_into_id) takes that one's state: its table shows the joined bill.
 */

/** The seating a sync touched: its root (the one others merged into) and every table showing it. */
export interface SessionSynced {
  storeId: string;
  /** The root seating's table. */
  tableId: string;
  sessionId: string;
  /** The root's table and those of the seatings merged into it (what the map redraws). */
  tableIds: string[];
}

/** The open seating (root) an order belongs to, or null. */
async function rootOfOrder(tx: Db, orderId: string): Promise<string | null> {
  const [row] = rowsOf<{ root: string }>(await tx.execute(sql`select coalesce(s.merged_into_id, s.id)::text as root
    from orders o join table_session s on s.id = o.session_id where o.id = ${orderId}::bigint and s.cleared_at is null`));
  return row?.root ?? null;
}

/**
 * Recomputes the state of the open seating of `orderId` (see the file's comment) and stores it;
 * answers the seating and its tables for the caller to publish after commit, or null when the
 * order has no open seating. The seating row is locked first, so two order changes of one
 * seating at once apply one after the other and the second sees the first's orders.
 */
export async function syncSessionOfOrder(tx: Db, orderId: string): Promise<SessionSynced | null> {
  const root = await rootOfOrder(tx, orderId);
  return root ? syncSession(tx, root) : null;
}

/** syncSessionOfOrder for a seating (its root's, when merged); null when it is not open. */
export async function syncSession(tx: Db, sessionId: string): Promise<SessionSynced | null> {
  const [locked] = rowsOf<{ root: string }>(await tx.execute(sql`select coalesce(merged_into_id, id)::text as root
    from table_session where id = ${sessionId}::bigint and cleared_at is null for update`));
  if (!locked) return null;
  const root = locked.root;
  const rows = rowsOf<{ id: string; store_id: string; table_id: string; merged: boolean }>(await tx.execute(sql`with
    g as (select id from table_session where (id = ${root}::bigint or merged_into_id = ${root}::bigint) and cleared_at is null),
    o as (select id, status, pay_later, created_at from orders where session_id in (select id from g) and status <> 'cancelled'),
    a as (select count(*)::int as n,
        count(*) filter (where status in ('dining', 'pending'))::int as unpaid,
        count(*) filter (where status = 'pending' and pay_later)::int as billed,
        min(created_at) as first_at
      from o),
    k as (select count(*)::int as not_out from order_line l
      where l.order_id in (select id from o) and l.kind <> 'combo' and l.kitchen_state in ('waiting', 'making')
        and l.quantity - l.refunded_quantity - l.voided_quantity > 0.0005),
    st as (select a.*, case
        when a.n = 0 then 'opened'
        when a.unpaid > 0 and a.billed = a.unpaid then 'billing'
        when a.unpaid > 0 or k.not_out > 0 then 'dining'
        else 'to_clear' end as state
      from a, k)
    update table_session s set
      state = st.state,
      first_order_at = coalesce(s.first_order_at, st.first_at),
      bill_at = case when st.state = 'billing' then coalesce(s.bill_at, now()) else s.bill_at end,
      paid_at = case when st.n > 0 and st.unpaid = 0 then coalesce(s.paid_at, now()) else null end,
      updated_at = now()
    from st where s.id in (select id from g)
    returning s.id::text as id, s.store_id::text as store_id, s.table_id::text as table_id, (s.id <> ${root}::bigint) as merged`));
  const main = rows.find((r) => !r.merged);
  if (!main) return null;
  return { storeId: main.store_id, tableId: main.table_id, sessionId: main.id, tableIds: [main.table_id, ...rows.filter((r) => r.merged).map((r) => r.table_id)] };
}

/** Where an order at a table is made, for its seating. */
export interface SeatPlace {
  storeId: string;
  tableId: string;
  tableCode: string;
  businessDate: string;
  /** The order's guests: the count of a seating it opens (1 when none). */
  guests: number | null;
  operator: { id: string | null; name: string };
}

/**
 * An order made at a table joins the table's open seating, or opens one (a cashier's order or a
 * diner's QR order at a free table: 开台 by ordering). Two at once at a free table: the partial
 * unique index table_session_open lets one insert, the other's `on conflict do nothing` waits for
 * it and then joins it. A table merged into another's seating joins that one (one bill). Then the
 * seating's state follows (syncSession). In the order's transaction.
 */
export async function seatOrder(tx: Db, orderId: string, place: SeatPlace): Promise<SessionSynced | null> {
  const guests = Math.min(99, Math.max(1, place.guests ?? 1));
  let [row] = rowsOf<{ id: string }>(await tx.execute(sql`insert into table_session (store_id, table_id, table_code, business_date, guests, opened_by_id, opened_by)
    values (${place.storeId}::bigint, ${place.tableId}::bigint, ${place.tableCode}, ${place.businessDate}::date, ${guests}, ${place.operator.id}::bigint, ${place.operator.name})
    on conflict (table_id) where cleared_at is null do nothing
    returning id::text as id`));
  if (!row) {
    [row] = rowsOf<{ id: string }>(await tx.execute(sql`select coalesce(merged_into_id, id)::text as id from table_session
      where table_id = ${place.tableId}::bigint and cleared_at is null`));
  }
  if (!row) return null;
  await tx.execute(sql`update orders set session_id = ${row.id}::bigint where id = ${orderId}::bigint`);
  return syncSession(tx, row.id);
}
