import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businessDateOf } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { bumpMenuVersion } from '../menu-version.js';
import { store, storeDish, storeStockReset } from '../tables.js';

/**
 * The daily stock reset (STORE.md §3): when a store's business day turns over (its
 * `day_cutoff_hour` on its own wall clock, `time_zone`), every live dish and SKU whose dish has
 * stock mode `daily` gets its remaining `stock` put back to `daily_stock`.
 *
 * - A job kind on the job runner, fired by a schedule every 15 minutes: every time zone's offset
 *   is a whole number of quarter hours, so a run falls on each store's cutoff, whatever the
 *   zone, and a cutoff or zone changed by the operator needs no rescheduling.
 * - Once per store and business date: `store_stock_reset` holds the date of each store's last
 *   reset, and the reset moves it on in the same transaction (a conditional upsert), so two
 *   instances, a retried job or a run that was missed (no instance up at the cutoff, caught up at
 *   the next run) reset each store exactly once per business day. A date that goes back (the
 *   cutoff moved later) resets nothing.
 * - A store seen for the first time is recorded as reset today, its counts left as the operator
 *   set them; the first reset is at its next cutoff.
 * - The sold-out switch (估清) is the operator's and stays as set: stock reaching zero never sets
 *   it (availability follows the count, menu/availability.ts), so the reset has nothing of its
 *   own to clear.
 * - Each reset bumps the store's menu version (the ordering menu shows stock).
 */

export const DAILY_STOCK_RESET_KIND = 'store.dailyStockReset';
const SCHEDULE = 'store-daily-stock-reset';
const EVERY_MS = 15 * 60_000;

/** Resets the stores whose business day turned over since their last reset; answers their ids. */
export async function resetDailyStock(db: Db, now: Date = new Date()): Promise<string[]> {
  const stores = await db.select({ id: store.id, timeZone: store.timeZone, cutoff: store.dayCutoffHour, last: storeStockReset.businessDate })
    .from(store).leftJoin(storeStockReset, eq(storeStockReset.storeId, store.id));
  const reset: string[] = [];
  for (const s of stores) {
    const today = businessDateOf(now, s.timeZone, s.cutoff);
    if (s.last === null) {
      await db.insert(storeStockReset).values({ storeId: s.id, businessDate: today, resetAt: now }).onConflictDoNothing();
      continue;
    }
    if (s.last >= today) continue;
    const done = await db.transaction(async (tx) => {
      const moved = await tx.update(storeStockReset).set({ businessDate: today, resetAt: now })
        .where(and(eq(storeStockReset.storeId, s.id), sql`${storeStockReset.businessDate} < ${today}::date`)).returning({ id: storeStockReset.storeId });
      if (!moved.length) return false; // another run got there first
      await tx.update(storeDish).set({ stock: sql`${storeDish.dailyStock}` })
        .where(and(eq(storeDish.storeId, s.id), eq(storeDish.stockMode, 'daily'), isNull(storeDish.archivedAt), sql`${storeDish.dailyStock} is not null`));
      await tx.execute(sql`update store_dish_sku k set stock = k.daily_stock from store_dish d
        where d.id = k.dish_id and d.store_id = ${s.id} and d.stock_mode = 'daily' and d.archived_at is null and k.archived_at is null and k.daily_stock is not null`);
      await bumpMenuVersion(tx, s.id);
      return true;
    });
    if (done) reset.push(s.id);
  }
  return reset;
}

/** Registers the job kind and its schedule on the app's job runner. */
export function registerDailyStockReset(app: FastifyInstance): void {
  app.jobs.register(DAILY_STOCK_RESET_KIND, {
    handler: async () => {
      for (const storeId of await resetDailyStock(app.database.db)) app.store.menu.changed(storeId);
    },
  });
  app.jobs.schedule(SCHEDULE, { every: EVERY_MS }, DAILY_STOCK_RESET_KIND);
}
