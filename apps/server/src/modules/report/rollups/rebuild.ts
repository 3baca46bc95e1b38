import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clearCustomerRollups, customerStatements } from './customer-sources.js';
import { ownRollups } from './lock.js';
import { cancelStatements, clearOrderRollups, paidStatements, refundStatements, type Scope } from './sources.js';
import { rowsOf } from '../../../db/queries.js';

export interface RebuildRange {
  /** Inclusive business dates, YYYY-MM-DD. */
  from: string;
  to: string;
  /** One store; none: every store. */
  storeId?: string | undefined;
}

export interface Rebuilt {
  /** Business dates recomputed. */
  days: number;
  /** Paid orders counted in them. */
  orders: number;
}

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/**
 * Recomputes the roll-ups of a range from the orders (after a data repair, a fix of the
 * counting, or data written around the services): the range's rows are deleted and counted
 * again by the very statements the listeners run (and the recount of the customers' side that
 * the triggers of 0601_report_customer.sql keep), in one transaction that holds the roll-up
 * lock exclusively (payments wait for it a moment; the reports keep reading the old rows
 * until it commits).
 */
export async function rebuildRollups(db: Db, range: RebuildRange): Promise<Rebuilt> {
  const scope: Extract<Scope, { kind: 'range' }> = { kind: 'range', from: range.from, to: range.to, storeId: range.storeId };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await ownRollups(tx);
    const statements = [
      ...clearOrderRollups(scope), ...clearCustomerRollups(range),
      ...paidStatements(scope), ...refundStatements(scope), ...cancelStatements(scope), ...customerStatements(range),
    ];
    for (const statement of statements) {
      await tx.execute(statement);
    }
    const store = range.storeId ? sql` and store_id = ${range.storeId}` : sql``;
    const [counted] = rowsOf<{ orders: string | number }>(await tx.execute(sql`
      select coalesce(sum(orders), 0) as orders from report_daily where business_date between ${range.from}::date and ${range.to}::date${store}`));
    return { days: dayNumber(range.to) - dayNumber(range.from) + 1, orders: Number(counted?.orders ?? 0) };
  });
}
