import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';
import { seeders } from '../src/modules/index.js';
import { testConfig } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder, migrated and seeded once for the whole run. */
    pgliteDump: string;
    /** On PostgreSQL: the migrated, seeded template database each test file copies. */
    pgTemplate: string;
    /** On PostgreSQL: the name prefix of this run's test databases (dropped at the end of the run). */
    pgPrefix: string;
  }
}

/** Per run, so that several test runs may share one PostgreSQL server. */
export const TEMPLATE_DB = `canteen_test_template_${process.pid}`;
/** This run's test databases: whatever a test file left behind is dropped with the template. */
const RUN_PREFIX = `canteen_test_${process.pid}_`;

/** Migrates and seeds once; every test file then starts from a copy of this database. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await openPostgres(url);
    await admin.exclusive(async (exec) => {
      await exec(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await exec(`create database ${TEMPLATE_DB}`);
    });
    await admin.close();
    const template = await openPostgres(withDatabase(url, TEMPLATE_DB));
    await migrate(template);
    await seed(template, testConfig(), seeders);
    await template.close();
    project.provide('pgTemplate', TEMPLATE_DB);
    project.provide('pgPrefix', RUN_PREFIX);
    project.provide('pgliteDump', '');
    return async () => {
      const cleanup = await openPostgres(url);
      const left = await cleanup.exclusive((exec) => exec('select datname from pg_database where starts_with(datname, $1)', [RUN_PREFIX]));
      const names = left.map((r) => String(r.datname));
      for (const name of [...names, TEMPLATE_DB]) {
        await cleanup.exclusive((exec) => exec(`drop database if exists "${name}" with (force)`)).catch(() => undefined);
      }
      await cleanup.close();
    };
  }
  const client = await PGlite.create();
  const database = await wrapPglite(client);
  await migrate(database);
  await seed(database, testConfig(), seeders);
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(os.tmpdir(), `canteen-pglite-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  project.provide('pgPrefix', '');
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
