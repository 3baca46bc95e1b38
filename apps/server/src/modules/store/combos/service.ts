import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ComboRecord, Page, comboBodySchema, comboQuerySchema } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { declareConstraints } from '../../../http/db-errors.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { categoryNames, checkCategory, imageKeys, imageUrl, menuWrite, missingIds, nameContains, notFoundIds } from '../catalogue.js';
import { comboAvailable, dishAvailable, skuAvailable } from '../menu/availability.js';
import { assertStore, storeCondition } from '../scope.js';
import { storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku } from '../tables.js';

/**
 * 套餐: combos of fixed items and "choose N of M" groups (each choice may add an extra price),
 * scoped to the user's stores. Groups and items are saved with the combo (replaced) in one
 * transaction; items are live dishes (and SKUs of them) of the same store. A combo is archived,
 * never deleted. Availability: menu/availability.ts.
 */

type Body = z.output<typeof comboBodySchema>;
type Query = z.output<typeof comboQuerySchema>;
type ComboRow = typeof storeCombo.$inferSelect;

declareConstraints({ store_combo_name: (value) => `套餐 ${value.replace(/^\d+, /, '')} 已存在` });

const sortable = { sort: storeCombo.sort, price: storeCombo.price, name: storeCombo.name, create_time: storeCombo.createdAt, update_time: storeCombo.updatedAt };

/** A combo's group as records and the menu show it, each item with its names and whether it can be ordered now. */
export interface ComboGroupView {
  id: string;
  name: string;
  kind: 'fixed' | 'optional';
  minChoose: number;
  maxChoose: number;
  allowRepeat: boolean;
  sort: number;
  items: Array<{
    id: string; dishId: string; dishName: string; skuId: string | null; skuName: string | null;
    quantity: number; extraPrice: number; isDefault: boolean; sort: number; available: boolean;
  }>;
}

/** The groups of each combo, in order, with their items and the items' availability (four queries in all). */
export async function comboGroups(db: Db, comboIds: readonly string[]): Promise<Map<string, ComboGroupView[]>> {
  const byCombo = new Map<string, ComboGroupView[]>(comboIds.map((id) => [id, []]));
  if (!comboIds.length) return byCombo;
  const groups = await db.select().from(storeComboGroup).where(inArray(storeComboGroup.comboId, [...comboIds]))
    .orderBy(asc(storeComboGroup.sort), asc(storeComboGroup.id));
  const items = groups.length
    ? await db.select().from(storeComboItem).where(inArray(storeComboItem.groupId, groups.map((g) => g.id))).orderBy(asc(storeComboItem.sort), asc(storeComboItem.id))
    : [];
  const dishIds = [...new Set(items.map((i) => i.dishId))];
  const [dishes, skus] = dishIds.length
    ? await Promise.all([
      db.select({
        id: storeDish.id, name: storeDish.name, onShelf: storeDish.onShelf, soldOut: storeDish.soldOut, stockMode: storeDish.stockMode, stock: storeDish.stock, archivedAt: storeDish.archivedAt,
      }).from(storeDish).where(inArray(storeDish.id, dishIds)),
      db.select({ id: storeDishSku.id, dishId: storeDishSku.dishId, name: storeDishSku.name, soldOut: storeDishSku.soldOut, stock: storeDishSku.stock, archivedAt: storeDishSku.archivedAt })
        .from(storeDishSku).where(inArray(storeDishSku.dishId, dishIds)),
    ])
    : [[], []];
  const dishById = new Map(dishes.map((d) => [d.id, d]));
  const skuById = new Map(skus.map((s) => [s.id, s]));
  for (const g of groups) {
    byCombo.get(g.comboId)!.push({
      id: g.id, name: g.name, kind: g.kind, minChoose: g.minChoose, maxChoose: g.maxChoose, allowRepeat: g.allowRepeat, sort: g.sort,
      items: items.filter((i) => i.groupId === g.id).map((i) => {
        const dish = dishById.get(i.dishId);
        const sku = i.skuId ? skuById.get(i.skuId) : undefined;
        const live = Boolean(dish && !dish.archivedAt && (!i.skuId || (sku && !sku.archivedAt)));
        const available = live && (sku
          ? skuAvailable(dish!, sku, i.quantity)
          : dishAvailable(dish!, skus.filter((s) => s.dishId === i.dishId && !s.archivedAt), i.quantity));
        return {
          id: i.id, dishId: i.dishId, dishName: dish?.name ?? '', skuId: i.skuId, skuName: sku?.name ?? null,
          quantity: i.quantity, extraPrice: i.extraPrice, isDefault: i.isDefault, sort: i.sort, available,
        };
      }),
    });
  }
  return byCombo;
}

async function records(db: Db, combos: ComboRow[]): Promise<ComboRecord[]> {
  const [groups, categories] = await Promise.all([comboGroups(db, combos.map((c) => c.id)), categoryNames(db, combos.map((c) => c.categoryId))]);
  return combos.map((c) => {
    const own = groups.get(c.id) ?? [];
    return {
      id: c.id,
      storeId: c.storeId,
      categoryId: c.categoryId,
      categoryName: categories.get(c.categoryId) ?? '',
      name: c.name,
      images: c.images.map(imageUrl),
      description: c.description,
      price: c.price,
      memberPrice: c.memberPrice,
      onShelf: c.onShelf,
      soldOut: c.soldOut,
      sort: c.sort,
      groups: own.map((g) => ({ ...g, items: g.items.map(({ available: _, ...item }) => item) })),
      available: comboAvailable(c, own),
      createTime: c.createdAt.toISOString(),
      updateTime: c.updatedAt.toISOString(),
    };
  });
}

/**
 * The items' dishes must be live dishes of the store (404 naming the others), and an item's SKU
 * a live SKU of its dish (400 naming it); a dish with SKUs needs its SKU chosen.
 */
async function checkItems(db: Db, storeId: string, body: Body): Promise<void> {
  const items = body.groups.flatMap((g) => g.items);
  const dishIds = [...new Set(items.map((i) => i.dishId))];
  const dishes = await db.select({ id: storeDish.id, name: storeDish.name }).from(storeDish)
    .where(and(inArray(storeDish.id, dishIds), eq(storeDish.storeId, storeId), isNull(storeDish.archivedAt)));
  const missing = missingIds(dishIds, dishes.map((d) => d.id));
  if (missing.length) throw notFoundIds('菜品', missing);
  const skus = await db.select({ id: storeDishSku.id, dishId: storeDishSku.dishId }).from(storeDishSku)
    .where(and(inArray(storeDishSku.dishId, dishIds), isNull(storeDishSku.archivedAt)));
  const name = new Map(dishes.map((d) => [d.id, d.name]));
  for (const [g, group] of body.groups.entries()) {
    for (const [i, item] of group.items.entries()) {
      const own = skus.filter((s) => s.dishId === item.dishId);
      if (item.skuId && !own.some((s) => s.id === item.skuId)) {
        throw badRequest(`groups.${g}.items.${i}.skuId: SKU ${item.skuId} 不是菜品「${name.get(item.dishId)}」的规格`);
      }
      if (!item.skuId && own.length) throw badRequest(`groups.${g}.items.${i}.skuId: 菜品「${name.get(item.dishId)}」有多个规格，请选择其中一个`);
    }
  }
}

/** Replaces the combo's groups and items with the body's. */
async function saveGroups(tx: Db, comboId: string, body: Body): Promise<void> {
  await tx.delete(storeComboGroup).where(eq(storeComboGroup.comboId, comboId));
  for (const group of body.groups) {
    const [created] = await tx.insert(storeComboGroup).values({
      comboId, name: group.name, kind: group.kind, minChoose: group.kind === 'fixed' ? group.items.length : group.minChoose,
      maxChoose: group.kind === 'fixed' ? group.items.length : group.maxChoose, allowRepeat: group.allowRepeat, sort: group.sort,
    }).returning({ id: storeComboGroup.id });
    await tx.insert(storeComboItem).values(group.items.map((item) => ({
      groupId: created!.id, dishId: item.dishId, skuId: item.skuId ?? null, quantity: item.quantity, extraPrice: item.extraPrice, isDefault: item.isDefault, sort: item.sort,
    })));
  }
}

const comboValues = (body: Body) => ({
  categoryId: body.categoryId,
  name: body.name,
  images: imageKeys(body.images),
  description: body.description,
  price: body.price,
  memberPrice: body.memberPrice ?? null,
  onShelf: body.onShelf,
  soldOut: body.soldOut,
  sort: body.sort,
});

export function comboService(app: FastifyInstance) {
  const db = app.database.db;

  const row = async (request: FastifyRequest, id: string): Promise<ComboRow> => {
    const [found] = await db.select().from(storeCombo).where(and(eq(storeCombo.id, id), isNull(storeCombo.archivedAt), storeCondition(request, storeCombo.storeId)));
    if (!found) throw notFound(`套餐 ${id} 不存在`);
    return found;
  };
  const get = async (request: FastifyRequest, id: string): Promise<ComboRecord> => (await records(db, [await row(request, id)]))[0]!;

  const check = async (body: Body): Promise<void> => {
    await checkCategory(db, body.storeId, body.categoryId, 'combo');
    await checkItems(db, body.storeId, body);
  };

  return {
    get,

    async page(request: FastifyRequest, query: Query): Promise<Page<ComboRecord>> {
      assertStore(request, query.storeId);
      const where = and(
        eq(storeCombo.storeId, query.storeId),
        isNull(storeCombo.archivedAt),
        query.categoryId ? eq(storeCombo.categoryId, query.categoryId) : undefined,
        nameContains(storeCombo.name, query.name),
        query.onShelf === undefined ? undefined : eq(storeCombo.onShelf, query.onShelf),
      );
      const page = await paginate(query, sortable, {
        count: async () => (await db.select({ n: count() }).from(storeCombo).where(where))[0]!.n,
        rows: ({ order, limit, offset }) => db.select().from(storeCombo).where(where).orderBy(...order, asc(storeCombo.id)).limit(limit).offset(offset),
      }, [asc(storeCombo.categoryId), asc(storeCombo.sort)]);
      return { ...page, records: await records(db, page.records) };
    },

    async create(request: FastifyRequest, body: Body): Promise<ComboRecord> {
      assertStore(request, body.storeId);
      await check(body);
      const values = comboValues(body);
      const id = await menuWrite(app, body.storeId, async (tx) => {
        const [created] = await tx.insert(storeCombo).values({ storeId: body.storeId, ...values }).returning({ id: storeCombo.id });
        await saveGroups(tx, created!.id, body);
        return created!.id;
      });
      return get(request, id);
    },

    async update(request: FastifyRequest, body: Body): Promise<ComboRecord> {
      if (!body.id) throw badRequest('id: 修改套餐需要 id');
      const existing = await row(request, body.id);
      if (body.storeId !== existing.storeId) throw badRequest('storeId: 套餐不能移到其他门店');
      await check(body);
      const values = comboValues(body);
      await menuWrite(app, existing.storeId, async (tx) => {
        await tx.update(storeCombo).set({ ...values, updatedAt: new Date() }).where(eq(storeCombo.id, existing.id));
        await saveGroups(tx, existing.id, body);
      });
      return get(request, existing.id);
    },

    /** Archives the combo (orders will refer to it); its name is free again. */
    async remove(request: FastifyRequest, id: string): Promise<void> {
      const existing = await row(request, id);
      await menuWrite(app, existing.storeId, async (tx) => {
        await tx.update(storeCombo).set({ archivedAt: new Date() }).where(and(eq(storeCombo.id, id), isNull(storeCombo.archivedAt)));
      });
    },
  };
}
