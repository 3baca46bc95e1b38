import type { Config } from '../config.js';
import type { Database } from './client.js';

/**
 * A module's seed step. It runs at every boot and must be idempotent: it adds what is
 * missing (the essentials always, demo rows only when DEMO_DATA is on) and changes nothing else.
 */
export type Seeder = (database: Database, config: Config) => Promise<void>;

/** An arbitrary constant (the migrations' is 8_080_001): instances booting together take turns seeding. */
const SEED_LOCK = 8_080_002;

/**
 * Runs every seeder in order while holding one advisory lock, so instances booting together on
 * one database seed one after the other. Each module's own claim keeps its rows single, but not
 * the order between modules: the report module's history, numbered after the orders module's
 * demo days, was written while the other instance was still writing those days (a duplicate order
 * number, and a server that did not start; seed-two-instances.test.ts). The instance that waited
 * then finds everything done.
 */
export async function seed(database: Database, config: Config, seeders: readonly Seeder[]): Promise<void> {
  await database.exclusive(async (exec) => {
    await exec('select pg_advisory_lock($1)', [SEED_LOCK]);
    try {
      for (const run of seeders) await run(database, config);
    } finally {
      await exec('select pg_advisory_unlock($1)', [SEED_LOCK]);
    }
  });
}
