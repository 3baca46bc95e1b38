import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { areaEndpoints, tableEndpoints, type AreaRecord, type TableRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { contains, defineResource, type ResourceWrite } from '../../../http/resource.js';
import { publishFloor } from '../floor-live.js';
import { afterCommit, serveStoreResource } from '../http.js';
import { assertStore, storeCondition } from '../scope.js';
import { store, storeArea, storeTable } from '../tables.js';
import { orderPath, qrPng, qrSheet } from './qr.js';
import { absoluteUrl } from '../../../http/public-url.js';
import { iso } from '../../../http/iso.js';
import { serveFile } from '../../../http/files.js';

/** A table's QR token: 144 random bits, base64url (24 characters); never derived from the id. */
export const newQrToken = (): string => randomBytes(18).toString('base64url');

/** A unique key's value is `store_id, name`: the message names the name only. */
const nameOfKey = (key: string) => key.split(', ').slice(1).join(', ') || key;

/** An area of the store, or a 404 naming it. */
async function areaOf(db: Db, storeId: string, areaId: string): Promise<{ id: string; name: string }> {
  const [area] = await db.select({ id: storeArea.id, name: storeArea.name }).from(storeArea).where(and(eq(storeArea.id, areaId), eq(storeArea.storeId, storeId)));
  if (!area) throw notFound(`区域 ${areaId} 不存在`);
  return area;
}

/** `A01、A02、A03 等 5 个`: at most ten codes named. */
const someCodes = (codes: readonly string[]) => `${codes.slice(0, 10).join('、')}${codes.length > 10 ? ` 等 ${codes.length} 个` : ''}`;

/**
 * 桌台: a store's areas (大厅, 包间) and their tables, each with a random QR token that opens the
 * diners' ordering page; batch creation (A01–A20), a new token on request, and the QR codes as
 * a PNG per table or a printable PDF sheet.
 */
export const tableRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  /** The store's floor screens (and the map's read model on every instance) hear of an edited plan, once it has committed. */
  const planChanged = async (storeId: string | undefined, tableIds: string[] = []) => {
    if (storeId) await publishFloor(app, { storeId, kind: 'plan', tableIds, orderIds: [] });
  };
  const storeOfWrite = (write: ResourceWrite<{ storeId?: string }>) => write.body?.storeId ?? (write.existing?.storeId as string | undefined);

  const areas = defineResource({
    table: storeArea,
    label: '区域',
    endpoints: { page: areaEndpoints.page, get: areaEndpoints.get, create: areaEndpoints.create, update: areaEndpoints.update, remove: areaEndpoints.remove },
    sortable: { sort: storeArea.sort, name: storeArea.name, create_time: storeArea.createdAt },
    order: [asc(storeArea.sort), asc(storeArea.id)],
    filters: (q) => [eq(storeArea.storeId, q.storeId)],
    scope: (request) => ({ where: storeCondition(request, storeArea.storeId) }),
    toRecords: async (rows, ctx) => {
      const ids = rows.map((r) => r.id);
      const counts = ids.length
        ? new Map((await ctx.db.select({ id: storeTable.areaId, n: count() }).from(storeTable).where(inArray(storeTable.areaId, ids)).groupBy(storeTable.areaId)).map((r) => [r.id, r.n]))
        : new Map<string, number>();
      return rows.map((r): AreaRecord => ({ id: r.id, storeId: r.storeId, name: r.name, sort: r.sort, tableCount: counts.get(r.id) ?? 0, createTime: iso(r.createdAt) }));
    },
    insert: (body) => ({ storeId: body.storeId, name: body.name, sort: body.sort }),
    change: (body) => ({ name: body.name, sort: body.sort }),
    unique: { store_area_name: (key) => `区域 ${nameOfKey(key)} 已存在` },
    validate: (body, { request, existing }) => {
      assertStore(request, body.storeId);
      if (existing && body.storeId !== existing.storeId) throw badRequest('storeId: 区域不能移到其他门店');
    },
    referencedBy: [{ column: storeTable.areaId, what: '桌台', message: (n) => `该区域下还有 ${n} 张桌台，不能删除` }],
    afterWrite: (write, { request }) => afterCommit(request, () => planChanged(storeOfWrite(write))),
  });
  serveStoreResource(app, areas);

  const toTableRecords = async (rows: Array<typeof storeTable.$inferSelect>, tx: Db): Promise<TableRecord[]> => {
    const areaIds = [...new Set(rows.map((r) => r.areaId))];
    const names = areaIds.length
      ? new Map((await tx.select({ id: storeArea.id, name: storeArea.name }).from(storeArea).where(inArray(storeArea.id, areaIds))).map((a) => [a.id, a.name]))
      : new Map<string, string>();
    return rows.map((r) => ({
      id: r.id, storeId: r.storeId, areaId: r.areaId, areaName: names.get(r.areaId) ?? '', code: r.code, seats: r.seats, minSpend: r.minSpend,
      enabled: r.enabled, sort: r.sort, orderUrl: orderPath(r.qrToken), createTime: iso(r.createdAt),
    }));
  };

  const { page, get, create, update, remove } = tableEndpoints;
  const tables = defineResource({
    table: storeTable,
    label: '桌台',
    endpoints: { page, get, create, update, remove },
    sortable: { sort: storeTable.sort, code: storeTable.code, seats: storeTable.seats, create_time: storeTable.createdAt },
    order: [asc(storeTable.sort), asc(storeTable.code), asc(storeTable.id)],
    filters: (q) => [
      eq(storeTable.storeId, q.storeId), q.areaId ? eq(storeTable.areaId, q.areaId) : undefined,
      contains(storeTable.code, q.code),
    ],
    scope: (request) => ({ where: storeCondition(request, storeTable.storeId) }),
    toRecords: (rows, ctx) => toTableRecords(rows, ctx.db),
    insert: (body) => ({
      storeId: body.storeId, areaId: body.areaId, code: body.code, seats: body.seats, minSpend: body.minSpend ?? null,
      enabled: body.enabled, sort: body.sort, qrToken: newQrToken(),
    }),
    change: (body) => ({ areaId: body.areaId, code: body.code, seats: body.seats, minSpend: body.minSpend ?? null, enabled: body.enabled, sort: body.sort }),
    unique: {
      store_table_code: (key) => `桌号 ${nameOfKey(key)} 已存在`,
      store_table_qr_token: '二维码生成冲突，请重试',
    },
    validate: async (body, { db: tx, request, existing }) => {
      assertStore(request, body.storeId);
      if (existing && body.storeId !== existing.storeId) throw badRequest('storeId: 桌台不能移到其他门店');
      await areaOf(tx, body.storeId, body.areaId);
    },
    afterWrite: (write, { request }) => afterCommit(request, () => planChanged(storeOfWrite(write), [write.id])),
  });
  serveStoreResource(app, tables);

  serve(app, tableEndpoints.batch, async ({ body }, request) => {
    assertStore(request, body.storeId);
    const codes: string[] = [];
    for (let n = body.from; n <= body.to; n++) codes.push(`${body.prefix}${String(n).padStart(body.digits, '0')}`);
    const tooLong = codes.find((c) => c.length > 16);
    if (tooLong) throw badRequest(`prefix: 桌号 ${tooLong} 超过16个字符`);
    const created = await db.transaction(async (tx) => {
      await areaOf(tx, body.storeId, body.areaId);
      const taken = (await tx.select({ code: storeTable.code }).from(storeTable).where(and(eq(storeTable.storeId, body.storeId), inArray(storeTable.code, codes))))
        .map((r) => r.code).sort();
      if (taken.length) throw conflict(`桌号 ${someCodes(taken)} 已存在，未创建任何桌台`);
      // Sort 0 like a table created alone: they list by code (A01, A02…) until dragged.
      const rows = codes.map((code) => ({ storeId: body.storeId, areaId: body.areaId, code, seats: body.seats, qrToken: newQrToken() }));
      await tx.insert(storeTable).values(rows);
      return rows.length;
    });
    await planChanged(body.storeId);
    return { created };
  });

  serve(app, tableEndpoints.regenerateToken, async ({ params }, request) => {
    const ctx = { db, request };
    const row = await tables.row(ctx, params.id);
    await db.update(storeTable).set({ qrToken: newQrToken(), updatedAt: new Date() }).where(eq(storeTable.id, row.id));
    return tables.get(ctx, row.id);
  });

  serveFile(app, tableEndpoints.qrcode, async ({ params }, request) => {
    const row = await tables.row({ db, request }, params.id);
    const [shop] = await db.select({ name: store.name }).from(store).where(eq(store.id, row.storeId));
    const [area] = await db.select({ name: storeArea.name }).from(storeArea).where(eq(storeArea.id, row.areaId));
    const caption = [area?.name, shop?.name].filter(Boolean).join(' · ');
    return { bytes: await qrPng(absoluteUrl(request, orderPath(row.qrToken)), { code: row.code, caption }), type: 'image/png', fileName: `${shop?.name ?? '门店'}-${row.code}.png` };
  });

  serveFile(app, tableEndpoints.qrsheet, async ({ query }, request) => {
    assertStore(request, query.storeId);
    const [shop] = await db.select({ name: store.name }).from(store).where(eq(store.id, query.storeId));
    if (!shop) throw notFound(`门店 ${query.storeId} 不存在`);
    const area = query.areaId ? await areaOf(db, query.storeId, query.areaId) : undefined;
    const rows = await db.select({ code: storeTable.code, token: storeTable.qrToken, areaName: storeArea.name })
      .from(storeTable).innerJoin(storeArea, eq(storeArea.id, storeTable.areaId))
      .where(and(eq(storeTable.storeId, query.storeId), area ? eq(storeTable.areaId, area.id) : undefined))
      .orderBy(asc(storeArea.sort), asc(storeArea.id), asc(storeTable.sort), asc(storeTable.code), asc(storeTable.id));
    if (!rows.length) throw badRequest(area ? `区域「${area.name}」还没有桌台，没有可打印的二维码` : '该门店还没有桌台，没有可打印的二维码');
    const title = `${shop.name}${area ? `-${area.name}` : ''}-桌台二维码`;
    const cards = rows.map((r) => ({ code: r.code, areaName: r.areaName, storeName: shop.name, url: absoluteUrl(request, orderPath(r.token)) }));
    return { bytes: await qrSheet(title, cards), type: 'application/pdf', fileName: `${title}.pdf`, disposition: 'attachment' };
  });
};
