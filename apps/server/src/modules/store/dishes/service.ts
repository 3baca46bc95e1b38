import { and, asc, countDistinct, eq, getTableColumns, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DishBatch, DishRecord, Page, dishBodySchema, dishQuerySchema } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { declareConstraints } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy, paginate } from '../../../http/paging.js';
import { checkCategory, imageKeys, imageUrl, menuWrite, missingIds, notFoundIds } from '../catalogue.js';
import { assertStore, storeCondition } from '../scope.js';
import { DishListCache } from './lists.js';
import { store, storeCategory, storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku, storeDishSpecGroup, storeSpecGroup } from '../tables.js';

/**
 * 菜品: dishes with their SKUs (sizes with their own price and stock) and attached option
 * groups, scoped to the user's stores. A dish is archived, never deleted (orders will refer to
 * it), and an archived dish is invisible everywhere; its name is then free again.
 *
 * Stock (STORE.md §3): `unlimited`; `total` (stock is what is left); `daily` (dailyStock is what
 * each business day starts with, stock what is left today; the daily reset job, stock.ts, puts
 * stock back to dailyStock at the store's cutoff). With SKUs, the dish's mode applies to each
 * SKU's own stock and the dish carries none. The sold-out switch (估清) is the operator's and
 * independent of stock (see menu/availability.ts).
 */

type Body = z.output<typeof dishBodySchema>;
type Query = z.output<typeof dishQuerySchema>;
type SkuBody = Body['skus'][number];

declareConstraints({
  store_dish_name: (value) => `菜品 ${value.replace(/^\d+, /, '')} 已存在`,
  store_dish_sku_name: (value) => `规格 ${value.replace(/^\d+, /, '')} 重复`,
});

/** Every column but the search one (kept by the database, never answered). */
const { nameChars: _nameChars, ...dishColumns } = getTableColumns(storeDish);
type DishRow = Omit<typeof storeDish.$inferSelect, 'nameChars'>;
type SkuRow = typeof storeDishSku.$inferSelect;

const sortable = { sort: storeDish.sort, price: storeDish.price, name: storeDish.name, create_time: storeDish.createdAt, update_time: storeDish.updatedAt };

/**
 * The name search: the dish's name has every character of the text (the GIN index on
 * `name_chars`, migration 0310), then contains it (checked on those few rows).
 */
const nameHas = (text: string | undefined): SQL | undefined =>
  text ? sql`(${storeDish.nameChars} @> regexp_split_to_array(lower(${text}), '') and strpos(lower(${storeDish.name}), lower(${text})) > 0)` : undefined;

/** Live SKUs of the dishes, in their order. */
export const liveSkus = (db: Db, dishIds: readonly string[]): Promise<SkuRow[]> =>
  dishIds.length
    ? db.select().from(storeDishSku).where(and(inArray(storeDishSku.dishId, [...dishIds]), isNull(storeDishSku.archivedAt))).orderBy(asc(storeDishSku.sort), asc(storeDishSku.id))
    : Promise.resolve([]);

type SkuRecord = DishRecord['skus'][number];

/**
 * A dish row with what its record needs besides the row and its category's name, in the same
 * query: its live SKUs and its option groups in order. The subqueries name the outer row as
 * `store_dish` (drizzle leaves a single table's columns unqualified).
 */
const recordFields = {
  ...dishColumns,
  skuList: sql<SkuRecord[] | null>`(select json_agg(json_build_object('id', k.id::text, 'name', k.name, 'price', k.price, 'memberPrice', k.member_price,
    'stock', k.stock, 'dailyStock', k.daily_stock, 'soldOut', k.sold_out, 'sort', k.sort) order by k.sort, k.id)
    from store_dish_sku k where k.dish_id = store_dish.id and k.archived_at is null)`,
  specGroupIds: sql<string[] | null>`(select array_agg(l.group_id::text order by l.sort, l.group_id) from store_dish_spec_group l where l.dish_id = store_dish.id)`,
};
type RecordRow = DishRow & { skuList: SkuRecord[] | null; specGroupIds: string[] | null };

const toRecord = (d: RecordRow, categoryName: string | undefined): DishRecord => ({
  id: d.id,
  storeId: d.storeId,
  categoryId: d.categoryId,
  categoryName: categoryName ?? '',
  name: d.name,
  images: d.images.map(imageUrl),
  description: d.description,
  unit: d.unit,
  price: d.price,
  memberPrice: d.memberPrice,
  isWeighed: d.isWeighed,
  stockMode: d.stockMode,
  stock: d.stock,
  dailyStock: d.dailyStock,
  soldOut: d.soldOut,
  onShelf: d.onShelf,
  tags: d.tags,
  sort: d.sort,
  packingFee: d.packingFee,
  orderTypes: d.orderTypes as DishRecord['orderTypes'],
  skus: d.skuList ?? [],
  specGroupIds: d.specGroupIds ?? [],
  createTime: new Date(d.createdAt).toISOString(),
  updateTime: new Date(d.updatedAt).toISOString(),
});

/** The count a daily item starts today with: as sent, else what was left (at most the new daily count), else the daily count. */
const todays = (sent: number | null | undefined, daily: number, before: { daily: boolean; stock: number | null } | undefined): number =>
  sent ?? (before?.daily && before.stock != null ? Math.min(before.stock, daily) : daily);

/** The dish's own stock columns (none with SKUs: each SKU has its own). */
function dishStock(body: Body, before: DishRow | undefined): { stock: number | null; dailyStock: number | null } {
  if (body.stockMode === 'unlimited' || body.skus.length) return { stock: null, dailyStock: null };
  if (body.stockMode === 'total') return { stock: body.stock ?? 0, dailyStock: null };
  const daily = body.dailyStock ?? 0;
  return { stock: todays(body.stock, daily, before && { daily: before.stockMode === 'daily', stock: before.stock }), dailyStock: daily };
}

/** A SKU's stock columns under the dish's mode; counted modes need the SKU's count (400 naming it). */
function skuStock(mode: Body['stockMode'], sku: SkuBody, index: number, before: SkuRow | undefined, wasDaily: boolean) {
  if (mode === 'unlimited') return { stock: null, dailyStock: null };
  if (mode === 'total') {
    if (sku.stock == null) throw badRequest(`skus.${index}.stock: 请填写规格「${sku.name}」的库存`);
    return { stock: sku.stock, dailyStock: null };
  }
  if (sku.dailyStock == null) throw badRequest(`skus.${index}.dailyStock: 请填写规格「${sku.name}」的每日库存`);
  return { stock: todays(sku.stock, sku.dailyStock, before && { daily: wasDaily, stock: before.stock }), dailyStock: sku.dailyStock };
}

/** The option groups to attach: all of them the store's (404 naming the others). */
async function checkSpecGroups(db: Db, storeId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: storeSpecGroup.id }).from(storeSpecGroup).where(and(inArray(storeSpecGroup.id, [...ids]), eq(storeSpecGroup.storeId, storeId)));
  const missing = missingIds(ids, found.map((g) => g.id));
  if (missing.length) throw notFoundIds('规格', missing);
}

/** Live combos that use any of the dishes (or, given SKUs, those SKUs). */
async function combosUsing(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: countDistinct(storeCombo.id) }).from(storeComboItem)
    .innerJoin(storeComboGroup, eq(storeComboGroup.id, storeComboItem.groupId))
    .innerJoin(storeCombo, and(eq(storeCombo.id, storeComboGroup.comboId), isNull(storeCombo.archivedAt)))
    .where(where);
  return row!.n;
}

/**
 * Saves a dish's SKUs as sent: with an id (the dish's live SKU) updated, without one added, the
 * dish's other live SKUs archived, unless a live combo uses one (409 naming it). Renames go
 * through temporary names (names are unique among the dish's live SKUs, two may swap).
 */
async function saveSkus(tx: Db, dishId: string, body: Body, wasDaily: boolean): Promise<void> {
  const existing = await liveSkus(tx, [dishId]);
  const own = new Map(existing.map((s) => [s.id, s]));
  const kept = body.skus.filter((s): s is SkuBody & { id: string } => Boolean(s.id));
  const foreign = kept.filter((s) => !own.has(s.id));
  if (foreign.length) throw badRequest(`skus: SKU ${foreign.map((s) => s.id).join(', ')} 不属于该菜品`);
  const keptIds = kept.map((s) => s.id);
  const removed = existing.filter((s) => !keptIds.includes(s.id));
  for (const sku of removed) {
    const n = await combosUsing(tx, eq(storeComboItem.skuId, sku.id));
    if (n > 0) throw conflict(`规格「${sku.name}」在 ${n} 个套餐中使用，不能删除`);
  }
  if (removed.length) {
    await tx.update(storeDishSku).set({ archivedAt: new Date() }).where(and(eq(storeDishSku.dishId, dishId), isNull(storeDishSku.archivedAt), keptIds.length ? notInArray(storeDishSku.id, keptIds) : undefined));
  }
  if (kept.some((s) => own.get(s.id)!.name !== s.name)) {
    await tx.update(storeDishSku).set({ name: sql`chr(1) || ${storeDishSku.id}::text` }).where(inArray(storeDishSku.id, keptIds));
  }
  for (const [index, sku] of body.skus.entries()) {
    const values = { name: sku.name, price: sku.price, memberPrice: sku.memberPrice ?? null, soldOut: sku.soldOut, sort: sku.sort, ...skuStock(body.stockMode, sku, index, sku.id ? own.get(sku.id) : undefined, wasDaily) };
    if (sku.id) await tx.update(storeDishSku).set(values).where(eq(storeDishSku.id, sku.id));
    else await tx.insert(storeDishSku).values({ dishId, ...values });
  }
}

/** Attaches exactly these option groups, in this order. */
async function saveSpecGroups(tx: Db, dishId: string, groupIds: readonly string[]): Promise<void> {
  await tx.delete(storeDishSpecGroup).where(eq(storeDishSpecGroup.dishId, dishId));
  if (groupIds.length) await tx.insert(storeDishSpecGroup).values(groupIds.map((groupId, sort) => ({ dishId, groupId, sort })));
}

const dishValues = (body: Body, before?: DishRow) => ({
  categoryId: body.categoryId,
  name: body.name,
  images: imageKeys(body.images),
  description: body.description,
  unit: body.unit,
  price: body.price,
  memberPrice: body.memberPrice ?? null,
  isWeighed: body.isWeighed,
  stockMode: body.stockMode,
  ...dishStock(body, before),
  soldOut: body.soldOut,
  onShelf: body.onShelf,
  tags: body.tags,
  sort: body.sort,
  packingFee: body.packingFee,
  orderTypes: body.orderTypes,
});

export function dishService(app: FastifyInstance) {
  const db = app.database.db;
  const lists = new DishListCache<DishRecord>();
  /** Each store's category names, for records (a page reads them from here, not per row); dropped with the lists. */
  const categories = new Map<string, Promise<Map<string, string>>>();
  app.store.menu.onChange((storeId) => {
    lists.drop(storeId);
    categories.delete(storeId);
  });
  const categoryNamesOf = (storeId: string): Promise<Map<string, string>> => {
    let names = categories.get(storeId);
    if (!names) {
      names = (async () => {
        // Watched at the version read first (menu/cache.ts): a rename anywhere drops the names.
        const [current] = await db.select({ version: store.menuVersion }).from(store).where(eq(store.id, storeId));
        const rows = await db.select({ id: storeCategory.id, name: storeCategory.name }).from(storeCategory).where(eq(storeCategory.storeId, storeId));
        if (current) app.store.menu.watch(storeId, current.version);
        return new Map(rows.map((r) => [r.id, r.name]));
      })();
      names.catch(() => categories.delete(storeId));
      categories.set(storeId, names);
    }
    return names;
  };
  const withCategories = async (rows: RecordRow[]): Promise<DishRecord[]> => {
    if (!rows.length) return [];
    const names = await categoryNamesOf(rows[0]!.storeId);
    const missing = rows.some((r) => !names.has(r.categoryId));
    if (missing) categories.delete(rows[0]!.storeId); // created elsewhere meanwhile: read again next time
    const fresh = missing ? await categoryNamesOf(rows[0]!.storeId) : names;
    return rows.map((r) => toRecord(r, fresh.get(r.categoryId)));
  };

  /** The live dish within the request's stores, or 404. */
  const row = async (request: FastifyRequest, id: string): Promise<DishRow> => {
    const [found] = await db.select(dishColumns).from(storeDish)
      .where(and(eq(storeDish.id, id), isNull(storeDish.archivedAt), storeCondition(request, storeDish.storeId)));
    if (!found) throw notFound(`菜品 ${id} 不存在`);
    return found;
  };
  const get = async (request: FastifyRequest, id: string): Promise<DishRecord> => {
    const [found] = await db.select(recordFields).from(storeDish)
      .where(and(eq(storeDish.id, id), isNull(storeDish.archivedAt), storeCondition(request, storeDish.storeId)));
    if (!found) throw notFound(`菜品 ${id} 不存在`);
    return (await withCategories([found]))[0]!;
  };

  const check = async (body: Body): Promise<void> => {
    await checkCategory(db, body.storeId, body.categoryId, 'dish');
    await checkSpecGroups(db, body.storeId, body.specGroupIds);
  };

  return {
    get,

    /**
     * A page of the store's live dishes: the ordered ids of the query come from the list cache
     * (lists.ts), and the page's records too, those not kept since the store's last change read by id.
     */
    async page(request: FastifyRequest, query: Query): Promise<Page<DishRecord>> {
      assertStore(request, query.storeId);
      const where = and(
        eq(storeDish.storeId, query.storeId),
        isNull(storeDish.archivedAt),
        query.categoryId ? eq(storeDish.categoryId, query.categoryId) : undefined,
        nameHas(query.name),
        query.onShelf === undefined ? undefined : eq(storeDish.onShelf, query.onShelf),
        query.soldOut === undefined ? undefined : eq(storeDish.soldOut, query.soldOut),
      );
      const order = [...orderBy(query, sortable, [asc(storeDish.categoryId), asc(storeDish.sort)]), asc(storeDish.id)];
      const key = JSON.stringify([query.categoryId, query.name, query.onShelf, query.soldOut, query.ascs, query.descs]);
      const ids = () => lists.ids(query.storeId, key, async () => {
        const [current] = await db.select({ version: store.menuVersion }).from(store).where(eq(store.id, query.storeId));
        const rows = await db.select({ id: storeDish.id }).from(storeDish).where(where).orderBy(...order);
        if (current) app.store.menu.watch(query.storeId, current.version);
        return rows.map((r) => r.id);
      });
      return paginate(query, sortable, {
        count: async () => (await ids()).length,
        rows: async ({ limit, offset }) => {
          const window = (await ids()).slice(offset, offset + limit);
          const generation = lists.generation(query.storeId);
          const kept = lists.kept(query.storeId);
          const missing = window.filter((id) => !kept?.has(id));
          const read = new Map<string, DishRecord>();
          if (missing.length) {
            const rows = await db.select(recordFields).from(storeDish)
              .where(and(inArray(storeDish.id, missing), eq(storeDish.storeId, query.storeId), isNull(storeDish.archivedAt)));
            for (const record of await withCategories(rows)) read.set(record.id, record);
            lists.keep(query.storeId, generation, [...read]);
          }
          return window.flatMap((id) => read.get(id) ?? kept?.get(id) ?? []);
        },
      });
    },

    async create(request: FastifyRequest, body: Body): Promise<DishRecord> {
      assertStore(request, body.storeId);
      await check(body);
      const values = dishValues(body);
      const id = await menuWrite(app, body.storeId, async (tx) => {
        const [created] = await tx.insert(storeDish).values({ storeId: body.storeId, ...values }).returning({ id: storeDish.id });
        await saveSkus(tx, created!.id, body, false);
        await saveSpecGroups(tx, created!.id, body.specGroupIds);
        return created!.id;
      });
      return get(request, id);
    },

    async update(request: FastifyRequest, body: Body): Promise<DishRecord> {
      if (!body.id) throw badRequest('id: 修改菜品需要 id');
      const existing = await row(request, body.id);
      if (body.storeId !== existing.storeId) throw badRequest('storeId: 菜品不能移到其他门店');
      await check(body);
      const values = dishValues(body, existing);
      await menuWrite(app, existing.storeId, async (tx) => {
        await tx.update(storeDish).set({ ...values, updatedAt: new Date() }).where(eq(storeDish.id, existing.id));
        await saveSkus(tx, existing.id, body, existing.stockMode === 'daily');
        await saveSpecGroups(tx, existing.id, body.specGroupIds);
      });
      return get(request, existing.id);
    },

    /** Archives a dish no live combo uses (409 naming how many do); it lets go of its option groups. */
    async remove(request: FastifyRequest, id: string): Promise<void> {
      const existing = await row(request, id);
      await menuWrite(app, existing.storeId, async (tx) => {
        const n = await combosUsing(tx, eq(storeComboItem.dishId, id));
        if (n > 0) throw conflict(`该菜品在 ${n} 个套餐中使用，不能删除`);
        await tx.update(storeDish).set({ archivedAt: new Date() }).where(and(eq(storeDish.id, id), isNull(storeDish.archivedAt)));
        await tx.delete(storeDishSpecGroup).where(eq(storeDishSpecGroup.dishId, id));
      });
    },

    /**
     * On or off the shelf, sold out or available again, or moved to another dish category of the
     * store: every id must be a live dish of the store (404 naming the others), all or nothing.
     */
    async batch(request: FastifyRequest, body: DishBatch): Promise<{ updated: number }> {
      assertStore(request, body.storeId);
      const ids = [...new Set(body.ids)];
      const updated = await menuWrite(app, body.storeId, async (tx) => {
        const found = await tx.select({ id: storeDish.id }).from(storeDish)
          .where(and(inArray(storeDish.id, ids), eq(storeDish.storeId, body.storeId), isNull(storeDish.archivedAt))).for('update');
        const missing = missingIds(ids, found.map((d) => d.id));
        if (missing.length) throw notFoundIds('菜品', missing);
        let set: Partial<typeof storeDish.$inferInsert>;
        switch (body.action) {
          case 'onShelf': set = { onShelf: true }; break;
          case 'offShelf': set = { onShelf: false }; break;
          case 'soldOut': set = { soldOut: true }; break;
          case 'available': set = { soldOut: false }; break;
          case 'move':
            await checkCategory(tx, body.storeId, body.categoryId, 'dish');
            set = { categoryId: body.categoryId };
            break;
        }
        await tx.update(storeDish).set({ ...set, updatedAt: new Date() }).where(inArray(storeDish.id, ids));
        return ids.length;
      });
      return { updated };
    },
  };
}
