import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { DATABASE_UNAVAILABLE } from '../http/unavailable.js';
import { sysDept } from '../modules/upms/tables.js';
import { signIn } from '../../test/auth.js';
import { testConfig } from '../../test/config.js';
import { createProxiedPostgres } from '../../test/faulty-postgres.js';
import { startWriteLoad } from '../../test/write-load.js';

/**
 * PostgreSQL going away under load and coming back (through a proxy the test cuts: the real
 * server keeps serving the other tests): the instance does not crash, refuses what it cannot
 * do with a 503 naming the database (never a 500), says so on /health/ready, keeps every write
 * it acknowledged, and serves again once the database is back, without a restart.
 * Needs TEST_DATABASE_URL (PGlite is in-process: it cannot go away).
 */
const postgres = await createProxiedPostgres();
let app: App | undefined;
if (postgres) {
  app = await buildApp(testConfig(), { database: postgres.database });
  afterAll(async () => {
    await app!.close();
    await postgres.close();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ready = async () => {
  const answer = await app!.inject({ method: 'GET', url: '/health/ready' });
  return { status: answer.statusCode, body: answer.json<{ msg: string; data: { checks?: { database: string } } }>() };
};

describe.skipIf(!postgres)('PostgreSQL going away mid-load', () => {
  it('answers 503 naming the database while it is down, loses no acknowledged write and recovers by itself', async () => {
    const auth = await signIn(app!, 'admin');
    const load = startWriteLoad(app!, auth, { prefix: 'pg-outage' });
    await expect.poll(load.count, { timeout: 10_000 }).toBeGreaterThan(20);

    postgres!.proxy.cut();
    const cutAt = Date.now();
    // Readiness trusts a ping for a second: past that it names the database.
    await expect.poll(async () => (await ready()).status, { timeout: 5_000, interval: 100 }).toBe(503);
    const down = await ready();
    expect(down.body.msg).toContain('数据库不可用');
    expect(down.body.data.checks?.database).toBe('down');
    const acknowledgedBeforeCut = load.count();
    await sleep(Math.max(0, 1500 - (Date.now() - cutAt)));

    postgres!.proxy.restore();
    const restoredAt = Date.now();
    await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 100 }).toBe(200);
    const readyAfterMs = Date.now() - restoredAt;
    await expect.poll(load.count, { timeout: 10_000 }).toBeGreaterThan(acknowledgedBeforeCut + 20);
    const report = await load.stop();

    // Refusals during the outage: 503 with the database named, nothing else.
    expect(report.refused.length).toBeGreaterThan(0);
    for (const refusal of report.refused) expect(refusal).toEqual({ status: 503, msg: DATABASE_UNAVAILABLE });
    // Every acknowledged write is stored (read past the proxy).
    const stored = await postgres!.direct.db.select({ name: sysDept.name }).from(sysDept).where(inArray(sysDept.name, report.acknowledged));
    expect(new Set(stored.map((row) => row.name)).size).toBe(report.acknowledged.length);
    expect(readyAfterMs).toBeLessThan(15_000);
  }, 60_000);

  it('a connection lost between a transaction\'s statements fails that transaction, not the process', async () => {
    let statementDone!: () => void;
    const between = new Promise<void>((resolve) => { statementDone = resolve; });
    let goOn!: () => void;
    const cutDone = new Promise<void>((resolve) => { goOn = resolve; });
    const transaction = postgres!.database.db.transaction(async (tx) => {
      await tx.select({ name: sysDept.name }).from(sysDept).limit(1);
      statementDone();
      await cutDone; // the client is checked out, with no statement in flight, while its connection goes
      await tx.select({ name: sysDept.name }).from(sysDept).limit(1);
    });
    await between;
    postgres!.proxy.cut();
    await sleep(200); // the reset reaches the client while it waits (it used to be an uncaught ECONNRESET)
    goOn();
    await expect(transaction).rejects.toThrow();
    postgres!.proxy.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
  });

  it('a request that finds no database at all gets the same clear 503', async () => {
    const auth = await signIn(app!, 'admin');
    postgres!.proxy.cut();
    try {
      const answer = await app!.inject({ method: 'GET', url: '/upms/dept/tree', headers: auth });
      expect([answer.statusCode, answer.json<{ msg: string }>().msg]).toEqual([503, DATABASE_UNAVAILABLE]);
    } finally {
      postgres!.proxy.restore();
    }
    await expect.poll(async () => (await app!.inject({ method: 'GET', url: '/upms/dept/tree', headers: auth })).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
