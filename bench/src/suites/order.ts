import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import type { OrderCart, OrderQuery } from '@canteen/contract';
import { orderQuerySchema } from '@canteen/contract';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { loadConfig, type Config } from '../../../apps/server/src/config.js';
import { openPostgres, wrapPglite, type Database } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { orderPage } from '../../../apps/server/src/modules/order/orders/list.js';
import { order, orderLine } from '../../../apps/server/src/modules/order/tables.js';
import { store, storeCategory, storeDish } from '../../../apps/server/src/modules/store/tables.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { removeDir } from '../processes.js';
import { postgresUrl } from '../postgres.js';

/**
 * Orders (issue 13):
 *
 * - creation under load: 200 buyers at once, five bursts, each buyer one order of two or three
 *   dishes through the service (pricing, stock by guarded update, numbering, lines and log in
 *   one transaction); half the carts take a dish with 300 portions that 500 buyers want, so the
 *   stock runs out during the run. Per order latency p95 on PostgreSQL (budget ≤ 50 ms) and on
 *   PGlite (information), and the oversell check: portions sold = portions the stock lost, and
 *   the stock never below zero (budget 0).
 * - the 订单列表 page at 1,000,000 orders of one store (a year of a very busy store) on
 *   PostgreSQL: the first page of each tab, a date range, a phone's last four digits, an order
 *   number prefix, a payment method and a deep page, each a page of 20 with its capped count,
 *   through the server (app.inject: routing, access, validation, serialization, no sockets),
 *   p99 budget ≤ 30 ms; the service call alone for information.
 */

const BUYERS = 200;
const BURSTS = 5;
const HOT_STOCK = 300;
const ORDERS = 1_000_000;
const CREATE_BUDGET_MS = 50;
const LIST_BUDGET_MS = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10;
};

const configFor = (dataDir: string, databaseUrl?: string): Config => loadConfig({
  NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'), DEMO_DATA: 'off', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** A store of the bench with a category of 20 dishes (unlimited) and the hot dish (HOT_STOCK portions). */
async function benchStore(app: App): Promise<{ storeId: string; dishes: string[]; hot: string }> {
  const db = app.database.db;
  const [shop] = await db.insert(store).values({ name: `压测店${randomBytes(3).toString('hex')}` }).returning({ id: store.id });
  const [category] = await db.insert(storeCategory).values({ storeId: shop!.id, name: '热菜' }).returning({ id: storeCategory.id });
  const dishes = await db.insert(storeDish).values(Array.from({ length: 20 }, (_, i) => ({ storeId: shop!.id, categoryId: category!.id, name: `菜品${i + 1}`, price: 1000 + i * 100 })))
    .returning({ id: storeDish.id });
  const [hot] = await db.insert(storeDish).values({ storeId: shop!.id, categoryId: category!.id, name: '招牌限量', price: 3800, stockMode: 'total', stock: HOT_STOCK })
    .returning({ id: storeDish.id });
  app.store.menu.changed(shop!.id);
  return { storeId: shop!.id, dishes: dishes.map((d) => d.id), hot: hot!.id };
}

/** The i-th buyer's cart: two or three dishes, every other one taking the hot dish. */
function cartOf(i: number, dishes: string[], hot: string): { type: OrderCart['type']; lines: OrderCart['lines'] } {
  const lines: OrderCart['lines'] = [
    { kind: 'dish', itemId: dishes[i % dishes.length]!, quantity: 1 + (i % 2) },
    { kind: 'dish', itemId: dishes[(i * 7 + 3) % dishes.length]!, quantity: 1 },
  ];
  if (i % 2 === 0) lines.push({ kind: 'dish', itemId: hot, quantity: 1 });
  return { type: i % 3 ? 'dine_in' : 'takeaway', lines };
}

/** The portions of the hot dish sold and what its stock lost differ by (plus one when the stock went below zero). */
async function oversoldOf(app: App, storeId: string, hot: string): Promise<number> {
  const db = app.database.db;
  const [sold] = await db.select({ n: sql<string>`coalesce(sum(${orderLine.quantity}), 0)` }).from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId)).where(and(eq(order.storeId, storeId), eq(orderLine.dishId, hot)));
  const [left] = await db.select({ stock: storeDish.stock }).from(storeDish).where(eq(storeDish.id, hot));
  return Math.abs(HOT_STOCK - (left?.stock ?? 0) - Number(sold?.n ?? 0)) + ((left?.stock ?? 0) < 0 ? 1 : 0);
}

interface Tally {
  latencies: number[];
  refused: number;
  failed: number;
}

/** One order through the service; its latency counted from `since` (the burst's start, or the order's planned arrival). */
async function placeOrder(app: App, storeId: string, cart: ReturnType<typeof cartOf>, since: number, tally: Tally): Promise<void> {
  try {
    await app.order.create({ cart: { storeId, ...cart }, source: 'cashier', operator: { id: null, name: 'bench' } });
    tally.latencies.push(performance.now() - since);
  } catch (error) {
    if ((error as { status?: number }).status === 400) tally.refused++;
    else tally.failed++;
  }
}

/** Bursts of BUYERS orders at once; answers the latencies of the orders made, the refusals, and the oversell difference. */
async function creationLoad(app: App): Promise<Tally & { oversold: number; seconds: number }> {
  const { storeId, dishes, hot } = await benchStore(app);
  const tally: Tally = { latencies: [], refused: 0, failed: 0 };
  let n = 0;
  const started = performance.now();
  for (let burst = 0; burst < BURSTS; burst++) {
    await Promise.all(Array.from({ length: BUYERS }, () => {
      const i = n++;
      return placeOrder(app, storeId, cartOf(i, dishes, hot), performance.now(), tally);
    }));
  }
  const seconds = (performance.now() - started) / 1000;
  return { ...tally, oversold: await oversoldOf(app, storeId, hot), seconds };
}

/**
 * An open-loop lunch rush (the load shape of a real service, beside the bursts' worst case):
 * orders arrive on a schedule whatever the answers do, RUSH_START over the first second, then
 * RUSH_RATE a second for RUSH_SECONDS. Each latency counts from the order's planned arrival, so
 * orders queued behind a server that falls behind count their wait. Answers the p95 of each
 * phase and the orders answered per second in the second phase (made or refused).
 */
const RUSH_START = 200;
const RUSH_RATE = 400;
const RUSH_SECONDS = 3;

async function rushLoad(app: App): Promise<{ warmP95: number; rushP95: number; perSecond: number; refused: number; failed: number; oversold: number }> {
  const { storeId, dishes, hot } = await benchStore(app);
  const arrivals = [
    ...Array.from({ length: RUSH_START }, (_, k) => (k * 1000) / RUSH_START),
    ...Array.from({ length: RUSH_RATE * RUSH_SECONDS }, (_, k) => 1000 + (k * 1000) / RUSH_RATE),
  ];
  const warm: Tally = { latencies: [], refused: 0, failed: 0 };
  const rush: Tally = { latencies: [], refused: 0, failed: 0 };
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  let next = 0;
  while (next < arrivals.length) {
    const now = performance.now() - started;
    while (next < arrivals.length && arrivals[next]! <= now) {
      const i = next++;
      pending.push(placeOrder(app, storeId, cartOf(i, dishes, hot), started + arrivals[i]!, i < RUSH_START ? warm : rush));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  // Sustained: what the 400/s phase got done, over the time from its start to its last answer.
  const seconds = (performance.now() - started - 1000) / 1000;
  return {
    warmP95: percentile(warm.latencies, 95),
    rushP95: percentile(rush.latencies, 95),
    perSecond: Math.round((rush.latencies.length + rush.refused) / seconds),
    refused: warm.refused + rush.refused,
    failed: warm.failed + rush.failed,
    oversold: await oversoldOf(app, storeId, hot),
  };
}

/** A year of orders of one store: statuses, types, sources, a fifth with a member phone, payments of the paid ones. */
async function fillOrders(database: Database, storeId: string): Promise<void> {
  await database.exclusive(async (exec) => {
    await exec(`insert into orders (store_id, order_no, business_date, type, source, status, table_code, pickup_no, member_name, member_phone,
        goods_amount, payable_amount, paid_amount, item_count, stock_held, view_token, created_at, updated_at)
      select ${storeId}, 'B' || lpad(i::text, 9, '0'), current_date - (i % 365), case when i % 3 = 0 then 'takeaway' else 'dine_in' end,
        case when i % 4 = 0 then 'qr' else 'cashier' end,
        case when i % 1000 = 0 then 'pending' when i % 997 = 0 then 'paid' when i % 991 = 0 then 'making' when i % 20 = 0 then 'cancelled' when i % 50 = 1 then 'partially_refunded' else 'finished' end,
        case when i % 3 = 0 then null else 'A' || lpad((i % 40)::text, 2, '0') end, (i % 999)::text,
        case when i % 5 = 0 then '会员' || (i % 1000) else null end,
        case when i % 5 = 0 then '138' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') else null end,
        5000 + i % 10000, 5000 + i % 10000, case when i % 20 = 0 or i % 1000 = 0 then 0 else 5000 + i % 10000 end, 1 + i % 5, false,
        md5(i::text), now() - make_interval(days => i % 365, secs => i % 86400), now()
      from generate_series(1, ${ORDERS}) i`);
    // The payments' trigger keeps orders.pay_methods for the product's writes; for a million generated rows
    // it is off and the bits are set in one pass from the same rule that chose the methods.
    await exec('alter table order_payment disable trigger order_payment_methods_insert');
    await exec(`insert into order_payment (order_id, store_id, business_date, method, amount, status, paid_at)
      select id, store_id, business_date, case id % 3 when 0 then 'cash' when 1 then 'wechat' else 'balance' end, paid_amount, 'success', created_at
      from orders where store_id = ${storeId} and paid_amount > 0`);
    await exec('alter table order_payment enable trigger order_payment_methods_insert');
    await exec(`update orders set pay_methods = case id % 3 when 0 then 1 when 1 then 4 else 2 end where store_id = ${storeId} and paid_amount > 0`);
    await exec('vacuum analyze orders');
    await exec('vacuum analyze order_payment');
  });
}

/** The list at a million orders: answers the p99 over HTTP-in-process and of the service call. */
async function listLoad(app: App, database: Database, storeId: string): Promise<{ httpP99: number; serviceP99: number; slowest: string }> {
  await fillOrders(database, storeId);
  const db = app.database.db;
  const [user] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  const token = (await app.identity.tokens.issue({ userId: user!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 })).access_token;
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const queries: Array<Partial<OrderQuery>> = [
    {}, { tab: 'todo' }, { tab: 'making' }, { tab: 'finish' }, { tab: 'canceled' },
    { dateFrom: day(30), dateTo: day(0) }, { dateFrom: day(7), dateTo: day(7), tab: 'finish' },
    { phone: '1234' }, { phone: '13800079190' }, { orderNo: 'B00012' }, { payMethod: 'wechat' }, { tableCode: 'A07' }, { type: 'takeaway', source: 'qr' },
    { current: 50 },
  ];
  const byQuery = new Map<string, number[]>();
  const http: number[] = [];
  const service: number[] = [];
  for (let round = 0; round < 30; round++) {
    for (const q of queries) {
      const query = { storeId, size: 20, ...q };
      const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
      let t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/order/order/page?${search}`, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`GET /order/order/page?${search}: ${res.statusCode} ${res.body}`);
      if (round > 0) {
        http.push(ms);
        byQuery.set(search, [...(byQuery.get(search) ?? []), ms]);
      }
      t = performance.now();
      await orderPage(db, orderQuerySchema.parse(query), undefined);
      if (round > 0) service.push(performance.now() - t);
    }
  }
  const slowest = [...byQuery.entries()].map(([q, times]) => [q, percentile(times, 99)] as const).sort((a, b) => b[1] - a[1])[0]!;
  return { httpP99: percentile(http, 99), serviceP99: percentile(service, 99), slowest: `${slowest[0]} (${slowest[1]} ms)` };
}

async function onPglite(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-order-'));
  const client = await PGlite.create({ parsers: { 20: (v: string) => v } });
  const database = await wrapPglite(client);
  let app: App | undefined;
  try {
    await migrate(database);
    const config = configFor(dataDir);
    await seed(database, config, seeders);
    app = await buildApp(config, { database });
    await app.ready();
    const run = await creationLoad(app);
    return [
      info(`order: creation p95, ${BUYERS} buyers at once × ${BURSTS} (PGlite, one connection)`, percentile(run.latencies, 95), 'ms'),
      info('order: orders created per second (PGlite)', Math.round(run.latencies.length / run.seconds), 'orders/s'),
      atMost('order: portions oversold on PGlite (sold − stock lost, stock below zero)', run.oversold, 'portions', 0),
    ];
  } finally {
    await app?.close();
    await database.close();
    removeDir(dataDir);
  }
}

export async function orderSuite(_ctx: BenchContext): Promise<Figure[]> {
  const figures = await onPglite();
  const adminUrl = await postgresUrl();
  if (!adminUrl) return [...figures, info('order: PostgreSQL figures skipped (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)', 0, '')];
  const name = `canteen_bench_order_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-order-'));
  let database: Database | undefined;
  let app: App | undefined;
  try {
    database = await openPostgres(u.toString());
    await migrate(database);
    const config = configFor(dataDir, u.toString());
    await seed(database, config, seeders);
    app = await buildApp(config, { database });
    await app.ready();
    const run = await creationLoad(app);
    figures.push(
      atMost(`order: creation p95, ${BUYERS} buyers at once × ${BURSTS}, half wanting a dish of ${HOT_STOCK} portions (PostgreSQL, service call)`, percentile(run.latencies, 95), 'ms', CREATE_BUDGET_MS),
      info('order: creation p50 (PostgreSQL)', percentile(run.latencies, 50), 'ms'),
      info('order: orders created per second (PostgreSQL)', Math.round(run.latencies.length / run.seconds), 'orders/s'),
      info('order: carts refused as sold out (PostgreSQL)', run.refused, 'orders'),
      atMost('order: portions oversold on PostgreSQL (sold − stock lost, stock below zero)', run.oversold, 'portions', 0),
    );
    if (run.failed) figures.push(info('order: creations failed otherwise (PostgreSQL)', run.failed, 'orders'));
    const rush = await rushLoad(app);
    figures.push(
      info(`order: creation p95, open-loop lunch rush, ${RUSH_START} orders arriving evenly over 1 s (PostgreSQL, service call, from planned arrival)`, rush.warmP95, 'ms'),
      info(`order: creation p95, open-loop lunch rush, then ${RUSH_RATE}/s for ${RUSH_SECONDS} s (PostgreSQL)`, rush.rushP95, 'ms'),
      info(`order: orders answered per second sustained in the rush's ${RUSH_RATE}/s phase (PostgreSQL)`, rush.perSecond, 'orders/s'),
      atMost('order: portions oversold in the rush on PostgreSQL', rush.oversold, 'portions', 0),
    );
    if (rush.failed) figures.push(info('order: creations failed otherwise in the rush (PostgreSQL)', rush.failed, 'orders'));
    const filling = performance.now();
    const [shop] = await database.db.insert(store).values({ name: '百万订单店' }).returning({ id: store.id });
    const list = await listLoad(app, database, shop!.id);
    figures.push(
      info(`order: ${ORDERS.toLocaleString('en')} orders generated on PostgreSQL in`, Math.round((performance.now() - filling) / 100) / 10, 's (with the list runs)'),
      atMost(`order: GET /order/order/page p99 at ${ORDERS.toLocaleString('en')} orders of one store (tabs, dates, phone, number, pay method, table, deep page; page of 20 with capped count; app.inject)`, list.httpP99, 'ms', LIST_BUDGET_MS),
      info('order: the list, the service call alone, p99', list.serviceP99, 'ms'),
      info(`order: the list's slowest query at p99: ${list.slowest}`, 0, ''),
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
