import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page, SpecGroupRecord, specGroupBodySchema, specGroupQuerySchema } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { declareConstraints } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { menuWrite, nameContains } from '../catalogue.js';
import { assertStore, storeCondition } from '../scope.js';
import { storeDish, storeDishSpecGroup, storeSpecGroup, storeSpecOption } from '../tables.js';

/**
 * 规格: reusable option groups (口味, 辣度, 加料) with their options, attached to many dishes.
 * A group's name is unique in its store; its options are saved with it (upserted by id, the
 * missing ones deleted) in one transaction; a group attached to a live dish cannot be deleted.
 */

type Body = z.output<typeof specGroupBodySchema>;
type Query = z.output<typeof specGroupQuerySchema>;
type GroupRow = typeof storeSpecGroup.$inferSelect;

declareConstraints({
  store_spec_group_name: (value) => `规格 ${value.replace(/^\d+, /, '')} 已存在`,
  store_spec_option_name: (value) => `选项 ${value.replace(/^\d+, /, '')} 重复`,
});

const sortable = { sort: storeSpecGroup.sort, name: storeSpecGroup.name, create_time: storeSpecGroup.createdAt, update_time: storeSpecGroup.updatedAt };

/** How many live (not archived) dishes each group is attached to. */
export async function dishCounts(db: Db, groupIds: readonly string[]): Promise<Map<string, number>> {
  if (!groupIds.length) return new Map();
  const rows = await db.select({ groupId: storeDishSpecGroup.groupId, n: count() }).from(storeDishSpecGroup)
    .innerJoin(storeDish, and(eq(storeDish.id, storeDishSpecGroup.dishId), isNull(storeDish.archivedAt)))
    .where(inArray(storeDishSpecGroup.groupId, [...groupIds]))
    .groupBy(storeDishSpecGroup.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

async function records(db: Db, groups: GroupRow[]): Promise<SpecGroupRecord[]> {
  const ids = groups.map((g) => g.id);
  const options = ids.length
    ? await db.select().from(storeSpecOption).where(inArray(storeSpecOption.groupId, ids)).orderBy(asc(storeSpecOption.sort), asc(storeSpecOption.id))
    : [];
  const counts = await dishCounts(db, ids);
  return groups.map((g) => ({
    id: g.id,
    storeId: g.storeId,
    name: g.name,
    selection: g.selection,
    minSelect: g.minSelect,
    maxSelect: g.maxSelect,
    sort: g.sort,
    options: options.filter((o) => o.groupId === g.id).map((o) => ({ id: o.id, name: o.name, priceDelta: o.priceDelta, isDefault: o.isDefault, enabled: o.enabled, sort: o.sort })),
    dishCount: counts.get(g.id) ?? 0,
    createTime: g.createdAt.toISOString(),
  }));
}

/** Rules the body's schema cannot see alone: defaults within the selection. */
function checkBody(body: Body): void {
  const defaults = body.options.filter((o) => o.isDefault && o.enabled).length;
  if (body.selection === 'single' && defaults > 1) throw badRequest('options: 单选规格只能有一个默认选项');
  if (defaults > body.maxSelect) throw badRequest(`options: 默认选项不能多于最多选择数 ${body.maxSelect}`);
}

/**
 * Saves a group's options as sent: those with an id (which must be the group's) are updated,
 * those without are added, the group's others are deleted. Names are unique within the group,
 * so renames go through temporary names first (two options may swap names).
 */
async function saveOptions(tx: Db, groupId: string, options: Body['options']): Promise<void> {
  const existing = await tx.select({ id: storeSpecOption.id, name: storeSpecOption.name }).from(storeSpecOption).where(eq(storeSpecOption.groupId, groupId));
  const own = new Map(existing.map((o) => [o.id, o.name]));
  const kept = options.filter((o): o is typeof o & { id: string } => Boolean(o.id));
  const foreign = kept.filter((o) => !own.has(o.id));
  if (foreign.length) throw badRequest(`options: 选项 ${foreign.map((o) => o.id).join(', ')} 不属于该规格`);
  const keptIds = kept.map((o) => o.id);
  await tx.delete(storeSpecOption).where(and(eq(storeSpecOption.groupId, groupId), keptIds.length ? notInArray(storeSpecOption.id, keptIds) : undefined));
  if (kept.some((o) => own.get(o.id) !== o.name)) {
    await tx.update(storeSpecOption).set({ name: sql`chr(1) || ${storeSpecOption.id}::text` }).where(inArray(storeSpecOption.id, keptIds));
  }
  for (const o of kept) {
    await tx.update(storeSpecOption).set({ name: o.name, priceDelta: o.priceDelta, isDefault: o.isDefault, enabled: o.enabled, sort: o.sort }).where(eq(storeSpecOption.id, o.id));
  }
  const added = options.filter((o) => !o.id);
  if (added.length) {
    await tx.insert(storeSpecOption).values(added.map((o) => ({ groupId, name: o.name, priceDelta: o.priceDelta, isDefault: o.isDefault, enabled: o.enabled, sort: o.sort })));
  }
}

export function specService(app: FastifyInstance) {
  const db = app.database.db;

  /** The group within the request's stores, or 404. */
  const row = async (request: FastifyRequest, id: string): Promise<GroupRow> => {
    const [found] = await db.select().from(storeSpecGroup).where(and(eq(storeSpecGroup.id, id), storeCondition(request, storeSpecGroup.storeId)));
    if (!found) throw notFound(`规格 ${id} 不存在`);
    return found;
  };
  const get = async (request: FastifyRequest, id: string): Promise<SpecGroupRecord> => (await records(db, [await row(request, id)]))[0]!;

  return {
    get,

    async page(request: FastifyRequest, query: Query): Promise<Page<SpecGroupRecord>> {
      assertStore(request, query.storeId);
      const where = and(eq(storeSpecGroup.storeId, query.storeId), nameContains(storeSpecGroup.name, query.name));
      const page = await paginate(query, sortable, {
        count: async () => (await db.select({ n: count() }).from(storeSpecGroup).where(where))[0]!.n,
        rows: ({ order, limit, offset }) => db.select().from(storeSpecGroup).where(where).orderBy(...order, asc(storeSpecGroup.id)).limit(limit).offset(offset),
      }, [asc(storeSpecGroup.sort)]);
      return { ...page, records: await records(db, page.records) };
    },

    async create(request: FastifyRequest, body: Body): Promise<SpecGroupRecord> {
      assertStore(request, body.storeId);
      checkBody(body);
      const id = await menuWrite(app, body.storeId, async (tx) => {
        const [created] = await tx.insert(storeSpecGroup).values({
          storeId: body.storeId, name: body.name, selection: body.selection, minSelect: body.minSelect, maxSelect: body.maxSelect, sort: body.sort,
        }).returning({ id: storeSpecGroup.id });
        await saveOptions(tx, created!.id, body.options);
        return created!.id;
      });
      return get(request, id);
    },

    async update(request: FastifyRequest, body: Body): Promise<SpecGroupRecord> {
      if (!body.id) throw badRequest('id: 修改规格需要 id');
      const existing = await row(request, body.id);
      if (body.storeId !== existing.storeId) throw badRequest('storeId: 规格不能移到其他门店');
      checkBody(body);
      await menuWrite(app, existing.storeId, async (tx) => {
        await tx.update(storeSpecGroup).set({
          name: body.name, selection: body.selection, minSelect: body.minSelect, maxSelect: body.maxSelect, sort: body.sort, updatedAt: new Date(),
        }).where(eq(storeSpecGroup.id, existing.id));
        await saveOptions(tx, existing.id, body.options);
      });
      return get(request, existing.id);
    },

    /** Deletes a group no live dish uses (409 naming how many do); archived dishes let go of it. */
    async remove(request: FastifyRequest, id: string): Promise<void> {
      const existing = await row(request, id);
      await menuWrite(app, existing.storeId, async (tx) => {
        const n = (await dishCounts(tx, [id])).get(id) ?? 0;
        if (n > 0) throw conflict(`该规格已关联 ${n} 个菜品，请先取消关联再删除`);
        const archived = tx.select({ id: storeDish.id }).from(storeDish).where(isNotNull(storeDish.archivedAt));
        await tx.delete(storeDishSpecGroup).where(and(eq(storeDishSpecGroup.groupId, id), inArray(storeDishSpecGroup.dishId, archived)));
        await tx.delete(storeSpecGroup).where(eq(storeSpecGroup.id, id));
      });
    },
  };
}
