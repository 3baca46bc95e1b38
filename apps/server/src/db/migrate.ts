import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../config.js';
import type { Database } from './client.js';

export const migrationsDir = path.join(serverRoot, 'src', 'db', 'migrations');

/** An arbitrary constant: instances booting together take turns migrating. */
const MIGRATION_LOCK = 8_080_001;

/**
 * Applies every not-yet-applied `NNNN_name.sql` in order, each in its own transaction, so a
 * failed migration leaves nothing half-written. Used at boot on PGlite and PostgreSQL alike.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return database.exclusive(async (exec) => {
    await exec('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      const done = new Set((await exec('select name from schema_migrations', [])).map((r) => String(r.name)));
      const applied: string[] = [];
      for (const file of files.filter((f) => !done.has(f))) {
        const sql = readFileSync(path.join(dir, file), 'utf8');
        await exec('begin');
        try {
          await exec(sql);
          await exec('insert into schema_migrations (name) values ($1)', [file]);
          await exec('commit');
        } catch (error) {
          await exec('rollback');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await exec('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}
