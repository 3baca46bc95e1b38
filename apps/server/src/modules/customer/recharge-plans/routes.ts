import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rechargePlanEndpoints as api } from '@canteen/contract';
import { declareConstraints, translating } from '../../../http/db-errors.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy } from '../../../http/paging.js';
import { contains } from '../../../http/resource.js';
import { memberRecord } from '../members/service.js';
import { assertStore } from '../../store/scope.js';
import { recharge, rechargePlan } from '../tables.js';
import { availablePlans, checkPlanRefs, planRecords, type RechargePlanBody } from './service.js';
import { inTx } from '../../../db/queries.js';

declareConstraints({ recharge_plan_name: (name) => `充值方案 ${name} 已存在` });

const sortable = { sort: rechargePlan.sort, pay_amount: rechargePlan.payAmount, create_time: rechargePlan.createdAt };

const columnsOf = (body: RechargePlanBody) => ({
  name: body.name, payAmount: body.payAmount, bonusAmount: body.bonusAmount, bonusPoints: body.bonusPoints, giftCouponPlanIds: body.giftCouponPlanIds,
  storeIds: body.storeIds, startsAt: body.startsAt ? new Date(body.startsAt) : null, endsAt: body.endsAt ? new Date(body.endsAt) : null,
  perMemberLimit: body.perMemberLimit ?? null, enabled: body.enabled, sort: body.sort,
});

/** 充值方案 (customer:rechargecard), and what the counter offers a member (customer:member:recharge). */
export const rechargePlanRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const recordOf = async (id: string) => {
    const [row] = await db.select().from(rechargePlan).where(eq(rechargePlan.id, id));
    if (!row) throw notFound(`充值方案 ${id} 不存在`);
    return (await planRecords(db, [row]))[0]!;
  };

  serve(app, api.page, async ({ query }) => {
    const where = and(contains(rechargePlan.name, query.name), query.enabled === undefined ? undefined : eq(rechargePlan.enabled, query.enabled));
    const order = [...orderBy(query, sortable, [asc(rechargePlan.sort), asc(rechargePlan.payAmount)]), asc(rechargePlan.id)];
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(rechargePlan).where(where),
      db.select().from(rechargePlan).where(where).orderBy(...order).limit(query.size).offset((query.current - 1) * query.size),
    ]);
    const n = total?.n ?? 0;
    return { records: await planRecords(db, rows), total: n, size: query.size, current: query.current, pages: Math.ceil(n / query.size) };
  });

  serve(app, api.available, async ({ query }, request) => {
    assertStore(request, query.storeId);
    await memberRecord(db, query.memberId);
    return availablePlans(db, query.storeId, query.memberId);
  });

  serve(app, api.get, ({ params }) => recordOf(params.id));

  serve(app, api.create, async ({ body }) => {
    const id = await inTx(db, async (tx) => {
      await checkPlanRefs(tx, body);
      const [created] = await translating(() => tx.insert(rechargePlan).values(columnsOf(body)).returning({ id: rechargePlan.id }), {});
      return created!.id;
    });
    return recordOf(id);
  });

  serve(app, api.update, async ({ body }) => {
    const id = body.id;
    if (!id) throw badRequest('id: 修改充值方案需要 id');
    await inTx(db, async (tx) => {
      const [existing] = await tx.select({ id: rechargePlan.id }).from(rechargePlan).where(eq(rechargePlan.id, id)).for('update');
      if (!existing) throw notFound(`充值方案 ${id} 不存在`);
      await checkPlanRefs(tx, body);
      // A recharge keeps the amounts it was made with (its own columns): editing the plan changes only later recharges.
      await translating(() => tx.update(rechargePlan).set({ ...columnsOf(body), updatedAt: new Date() }).where(eq(rechargePlan.id, id)), {});
    });
    return recordOf(id);
  });

  serve(app, api.remove, async ({ params }) => {
    await inTx(db, async (tx) => {
      const [existing] = await tx.select({ id: rechargePlan.id, name: rechargePlan.name }).from(rechargePlan).where(eq(rechargePlan.id, params.id)).for('update');
      if (!existing) throw notFound(`充值方案 ${params.id} 不存在`);
      const [used] = await tx.select({ n: count() }).from(recharge).where(eq(recharge.planId, params.id));
      if (used && used.n > 0) throw conflict(`充值方案「${existing.name}」已有 ${used.n} 笔充值使用，不能删除，可以停用`);
      await tx.delete(rechargePlan).where(eq(rechargePlan.id, params.id));
    });
    return true;
  });
};
