import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, wrapPglite, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/** A new database name with this run's prefix: whatever a test file leaves behind is dropped at the end of the run. */
const runDatabaseName = () => `${inject('pgPrefix') || 'canteen_test_'}${randomBytes(6).toString('hex')}`;

/**
 * On PostgreSQL (TEST_DATABASE_URL): a new empty database (not migrated, not seeded), for a test of
 * what a server does on a fresh one; its URL, and `drop()`.
 */
export async function createEmptyTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = runDatabaseName();
  const admin = await openPostgres(url);
  try {
    await admin.exclusive((exec) => exec(`create database ${name}`));
  } finally {
    await admin.close();
  }
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const again = await openPostgres(url);
      await again.exclusive((exec) => exec(`drop database if exists ${name} with (force)`)).finally(() => again.close());
    },
  };
}

/**
 * A fresh, migrated and seeded database for one test file: a clone of the run's PGlite dump,
 * or on PostgreSQL (TEST_DATABASE_URL) a new database copied from the run's template
 * (its URL is `database.url`, for a server in another process).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = runDatabaseName();
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
