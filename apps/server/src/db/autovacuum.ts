import type { Database } from './client.js';

/**
 * PostgreSQL's autovacuum for the embedded database. PGlite runs no background workers, so
 * without this its tables are never vacuumed or analysed: dead rows pile up, the planner works
 * without statistics, and index-only scans fetch every heap row because the visibility map is
 * never set. Each pass applies PostgreSQL's own default thresholds to the cumulative statistics
 * and vacuums or analyses just the tables that crossed them.
 */

/** PostgreSQL's defaults: autovacuum_naptime and the vacuum, insert and analyze thresholds. */
export const AUTOVACUUM_NAPTIME_MS = 60_000;
const VACUUM = { base: 50, scale: 0.2 };
const INSERT_VACUUM = { base: 1000, scale: 0.2 };
const ANALYZE = { base: 50, scale: 0.1 };

export interface TableWork {
  table: string;
  action: 'vacuum' | 'analyze';
}

/** The tables whose dead, inserted or changed rows crossed the thresholds, and what each needs. */
async function dueTables(database: Database): Promise<TableWork[]> {
  // PGlite is one backend: its own counts reach the statistics only when it next goes idle.
  await database.exclusive((exec) => exec('select pg_stat_force_next_flush()', []));
  // The counters straight from pg_class: lighter than the pg_stat_user_tables view, whose first
  // read grows the embedded database's memory for good.
  const rows = await database.exclusive((exec) =>
    exec(
      `select c.oid::regclass::text as "table", greatest(c.reltuples, 0)::float8 as tuples,
              pg_stat_get_dead_tuples(c.oid)::float8 as dead, pg_stat_get_ins_since_vacuum(c.oid)::float8 as inserted,
              pg_stat_get_mod_since_analyze(c.oid)::float8 as modified
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        order by 1`,
      [],
    ),
  );
  const work: TableWork[] = [];
  for (const row of rows) {
    const tuples = Number(row.tuples);
    const table = String(row.table);
    if (Number(row.dead) > VACUUM.base + VACUUM.scale * tuples || Number(row.inserted) > INSERT_VACUUM.base + INSERT_VACUUM.scale * tuples) {
      work.push({ table, action: 'vacuum' });
    } else if (Number(row.modified) > ANALYZE.base + ANALYZE.scale * tuples) {
      work.push({ table, action: 'analyze' });
    }
  }
  return work;
}

/** One pass: vacuums (with analyse) or analyses every table that is due; answers what it did. */
export async function autovacuumPass(database: Database): Promise<TableWork[]> {
  const work = await dueTables(database);
  for (const { table, action } of work) {
    await database.exclusive((exec) => exec(action === 'vacuum' ? `vacuum (analyze) ${table}` : `analyze ${table}`));
  }
  return work;
}

/**
 * Runs a pass now and then every naptime until stopped; a failed pass is reported and the next
 * one tries again. The timer does not keep the process alive.
 */
export function startAutovacuum(database: Database, onError: (error: unknown) => void, naptimeMs = AUTOVACUUM_NAPTIME_MS): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = autovacuumPass(database)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, naptimeMs).unref();
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
