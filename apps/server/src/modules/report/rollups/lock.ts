import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

/**
 * The roll-ups' lock: every counting transaction takes it shared, a rebuild exclusive. A
 * rebuild so waits for the payments and refunds in flight and holds new ones back until it
 * commits: nothing is counted into rows it is deleting, nor left out of its recount.
 */
const ROLLUP_LOCK = 0x5245_504f; // 'REPO'

export const shareRollups = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLLUP_LOCK})`);
export const ownRollups = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
