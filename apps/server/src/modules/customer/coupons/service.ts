import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  couponDiscount, formatFen, localParts, type CouponIssueResult, type CouponLine, type CouponSkipReason, type CouponSource, type OrderType,
} from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { storeList, storesById } from '../../store/service.js';
import { coupon, couponPlan, member } from '../tables.js';
import { KIND_NAMES, planRow, type CouponPlanRow } from './plans.js';

/**
 * Coupons (STORE.md §5): issuing them from a plan, and their way through an order for the
 * orders module — `lock` when the order is created, `use` when it is paid, `release` when it is
 * cancelled. Every change of a coupon is one conditional update (`… where status = expected`)
 * inside the caller's transaction, so two orders can never hold or use one coupon, and a call
 * made twice changes nothing the second time.
 *
 * Issuing holds the plan's row (SELECT … FOR UPDATE) for the rest of the transaction: the
 * issues of one plan follow one another, each counting the members' coupons after the one
 * before committed, so the quantity (a conditional UPDATE of issued_count, the table's check
 * behind it) and the per-member limit hold under any concurrency.
 *
 * Lock order, for callers: member rows before plan rows (an issue takes its members FOR KEY
 * SHARE, then the plan; a recharge locks its member, then gives its gift plans). `lock` and
 * `release` touch only the coupon; `use` updates the plan's used_count, so a payment that also
 * charges the wallet calls `wallet.charge` (the member row) before `coupons.use`.
 */

export interface Operator {
  id: string | null;
  name: string;
}

/** A coupon code: 12 characters of an alphabet without 0/O, 1/I/L (60 random bits; never the id). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 12;
export function newCouponCode(): string {
  const bytes = randomBytes(CODE_LENGTH * 2);
  let code = '';
  // Rejection sampling keeps every character equally likely (31 letters; 248 = 8 × 31).
  for (let i = 0; i < bytes.length && code.length < CODE_LENGTH; i++) if (bytes[i]! < 248) code += CODE_ALPHABET[bytes[i]! % 31];
  return code.length === CODE_LENGTH ? code : newCouponCode();
}

const DEFAULT_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/** The instant a wall-clock midnight (`y-m-d` given as UTC) happens in a zone. */
function midnightIn(wallUtc: number, timeZone: string): number {
  const offset = (at: number) => {
    const p = localParts(new Date(at), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000;
  };
  let guess = wallUtc - offset(wallUtc);
  guess = wallUtc - offset(guess);
  return guess;
}

/**
 * The end of a relative validity: `days` days counting the day of issue as the first, so a
 * 7-day coupon issued on the 25th is good until the end of the 1st (local midnight).
 */
export function relativeValidTo(issuedAt: Date, days: number, timeZone: string): Date {
  const p = localParts(issuedAt, timeZone);
  return new Date(midnightIn(Date.UTC(p.year, p.month - 1, p.day) + days * DAY_MS, timeZone));
}

/** The brand's time zone: the first store's, or Asia/Shanghai. */
async function zoneOf(db: Db, storeId?: string): Promise<string> {
  const found = storeId ? (await storesById(db, [storeId])).get(storeId) : (await storeList(db))[0];
  return found?.timeZone ?? DEFAULT_ZONE;
}

const ORDER_TYPE_NAMES: Record<string, string> = { dine_in: '堂食', takeaway: '外带' };
const STATUS_REFUSALS = { used: '已使用', expired: '已过期', voided: '已作废' } as const;
const SKIP_MESSAGES: Record<CouponSkipReason, string> = {
  not_found: '会员不存在',
  frozen: '会员已冻结',
  per_member_limit: '已达每人限领数量',
  sold_out: '优惠券已发完',
};
/** Members per round of an issue (the statements' parameters stay well under PostgreSQL's limit). */
const CHUNK = 1000;

export interface IssueOptions {
  source: CouponSource;
  operator: Operator;
  rechargeId?: string | null;
  /** The store whose time zone ends a relative validity (the brand's first store otherwise). */
  storeId?: string;
  now?: Date;
}

export interface LockInput {
  /** The coupon, by its id or by the code the customer shows. */
  couponId?: string;
  code?: string;
  memberId: string;
  orderId: string;
  storeId: string;
  orderType: OrderType;
  /** The order's lines (after any line discounts), for the scope. */
  lines: readonly CouponLine[];
  /** What the order comes to before the coupon (fen). */
  total: number;
  now?: Date;
}

export interface LockResult {
  couponId: string;
  code: string;
  planId: string;
  planName: string;
  /** Fen taken off the order; never more than the eligible amount. */
  discount: number;
}

export class CouponService {
  /** Why a plan cannot be issued now, or null. */
  private refusal(plan: CouponPlanRow, now: Date): string | null {
    if (plan.status === 'paused') return `优惠券「${plan.name}」已暂停发放`;
    if (plan.status === 'ended') return `优惠券「${plan.name}」已结束`;
    if (plan.validity === 'fixed' && plan.validTo && plan.validTo <= now) return `优惠券「${plan.name}」已过有效期，不能发放`;
    return null;
  }

  /**
   * Issues one coupon of the plan to each member (in the given order), inside the caller's
   * transaction: members missing or frozen, at the per-member limit, or past the quantity are
   * skipped with the reason. A plan that is paused, ended or past its dates is a 400.
   */
  async issue(tx: Db, planId: string, memberIds: readonly string[], options: IssueOptions): Promise<CouponIssueResult> {
    const now = options.now ?? new Date();
    const ids = [...new Set(memberIds)];
    // The members first (FOR KEY SHARE, what the coupons' foreign key takes anyway), then the plan: the
    // order a recharge takes them in (its member, then its gift plans), so the two never wait on each other.
    const members = new Map<string, string>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx.select({ id: member.id, status: member.status }).from(member).where(inArray(member.id, ids.slice(i, i + CHUNK)))
        .orderBy(asc(member.id)).for('key share');
      for (const m of rows) members.set(m.id, m.status);
    }
    const plan = await planRow(tx, planId, true); // held until the transaction ends: this plan's issues queue here
    const refused = this.refusal(plan, now);
    if (refused) throw badRequest(refused);
    const validFrom = plan.validity === 'fixed' ? plan.validFrom! : now;
    const validTo = plan.validity === 'fixed' ? plan.validTo! : relativeValidTo(now, plan.validDays!, await zoneOf(tx, options.storeId));
    const result: CouponIssueResult = { issued: 0, couponIds: [], skipped: [] };
    const skip = (memberId: string, reason: CouponSkipReason) => result.skipped.push({ memberId, reason, message: SKIP_MESSAGES[reason] });
    let remaining = plan.quantity === -1 ? Number.POSITIVE_INFINITY : plan.quantity - plan.issuedCount;

    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const held = plan.perMemberLimit === -1 ? new Map<string, number>() : new Map(
        (await tx.select({ id: coupon.memberId, n: count() }).from(coupon)
          .where(and(eq(coupon.planId, plan.id), inArray(coupon.memberId, chunk), ne(coupon.status, 'voided'))).groupBy(coupon.memberId)).map((r) => [r.id, r.n]),
      );
      const chosen: string[] = [];
      for (const id of chunk) {
        const status = members.get(id);
        if (!status) skip(id, 'not_found');
        else if (status === 'frozen') skip(id, 'frozen');
        else if (plan.perMemberLimit !== -1 && (held.get(id) ?? 0) >= plan.perMemberLimit) skip(id, 'per_member_limit');
        else if (remaining <= 0) skip(id, 'sold_out');
        else {
          chosen.push(id);
          remaining--;
        }
      }
      if (!chosen.length) continue;
      // The quantity, once more in the database: nothing is issued past it, whatever happened above.
      const k = chosen.length;
      const reserved = await tx.update(couponPlan).set({ issuedCount: sql`${couponPlan.issuedCount} + ${k}`, updatedAt: now })
        .where(and(eq(couponPlan.id, plan.id), sql`(${couponPlan.quantity} = -1 or ${couponPlan.issuedCount} + ${k} <= ${couponPlan.quantity})`))
        .returning({ id: couponPlan.id });
      if (!reserved.length) throw conflict(`优惠券「${plan.name}」已发完`);
      result.couponIds.push(...await this.insertCoupons(tx, chosen.map((memberId) => ({
        planId: plan.id, memberId, validFrom, validTo, source: options.source, rechargeId: options.rechargeId ?? null, issuedBy: options.operator.id,
      }))));
      result.issued += k;
    }
    return result;
  }

  /** Inserts coupons with fresh codes; a code that exists already (60 random bits: practically never) is drawn again. */
  private async insertCoupons(tx: Db, rows: Array<Omit<typeof coupon.$inferInsert, 'code'>>): Promise<string[]> {
    const ids: string[] = [];
    let pending = rows.map((r) => ({ ...r, code: newCouponCode() }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 5) throw new AppError(500, '券码生成冲突，请重试');
      const inserted = await tx.insert(coupon).values(pending).onConflictDoNothing({ target: coupon.code }).returning({ id: coupon.id, code: coupon.code });
      ids.push(...inserted.map((r) => r.id));
      const done = new Set(inserted.map((r) => r.code));
      pending = pending.filter((r) => !done.has(r.code)).map((r) => ({ ...r, code: newCouponCode() }));
    }
    return ids;
  }

  /**
   * A recharge's gift coupons, in the recharge's transaction: one of each plan. A plan that
   * cannot give one now (paused, ended, past its dates, sold out, the member at its limit) is
   * passed over: the recharge itself never fails for a gift. Answers the ids issued.
   */
  async issueForRecharge(
    tx: Db,
    input: { memberId: string; rechargeId: string; storeId?: string; couponPlanIds: readonly string[]; operatorId?: string | null },
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const planId of input.couponPlanIds) {
      const [exists] = await tx.select({ id: couponPlan.id, status: couponPlan.status }).from(couponPlan).where(eq(couponPlan.id, planId));
      if (!exists || exists.status !== 'active') continue;
      try {
        const r = await this.issue(tx, planId, [input.memberId], {
          source: 'recharge', rechargeId: input.rechargeId, operator: { id: input.operatorId ?? null, name: '' }, ...(input.storeId ? { storeId: input.storeId } : {}),
        });
        ids.push(...r.couponIds);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
    }
    return ids;
  }

  /**
   * Voids what a refunded recharge gave that is still unused (the recharge's refund calls it in
   * its transaction). Answers the ids voided.
   */
  async voidForRecharge(tx: Db, rechargeId: string, reason: string, now = new Date()): Promise<string[]> {
    const rows = await tx.update(coupon).set({ status: 'voided', voidedAt: now, voidReason: reason })
      .where(and(eq(coupon.rechargeId, rechargeId), eq(coupon.status, 'unused'))).returning({ id: coupon.id });
    return rows.map((r) => r.id);
  }

  /** 作废: only an unused coupon (a conditional update); 404 for none, 409 naming its state otherwise. */
  async void(tx: Db, couponId: string, reason: string, now = new Date()): Promise<void> {
    const [done] = await tx.update(coupon).set({ status: 'voided', voidedAt: now, voidReason: reason })
      .where(and(eq(coupon.id, couponId), eq(coupon.status, 'unused'))).returning({ id: coupon.id });
    if (done) return;
    const [row] = await tx.select({ status: coupon.status }).from(coupon).where(eq(coupon.id, couponId));
    if (!row) throw notFound(`优惠券 ${couponId} 不存在`);
    const state = row.status === 'locked' ? '使用中' : STATUS_REFUSALS[row.status as keyof typeof STATUS_REFUSALS];
    throw conflict(`只能作废未使用的优惠券，该券${state}`);
  }

  /**
   * Holds a coupon for an unpaid order (unused → locked) and answers the discount it gives:
   * refused with a 400 naming why (not the member's, used, held by another order, expired or not
   * yet valid, another store or order type, not in scope, below the minimum spend). The same
   * order locking it again recomputes its discount (the order changed) and keeps it.
   */
  async lock(tx: Db, input: LockInput): Promise<LockResult> {
    const now = input.now ?? new Date();
    if (!input.couponId && !input.code) throw badRequest('请提供优惠券或券码');
    const where = input.couponId ? eq(coupon.id, input.couponId) : eq(coupon.code, input.code!.trim().toUpperCase());
    const [row] = await tx.select().from(coupon).where(where).for('update');
    if (!row || row.memberId !== input.memberId) throw badRequest(row ? '该优惠券不属于该会员' : '优惠券不存在');
    const plan = await planRow(tx, row.planId);
    const name = `优惠券「${plan.name}」`;
    const again = row.status === 'locked' && row.orderId === input.orderId;
    if (row.status === 'locked' && !again) throw badRequest(`${name}正被其他订单使用`);
    if (row.status !== 'unused' && !again) throw badRequest(`${name}${STATUS_REFUSALS[row.status as keyof typeof STATUS_REFUSALS]}`);
    if (!again) {
      if (now < row.validFrom) {
        const p = localParts(row.validFrom, await zoneOf(tx, input.storeId));
        throw badRequest(`${name}尚未生效，${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} 起可用`);
      }
      if (now >= row.validTo) throw badRequest(`${name}已过期`);
    }
    if (plan.storeIds.length && !plan.storeIds.includes(input.storeId)) throw badRequest(`${name}不适用于本门店`);
    if (!plan.orderTypes.includes(input.orderType)) throw badRequest(`${name}不适用于${ORDER_TYPE_NAMES[input.orderType] ?? input.orderType}订单`);
    const d = couponDiscount(plan, input.lines, input.total);
    if (!d.ok) {
      if (d.reason === 'not_in_scope') throw badRequest(`订单中没有${name}适用的菜品`);
      throw badRequest(`${name}未达到使用门槛：满${formatFen(plan.minSpend)}可用，还差${formatFen(d.missing)}`);
    }
    const [locked] = await tx.update(coupon)
      .set({ status: 'locked', orderId: input.orderId, storeId: input.storeId, discountAmount: d.discount, lockedAt: again ? row.lockedAt : now })
      .where(and(eq(coupon.id, row.id), again ? and(eq(coupon.status, 'locked'), eq(coupon.orderId, input.orderId)) : eq(coupon.status, 'unused')))
      .returning({ id: coupon.id });
    if (!locked) throw badRequest(`${name}正被其他订单使用`);
    return { couponId: row.id, code: row.code, planId: plan.id, planName: plan.name, discount: d.discount };
  }

  /**
   * The order is paid: its locked coupon becomes used (locked → used) and the plan counts it.
   * Idempotent: answers the order's used coupons, whether this call or an earlier one used them.
   */
  async use(tx: Db, orderId: string, now = new Date()): Promise<string[]> {
    const used = await tx.update(coupon).set({ status: 'used', usedAt: now })
      .where(and(eq(coupon.orderId, orderId), eq(coupon.status, 'locked'))).returning({ id: coupon.id, planId: coupon.planId });
    for (const u of used) {
      await tx.update(couponPlan).set({ usedCount: sql`${couponPlan.usedCount} + 1` }).where(eq(couponPlan.id, u.planId));
    }
    const all = await tx.select({ id: coupon.id }).from(coupon).where(and(eq(coupon.orderId, orderId), eq(coupon.status, 'used')));
    return all.map((r) => r.id);
  }

  /**
   * The order is cancelled (or timed out) unpaid: its locked coupon goes back to unused, or to
   * expired when its validity ended meanwhile. Idempotent: answers the coupons this call released.
   */
  async release(tx: Db, orderId: string, now = new Date()): Promise<string[]> {
    const rows = await tx.update(coupon)
      .set({
        status: sql`case when ${coupon.validTo} <= ${now.toISOString()}::timestamptz then 'expired' else 'unused' end`,
        orderId: null, storeId: null, discountAmount: null, lockedAt: null,
      })
      .where(and(eq(coupon.orderId, orderId), eq(coupon.status, 'locked'))).returning({ id: coupon.id });
    return rows.map((r) => r.id);
  }

  /** A member's coupons usable now (unused, in date), soonest to expire first: what the counter offers. */
  async usable(db: Db, memberId: string, now = new Date()) {
    return db.select({ id: coupon.id, code: coupon.code, planId: coupon.planId, planName: couponPlan.name, kind: couponPlan.kind, validTo: coupon.validTo })
      .from(coupon).innerJoin(couponPlan, eq(couponPlan.id, coupon.planId))
      .where(and(eq(coupon.memberId, memberId), eq(coupon.status, 'unused'), sql`${coupon.validFrom} <= ${now.toISOString()}::timestamptz`,
        sql`${coupon.validTo} > ${now.toISOString()}::timestamptz`))
      .orderBy(asc(coupon.validTo), asc(coupon.id));
  }
}

/** For messages and logs: `满减券 ¥20.00` etc. */
export const describePlan = (plan: Pick<CouponPlanRow, 'kind' | 'value'>): string =>
  plan.kind === 'discount' ? `${KIND_NAMES.discount} ${plan.value / 10}折` : `${KIND_NAMES[plan.kind]} ${formatFen(plan.value)}`;

