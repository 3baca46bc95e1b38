import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { wrapPglite } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { orderPayment } from '../../../apps/server/src/modules/order/tables.js';
import { printer } from '../../../apps/server/src/modules/printing/tables.js';
import { store, storeCategory, storeDish } from '../../../apps/server/src/modules/store/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { removeDir } from '../processes.js';

/**
 * 打印 (issue 14) at a lunch peak: 20 kitchen printers (network ESC/POS listeners in this
 * process, each the printer of one category), orders of two dishes in two categories, each
 * payment writing its two kitchen jobs in its transaction and the dispatcher sending them after
 * commit (PGlite). Measured: jobs sent per second while orders are paid back to back (the
 * server's ceiling), and, at a peak of 10 payments a second, per job the time from the
 * payment's start to the ticket's last byte at its printer (p99 budget ≤ 500 ms).
 */

const PRINTERS = 20;
const ORDERS = Number(process.env.BENCH_PRINT_ORDERS ?? 300);
const P99_BUDGET_MS = 500;
/** The peak's pace: 10 payments a second is 36,000 an hour, far beyond one store's lunch. */
const PACE_PER_S = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10;
};

/** A network printer that answers the status queries and notes when each ticket (by its order number) has arrived. */
function kitchenPrinter(onTicket: (orderNo: string) => void): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      if (chunk[0] === 0x10 && chunk[1] === 0x04) {
        socket.write(Buffer.from([0x12, 0x12]));
        chunk = chunk.subarray(6);
      }
      if (chunk.length) chunks.push(chunk);
    });
    socket.on('end', () => {
      const orderNo = /\d{12,}/.exec(Buffer.concat(chunks).toString('latin1'))?.[0];
      if (orderNo) onTicket(orderNo);
      socket.end();
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

export async function printingSuite(_ctx: BenchContext): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-printing-'));
  const database = await wrapPglite(await PGlite.create({ parsers: { 20: (v: string) => v } }));
  const printers: Server[] = [];
  let app: App | undefined;
  try {
    await migrate(database);
    const config = loadConfig({
      NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'), DEMO_DATA: 'off', PRINTER_ALLOW_LOOPBACK: 'on',
    });
    await seed(database, config, seeders);
    app = await buildApp(config, { database });
    await app.ready();
    const db = app.database.db;
    const [shop] = await db.insert(store).values({ name: '午高峰压测店' }).returning({ id: store.id });
    const storeId = shop!.id;
    const paidAt = new Map<string, number>();
    const latencies: number[] = [];
    let lastArrival = 0;
    const dishes: string[] = [];
    for (let i = 0; i < PRINTERS; i++) {
      const [category] = await db.insert(storeCategory).values({ storeId, name: `档口${i + 1}` }).returning({ id: storeCategory.id });
      const [dish] = await db.insert(storeDish).values({ storeId, categoryId: category!.id, name: `菜品${i + 1}`, price: 1800 + i * 100 }).returning({ id: storeDish.id });
      dishes.push(dish!.id);
      const listener = await kitchenPrinter((orderNo) => {
        const at = performance.now();
        lastArrival = Math.max(lastArrival, at);
        const start = paidAt.get(orderNo);
        if (start !== undefined) latencies.push(at - start);
      });
      printers.push(listener.server);
      await db.insert(printer).values({ storeId, name: `后厨${i + 1}`, brand: 'escpos', host: '127.0.0.1', port: listener.port, paper: 80, tickets: ['kitchen'], categoryIds: [category!.id] });
    }
    app.store.menu.changed(storeId);
    const operator = { id: null, name: 'bench' };
    let made = 0;
    const createOrders = async (count: number) => {
      const list: Array<{ id: string; orderNo: string; storeId: string; businessDate: string; payableAmount: number }> = [];
      for (let i = 0; i < count; i++, made++) {
        const a = made % PRINTERS;
        const b = (a + 1 + (made % (PRINTERS - 1))) % PRINTERS;
        list.push(await app!.order.create({
          cart: { storeId, type: 'dine_in', lines: [{ kind: 'dish', itemId: dishes[a]!, quantity: 1 }, { kind: 'dish', itemId: dishes[b]!, quantity: 1 }] },
          source: 'cashier', operator,
        }));
      }
      return list;
    };
    /** Pays the orders `gapMs` apart (0: back to back); answers when every ticket has arrived (or a minute passed). */
    const payAll = async (list: Awaited<ReturnType<typeof createOrders>>, gapMs: number) => {
      latencies.length = 0;
      const started = performance.now();
      for (const o of list) {
        const at = performance.now();
        paidAt.set(o.orderNo, at);
        await db.transaction(async (tx) => {
          await tx.insert(orderPayment).values({ orderId: o.id, storeId: o.storeId, businessDate: o.businessDate, method: 'cash', amount: o.payableAmount, status: 'success', paidAt: new Date() });
          await app!.order.settlePaid(tx, o.id, operator);
        });
        const wait = gapMs - (performance.now() - at);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const deadline = Date.now() + 60_000;
      while (latencies.length < list.length * 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return { seconds: (lastArrival - started) / 1000, arrived: latencies.length, expected: list.length * 2, latencies: [...latencies] };
    };
    const burst = await payAll(await createOrders(ORDERS), 0);
    const paced = await payAll(await createOrders(ORDERS), 1000 / PACE_PER_S);
    return [
      info(`printing: kitchen jobs sent per second to ${PRINTERS} printers, ${ORDERS} orders paid back to back (PGlite)`, Math.round(burst.arrived / burst.seconds), 'jobs/s'),
      info('printing: payment → ticket bytes p99 in that burst', percentile(burst.latencies, 99), 'ms'),
      atMost(`printing: payment → ticket bytes at the printer p99, a lunch peak of ${PACE_PER_S} payments a second (${PACE_PER_S * 2} tickets/s)`, percentile(paced.latencies, 99), 'ms', P99_BUDGET_MS),
      info('printing: the same, p50', percentile(paced.latencies, 50), 'ms'),
      info('printing: tickets that arrived (of jobs written, both phases)', Math.round(((burst.arrived + paced.arrived) / (burst.expected + paced.expected)) * 100), '%'),
    ];
  } finally {
    await app?.close();
    for (const s of printers) s.close();
    await database.close();
    removeDir(dataDir);
  }
}
