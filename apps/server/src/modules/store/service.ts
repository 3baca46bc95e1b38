import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { store, storeArea, storeCategory, storeDish, storeTable } from './tables.js';

/**
 * What the store module offers other modules (customers, orders, printing, reports): the
 * request's store scope. Other modules use the store side only through this file.
 */
export { assertStore, canSee, storeCondition, accessOf, type StoreAccess } from './scope.js';
/** A change of a store's floor, to its live destination (the order module's seatings and kitchen, this module's plan). */
export { publishFloor, type FloorChange } from './floor-live.js';

// ─── Read access for other modules ───────────────────────────────────────────────────────────

/**
 * The store table as a read-only join target: other modules' lists show a row's store name, and
 * their business dates need its time zone and cut-off, in the same query. Only the store module writes it.
 */
export { store as storeForReads } from './tables.js';

export interface StoreBrief { id: string; name: string; timeZone: string }
export interface CatalogueItem { id: string; name: string; storeId: string; kind: 'dish' | 'combo' }

/** Every store, by id (the first is the brand's first store: its time zone is the brand's). */
export const storeList = (db: Db): Promise<StoreBrief[]> =>
  db.select({ id: store.id, name: store.name, timeZone: store.timeZone }).from(store).orderBy(asc(store.id));

/** The stores of these ids that exist. */
export async function storesById(db: Db, ids: readonly string[]): Promise<Map<string, StoreBrief>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: store.id, name: store.name, timeZone: store.timeZone }).from(store).where(inArray(store.id, [...new Set(ids)]));
  return new Map(rows.map((s) => [s.id, s]));
}

/**
 * Categories or dishes of these ids that exist (dishes: live ones, unless `archived`), with their
 * name and store; a category's kind, `dish` for a dish.
 */
export async function catalogueItems(db: Db, what: 'categories' | 'dishes', ids: readonly string[], options: { archived?: boolean } = {}): Promise<CatalogueItem[]> {
  if (!ids.length) return [];
  const list = [...new Set(ids)];
  if (what === 'categories') {
    return db.select({ id: storeCategory.id, name: storeCategory.name, storeId: storeCategory.storeId, kind: storeCategory.kind }).from(storeCategory)
      .where(inArray(storeCategory.id, list));
  }
  const rows = await db.select({ id: storeDish.id, name: storeDish.name, storeId: storeDish.storeId }).from(storeDish)
    .where(and(inArray(storeDish.id, list), options.archived ? undefined : isNull(storeDish.archivedAt)));
  return rows.map((r) => ({ ...r, kind: 'dish' as const }));
}

/** The live dishes of some stores with these names, in id order (demo seeds). */
export async function dishIdsNamed(db: Db, storeIds: readonly string[], names: readonly string[]): Promise<string[]> {
  if (!storeIds.length || !names.length) return [];
  return (await db.select({ id: storeDish.id }).from(storeDish)
    .where(and(inArray(storeDish.storeId, [...storeIds]), inArray(storeDish.name, [...names]), isNull(storeDish.archivedAt))).orderBy(asc(storeDish.id))).map((d) => d.id);
}

/** A table reached by its QR code (the diners' page): its store and area. */
export interface TableByToken {
  tableId: string;
  tableCode: string;
  areaName: string;
  storeId: string;
  storeName: string;
  payMode: 'pay_first' | 'pay_later';
  orderTypes: string[];
}

/** The enabled table whose QR token this is, or null (unknown, replaced or disabled). */
export async function tableByQrToken(db: Db, token: string): Promise<TableByToken | null> {
  const [row] = await db
    .select({
      tableId: storeTable.id, tableCode: storeTable.code, areaName: storeArea.name, storeId: store.id, storeName: store.name, payMode: store.payMode, orderTypes: store.orderTypes,
    })
    .from(storeTable)
    .innerJoin(storeArea, eq(storeArea.id, storeTable.areaId))
    .innerJoin(store, eq(store.id, storeTable.storeId))
    .where(and(eq(storeTable.qrToken, token), eq(storeTable.enabled, true)));
  return row ?? null;
}

/** A table's QR token now (tokens can be replaced), or null when the table is gone or disabled. */
export async function tableQrToken(db: Db, tableId: string): Promise<string | null> {
  const [row] = await db.select({ token: storeTable.qrToken }).from(storeTable).where(and(eq(storeTable.id, tableId), eq(storeTable.enabled, true)));
  return row?.token ?? null;
}

/** A table as the service floor shows it (issue 24): where it is and what it seats. */
export interface FloorTableInfo {
  id: string;
  storeId: string;
  areaId: string;
  code: string;
  seats: number;
  minSpend: number | null;
  enabled: boolean;
  sort: number;
}

const floorTableColumns = {
  id: storeTable.id, storeId: storeTable.storeId, areaId: storeTable.areaId, code: storeTable.code, seats: storeTable.seats,
  minSpend: storeTable.minSpend, enabled: storeTable.enabled, sort: storeTable.sort,
};

/** A store's areas (in their order) and its enabled tables (by area, sort, id): the table map. */
export async function floorPlan(db: Db, storeId: string): Promise<{ areas: Array<{ id: string; name: string; sort: number }>; tables: FloorTableInfo[] }> {
  const [areas, tables] = await Promise.all([
    db.select({ id: storeArea.id, name: storeArea.name, sort: storeArea.sort }).from(storeArea).where(eq(storeArea.storeId, storeId)).orderBy(asc(storeArea.sort), asc(storeArea.id)),
    db.select(floorTableColumns).from(storeTable).where(and(eq(storeTable.storeId, storeId), eq(storeTable.enabled, true)))
      .orderBy(asc(storeTable.areaId), asc(storeTable.sort), asc(storeTable.id)),
  ]);
  return { areas, tables };
}

/** One table by id (enabled or not) with its store, or null. */
export async function floorTable(db: Db, tableId: string): Promise<FloorTableInfo | null> {
  const [row] = await db.select(floorTableColumns).from(storeTable).where(eq(storeTable.id, tableId));
  return row ?? null;
}
