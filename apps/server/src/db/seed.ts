import type { Config } from '../config.js';
import type { Database } from './client.js';

/**
 * A module's seed step. It runs at every boot and must be idempotent: it adds what is
 * missing (the essentials always, demo rows only when DEMO_DATA is on) and changes nothing else.
 */
export type Seeder = (database: Database, config: Config) => Promise<void>;

export async function seed(database: Database, config: Config, seeders: readonly Seeder[]): Promise<void> {
  for (const run of seeders) await run(database, config);
}
