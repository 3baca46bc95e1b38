import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AvailableRechargePlan, RechargePlanRecord, rechargePlanBodySchema } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { storeForReads as store } from '../../store/service.js';
import { couponPlan, recharge, rechargePlan } from '../tables.js';
import { iso, isoOrNull } from '../../../http/iso.js';

type PlanRow = typeof rechargePlan.$inferSelect;
export type RechargePlanBody = z.output<typeof rechargePlanBodySchema>;

/** Recharges made with each plan (refunded ones included): what keeps a plan from being deleted. */
export async function usedCounts(db: Db, planIds: readonly string[]): Promise<Map<string, number>> {
  if (!planIds.length) return new Map();
  const rows = await db.select({ id: recharge.planId, n: count() }).from(recharge).where(inArray(recharge.planId, [...planIds])).groupBy(recharge.planId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export async function planRecords(db: Db, rows: PlanRow[]): Promise<RechargePlanRecord[]> {
  const used = await usedCounts(db, rows.map((r) => r.id));
  return rows.map((p) => ({
    id: p.id, name: p.name, payAmount: p.payAmount, bonusAmount: p.bonusAmount, bonusPoints: p.bonusPoints, giftCouponPlanIds: p.giftCouponPlanIds,
    storeIds: p.storeIds, startsAt: isoOrNull(p.startsAt), endsAt: isoOrNull(p.endsAt), perMemberLimit: p.perMemberLimit, enabled: p.enabled, sort: p.sort,
    usedCount: used.get(p.id) ?? 0, createTime: iso(p.createdAt), updateTime: iso(p.updatedAt),
  }));
}

/** The stores and gift coupon plans a plan names must exist. */
export async function checkPlanRefs(db: Db, body: RechargePlanBody): Promise<void> {
  if (body.storeIds.length) {
    const found = new Set((await db.select({ id: store.id }).from(store).where(inArray(store.id, body.storeIds))).map((s) => s.id));
    const missing = body.storeIds.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`storeIds: 门店 ${missing.join('、')} 不存在`);
  }
  if (body.giftCouponPlanIds.length) {
    const plans = await db.select({ id: couponPlan.id, name: couponPlan.name, status: couponPlan.status }).from(couponPlan)
      .where(inArray(couponPlan.id, body.giftCouponPlanIds));
    const found = new Set(plans.map((p) => p.id));
    const missing = body.giftCouponPlanIds.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`giftCouponPlanIds: 优惠券 ${missing.join('、')} 不存在`);
    const ended = plans.find((p) => p.status === 'ended');
    if (ended) throw badRequest(`giftCouponPlanIds: 优惠券「${ended.name}」已结束，不能赠送`);
  }
}

/** Why a plan cannot be used in a store now, or null when it can (the member's limit aside). */
export function planRefusal(plan: PlanRow, storeId: string, now: Date): string | null {
  if (!plan.enabled) return `充值方案「${plan.name}」已停用`;
  if (plan.startsAt && now < plan.startsAt) return `充值方案「${plan.name}」尚未开始`;
  if (plan.endsAt && now >= plan.endsAt) return `充值方案「${plan.name}」已结束`;
  if (plan.storeIds.length && !plan.storeIds.includes(storeId)) return `充值方案「${plan.name}」不适用于该门店`;
  return null;
}

/** How many paid (not refunded) recharges a member made with each plan. */
export async function memberPlanCounts(db: Db, memberId: string, planIds: readonly string[]): Promise<Map<string, number>> {
  if (!planIds.length) return new Map();
  const rows = await db.select({ id: recharge.planId, n: count() }).from(recharge)
    .where(and(eq(recharge.memberId, memberId), eq(recharge.status, 'paid'), inArray(recharge.planId, [...planIds]))).groupBy(recharge.planId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

/** What the counter offers a member in a store now: enabled, in date, store allowed, under the member's limit. */
export async function availablePlans(db: Db, storeId: string, memberId: string, now = new Date()): Promise<AvailableRechargePlan[]> {
  const rows = (await db.select().from(rechargePlan).where(and(eq(rechargePlan.enabled, true), sql`(${rechargePlan.storeIds} = '{}' or ${storeId}::bigint = any(${rechargePlan.storeIds}))`))
    .orderBy(asc(rechargePlan.sort), asc(rechargePlan.payAmount), asc(rechargePlan.id))).filter((p) => planRefusal(p, storeId, now) === null);
  const done = await memberPlanCounts(db, memberId, rows.map((p) => p.id));
  const records = await planRecords(db, rows);
  return records
    .map((p) => ({ ...p, remaining: p.perMemberLimit == null ? null : p.perMemberLimit - (done.get(p.id) ?? 0) }))
    .filter((p) => p.remaining === null || p.remaining > 0);
}
