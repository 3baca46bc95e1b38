import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client.js';
import { createEmptyTestDatabase } from '../../test/database.js';
import { portsIn, spawnServerProcess, type ServerProcess } from '../../test/server-process.js';

/**
 * Instances sharing one PostgreSQL database (issue 17) may boot together on a fresh one: both
 * migrate and seed the demo data at once. Two server processes start at the same moment on one
 * empty database, a third alone on another; all become ready without an error in their logs, and
 * the pair's database holds exactly the rows of the single boot's (nothing seeded twice).
 */

/** This file's ports: 31400-31419. */
const PORTS = [31400, 31419] as const;

/**
 * Rows that belong to a running instance or to the boot itself, not to the seeded data: the
 * scheduler's runs (`job`) depend on how long each instance has been up when a schedule falls due.
 */
const NOT_SEEDED = new Set(['schema_migrations', 'job']);

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances booting together on a fresh database (PostgreSQL, TEST_DATABASE_URL)', () => {
  const servers: ServerProcess[] = [];
  const drops: Array<() => Promise<void>> = [];

  afterAll(async () => {
    for (const server of servers) await server.kill9();
    for (const drop of drops) await drop();
  });

  /** An empty database of this file (no migrations, no seed). */
  const freshDatabase = async (): Promise<string> => {
    const { url, drop } = await createEmptyTestDatabase();
    drops.push(drop);
    return url;
  };

  /** Rows per table of the public schema. */
  const rowCounts = async (url: string): Promise<Record<string, number>> => {
    const database = await openPostgres(url);
    try {
      const counts: Record<string, number> = {};
      await database.exclusive(async (exec) => {
        const tables = await exec(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`, []);
        for (const { table_name: table } of tables) {
          if (NOT_SEEDED.has(String(table))) continue;
          counts[String(table)] = Number((await exec(`select count(*)::int as n from "${String(table)}"`, []))[0]!.n);
        }
      });
      return counts;
    } finally {
      await database.close();
    }
  };

  /** Scheduled occurrences that became more than one job. */
  const duplicateScheduledRuns = async (url: string): Promise<unknown[]> => {
    const database = await openPostgres(url);
    try {
      return await database.exclusive((exec) => exec(`select kind, key, run_at, count(*)::int as n from job group by 1, 2, 3 having count(*) > 1`, []));
    } finally {
      await database.close();
    }
  };

  it('seeds the demo once, and both become ready without errors', { timeout: 600_000 }, async () => {
    const [single, shared] = [await freshDatabase(), await freshDatabase()];
    const ports = await portsIn(PORTS[0], PORTS[1], 3);
    const env = (url: string) => ({ DATABASE_URL: url, DEMO_DATA: 'on' });
    // All three at once, so the demo's dates (from the current time) are the same in both databases.
    servers.push(spawnServerProcess(ports[0]!, env(single), 300_000));
    servers.push(spawnServerProcess(ports[1]!, env(shared), 300_000), spawnServerProcess(ports[2]!, env(shared), 300_000));
    await Promise.all(servers.map((s) => s.ready));

    for (const server of servers) {
      expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
      // pino's JSON lines: level 50 is error, 60 fatal; anything on stderr is a crash or a warning of node's.
      const errors = server.output().split('\n').filter((line) => /"level":(5|6)0\b/.test(line) || (/failed|error/i.test(line) && !line.startsWith('{')));
      expect(errors, `port ${server.port}`).toEqual([]);
    }

    const expected = await rowCounts(single);
    expect(expected.store).toBe(2);
    expect(expected.orders).toBeGreaterThan(0);
    expect(expected.wx_app).toBe(1);
    expect(await rowCounts(shared)).toEqual(expected);
    // The pair ran the schedules together: each occurrence is one job, not one per instance.
    expect(await duplicateScheduledRuns(shared)).toEqual([]);
  });
});
