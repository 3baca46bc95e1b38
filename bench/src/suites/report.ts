import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { loadConfig, type Config } from '../../../apps/server/src/config.js';
import { openPostgres, wrapPglite, type Database } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { removeDir } from '../processes.js';
import { postgresUrl } from '../postgres.js';

/**
 * 营业报表 (issue 15): the reports read daily roll-ups, so their cost follows stores × days,
 * not orders. The roll-up rows are generated directly (what a year of orders leaves in them),
 * not the orders themselves: a busy store's year is 1,500 orders a day (≈ 550,000 orders) and
 * the chain's ≈ 110 million; the roll-ups' agreement with the orders is the rollups test's.
 *
 * - 营业概况 (the figures, the previous year, 365 daily points) over a year of one busy store
 *   on PGlite, GET /report/overview through the server (app.inject), p95 budget ≤ 200 ms; the
 *   菜品排行 of the year (80 dishes) and the home page's today for information.
 * - the same over a chain of 200 stores (all stores, an admin) on PostgreSQL, p95 budget
 *   ≤ 300 ms; 菜品排行 over the chain (20 dishes a store, 1.5 million rows) for information (the
 *   chain's other roll-ups are left empty: only these two reports are measured there).
 */

const ROUNDS = 30;
const OVERVIEW_STORE_BUDGET_MS = 200;
const OVERVIEW_CHAIN_BUDGET_MS = 300;
const CHAIN_STORES = 200;

const configFor = (dataDir: string, databaseUrl?: string): Config => loadConfig({
  NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'), DEMO_DATA: 'off', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10;
};

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/**
 * A year of roll-ups for the stores: every day about `perDay` orders with a weekly rhythm and
 * `dishes` dishes; with `everyReport`, 8 categories, 3 methods, 14 hours and 4 channels too.
 */
async function fillRollups(database: Database, storeIds: string[], perDay: number, dishes: number, everyReport = true): Promise<void> {
  const stores = `(select unnest(array[${storeIds.join(',')}]::bigint[]) as id)`;
  const days = `(select d::date as d, (1 + 0.4 * (extract(dow from d) in (0, 6))::int) as busy from generate_series(current_date - 366, current_date, interval '1 day') d)`;
  const orders = `round(${perDay} * days.busy * (0.9 + 0.2 * random()))::int`;
  await database.exclusive(async (exec) => {
    await exec(`insert into report_daily (store_id, business_date, orders, guests, goods_amount, packing_fee, member_discount, coupon_discount, manual_discount, paid_amount, refund_count, refund_amount, cancelled_count)
      select s.id, days.d, o, o * 2, o * 6200, o * 50, o * 120, o * 80, 0, o * 6050, o / 100, (o / 100) * 6000, o / 50
      from ${stores} s cross join ${days} days cross join lateral (select ${orders} as o) x`);
    await exec(`insert into report_dish_daily (store_id, business_date, kind, item_id, name, category_id, category_name, quantity, amount)
      select s.id, days.d, 'dish', n, '菜品' || n, 1 + n % 8, '分类' || (1 + n % 8), q, q * (1000 + n * 37)
      from ${stores} s cross join ${days} days cross join generate_series(1, ${dishes}) n
      cross join lateral (select greatest(1, round(${perDay} * 2.5 * days.busy / (n ^ 1.1) / 4))::int as q) x`);
    if (everyReport) {
      await exec(`insert into report_category_daily (store_id, business_date, category_id, name, quantity, amount)
        select s.id, days.d, c, '分类' || c, ${perDay}, ${perDay} * 5000 from ${stores} s cross join ${days} days cross join generate_series(1, 8) c`);
      await exec(`insert into report_payment_daily (store_id, business_date, method, count, amount, refund_count, refund_amount)
        select s.id, days.d, m, ${perDay} / 3, ${perDay} * 2000, 1, 3000 from ${stores} s cross join ${days} days cross join unnest(array['cash', 'balance', 'wechat']) m`);
      await exec(`insert into report_hour_daily (store_id, business_date, hour, orders, amount)
        select s.id, days.d, h, ${perDay} / 14, ${perDay} * 400 from ${stores} s cross join ${days} days cross join generate_series(9, 22) h`);
      await exec(`insert into report_channel_daily (store_id, business_date, type, source, orders, amount)
        select s.id, days.d, t, src, ${perDay} / 4, ${perDay} * 1500 from ${stores} s cross join ${days} days
        cross join unnest(array['dine_in', 'takeaway']) t cross join unnest(array['cashier', 'qr']) src`);
    }
    await exec('analyze');
  });
}

/** Stores for the roll-ups to name (the scope's first store gives "today"'s time zone). */
async function insertStores(database: Database, count: number, prefix: string): Promise<string[]> {
  return database.exclusive(async (exec) =>
    (await exec(`insert into store (name) select '${prefix}' || g from generate_series(1, ${count}) g returning id`)).map((r) => String(r.id)));
}

async function adminToken(app: App): Promise<string> {
  const [user] = await app.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  return (await app.identity.tokens.issue({ userId: user!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 })).access_token;
}

/** p95 and p50 of GET `url` (after one warm-up). */
async function timed(app: App, token: string, url: string): Promise<{ p95: number; p50: number }> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    if (round > 0) times.push(ms);
  }
  return { p95: percentile(times, 95), p50: percentile(times, 50) };
}

const year = `dateFrom=${day(364)}&dateTo=${day(0)}`;

async function onPglite(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-report-'));
  const client = await PGlite.create({ parsers: { 20: (v: string) => v } });
  const database = await wrapPglite(client);
  let app: App | undefined;
  try {
    await migrate(database);
    const config = configFor(dataDir);
    await seed(database, config, seeders);
    app = await buildApp(config, { database });
    await app.ready();
    const [storeId] = await insertStores(database, 1, '年度压测店');
    await fillRollups(database, [storeId!], 1500, 80);
    const token = await adminToken(app);
    const overview = await timed(app, token, `/report/overview?storeId=${storeId}&${year}`);
    const dishes = await timed(app, token, `/report/dishes?storeId=${storeId}&${year}`);
    const today = await timed(app, token, `/report/today?storeId=${storeId}`);
    return [
      atMost('report: GET /report/overview p95, a year of a store of 1,500 orders a day (roll-ups, PGlite, app.inject)', overview.p95, 'ms', OVERVIEW_STORE_BUDGET_MS),
      info('report: the same, p50', overview.p50, 'ms'),
      info('report: GET /report/dishes p95, the same year (80 dishes)', dishes.p95, 'ms'),
      info('report: GET /report/today p95 (home page)', today.p95, 'ms'),
    ];
  } finally {
    await app?.close();
    await database.close();
    removeDir(dataDir);
  }
}

export async function reportSuite(_ctx: BenchContext): Promise<Figure[]> {
  const figures = await onPglite();
  const adminUrl = await postgresUrl();
  if (!adminUrl) return [...figures, info('report: PostgreSQL figures skipped (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)', 0, '')];
  const name = `canteen_bench_report_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-report-'));
  let database: Database | undefined;
  let app: App | undefined;
  try {
    database = await openPostgres(u.toString());
    await migrate(database);
    const config = configFor(dataDir, u.toString());
    await seed(database, config, seeders);
    app = await buildApp(config, { database });
    await app.ready();
    const filling = performance.now();
    await fillRollups(database, await insertStores(database, CHAIN_STORES, '连锁门店'), 1500, 20, false);
    const filled = Math.round((performance.now() - filling) / 100) / 10;
    const token = await adminToken(app);
    const overview = await timed(app, token, `/report/overview?${year}`);
    const dishes = await timed(app, token, `/report/dishes?${year}`);
    figures.push(
      info(`report: a year of roll-ups of ${CHAIN_STORES} stores generated on PostgreSQL in`, filled, 's'),
      atMost(`report: GET /report/overview p95, all ${CHAIN_STORES} stores of a chain over a year (roll-ups, PostgreSQL, app.inject)`, overview.p95, 'ms', OVERVIEW_CHAIN_BUDGET_MS),
      info('report: the same, p50', overview.p50, 'ms'),
      info(`report: GET /report/dishes p95, the chain's year (${CHAIN_STORES} × 20 dishes a day)`, dishes.p95, 'ms'),
    );
    return figures;
  } finally {
    await app?.close();
    await database?.close();
    await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
    await admin.close();
    removeDir(dataDir);
  }
}
