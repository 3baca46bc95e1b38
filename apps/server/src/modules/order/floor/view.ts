import { asc, eq, sql } from 'drizzle-orm';
import { TABLE_STATES, type Floor, type FloorTable, type TablePanel, type TableSession, type TableState } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { iso, isoOrNull } from '../../../http/iso.js';
import { floorPlan, type FloorTableInfo } from '../../store/service.js';
import { orderRecord } from '../orders/records.js';
import { order } from '../tables.js';

/**
 * What the table map and a table's panel read (issue 24): the store's enabled tables (the store
 * module's floorPlan) beside the open seatings with their orders' aggregates, one query for all
 * the seatings of the store (the map of a 60-table store answers within a few milliseconds).
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
  merged_into_code: string | null;
  merged_codes: string[] | string | null;
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

/** `text[]` as a driver answers it: an array, or PostgreSQL's `{a,b}` text. */
const textArray = (value: string[] | string | null): string[] =>
  !value ? [] : Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((v) => v.replace(/^"|"$/g, ''));

// The aggregates are the root seating's (orders always carry the root's id: sessions.ts).
const sessionsQuery = (where: ReturnType<typeof sql>) => sql`select s.id::text as id, s.store_id::text as store_id, s.table_id::text as table_id, s.table_code, s.state,
    s.guests, s.note, s.merged_into_id::text as merged_into_id, m.table_code as merged_into_code,
    array(select x.table_code from table_session x where x.merged_into_id = s.id and x.cleared_at is null order by x.table_code) as merged_codes,
    s.opened_at, s.opened_by, s.first_order_at, s.bill_at, s.paid_at,
    coalesce(a.n, 0)::int as order_count, coalesce(a.amount, 0) as amount, coalesce(a.unpaid, 0) as unpaid,
    coalesce(k.to_make, 0)::int as to_make, coalesce(k.rushed, 0)::int as rushed
  from table_session s
  left join table_session m on m.id = s.merged_into_id
  left join lateral (
    select count(*) as n, sum(o.payable_amount - o.refunded_amount) as amount,
      sum(o.payable_amount - o.paid_amount) filter (where o.status in ('dining', 'pending')) as unpaid
    from orders o where o.session_id = coalesce(s.merged_into_id, s.id) and o.status <> 'cancelled'
  ) a on true
  left join lateral (
    select count(*) as to_make, count(*) filter (where l.rushed_at is not null) as rushed
    from orders o join order_line l on l.order_id = o.id
    where o.session_id = coalesce(s.merged_into_id, s.id) and o.status <> 'cancelled' and l.kind <> 'combo'
      and l.kitchen_state in ('waiting', 'making') and l.quantity - l.refunded_quantity - l.voided_quantity > 0.0005
  ) k on true
  where s.cleared_at is null and ${where}`;

function sessionOf(r: SessionRow): TableSession {
  return {
    id: r.id, storeId: r.store_id, tableId: r.table_id, tableCode: r.table_code, state: r.state, guests: Number(r.guests), note: r.note,
    orderCount: Number(r.order_count), amount: Number(r.amount), unpaidAmount: Number(r.unpaid), linesToMake: Number(r.to_make), rushed: Number(r.rushed),
    mergedIntoId: r.merged_into_id, mergedIntoTableCode: r.merged_into_code, mergedTableCodes: textArray(r.merged_codes),
    openedAt: isoOrNull(r.opened_at)!, openedBy: r.opened_by, firstOrderAt: isoOrNull(r.first_order_at), billAt: isoOrNull(r.bill_at), paidAt: isoOrNull(r.paid_at),
  };
}

/** The open seatings of a store, by table. */
async function sessionsOfStore(db: Db, storeId: string): Promise<Map<string, TableSession>> {
  const rows = rowsOf<SessionRow>(await db.execute(sessionsQuery(sql`s.store_id = ${storeId}::bigint`)));
  return new Map(rows.map((r) => [r.table_id, sessionOf(r)]));
}

/** The open seating at a table, or null. */
export async function sessionOfTable(db: Db, tableId: string): Promise<TableSession | null> {
  const [row] = rowsOf<SessionRow>(await db.execute(sessionsQuery(sql`s.table_id = ${tableId}::bigint`)));
  return row ? sessionOf(row) : null;
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
  return { table: floorTableOf(table, session), orders };
}
