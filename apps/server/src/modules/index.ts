import type { PgTable } from 'drizzle-orm/pg-core';
import * as foundationTables from '../db/tables.js';
import * as jobTables from '../jobs/tables.js';
import type { Seeder } from '../db/seed.js';
import * as platformTables from '../platform/wechat/tables.js';
import { authModule } from './auth/module.js';
import { customerModule } from './customer/module.js';
import { healthModule } from './health/module.js';
import { tablesIn, type ServerModule } from './manifest.js';
import { mediaModule } from './media/module.js';
import { orderModule } from './order/module.js';
import { printingModule } from './printing/module.js';
import { reportModule } from './report/module.js';
import { storeModule } from './store/module.js';
import { upmsModule } from './upms/module.js';
import { wxmpModule } from './wxmp/module.js';

/**
 * Every server module, in order: the one list the app registers (app.ts), the seed runner
 * runs (main.ts, the tests' global setup) and the drizzle schema is gathered from. Adding a
 * module is its folder (with a `module.ts`) plus one line here. Identity comes first: its
 * setup installs access control, which must precede every route.
 */
export const modules: readonly ServerModule[] = [
  authModule,
  upmsModule,
  mediaModule,
  healthModule,
  wxmpModule,
  storeModule,
  customerModule,
  orderModule,
  printingModule,
  reportModule,
];

/** Every module's seed step, in list order. */
export const seeders: Seeder[] = modules.flatMap((m) => (m.seed ? [m.seed] : []));

/**
 * The whole drizzle schema by export name: the infrastructure's own tables (foundation, jobs,
 * the platform client's token cache), then every module's. The drift test compares it with the migrated database.
 */
export const schema: Readonly<Record<string, PgTable>> = (() => {
  const all: Record<string, PgTable> = {};
  const sources = [tablesIn(foundationTables), tablesIn(jobTables), tablesIn(platformTables), ...modules.map((m) => tablesIn(m.tables ?? {}))];
  for (const [name, table] of sources.flatMap((source) => Object.entries(source))) {
    if (all[name]) throw new Error(`two tables are exported as ${name}`);
    all[name] = table;
  }
  return all;
})();
