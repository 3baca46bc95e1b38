import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The query builder. It carries no schema: queries name their tables (modules' `tables.ts`),
 * and the database layer knows no module (the whole schema is gathered in modules/index.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Runs raw SQL on one connection (multi-statement text when no params are given). */
export type Exec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `work` on one dedicated connection, for migrations and advisory locks. */
  exclusive<T>(work: (exec: Exec) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Ids are bigint in the database and strings in JSON: keep int8 as text end to end.
  pg.types.setTypeParser(20, (v: string) => v);
  // A connection that cannot be made within 5 s fails the request (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined); // an idle client's error must not crash the process
  // Nor a checked-out one's: the pool listens only while a client is idle, so a connection lost
  // between a transaction's statements was emitted with no listener and killed the process
  // (an uncaught ECONNRESET). The statement in flight or the next one fails with it, a 503.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    kind: 'postgres',
    db: drizzle(pool) as unknown as Db,
    async exclusive(work) {
      const client = await pool.connect();
      try {
        return await work(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows);
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Wraps an open PGlite (embedded PostgreSQL) instance; it is one connection by nature. */
export async function wrapPglite(client: import('@electric-sql/pglite').PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return {
    kind: 'pglite',
    db: drizzle(client) as unknown as Db,
    async exclusive(work) {
      return work(async (sql, params) =>
        params ? (await client.query<Record<string, unknown>>(sql, params)).rows : ((await client.exec(sql)).at(-1)?.rows ?? []),
      );
    },
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * The embedded database's settings: PostgreSQL's default 128 MB of shared buffers would keep
 * the idle server far above its memory budget; 16 MB is plenty for one store's data.
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

export async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.resolve(dataDir, 'pg');
  const options = { parsers: { 20: (v: string) => v }, postgresqlconf: PGLITE_CONF };
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders itself
    await createCluster(dir);
  }
  return wrapPglite(await PGlite.create(dir, options));
}

/**
 * Creating the cluster (initdb) takes hundreds of MB that a process keeps long after; done in
 * a short-lived child process, all of it is returned when the child ends.
 */
async function createCluster(dir: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const code = `import(${JSON.stringify(pglite)}).then(async ({ PGlite }) => {
    const db = await PGlite.create(${JSON.stringify(dir)}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    await db.close();
  })`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit ${exitCode})`))));
  });
}

/** PostgreSQL when a URL is configured, else the embedded database under DATA_DIR. */
export const openDatabase = (config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) =>
  config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config.DATA_DIR);
