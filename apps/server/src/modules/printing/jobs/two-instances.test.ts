import { describe, expect, it } from 'vitest';
import { startEscposPrinter } from '@canteen/wechat-sim';
import type { OrderRecord, PrinterRecord } from '@canteen/contract';
import { portsIn, startServerProcess } from '../../../../test/server-process.js';
import { addEscpos, jobsOfStore, newOrder, payOn, processSession, ticketsOf } from '../process-fixture.js';

/**
 * Two server processes on one PostgreSQL database and one Redis (issue 14: never sent twice by a
 * second instance): orders are paid on both at once, each payment writing a job for each of four
 * network printers, and both dispatchers compete for the jobs. Every job prints exactly once, and
 * each printer prints an order's ticket after those of every order paid before it was paid.
 */

/** This file's ports: 31120-31149. */
const portsOf = async () => {
  const ports = await portsIn(31120, 31149, 6);
  return { servers: ports.slice(0, 2), printers: ports.slice(2) };
};
const ORDERS = 30;
const WRITERS = 3;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes sending one outbox (PostgreSQL, TEST_DATABASE_URL; Redis when TEST_REDIS_URL)', () => {
  const { servers, printers, start } = processSession();

  it('prints every job exactly once, in payment order per printer', { timeout: 400_000 }, async () => {
    const PORTS = await portsOf();
    const { database, url, s } = await start();
    const records: PrinterRecord[] = [];
    for (const [i, port] of PORTS.printers.entries()) {
      printers.push(await startEscposPrinter({ port, paper: 58, name: `档口${i + 1}` }));
      expect(printers[i]!.listenError).toBeNull();
      records.push(await addEscpos(s, `档口${i + 1}`, port, i % 2 ? ['receipt'] : ['kitchen']));
    }
    const env = { DATABASE_URL: url, REDIS_URL: process.env.TEST_REDIS_URL ?? '', JOB_POLL_MS: '50' };
    // One after the other: each runs migrations and seeding at start, and a second one finds them done.
    for (const port of PORTS.servers) servers.push(await startServerProcess(port, env));

    // Writers pay the orders on both instances at once; each payment's time span is kept.
    const orders: OrderRecord[] = [];
    for (let i = 0; i < ORDERS; i++) orders.push(await newOrder(s));
    const spans = new Map<string, { start: number; end: number }>();
    let next = 0;
    await Promise.all(Array.from({ length: WRITERS }, async () => {
      while (next < ORDERS) {
        const i = next++;
        const start = performance.now();
        await payOn(servers[i % servers.length]!.url, s, orders[i]!.id);
        spans.set(orders[i]!.id, { start, end: performance.now() });
      }
    }));

    const total = ORDERS * printers.length;
    await expect.poll(async () => (await jobsOfStore(database, s.f.storeId)).filter((j) => j.status === 'sent').length, { timeout: 120_000, interval: 100 }).toBe(total);
    const jobs = await jobsOfStore(database, s.f.storeId);
    expect(jobs).toHaveLength(total);
    expect(jobs.every((j) => j.status === 'sent' && j.attempts === 1)).toBe(true);

    for (const [i, printer] of printers.entries()) {
      const mine = jobs.filter((j) => j.printerId === records[i]!.id);
      expect(mine).toHaveLength(ORDERS);
      // Exactly once each, and nothing else on the paper.
      expect(mine.filter((j) => ticketsOf(printer, j).length !== 1).map((j) => j.orderNo)).toEqual([]);
      expect(printer.printed()).toHaveLength(ORDERS);
      // In order: an order paid after another's payment had answered prints after it.
      const position = new Map(mine.map((j) => [j.orderId!, printer.printed().findIndex((t) => t.text.includes(j.orderNo!))]));
      const inversions: string[] = [];
      for (const a of orders) {
        for (const b of orders) {
          if (spans.get(a.id)!.end < spans.get(b.id)!.start && position.get(a.id)! > position.get(b.id)!) inversions.push(`${a.orderNo} after ${b.orderNo}`);
        }
      }
      expect(inversions, printer.name).toEqual([]);
    }
    await Promise.all(servers.map((server) => server.stop()));
  });
});
