import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { PrinterRecord } from '@canteen/contract';
import type { EscposPrinter, PrintedTicket } from '@canteen/wechat-sim';
import { buildApp, type App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../../test/database.js';
import type { ServerProcess } from '../../../test/server-process.js';
import { signIn, type AuthHeader } from '../../../test/auth.js';
import { testConfig } from '../../../test/config.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, orderFixture, setSku, type OrderFixture } from '../../../test/orders.js';
import { printJob } from './tables.js';
import { fakePrinting } from './testing.js';

/**
 * What the print tests with server processes share (jobs/kill-mid-send.test.ts,
 * jobs/two-instances.test.ts): their database and what they start, released after the file; an app in this process on the same database that only sets
 * things up (its own dispatcher stopped, so every ticket is sent by a server process), the
 * jobs as the database has them, and the simulator's tickets counted per job.
 */
export interface Setup {
  app: App;
  admin: AuthHeader;
  f: OrderFixture;
}

export async function setUp(database: Database): Promise<Setup> {
  const app = await buildApp(testConfig(), { database });
  await fakePrinting(app);
  const admin = await signIn(app, 'admin');
  const f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 100_000 });
  return { app, admin, f };
}

/**
 * A test file's session: `start()` makes its database (with the URL a server process takes) and
 * the setting-up app; the server processes and printers it pushes are stopped after the file.
 */
export function processSession() {
  const servers: ServerProcess[] = [];
  const printers: EscposPrinter[] = [];
  let database: Database | undefined;
  let app: App | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill9();
    for (const printer of printers) await printer.close();
    await app?.close();
    await database?.close();
  });
  const start = async (): Promise<{ database: Database; url: string; s: Setup }> => {
    const created = await createTestDatabase();
    database = created;
    const s = await setUp(created);
    app = s.app;
    return { database: created, url: created.url!, s };
  };
  return { servers, printers, start };
}

/** A network printer of the fixture's store on a simulator's port (every dish, printed when paid). */
export async function addEscpos(s: Setup, name: string, port: number, tickets: Array<'receipt' | 'kitchen'>): Promise<PrinterRecord> {
  return dataOf<PrinterRecord>(await callerOf(s.app, s.admin)('POST', '/store/printer', {
    storeId: s.f.storeId, name, brand: 'escpos', host: '127.0.0.1', port, paper: 58, tickets,
  }));
}

/** An unpaid counter order of one 辣子鸡 and a 米饭. */
export const newOrder = (s: Setup) => createOrderApi(s.app, s.admin, cartOf(s.f, [chickenLine(s.f, 1), { kind: 'dish', itemId: s.f.dishes.rice, quantity: 1 }]));

/** 收款 in cash on a server process (the payment writes the print jobs; that process sends them). */
export async function payOn(url: string, s: Setup, orderId: string): Promise<void> {
  const res = await fetch(`${url}/order/order/${orderId}/pay`, { method: 'POST', headers: { ...s.admin, 'content-type': 'application/json' }, body: JSON.stringify({ method: 'cash' }) });
  const body = (await res.json()) as { code: number; msg?: string };
  expect(body.code, `pay ${orderId}: ${body.msg ?? ''}`).toBe(0);
}

export type JobRow = typeof printJob.$inferSelect;

export const jobsOfStore = (database: Database, storeId: string): Promise<JobRow[]> =>
  database.db.select().from(printJob).where(eq(printJob.storeId, storeId)).orderBy(printJob.id);

export const jobsByIds = (database: Database, ids: string[]): Promise<JobRow[]> =>
  database.db.select().from(printJob).where(inArray(printJob.id, ids)).orderBy(printJob.id);

const REPRINT = '【重打】';

/** The simulator's tickets of one job (its printer, its order; a 重打 job's carry the banner, the original's do not). */
export function ticketsOf(printer: EscposPrinter, job: Pick<JobRow, 'orderNo' | 'reprintOf'>): PrintedTicket[] {
  return printer.printed().filter((t) => t.text.includes(job.orderNo!) && t.text.includes(REPRINT) === Boolean(job.reprintOf));
}
