import { and, asc, count, desc, eq, isNull, like, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { couponEndpoints, couponPlanEndpoints as api, maskPhone, type CouponRecord, type couponQuerySchema } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { translating } from '../../../http/db-errors.js';
import { serve } from '../../../http/endpoint.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy } from '../../../http/paging.js';
import { storeCondition, storesById } from '../../store/service.js';
import { operatorOf } from '../http.js';
import { coupon, couponPlan, member, memberLevel } from '../tables.js';
import { registerCouponExpiry } from './expiry.js';
import { activePlans, checkPlanDelete, checkPlanEdit, checkPlanRefs, planColumns, planPage, planRecords, planRow } from './plans.js';
import type { CouponService } from './service.js';
import { inTx, likePrefix } from '../../../db/queries.js';
import { iso, isoOrNull } from '../../../http/iso.js';

type CouponQuery = z.output<typeof couponQuerySchema>;

/**
 * A coupon is brand-wide until an order locks or uses it in a store: the request's stores see
 * the unplaced ones and their own (another store's coupon answers 404, never the row).
 */
const visible = (request: FastifyRequest): SQL | undefined => {
  const stores = storeCondition(request, coupon.storeId);
  return stores ? or(isNull(coupon.storeId), stores) : undefined;
};

const couponSortable = { create_time: coupon.createdAt, valid_to: coupon.validTo, used_at: coupon.usedAt };

/** The coupons matching `where`, with their plan, member (phone masked) and store. */
export async function couponRecords(db: Db, where: SQL | undefined, window?: { order: SQL[]; limit: number; offset: number }): Promise<CouponRecord[]> {
  const query = db.select({ c: coupon, p: couponPlan, memberNo: member.memberNo, memberName: member.name, phone: member.phone })
    .from(coupon).innerJoin(couponPlan, eq(couponPlan.id, coupon.planId)).innerJoin(member, eq(member.id, coupon.memberId)).where(where);
  const rows = window ? await query.orderBy(...window.order).limit(window.limit).offset(window.offset) : await query;
  const stores = await storesById(db, rows.flatMap(({ c }) => (c.storeId ? [c.storeId] : [])));
  return rows.map(({ c, p, memberNo, memberName, phone }) => ({
    id: c.id, planId: c.planId, planName: p.name, kind: p.kind, value: p.value, minSpend: p.minSpend, maxDiscount: p.maxDiscount,
    memberId: c.memberId, memberNo, memberName, memberPhone: maskPhone(phone), code: c.code, status: c.status, validFrom: iso(c.validFrom),
    validTo: iso(c.validTo), source: c.source, rechargeId: c.rechargeId, orderId: c.orderId, storeId: c.storeId, storeName: c.storeId ? (stores.get(c.storeId)?.name ?? null) : null,
    discountAmount: c.discountAmount, lockedAt: isoOrNull(c.lockedAt), usedAt: isoOrNull(c.usedAt), voidedAt: isoOrNull(c.voidedAt),
    voidReason: c.voidReason, createTime: iso(c.createdAt),
  }));
}

const couponConditions = (q: CouponQuery): Array<SQL | undefined> => [
  q.planId ? eq(coupon.planId, q.planId) : undefined,
  q.memberId ? eq(coupon.memberId, q.memberId) : undefined,
  q.status ? eq(coupon.status, q.status) : undefined,
  q.source ? eq(coupon.source, q.source) : undefined,
  q.code ? like(coupon.code, likePrefix(q.code.toUpperCase())) : undefined,
];

/**
 * 优惠券 (customer:coupon): plans (page, pickers' list, add, edit, delete until issued, status),
 * issuing to members or a level, the coupons issued (page, void). Registers the expiry job.
 */
export const couponRoutes: FastifyPluginAsync<{ service: CouponService }> = async (app, { service }) => {
  const db = app.database.db;
  registerCouponExpiry(app);
  const planRecord = async (id: string) => (await planRecords(db, [await planRow(db, id)]))[0]!;

  serve(app, api.page, ({ query }) => planPage(db, query));
  serve(app, api.list, () => activePlans(db));
  serve(app, api.get, ({ params }) => planRecord(params.id));

  serve(app, api.create, async ({ body }) => {
    const id = await inTx(db, async (tx) => {
      await checkPlanRefs(tx, body);
      const [created] = await translating(() => tx.insert(couponPlan).values(planColumns(body)).returning({ id: couponPlan.id }), {});
      return created!.id;
    });
    return planRecord(id);
  });

  serve(app, api.update, async ({ body }) => {
    const id = body.id;
    if (!id) throw badRequest('id: 修改优惠券需要 id');
    await inTx(db, async (tx) => {
      const existing = await planRow(tx, id, true);
      const next = planColumns(body);
      checkPlanEdit(existing, next);
      await checkPlanRefs(tx, body);
      await translating(() => tx.update(couponPlan).set({ ...next, updatedAt: new Date() }).where(eq(couponPlan.id, id)), {});
    });
    return planRecord(id);
  });

  serve(app, api.remove, async ({ params }) => {
    await inTx(db, async (tx) => {
      const existing = await planRow(tx, params.id, true);
      await checkPlanDelete(tx, existing);
      await tx.delete(couponPlan).where(eq(couponPlan.id, params.id));
    });
    return true;
  });

  serve(app, api.status, async ({ params, body }) => {
    await inTx(db, async (tx) => {
      const existing = await planRow(tx, params.id, true);
      if (existing.status === body.status) return;
      if (existing.status === 'ended') throw conflict(`优惠券「${existing.name}」已结束，不能重新启用`);
      await tx.update(couponPlan).set({ status: body.status, updatedAt: new Date() }).where(eq(couponPlan.id, params.id));
    });
    return planRecord(params.id);
  });

  serve(app, api.issue, async ({ params, body }, request) => {
    let memberIds = body.memberIds ?? [];
    if (body.levelId) {
      const [level] = await db.select({ id: memberLevel.id }).from(memberLevel).where(eq(memberLevel.id, body.levelId));
      if (!level) throw notFound(`会员等级 ${body.levelId} 不存在`);
      memberIds = (await db.select({ id: member.id }).from(member).where(eq(member.levelId, body.levelId)).orderBy(asc(member.id))).map((m) => m.id);
    }
    await planRow(db, params.id); // 404 before anything else
    return inTx(db, (tx) => service.issue(tx, params.id, memberIds, { source: 'admin', operator: operatorOf(request) }));
  });

  const couponRecord = async (request: FastifyRequest, id: string) => {
    const [found] = await couponRecords(db, and(eq(coupon.id, id), visible(request)));
    if (!found) throw notFound(`优惠券 ${id} 不存在`);
    return found;
  };

  serve(app, couponEndpoints.page, async ({ query }, request) => {
    const where = and(visible(request), ...couponConditions(query));
    const order = [...orderBy(query, couponSortable, []), desc(coupon.id)];
    const [[total], records] = await Promise.all([
      db.select({ n: count() }).from(coupon).where(where),
      couponRecords(db, where, { order, limit: query.size, offset: (query.current - 1) * query.size }),
    ]);
    const n = total?.n ?? 0;
    return { records, total: n, size: query.size, current: query.current, pages: Math.ceil(n / query.size) };
  });

  serve(app, couponEndpoints.get, ({ params }, request) => couponRecord(request, params.id));

  serve(app, couponEndpoints.void, async ({ params, body }, request) => {
    await couponRecord(request, params.id); // another store's coupon: 404
    await inTx(db, (tx) => service.void(tx, params.id, body.reason));
    return couponRecord(request, params.id);
  });
};
