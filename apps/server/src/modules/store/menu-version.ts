import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { store } from './tables.js';

/**
 * Marks a store's menu as changed: every write to its categories, option groups, dishes,
 * combos (and the store's own ordering fields) calls this in the same transaction, and the
 * ordering menu's cache rebuilds when the version it was built from is no longer current.
 */
export async function bumpMenuVersion(db: Db, storeId: string): Promise<void> {
  await db.update(store).set({ menuVersion: sql`${store.menuVersion} + 1` }).where(eq(store.id, storeId));
}
