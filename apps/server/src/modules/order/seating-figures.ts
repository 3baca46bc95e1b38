import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/queries.js';

/**
 * The seatings' occupancy for the 桌台 report (issue 24): per table, the seatings cleared on the
 * business dates of a range (the date each was opened on, as recorded then) and their minutes from
 * 开台 to 清台. A seating still open has no length yet and is left out; one merged into another
 * (并台) is its own table's seating until both are cleared.
 */

export interface SeatingFigures {
  seatings: number;
  minutes: number;
}

/** By table id; `storeIds` null: every store, empty: none. */
export async function seatingFigures(db: Db, query: { storeIds: readonly string[] | null; from: string; to: string }): Promise<Map<string, SeatingFigures>> {
  if (query.storeIds && !query.storeIds.length) return new Map();
  const stores = query.storeIds ? sql` and store_id in (${sql.join(query.storeIds.map((id) => sql`${id}::bigint`), sql`, `)})` : sql``;
  const rows = rowsOf<{ table_id: string; seatings: string; minutes: string }>(await db.execute(sql`
    select table_id::text as table_id, count(*) as seatings, coalesce(sum(round(extract(epoch from cleared_at - opened_at) / 60)), 0) as minutes
    from table_session where cleared_at is not null and business_date between ${query.from}::date and ${query.to}::date${stores}
    group by table_id`));
  return new Map(rows.map((r) => [r.table_id, { seatings: Number(r.seatings), minutes: Number(r.minutes) }]));
}
