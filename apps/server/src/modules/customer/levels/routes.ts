import { and, asc, count, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { memberLevelEndpoints as api, type MemberLevelRecord, type memberLevelBodySchema } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { declareConstraints, translating } from '../../../http/db-errors.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { member, memberLevel } from '../tables.js';
import { inTx } from '../../../db/queries.js';
import { iso } from '../../../http/iso.js';

type LevelBody = z.output<typeof memberLevelBodySchema>;

declareConstraints({
  member_level_name: (name) => `会员等级 ${name} 已存在`,
  member_level_rank: (rank) => `等级序号 ${rank} 已被其他等级使用`,
  member_level_threshold: (threshold) => `升级门槛 ${threshold} 分已被其他等级使用`,
});

/** Every level by rank, with how many members hold it. */
export async function levelList(db: Db): Promise<MemberLevelRecord[]> {
  const [levels, counts] = await Promise.all([
    db.select().from(memberLevel).orderBy(asc(memberLevel.rank)),
    db.select({ id: member.levelId, n: count() }).from(member).groupBy(member.levelId),
  ]);
  const byLevel = new Map(counts.map((c) => [c.id, c.n]));
  return levels.map((l) => ({
    id: l.id, name: l.name, rank: l.rank, threshold: l.threshold, discountRate: l.discountRate, pointsRate: l.pointsRate,
    memberCount: byLevel.get(l.id) ?? 0, createTime: iso(l.createdAt), updateTime: iso(l.updatedAt),
  }));
}

/**
 * A higher rank needs a higher threshold: members move up by crossing thresholds, so the
 * thresholds must rise with the ranks (the rank-0 level's is 0).
 */
async function checkOrder(tx: Db, body: LevelBody): Promise<void> {
  const [clash] = await tx.select({ name: memberLevel.name, rank: memberLevel.rank, threshold: memberLevel.threshold }).from(memberLevel).where(and(
    body.id ? ne(memberLevel.id, body.id) : undefined,
    or(
      and(sql`${memberLevel.rank} < ${body.rank}`, gte(memberLevel.threshold, body.threshold)),
      and(sql`${memberLevel.rank} > ${body.rank}`, lte(memberLevel.threshold, body.threshold)),
    ),
  )).limit(1);
  if (clash) {
    throw badRequest(clash.rank < body.rank
      ? `threshold: 升级门槛必须高于较低等级「${clash.name}」的门槛（${clash.threshold} 分）`
      : `threshold: 升级门槛必须低于较高等级「${clash.name}」的门槛（${clash.threshold} 分）`);
  }
}

/** 会员等级: the list (customer:member:index) and its writes (customer:member:level). */
export const levelRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const recordOf = async (id: string) => {
    const found = (await levelList(db)).find((l) => l.id === id);
    if (!found) throw notFound(`会员等级 ${id} 不存在`);
    return found;
  };

  serve(app, api.list, () => levelList(db));

  serve(app, api.create, async ({ body }) => {
    const id = await inTx(db, async (tx) => {
      await checkOrder(tx, body);
      const [created] = await translating(() => tx.insert(memberLevel).values({
        name: body.name, rank: body.rank, threshold: body.threshold, discountRate: body.discountRate, pointsRate: body.pointsRate,
      }).returning({ id: memberLevel.id }), {});
      return created!.id;
    });
    return recordOf(id);
  });

  serve(app, api.update, async ({ body }) => {
    if (!body.id) throw badRequest('id: 修改会员等级需要 id');
    const id = body.id;
    await inTx(db, async (tx) => {
      const [existing] = await tx.select().from(memberLevel).where(eq(memberLevel.id, id)).for('update');
      if (!existing) throw notFound(`会员等级 ${id} 不存在`);
      if (existing.rank === 0 && body.rank !== 0) throw badRequest('rank: 初始等级（序号0）的序号不能修改');
      await checkOrder(tx, body);
      await translating(() => tx.update(memberLevel).set({
        name: body.name, rank: body.rank, threshold: body.threshold, discountRate: body.discountRate, pointsRate: body.pointsRate, updatedAt: new Date(),
      }).where(eq(memberLevel.id, id)), {});
    });
    return recordOf(id);
  });

  serve(app, api.remove, async ({ params }) => {
    await inTx(db, async (tx) => {
      const [existing] = await tx.select().from(memberLevel).where(eq(memberLevel.id, params.id)).for('update');
      if (!existing) throw notFound(`会员等级 ${params.id} 不存在`);
      if (existing.rank === 0) throw conflict(`「${existing.name}」是新会员的初始等级（序号0），不能删除`);
      const [held] = await tx.select({ n: count() }).from(member).where(eq(member.levelId, params.id));
      if (held && held.n > 0) throw conflict(`还有 ${held.n} 名会员属于「${existing.name}」，不能删除`);
      await tx.delete(memberLevel).where(eq(memberLevel.id, params.id));
    });
    return true;
  });
};
