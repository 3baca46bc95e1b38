import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startEscposPrinter } from '@canteen/wechat-sim';
import { payInFull } from '../../../../test/orders.js';
import { portsIn, spawnServerProcess, startServerProcess } from '../../../../test/server-process.js';
import { addEscpos, jobsByIds, jobsOfStore, newOrder, payOn, processSession, ticketsOf, type JobRow } from '../process-fixture.js';
import { printJob } from '../tables.js';
import { IN_DOUBT } from './dispatcher.js';

/**
 * kill -9 mid-send (issue 14: never sent twice by a restart), with real processes on
 * PostgreSQL: a server process is killed while a ticket is on its way to a network printer
 * (the simulator holds what it receives, so the send cannot finish first); a second process on
 * the same database then finds the job's lease run out and fails it as in doubt, never sending it
 * again by itself, prints the jobs that were waiting exactly once, and prints the in-doubt one
 * once more only on a person's 重打. The processes hold a print's lease 3 s (PRINT_LEASE_MS; 30 s
 * by default): the second process waits it out, as a real restart would, without the test
 * waiting half a minute.
 */

const LEASE_MS = '3000';

/** This file's ports: 31100-31119. */
const portsOf = async () => {
  const [first, second, kitchen, front] = await portsIn(31100, 31119, 4);
  return { first: first!, second: second!, kitchen: kitchen!, front: front! };
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server process killed mid-send (PostgreSQL, TEST_DATABASE_URL)', () => {
  const { servers, printers, start } = processSession();

  it('never sends the in-flight job again (in doubt until 重打), prints the waiting ones once, and nothing twice', { timeout: 400_000 }, async () => {
    const PORTS = await portsOf();
    const { database, url, s } = await start();
    const kitchen = await startEscposPrinter({ port: PORTS.kitchen, paper: 58, name: '后厨' });
    const front = await startEscposPrinter({ port: PORTS.front, paper: 58, name: '前台' });
    printers.push(kitchen, front);
    expect([kitchen.listenError, front.listenError]).toEqual([null, null]);
    const kitchenPrinter = await addEscpos(s, '后厨', PORTS.kitchen, ['kitchen']);
    await addEscpos(s, '前台', PORTS.front, ['receipt']);

    // Three paid orders: a kitchen ticket and a receipt each, waiting in the outbox for a sender.
    for (let i = 0; i < 3; i++) await payInFull(s.app, (await newOrder(s)).id);
    const before = await jobsOfStore(database, s.f.storeId);
    expect(before.map((j) => j.status)).toEqual(Array(6).fill('pending'));
    const kitchenJobs = before.filter((j) => j.printerId === kitchenPrinter.id);

    // The kitchen printer takes the connection and holds what comes; the process is killed once its
    // job is being sent and the printer has begun receiving (the status query before the ticket).
    kitchen.hold();
    const first = spawnServerProcess(PORTS.first, { DATABASE_URL: url, JOB_POLL_MS: '50', PRINT_LEASE_MS: LEASE_MS });
    servers.push(first);
    const sendingKitchen = async () => (await jobsByIds(database, kitchenJobs.map((j) => j.id))).filter((j) => j.status === 'sending');
    await expect.poll(async () => (kitchen.heldBytes() > 0 ? (await sendingKitchen()).length : 0), { timeout: 180_000, interval: 10 }).toBe(1);
    await first.kill9();

    const atKill = await jobsOfStore(database, s.f.storeId);
    const inFlight = atKill.filter((j) => j.status === 'sending');
    const waiting = atKill.filter((j) => j.status === 'pending');
    const sentBefore = atKill.filter((j) => j.status === 'sent');
    // The oldest kitchen job was on its way; the two behind it wait (one job per printer at a time).
    expect(inFlight.map((j) => j.id)).toContain(kitchenJobs[0]!.id);
    expect(waiting.map((j) => j.id)).toEqual(expect.arrayContaining([kitchenJobs[1]!.id, kitchenJobs[2]!.id]));
    // What the killed process had sent stays printed once; the held bytes (no ticket yet) print nothing.
    kitchen.release();
    expect(ticketsOf(kitchen, kitchenJobs[0]!)).toEqual([]);
    for (const job of sentBefore) expect(ticketsOf(front, job)).toHaveLength(1);

    // A second process on the same database (a restart, or another instance).
    const second = await startServerProcess(PORTS.second, { DATABASE_URL: url, JOB_POLL_MS: '50', PRINT_LEASE_MS: LEASE_MS });
    servers.push(second);
    const settled = (jobs: JobRow[]) => jobs.every((j) => j.status === 'sent' || j.status === 'failed');
    await expect.poll(async () => settled(await jobsOfStore(database, s.f.storeId)), { timeout: 90_000, interval: 100 }).toBe(true);

    const after = await jobsOfStore(database, s.f.storeId);
    const byId = new Map(after.map((j) => [j.id, j]));
    const printerOf = (j: JobRow) => (j.printerId === kitchenPrinter.id ? kitchen : front);
    // In flight at the kill: failed as in doubt, sent by nobody since (at most the once before the kill).
    for (const job of inFlight) {
      expect(byId.get(job.id)).toMatchObject({ status: 'failed', lastError: IN_DOUBT, attempts: 1 });
      expect(ticketsOf(printerOf(job), job).length).toBeLessThanOrEqual(1);
    }
    expect(ticketsOf(kitchen, kitchenJobs[0]!)).toEqual([]);
    // Waiting at the kill: printed once, by the second process, the kitchen's in order.
    for (const job of waiting) {
      expect(byId.get(job.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(ticketsOf(printerOf(job), job)).toHaveLength(1);
    }
    expect(kitchen.printed().map((t) => kitchenJobs.findIndex((j) => t.text.includes(j.orderNo!)))).toEqual([1, 2]);
    for (const job of sentBefore) expect(ticketsOf(front, job)).toHaveLength(1);

    // A person checks the kitchen and asks for 重打: it prints once, marked 重打, from the second process.
    const doubtful = kitchenJobs[0]!;
    const res = await fetch(`${second.url}/order/order/${doubtful.orderId}/prints/${doubtful.id}/reprint`, { method: 'POST', headers: s.admin });
    const reprint = ((await res.json()) as { data: { id: string; reprintOf: string } }).data;
    expect(reprint.reprintOf).toBe(doubtful.id);
    await expect.poll(async () => (await database.db.select().from(printJob).where(eq(printJob.id, reprint.id)))[0]!.status, { timeout: 30_000 }).toBe('sent');
    const reprinted = ticketsOf(kitchen, { orderNo: doubtful.orderNo, reprintOf: doubtful.id });
    expect(reprinted).toHaveLength(1);
    expect(reprinted[0]!.text).toMatch(/【重打】[\s\S]*辣子鸡/);
    expect(byId.get(doubtful.id)!.status).toBe('failed');

    // The second process goes on as usual: an order paid on it now prints once on each printer.
    const late = await newOrder(s);
    await payOn(second.url, s, late.id);
    await expect.poll(async () => settled(await jobsOfStore(database, s.f.storeId)) && (await jobsOfStore(database, s.f.storeId)).length === 9, { timeout: 30_000 }).toBe(true);
    for (const job of (await jobsOfStore(database, s.f.storeId)).filter((j) => j.orderId === late.id)) {
      expect(job.status).toBe('sent');
      expect(ticketsOf(printerOf(job), job)).toHaveLength(1);
    }

    // Nothing printed twice: every ticket on either printer belongs to exactly one job, once.
    const all = await jobsOfStore(database, s.f.storeId);
    const expected = all.filter((j) => j.status === 'sent').length + inFlight.filter((j) => ticketsOf(printerOf(j), j).length === 1).length;
    expect(kitchen.printed().length + front.printed().length).toBe(expected);
    await second.stop();
  });
});
