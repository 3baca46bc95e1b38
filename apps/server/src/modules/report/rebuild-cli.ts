import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { businessDateOf } from '@canteen/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { rebuildRollups } from './rollups/rebuild.js';
import { BRAND_CUTOFF_HOUR, BRAND_TIME_ZONE } from './rollups/sources.js';
import { rowsOf } from '../../db/queries.js';

/**
 * `npm run report:rebuild -- --from 2026-01-01 --to 2026-03-31 [--store 12]` (or `--all`: from
 * the first order to today): recomputes the report roll-ups from the orders, with the server's
 * configuration and database (the same environment as `npm start`). A long range is rebuilt a
 * month at a time, each in its own short transaction. With the embedded database (no
 * DATABASE_URL) the server must be stopped first; on PostgreSQL it may run beside it, or use
 * POST /report/rebuild.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const usage = 'usage: npm run report:rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD [--store <id>] | --all [--store <id>]';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, store: { type: 'string' }, all: { type: 'boolean' } } });
  if (values.store !== undefined && !/^[1-9]\d{0,17}$/.test(values.store)) {
    console.error(`门店编号不正确：${values.store}\n${usage}`);
    return 2;
  }
  if (!values.all && !(values.from && values.to && DATE.test(values.from) && DATE.test(values.to) && values.from <= values.to)) {
    console.error(usage);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const db = database.db;
    let from = values.from;
    const to = values.to ?? businessDateOf(new Date(), BRAND_TIME_ZONE, BRAND_CUTOFF_HOUR);
    if (values.all) {
      const [first] = rowsOf<{ day: string | null }>(await db.execute(sql`select min(business_date)::text as day from orders`));
      from = first?.day ?? to;
    }
    let orders = 0;
    let days = 0;
    for (let start = from!; start <= to; start = addDays(start, 31)) {
      const end = addDays(start, 30) < to ? addDays(start, 30) : to;
      const done = await rebuildRollups(db, { from: start, to: end, storeId: values.store });
      orders += done.orders;
      days += done.days;
      console.log(`${start} … ${end}: ${done.orders} orders`);
    }
    console.log(`rebuilt ${days} days, ${orders} orders${values.store ? ` (store ${values.store})` : ''}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`report:rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
