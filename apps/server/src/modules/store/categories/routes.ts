import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { categoryEndpoints, type CategoryRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { contains, defineResource } from '../../../http/resource.js';
import { menuWrite, reorder } from '../catalogue.js';
import { menuTouched, serveStoreResource } from '../http.js';
import { bumpMenuVersion } from '../menu-version.js';
import { assertStore, storeCondition } from '../scope.js';
import { storeCategory, storeCombo, storeDish } from '../tables.js';
import { purgeArchived } from './purge.js';
import { iso } from '../../../http/iso.js';

type Counts = { dishes: number; combos: number };

/** Live (not archived) dishes and combos in each category. */
async function itemCounts(db: Db, categoryIds: readonly string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>(categoryIds.map((id) => [id, { dishes: 0, combos: 0 }]));
  if (!categoryIds.length) return counts;
  const ids = [...categoryIds];
  const [dishes, combos] = await Promise.all([
    db.select({ id: storeDish.categoryId, n: count() }).from(storeDish)
      .where(and(inArray(storeDish.categoryId, ids), isNull(storeDish.archivedAt))).groupBy(storeDish.categoryId),
    db.select({ id: storeCombo.categoryId, n: count() }).from(storeCombo)
      .where(and(inArray(storeCombo.categoryId, ids), isNull(storeCombo.archivedAt))).groupBy(storeCombo.categoryId),
  ]);
  for (const r of dishes) counts.get(r.id)!.dishes = r.n;
  for (const r of combos) counts.get(r.id)!.combos = r.n;
  return counts;
}

/** `store_category_name`'s key is (store_id, name): the message names the name only. */
const nameOfKey = (key: string) => key.split(', ').slice(1).join(', ') || key;

/**
 * 菜品分类: a store's categories of dishes or combos, in their drag order. Every write bumps the
 * store's menu version in its transaction (the ordering menu lists the categories).
 */
export const categoryRoutes: FastifyPluginAsync = async (app) => {
  const { page, get, create, update, remove } = categoryEndpoints;

  const categories = defineResource({
    table: storeCategory,
    label: '分类',
    endpoints: { page, get, create, update, remove },
    sortable: { sort: storeCategory.sort, name: storeCategory.name, create_time: storeCategory.createdAt },
    order: [asc(storeCategory.sort), asc(storeCategory.id)],
    filters: (q) => [eq(storeCategory.storeId, q.storeId), q.kind ? eq(storeCategory.kind, q.kind) : undefined, contains(storeCategory.name, q.name)],
    scope: (request) => ({ where: storeCondition(request, storeCategory.storeId) }),
    toRecords: async (rows, ctx) => {
      const counts = await itemCounts(ctx.db, rows.map((r) => r.id));
      return rows.map((r): CategoryRecord => {
        const n = counts.get(r.id)!;
        return { id: r.id, storeId: r.storeId, name: r.name, kind: r.kind, sort: r.sort, enabled: r.enabled, itemCount: n.dishes + n.combos, createTime: iso(r.createdAt) };
      });
    },
    insert: (body) => ({ storeId: body.storeId, name: body.name, kind: body.kind, sort: body.sort, enabled: body.enabled }),
    change: (body) => ({ name: body.name, kind: body.kind, sort: body.sort, enabled: body.enabled }),
    unique: { store_category_name: (key) => `分类 ${nameOfKey(key)} 已存在` },
    validate: async (body, { db: tx, request, existing }) => {
      assertStore(request, body.storeId);
      if (!existing) return;
      if (body.storeId !== existing.storeId) throw badRequest('storeId: 分类不能移到其他门店');
      if (body.kind !== existing.kind) {
        const n = (await itemCounts(tx, [existing.id])).get(existing.id)!;
        const held = existing.kind === 'dish' ? n.dishes : n.combos;
        if (held > 0) {
          throw conflict(existing.kind === 'dish' ? `该分类下还有 ${held} 个菜品，不能改为套餐分类` : `该分类下还有 ${held} 个套餐，不能改为菜品分类`);
        }
      }
    },
    beforeDelete: async (row, ctx) => {
      const tx = ctx.db;
      const live = (await itemCounts(tx, [row.id])).get(row.id)!;
      if (live.dishes > 0) throw conflict(`该分类下还有 ${live.dishes} 个菜品，不能删除`);
      if (live.combos > 0) throw conflict(`该分类下还有 ${live.combos} 个套餐，不能删除`);
      const kept = await purgeArchived(tx, app.store.references, row.id);
      if (kept > 0) throw conflict(`该分类下有 ${kept} 个已删除的菜品或套餐为历史订单保留，不能删除，可以停用该分类`);
      await bumpMenuVersion(tx, row.storeId);
      menuTouched(ctx.request, row.storeId);
    },
    afterWrite: async ({ action, body }, { db: tx, request }) => {
      if (action === 'delete' || !body) return;
      await bumpMenuVersion(tx, body.storeId);
      menuTouched(request, body.storeId);
    },
  });
  serveStoreResource(app, categories);

  serve(app, categoryEndpoints.sort, async ({ body }, request) => {
    assertStore(request, body.storeId);
    await menuWrite(app, body.storeId, (tx) => reorder(tx, storeCategory, '分类', body.storeId, body.ids));
    return true;
  });
};
