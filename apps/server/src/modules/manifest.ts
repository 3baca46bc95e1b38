import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Seeder } from '../db/seed.js';

/** A module's Fastify plugin; registered on the app (a plugin written for Zod routes fits). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins differ in options and type provider
export type ModulePlugin = FastifyPluginAsync<any, RawServerDefault, any>;

/**
 * What a server module (`modules/<domain>/`) brings, exported from its `module.ts` and listed
 * once in `modules/index.ts`. The app registers it, the drizzle schema and the drift test
 * gather its tables, the seed runner runs its seed step, all in list order.
 */
export interface ServerModule {
  /** Unique: the module's folder name. */
  name: string;
  /**
   * Decorations and hooks every route relies on (identity's access control, the operation
   * log). Every module's setup is registered, in list order, before any module's routes.
   * Wrap with fastify-plugin so that what it adds reaches the whole app.
   */
  setup?: ModulePlugin;
  /**
   * The module's routes and services, registered in list order after every setup, the API
   * documentation, the job runner and the live channel. It declares there what it plugs into
   * the infrastructure: its live destinations (`app.live.declare`), its job kinds and schedules
   * (`app.jobs.register`), its upload rules. Wrap with fastify-plugin when it decorates the app
   * (`app.wxmp`) for later modules.
   */
  plugin?: ModulePlugin;
  /**
   * The module's drizzle tables: `import * as tables from './tables.js'`; exports that are not
   * tables (column helpers, types) are ignored. The SQL that creates them is in db/migrations/.
   */
  tables?: Record<string, unknown>;
  /** The module's idempotent seed step (db/seed.ts), run at every boot in list order. */
  seed?: Seeder;
}

/** Declares a module; only checks its shape. */
export const defineModule = (module: ServerModule): ServerModule => module;

/** The drizzle tables among a `tables.ts` file's exports, by export name. */
export function tablesIn(exports: Record<string, unknown>): Record<string, PgTable> {
  return Object.fromEntries(Object.entries(exports).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable)));
}
