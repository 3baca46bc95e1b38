import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { businessDateOf, maskPhone, type MemberBalances, type RechargeRecord, type rechargeBodySchema, type rechargeQuerySchema } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { storeForReads as store } from '../../store/service.js';
import type { CustomerServices } from '../plugin.js';
import { memberPlanCounts, planRefusal } from '../recharge-plans/service.js';
import { member, recharge, rechargePlan } from '../tables.js';
import type { Operator, Wallet } from '../wallet/service.js';
import { iso, isoOrNull } from '../../../http/iso.js';

type RechargeBody = z.output<typeof rechargeBodySchema>;
type RechargeQuery = z.output<typeof rechargeQuerySchema>;
type RechargeRow = typeof recharge.$inferSelect;

export interface RechargeOutcome {
  rechargeId: string;
  created: boolean;
  balances: MemberBalances;
  couponIds: string[];
}

/** The part of a recharge the answer and the list show, joined with its member, plan and store. */
export async function rechargeRecords(db: Db, where: SQL | undefined, window?: { limit: number; offset: number }): Promise<RechargeRecord[]> {
  const query = db.select({
    r: recharge, memberNo: member.memberNo, memberName: member.name, phone: member.phone, planName: rechargePlan.name, storeName: store.name,
  }).from(recharge).innerJoin(member, eq(member.id, recharge.memberId)).innerJoin(store, eq(store.id, recharge.storeId))
    .leftJoin(rechargePlan, eq(rechargePlan.id, recharge.planId)).where(where).orderBy(desc(recharge.createdAt), desc(recharge.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map(({ r, memberNo, memberName, phone, planName, storeName }) => ({
    id: r.id, memberId: r.memberId, memberNo, memberName, memberPhone: maskPhone(phone), planId: r.planId, planName: planName ?? null,
    storeId: r.storeId, storeName, payAmount: r.payAmount, bonusAmount: r.bonusAmount, bonusPoints: r.bonusPoints, payMethod: r.payMethod,
    paymentRef: r.paymentRef, status: r.status, refundPrincipal: r.refundPrincipal, refundBonus: r.refundBonus, refundReason: r.refundReason,
    refundedAt: isoOrNull(r.refundedAt), operatorName: r.operatorName, businessDate: r.businessDate, createTime: iso(r.createdAt),
  }));
}

export const rechargeConditions = (q: RechargeQuery): Array<SQL | undefined> => [
  q.storeId ? eq(recharge.storeId, q.storeId) : undefined,
  q.memberId ? eq(recharge.memberId, q.memberId) : undefined,
  q.dateFrom ? gte(recharge.businessDate, q.dateFrom) : undefined,
  q.dateTo ? lte(recharge.businessDate, q.dateTo) : undefined,
  q.payMethod ? eq(recharge.payMethod, q.payMethod) : undefined,
  q.status ? eq(recharge.status, q.status) : undefined,
];

export async function rechargeCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recharge).where(where);
  return row?.n ?? 0;
}

/** The same payment again: the same recharge, or a 409 when the reference was used for a different one. */
function sameRecharge(existing: RechargeRow, body: RechargeBody): void {
  const samePlan = (existing.planId ?? null) === (body.planId ?? null);
  const sameAmount = body.amount == null || body.amount === existing.payAmount;
  if (existing.memberId !== body.memberId || existing.storeId !== body.storeId || !samePlan || !sameAmount) {
    throw conflict(`支付流水号 ${body.paymentRef} 已用于另一笔充值，不能重复使用`);
  }
}

/**
 * A recharge at the counter, in one transaction: credited exactly once for its payment
 * reference. The same reference again answers the recharge it made (created false), without a
 * second credit, even if the plan has changed since. Otherwise: the member row is locked (two
 * counters recharging the same member queue), a frozen member is refused, the plan must be
 * enabled, in date, allowed in the store and under the member's limit; then the recharge row,
 * principal = what was paid, the plan's bonus and points, total recharged, the ledger rows and
 * the plan's gift coupons.
 */
export async function rechargeOnce(
  tx: Db,
  services: CustomerServices,
  body: RechargeBody,
  operator: Operator,
  now = new Date(),
): Promise<RechargeOutcome> {
  const wallet: Wallet = services.wallet;
  const replay = async (): Promise<RechargeOutcome | undefined> => {
    const [existing] = await tx.select().from(recharge).where(eq(recharge.paymentRef, body.paymentRef));
    if (!existing) return undefined;
    sameRecharge(existing, body);
    return { rechargeId: existing.id, created: false, balances: await wallet.balances(tx, existing.memberId), couponIds: [] };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const [shop] = await tx.select({ id: store.id, timeZone: store.timeZone, cutoff: store.dayCutoffHour }).from(store).where(eq(store.id, body.storeId));
  if (!shop) throw notFound(`门店 ${body.storeId} 不存在`);
  const m = await wallet.lock(tx, body.memberId);
  if (m.status === 'frozen') throw badRequest(`会员 ${maskPhone(m.phone)} 已冻结，不能充值`);

  let pay: number;
  let bonus = 0;
  let points = 0;
  let gifts: string[] = [];
  if (body.planId) {
    // FOR SHARE: the plan cannot be deleted or changed under a recharge in progress.
    const [plan] = await tx.select().from(rechargePlan).where(eq(rechargePlan.id, body.planId)).for('share');
    if (!plan) throw badRequest(`planId: 充值方案 ${body.planId} 不存在`);
    const refusal = planRefusal(plan, body.storeId, now);
    if (refusal) throw badRequest(refusal);
    if (plan.perMemberLimit != null) {
      // The member row is locked: concurrent recharges of this member are counted one after another.
      const done = (await memberPlanCounts(tx, m.id, [plan.id])).get(plan.id) ?? 0;
      if (done >= plan.perMemberLimit) throw badRequest(`充值方案「${plan.name}」每人限充 ${plan.perMemberLimit} 次，该会员已充 ${done} 次`);
    }
    pay = plan.payAmount;
    bonus = plan.bonusAmount;
    points = plan.bonusPoints;
    gifts = plan.giftCouponPlanIds;
  } else {
    pay = body.amount!;
  }

  const [created] = await tx.insert(recharge).values({
    memberId: m.id, planId: body.planId ?? null, storeId: body.storeId, payAmount: pay, bonusAmount: bonus, bonusPoints: points, payMethod: body.payMethod,
    paymentRef: body.paymentRef, status: 'paid', operatorId: operator.id, operatorName: operator.name,
    businessDate: businessDateOf(now, shop.timeZone, shop.cutoff),
  }).onConflictDoNothing({ target: recharge.paymentRef }).returning({ id: recharge.id });
  if (!created) {
    // The same reference committed by a concurrent request meanwhile.
    const again = await replay();
    if (again) return again;
    throw conflict('充值正在处理中，请稍后查看充值记录');
  }
  const balances = await wallet.creditRecharge(tx, {
    memberId: m.id, rechargeId: created.id, storeId: body.storeId, principal: pay, bonus, points, operator,
  });
  // The plan's gift coupons, in this transaction (a plan that cannot give one now is passed over).
  const couponIds = gifts.length
    ? await services.coupons.issueForRecharge(tx, { memberId: m.id, rechargeId: created.id, storeId: body.storeId, couponPlanIds: gifts, operatorId: operator.id })
    : [];
  return { rechargeId: created.id, created: true, balances, couponIds };
}

/**
 * Refunds a recharge: takes back what is left of its bonus first (at most the member's bonus),
 * then refunds the unspent principal up to what the recharge paid, and its bonus points as far
 * as the member has them. One recharge_refund ledger row; the recharge is marked refunded with
 * what was taken back; the coupons it gave that are still unused are voided. `canSee` decides
 * whether the caller may touch the recharge's store.
 */
export async function refundRecharge(
  tx: Db,
  services: CustomerServices,
  id: string,
  reason: string,
  operator: Operator,
  canSee: (storeId: string) => boolean,
): Promise<{ principal: number; bonus: number; points: number; voidedCoupons: number }> {
  const [r] = await tx.select().from(recharge).where(eq(recharge.id, id)).for('update');
  if (!r || !canSee(r.storeId)) throw notFound(`充值记录 ${id} 不存在`);
  if (r.status === 'refunded') throw conflict(`该充值已于 ${r.refundedAt ? iso(r.refundedAt) : ''} 退款，不能重复退款`);
  const wallet = services.wallet;
  const m = await wallet.lock(tx, r.memberId);
  const bonus = Math.min(r.bonusAmount, m.balanceBonus);
  const principal = Math.min(r.payAmount, m.balancePrincipal);
  const points = Math.min(r.bonusPoints, m.points);
  await wallet.takeBackRecharge(tx, { memberId: m.id, rechargeId: r.id, storeId: r.storeId, principal, bonus, points, operator, reason });
  await tx.update(recharge).set({ status: 'refunded', refundPrincipal: principal, refundBonus: bonus, refundReason: reason, refundedAt: new Date() })
    .where(and(eq(recharge.id, r.id), eq(recharge.status, 'paid')));
  const voided = await services.coupons.voidForRecharge(tx, r.id, `充值退款：${reason}`);
  return { principal, bonus, points, voidedCoupons: voided.length };
}
