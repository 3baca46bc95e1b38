import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bumpMenuVersion } from './menu-version.js';
import { storeTable } from './tables.js';

/**
 * What the orders module needs of the store side besides the ordering menu: stock taken by an
 * order and given back, and a store's table. Orders use the catalogue's tables only through
 * these functions (and the menu cache).
 *
 * Stock (STORE.md §3, §6): a dish with stock mode `total` or `daily` keeps a count (on the dish,
 * or on each SKU when it has SKUs); `unlimited` is never touched. Taking is one guarded update
 * per dish or SKU (`stock >= quantity`) in the order's transaction: the row stays locked until
 * the order commits, so concurrent orders queue on a hot dish and none takes more than is left.
 * Callers pass the entries in one fixed order (dishes, then SKUs, each by id) so that two orders
 * never wait on each other. Stock reaching zero never flips the sold-out switch (availability
 * follows the count, menu/availability.ts); it bumps the menu version so that every menu shows
 * the dish sold out at once, and so does stock coming back from zero.
 */

export interface StockEntry {
  dishId: string;
  /** The SKU whose count it is, when the dish has SKUs. */
  skuId: string | null;
  /** Whole portions. */
  quantity: number;
}

export interface StockTaken {
  /** The first entry there was not enough of, with what is left of it (null when everything was taken). */
  short: { entry: StockEntry; remaining: number } | null;
  /** A count reached zero: the menu changed (call `app.store.menu.changed` after the commit). */
  emptied: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Takes the entries' portions from stock, in the caller's transaction; stops at the first one short. */
export async function takeStock(tx: Db, storeId: string, entries: readonly StockEntry[]): Promise<StockTaken> {
  let emptied = false;
  for (const entry of entries) {
    if (entry.quantity <= 0) continue;
    const taken = rowsOf<{ stock: number }>(await tx.execute(entry.skuId
      ? sql`update store_dish_sku k set stock = k.stock - ${entry.quantity}::int from store_dish d
          where k.id = ${entry.skuId} and d.id = k.dish_id and d.id = ${entry.dishId} and d.store_id = ${storeId}
            and d.stock_mode <> 'unlimited' and k.stock >= ${entry.quantity}::int returning k.stock`
      : sql`update store_dish set stock = stock - ${entry.quantity}::int
          where id = ${entry.dishId} and store_id = ${storeId} and stock_mode <> 'unlimited' and stock >= ${entry.quantity}::int returning stock`));
    if (taken.length) {
      if (Number(taken[0]!.stock) === 0) emptied = true;
      continue;
    }
    // Not taken: the dish became unlimited meanwhile (nothing to take), or there is not enough.
    const [state] = rowsOf<{ mode: string; stock: number | null }>(await tx.execute(entry.skuId
      ? sql`select d.stock_mode as mode, k.stock from store_dish_sku k join store_dish d on d.id = k.dish_id where k.id = ${entry.skuId}`
      : sql`select stock_mode as mode, stock from store_dish where id = ${entry.dishId}`));
    if (state?.mode === 'unlimited') continue;
    return { short: { entry, remaining: Math.max(0, Number(state?.stock ?? 0)) }, emptied };
  }
  if (emptied) await bumpMenuVersion(tx, storeId);
  return { short: null, emptied };
}

/**
 * The first entry there is not enough of now, with what is left of it, or null: a check that
 * takes nothing and locks nothing (a diner's pay-first order is refused 已售罄 at once, though
 * its stock is taken only when it is paid, takeStock then).
 */
export async function stockShort(db: Db, storeId: string, entries: readonly StockEntry[]): Promise<{ entry: StockEntry; remaining: number } | null> {
  for (const entry of entries) {
    if (entry.quantity <= 0) continue;
    const [state] = rowsOf<{ mode: string; stock: number | null }>(await db.execute(entry.skuId
      ? sql`select d.stock_mode as mode, k.stock from store_dish_sku k join store_dish d on d.id = k.dish_id
          where k.id = ${entry.skuId} and d.id = ${entry.dishId} and d.store_id = ${storeId}`
      : sql`select stock_mode as mode, stock from store_dish where id = ${entry.dishId} and store_id = ${storeId}`));
    if (state?.mode === 'unlimited') continue;
    const left = Math.max(0, Number(state?.stock ?? 0));
    if (left < entry.quantity) return { entry, remaining: left };
  }
  return null;
}

/**
 * Gives portions back (a cancelled or timed-out order, a refund that restocks), in the caller's
 * transaction. A dish that became unlimited gets nothing; daily stock never goes above the
 * day's amount (an order of yesterday cancelled after the reset). Answers whether a count came
 * back from zero (the menu changed).
 */
export async function returnStock(tx: Db, storeId: string, entries: readonly StockEntry[]): Promise<boolean> {
  let refilled = false;
  for (const entry of entries) {
    if (entry.quantity <= 0) continue;
    const back = rowsOf<{ stock: number }>(await tx.execute(entry.skuId
      ? sql`update store_dish_sku k set stock = case when d.stock_mode = 'daily' and k.daily_stock is not null
            then least(coalesce(k.stock, 0) + ${entry.quantity}::int, greatest(k.daily_stock, coalesce(k.stock, 0))) else coalesce(k.stock, 0) + ${entry.quantity}::int end
          from store_dish d where k.id = ${entry.skuId} and d.id = k.dish_id and d.store_id = ${storeId} and d.stock_mode <> 'unlimited' returning k.stock`
      : sql`update store_dish set stock = case when stock_mode = 'daily' and daily_stock is not null
            then least(coalesce(stock, 0) + ${entry.quantity}::int, greatest(daily_stock, coalesce(stock, 0))) else coalesce(stock, 0) + ${entry.quantity}::int end
          where id = ${entry.dishId} and store_id = ${storeId} and stock_mode <> 'unlimited' returning stock`));
    // At most what came back is there now: it was (or may have been) zero before.
    if (back.length && Number(back[0]!.stock) <= entry.quantity) refilled = true;
  }
  if (refilled) await bumpMenuVersion(tx, storeId);
  return refilled;
}

/** A store's table by id (enabled or not), or null when the store has none of that id. */
export async function tableOfStore(db: Db, storeId: string, tableId: string): Promise<{ id: string; code: string; enabled: boolean } | null> {
  const [row] = await db.select({ id: storeTable.id, code: storeTable.code, enabled: storeTable.enabled }).from(storeTable)
    .where(and(eq(storeTable.id, tableId), eq(storeTable.storeId, storeId)));
  return row ?? null;
}

/** A store's enabled tables in order, with their QR tokens (the orders' demo seed). */
export async function enabledTables(db: Db, storeId: string): Promise<Array<{ id: string; code: string; qrToken: string }>> {
  return db.select({ id: storeTable.id, code: storeTable.code, qrToken: storeTable.qrToken }).from(storeTable)
    .where(and(eq(storeTable.storeId, storeId), eq(storeTable.enabled, true))).orderBy(asc(storeTable.sort), asc(storeTable.id));
}
