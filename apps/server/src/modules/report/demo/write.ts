import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';

/**
 * Bulk writing for the demo business: many rows of one table in one statement, the rows sent
 * as a single JSON parameter and read back by the table's own row type
 * (`jsonb_populate_recordset`), so ten thousand orders cost a few statements, not a parse per row.
 */

export type Row = Record<string, unknown>;

/** Inserts `rows` (objects keyed by column name) into `table`, `size` rows a statement; answers the `returning` columns of each. */
export async function insertRows(tx: Db, table: string, rows: readonly Row[], returning: string[] = [], size = 4000): Promise<Row[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const back = returning.length ? sql.raw(` returning ${returning.map((c) => `"${c}"`).join(', ')}`) : sql``;
  const answered: Row[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const slice = JSON.stringify(rows.slice(i, i + size));
    const result = await tx.execute(sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.raw(`"${table}"`)}, ${slice}::jsonb)${back}`);
    if (returning.length) answered.push(...rowsOf<Row>(result));
  }
  return answered;
}
