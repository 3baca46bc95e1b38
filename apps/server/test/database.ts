import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, wrapPglite, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/**
 * A fresh, migrated and seeded database for one test file: a clone of the run's PGlite dump,
 * or on PostgreSQL (TEST_DATABASE_URL) a new database copied from the run's template
 * (its URL is `database.url`, for a server in another process).
 */
export async function createTestDatabase(options: { prefix?: string } = {}): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    // A prefix of its own lets a test's databases be told apart (and dropped) on a shared server.
    const name = `${options.prefix ?? (inject('pgPrefix') || 'canteen_test_')}${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url);
    await admin.exclusive((exec) => exec(`create database ${name} template ${template}`));
    const database: Database & { url?: string } = await openPostgres(withDatabase(url, name));
    database.url = withDatabase(url, name);
    const close = database.close;
    database.close = async () => {
      await close();
      await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteDump'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), parsers: { 20: (v: string) => v } });
  return wrapPglite(client);
}
