import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TABLE_STATES, type Floor, type FloorTable, type TablePanel, type TableSession, type TableState } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { iso, isoOrNull } from '../../../http/iso.js';
import { floorPlan, type FloorTableInfo } from '../../store/service.js';
import { executeNamed } from '../orders/order-writes.js';
import { orderRecord } from '../orders/records.js';
import { order, orderLine } from '../tables.js';

/**
 * What the table map and a table's panel read (issue 24): the store's enabled tables (the store
 * module's floorPlan) beside the open seatings with their orders' aggregates, one query for all
 * the seatings of the store, a named statement (the map of a 60-table store answers within milliseconds).
 * A seating merged into another shows the one it joined: its state and its bill.
 */

interface SessionRow {
  id: string;
  store_id: string;
  table_id: string;
  table_code: string;
  state: Exclude<TableState, 'idle'>;
  guests: number;
  note: string;
  merged_into_id: string | null;
  merged_into_code?: string | null;
  merged_codes?: string[];
  opened_at: Date | string;
  opened_by: string;
  first_order_at: Date | string | null;
  bill_at: Date | string | null;
  paid_at: Date | string | null;
  order_count: number;
  amount: string | number;
  unpaid: string | number;
  to_make: number;
  rushed: number;
}

/**
 * The open seatings matching `where` (on `s`), each with its root's aggregates (orders always
 * carry the root's id: sessions.ts): the orders and the lines still to make grouped once per
 * root, not a subquery per seating. Merged codes are filled in from the rows (sessionsOf).
 */
const sessionsQuery = (where: SQL) => sql`with
  s as (select id, store_id, table_id, table_code, state, guests, note, merged_into_id, opened_at, opened_by, first_order_at, bill_at, paid_at,
      coalesce(merged_into_id, id) as root
    from table_session where cleared_at is null and ${where}),
  o as (select id, session_id, status, payable_amount, paid_amount, refunded_amount from orders
    where session_id in (select root from s) and status <> 'cancelled'),
  a as (select session_id, count(*)::int as n, sum(payable_amount - refunded_amount) as amount,
      coalesce(sum(payable_amount - paid_amount) filter (where status in ('dining', 'pending')), 0) as unpaid
    from o group by session_id),
  k as (select o.session_id, count(*)::int as to_make, count(*) filter (where l.rushed_at is not null)::int as rushed
    from o join order_line l on l.order_id = o.id
    where l.kind <> 'combo' and l.kitchen_state in ('waiting', 'making') and l.quantity - l.refunded_quantity - l.voided_quantity > 0.0005
    group by o.session_id)
  select s.id::text as id, s.store_id::text as store_id, s.table_id::text as table_id, s.table_code, s.state, s.guests, s.note,
    s.merged_into_id::text as merged_into_id, s.opened_at, s.opened_by, s.first_order_at, s.bill_at, s.paid_at,
    coalesce(a.n, 0) as order_count, coalesce(a.amount, 0) as amount, coalesce(a.unpaid, 0) as unpaid,
    coalesce(k.to_make, 0) as to_make, coalesce(k.rushed, 0) as rushed
  from s left join a on a.session_id = s.root left join k on k.session_id = s.root`;

/** The rows as seatings; a merged one names the seating it joined, a root the tables merged into it (when both are among the rows). */
function sessionsOf(rows: SessionRow[], codes: Map<string, string> = new Map()): TableSession[] {
  for (const r of rows) codes.set(r.id, r.table_code);
  const merged = new Map<string, string[]>();
  for (const r of rows) if (r.merged_into_id) merged.set(r.merged_into_id, [...(merged.get(r.merged_into_id) ?? []), r.table_code]);
  return rows.map((r) => sessionOf({ ...r, merged_into_code: r.merged_into_id ? codes.get(r.merged_into_id) ?? null : null, merged_codes: (merged.get(r.id) ?? []).sort() }));
}

function sessionOf(r: SessionRow): TableSession {
  return {
    id: r.id, storeId: r.store_id, tableId: r.table_id, tableCode: r.table_code, state: r.state, guests: Number(r.guests), note: r.note,
    orderCount: Number(r.order_count), amount: Number(r.amount), unpaidAmount: Number(r.unpaid), linesToMake: Number(r.to_make), rushed: Number(r.rushed),
    mergedIntoId: r.merged_into_id, mergedIntoTableCode: r.merged_into_code ?? null, mergedTableCodes: r.merged_codes ?? [],
    openedAt: isoOrNull(r.opened_at)!, openedBy: r.opened_by, firstOrderAt: isoOrNull(r.first_order_at), billAt: isoOrNull(r.bill_at), paidAt: isoOrNull(r.paid_at),
  };
}

/** The open seatings of a store, by table (a named statement: the map is read often). */
async function sessionsOfStore(db: Db, storeId: string): Promise<Map<string, TableSession>> {
  const rows = rowsOf<SessionRow>(await executeNamed(db, 'canteen_floor_sessions', sessionsQuery(sql`store_id = ${storeId}::bigint`)));
  return new Map(sessionsOf(rows).map((s) => [s.tableId, s]));
}

/** The open seating at a table, or null (with the seatings it is merged with, for their codes). */
export async function sessionOfTable(db: Db, tableId: string): Promise<TableSession | null> {
  const rows = rowsOf<SessionRow>(await db.execute(sessionsQuery(sql`(table_id = ${tableId}::bigint
    or id in (select merged_into_id from table_session where table_id = ${tableId}::bigint and cleared_at is null)
    or merged_into_id in (select id from table_session where table_id = ${tableId}::bigint and cleared_at is null))`)));
  return sessionsOf(rows).find((s) => s.tableId === tableId) ?? null;
}

const floorTableOf = (t: FloorTableInfo, session: TableSession | null): FloorTable => ({
  id: t.id, areaId: t.areaId, code: t.code, seats: t.seats, minSpend: t.minSpend, enabled: t.enabled, state: session?.state ?? 'idle', session,
});

/** 桌台图: the store's areas and enabled tables, each with its state and open seating; `counts` per state. */
export async function floorOf(db: Db, storeId: string, now: Date = new Date()): Promise<Floor> {
  const [plan, sessions] = await Promise.all([floorPlan(db, storeId), sessionsOfStore(db, storeId)]);
  const tables = plan.tables.map((t) => floorTableOf(t, sessions.get(t.id) ?? null));
  const counts = Object.fromEntries(TABLE_STATES.map((s) => [s, 0])) as Record<TableState, number>;
  for (const t of tables) counts[t.state] += 1;
  return { storeId, areas: plan.areas, tables, counts, asOf: iso(now) };
}

/** A table's panel: the table, its open seating and that seating's orders (the joined seating's, when merged), oldest first. */
export async function panelOf(db: Db, table: FloorTableInfo): Promise<TablePanel> {
  const session = await sessionOfTable(db, table.id);
  const root = session ? (session.mergedIntoId ?? session.id) : null;
  const ids = root ? await db.select({ id: order.id }).from(order).where(eq(order.sessionId, root)).orderBy(asc(order.id)) : [];
  const orders = await Promise.all(ids.map(({ id }) => orderRecord(db, eq(order.id, id))));
  // The lines' kitchen states, 催 and 退菜 for the panel's tags (the order records carry none).
  const lines = ids.length === 0 ? [] : await db.select({ id: orderLine.id, state: orderLine.kitchenState, rushedAt: orderLine.rushedAt, voided: orderLine.voidedQuantity })
    .from(orderLine).where(inArray(orderLine.orderId, ids.map(({ id }) => id)));
  const kitchen = lines.map((l) => ({ lineId: l.id, state: l.state, rushedAt: isoOrNull(l.rushedAt), voidedQuantity: Number(l.voided) }));
  return { table: floorTableOf(table, session), orders, kitchen };
}
