import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isOpenAt, storeEndpoints, type storeBodySchema, type StoreRecord } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { currentUser } from '../../../http/access.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { contains, defineResource } from '../../../http/resource.js';
import { usersByIds } from '../../upms/service.js';
import { menuTouched, serveStoreResource } from '../http.js';
import { bumpMenuVersion } from '../menu-version.js';
import { accessOf, assertStore, storeCondition } from '../scope.js';
import { store, storeArea, storeCategory, storeCombo, storeDish, storeSpecGroup, storeTable, storeUser } from '../tables.js';
import { iso } from '../../../http/iso.js';
import { serveUpload } from '../../../http/files.js';

type StoreRow = typeof store.$inferSelect;
type StoreBodyOutput = z.output<typeof storeBodySchema>;

export const toStoreRecord = (row: StoreRow, now = new Date()): StoreRecord => ({
  id: row.id,
  name: row.name,
  logo: row.logo,
  phone: row.phone,
  region: row.region,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  timeZone: row.timeZone,
  businessHours: row.businessHours,
  isOpen: row.isOpen,
  dayCutoffHour: row.dayCutoffHour,
  orderTypes: row.orderTypes as StoreRecord['orderTypes'],
  payMode: row.payMode,
  pickupRule: row.pickupRule,
  packingFeeMode: row.packingFeeMode,
  packingFee: row.packingFee,
  notice: row.notice,
  sort: row.sort,
  openNow: isOpenAt(row, now),
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

/** JSON with object keys sorted, so that equal values compare equal whatever their key order (jsonb reorders keys). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);

/** The fields the ordering menu shows or depends on: changing one of them bumps the menu version. */
const orderingFields = (s: Partial<StoreRow>) =>
  canonical([s.name, s.logo ?? null, s.notice, s.isOpen, s.businessHours, s.timeZone, s.dayCutoffHour, s.orderTypes, s.payMode, s.packingFeeMode, s.packingFee]);

const columnsOf = ({ id: _, ...body }: StoreBodyOutput) => ({
  ...body, logo: body.logo || null, latitude: body.latitude ?? null, longitude: body.longitude ?? null,
});

/** What still belongs to a store, each as `3 个分类`; empty when the store may be deleted. */
async function contentsOf(db: Db, storeId: string): Promise<string[]> {
  const n = async (table: typeof storeCategory | typeof storeDish | typeof storeCombo | typeof storeSpecGroup | typeof storeArea | typeof storeTable, where?: SQL) =>
    (await db.select({ n: count() }).from(table).where(and(eq(table.storeId, storeId), where)))[0]!.n;
  const parts: Array<[number, string]> = [
    [await n(storeCategory), '个分类'],
    [await n(storeDish), '个菜品'],
    [await n(storeCombo), '个套餐'],
    [await n(storeSpecGroup), '个规格'],
    [await n(storeArea), '个区域'],
    [await n(storeTable), '张桌台'],
  ];
  return parts.filter(([k]) => k > 0).map(([k, what]) => `${k} ${what}`);
}

/**
 * 门店信息: stores (admins all of them, anyone else the stores assigned to them), the header's
 * store switcher (`mine`), a store's staff and its logo upload.
 */
export const shopRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const { page, get, create, update, remove } = storeEndpoints;

  const stores = defineResource({
    table: store,
    label: '门店',
    endpoints: { page, get, create, update, remove },
    sortable: { id: store.id, name: store.name, sort: store.sort, create_time: store.createdAt },
    order: [asc(store.sort), asc(store.id)],
    filters: (q) => [contains(store.name, q.name)],
    scope: (request) => ({ where: storeCondition(request, store.id) }),
    toRecord: (row) => toStoreRecord(row),
    insert: columnsOf,
    change: async (body, existing, { db: tx, request }) => {
      const next = columnsOf(body);
      // In the update's transaction: the version moves with the change or not at all.
      if (orderingFields(existing) !== orderingFields({ ...existing, ...next })) {
        await bumpMenuVersion(tx, existing.id);
        menuTouched(request, existing.id);
      }
      return next;
    },
    unique: { store_name: (name) => `门店名称 ${name} 已存在` },
    beforeDelete: async (row, ctx) => {
      const left = await contentsOf(ctx.db, row.id);
      if (left.length) throw conflict(`该门店还有 ${left.join('、')}，不能删除`);
    },
    afterWrite: async ({ action, id }, { db: tx, request }) => {
      if (action === 'create') {
        const access = accessOf(request);
        if (!access.all) {
          // Whoever creates a store works in it (an admin sees every store without a row).
          await tx.insert(storeUser).values({ storeId: id, userId: currentUser(request).id });
          request.storeAccess = { all: false, storeIds: [...access.storeIds, id] };
          app.store.scope.forget();
        }
      }
      if (action === 'delete') {
        app.store.scope.forget();
        // A cached ordering menu of the store must not outlive it.
        menuTouched(request, id);
      }
    },
  });
  serveStoreResource(app, stores);

  serve(app, storeEndpoints.mine, async (_input, request) => {
    const rows = await db.select().from(store).where(storeCondition(request, store.id)).orderBy(asc(store.sort), asc(store.id));
    const now = new Date();
    return rows.map((row) => ({ id: row.id, name: row.name, isOpen: row.isOpen, openNow: isOpenAt(row, now) }));
  });

  /** The store itself within the request's scope, or a 404 that never says whether it exists. */
  const visibleStore = async (request: Parameters<typeof assertStore>[0], id: string) => {
    assertStore(request, id);
    const [row] = await db.select({ id: store.id }).from(store).where(eq(store.id, id));
    if (!row) throw notFound(`门店 ${id} 不存在`);
  };

  serve(app, storeEndpoints.users, async ({ params }, request) => {
    await visibleStore(request, params.id);
    const ids = (await db.select({ userId: storeUser.userId }).from(storeUser).where(eq(storeUser.storeId, params.id))).map((r) => r.userId);
    return usersByIds(db, ids);
  });

  serve(app, storeEndpoints.setUsers, async ({ params, body }, request) => {
    await visibleStore(request, params.id);
    const wanted = [...new Set(body.userIds)];
    const found = new Set((await usersByIds(db, wanted)).map((u) => u.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`userIds: 用户 ${missing.join('、')} 不存在`);
    await db.transaction(async (tx) => {
      await tx.delete(storeUser).where(eq(storeUser.storeId, params.id));
      if (wanted.length) await tx.insert(storeUser).values(wanted.map((userId) => ({ storeId: params.id, userId })));
    });
    app.store.scope.forget();
    return true;
  });

  serveUpload(app, storeEndpoints.logo, async (request) => ({ url: (await app.uploads.receive(request, 'storeLogo')).media.url }));
};
