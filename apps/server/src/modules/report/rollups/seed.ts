import { sql } from 'drizzle-orm';
import { businessDateOf } from '@canteen/contract';
import type { Seeder } from '../../../db/seed.js';
import { rebuildRollups } from './rebuild.js';
import { BRAND_CUTOFF_HOUR, BRAND_TIME_ZONE } from './sources.js';
import { rowsOf } from '../../../db/queries.js';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Orders the roll-ups have never counted (a database from before the reports, or orders
 * written in bulk by a demo seed rather than through the services) are counted at boot: while
 * report_daily is empty and there are orders, everything from the first order's date to today
 * is rebuilt, a month per transaction. Once it holds a row, the listeners keep it and this
 * does nothing (one indexed probe).
 */
export const seedRollups: Seeder = async (database) => {
  const db = database.db;
  const [state] = rowsOf<{ counted: boolean; first: string | null }>(await db.execute(sql`
    select exists (select 1 from report_daily) as counted, (select min(business_date)::text from orders) as first`));
  if (!state || state.counted || !state.first) return;
  const today = businessDateOf(new Date(), BRAND_TIME_ZONE, BRAND_CUTOFF_HOUR);
  // A day after today too: a store east of the brand's time zone may be a day ahead.
  const to = addDays(today, 1);
  for (let from = state.first; from <= to; from = addDays(from, 31)) {
    await rebuildRollups(db, { from, to: addDays(from, 30) < to ? addDays(from, 30) : to });
  }
};
