import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { sysLog } from '../tables.js';

type LogRow = typeof sysLog.$inferInsert;

const MAX_BATCH = 500;
const MAX_PENDING = 10_000;

/**
 * Writes operation-log rows without holding up requests: a row is written at once when the
 * writer is idle; rows that arrive while a write is running are written together next, in one
 * insert. Under load that is one statement per batch instead of one per request.
 */
export function createLogWriter(db: Db, log: FastifyBaseLogger) {
  let pending: LogRow[] = [];
  let running: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (pending.length) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(batch.length);
      try {
        await db.insert(sysLog).values(batch);
      } catch (error) {
        log.warn({ err: error }, `operation log: ${batch.length} rows not written`);
      }
    }
  }

  return {
    write(row: LogRow): void {
      if (pending.length >= MAX_PENDING) return; // the database is far behind; drop rather than grow without bound
      pending.push(row);
      running ??= drain().finally(() => {
        running = undefined;
      });
    },
    /** Resolves when everything written so far is in the database. */
    async flush(): Promise<void> {
      while (running) await running;
    },
  };
}
