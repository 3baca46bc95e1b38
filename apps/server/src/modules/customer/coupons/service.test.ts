import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponPlanRecord, RechargeResult } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { insertCategory } from '../../../../test/catalogue.js';
import { callerOf, createStore, dataOf } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { expectConsistent, addMember } from '../testing.js';
import { coupon, couponPlan } from '../tables.js';
import type { LockInput } from './service.js';

/**
 * The coupon service the orders module calls, on the real database: lock (the plan's discount,
 * every refusal named), use and release (conditional, idempotent), and the gift coupons of a
 * recharge through POST /customer/recharge.
 */
const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeA: string;
let storeB: string;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeA = await createStore(app, admin, '核销测试甲店');
  storeB = await createStore(app, admin, '核销测试乙店');
});

const service = () => app.customer.coupons;
const tx = <T>(work: (tx: Db) => Promise<T>) => db.transaction((t) => work(t as unknown as Db));
let n = 0;
const createPlan = async (fields: Record<string, unknown> = {}) =>
  dataOf<CouponPlanRecord>(await call('POST', '/customer/coupon-plan', { name: `核销券${++n}`, kind: 'cash', value: 1000, validity: 'relative', validDays: 7, ...fields }));
/** A member holding one coupon of a new plan; answers both ids and the coupon's code. */
async function holding(fields: Record<string, unknown> = {}) {
  const plan = await createPlan(fields);
  const memberId = await addMember(app, admin);
  const r = await service().issue(db, plan.id, [memberId], { source: 'admin', operator: { id: null, name: '' } });
  const [row] = await db.select().from(coupon).where(eq(coupon.id, r.couponIds[0]!));
  return { plan, memberId, couponId: row!.id, code: row!.code };
}
const lines = [
  { dishId: '101', categoryId: '11', amount: 6000 },
  { dishId: '102', categoryId: '12', amount: 4000 },
];
let order = 9000;
const lockInput = (h: { memberId: string; couponId: string }, fields: Partial<LockInput> = {}): LockInput =>
  ({ couponId: h.couponId, memberId: h.memberId, orderId: String(++order), storeId: storeA, orderType: 'dine_in', lines, total: 10000, ...fields });
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}
const rowOf = async (id: string) => (await db.select().from(coupon).where(eq(coupon.id, id)))[0]!;
const planOf = async (id: string) => (await db.select().from(couponPlan).where(eq(couponPlan.id, id)))[0]!;

describe('lock, use, release', () => {
  it('locks for one order, uses it at payment and counts it once; every step again changes nothing', async () => {
    const h = await holding();
    const input = lockInput(h);
    const locked = await tx((t) => service().lock(t, input));
    expect(locked).toEqual({ couponId: h.couponId, code: h.code, planId: h.plan.id, planName: h.plan.name, discount: 1000 });
    expect(await rowOf(h.couponId)).toMatchObject({ status: 'locked', orderId: input.orderId, storeId: storeA, discountAmount: 1000 });
    // The same order again (it changed): still its coupon, the discount recomputed.
    expect((await tx((t) => service().lock(t, { ...input, total: 800 }))).discount).toBe(800);
    // Another order: refused.
    expect(await refusal(tx((t) => service().lock(t, lockInput(h))))).toBe(`优惠券「${h.plan.name}」正被其他订单使用`);
    expect(await tx((t) => service().use(t, input.orderId))).toEqual([h.couponId]);
    expect(await tx((t) => service().use(t, input.orderId))).toEqual([h.couponId]);
    expect((await planOf(h.plan.id)).usedCount).toBe(1);
    expect(await rowOf(h.couponId)).toMatchObject({ status: 'used', discountAmount: 800 });
    expect(await tx((t) => service().release(t, input.orderId))).toEqual([]); // a paid order's coupon stays used
    expect(await refusal(tx((t) => service().lock(t, lockInput(h))))).toBe(`优惠券「${h.plan.name}」已使用`);
  });

  it('releases a cancelled order\'s coupon back to unused, or to expired when its time ran out meanwhile', async () => {
    const h = await holding();
    const input = lockInput(h);
    await tx((t) => service().lock(t, input));
    expect(await tx((t) => service().release(t, input.orderId))).toEqual([h.couponId]);
    expect(await tx((t) => service().release(t, input.orderId))).toEqual([]);
    expect(await rowOf(h.couponId)).toMatchObject({ status: 'unused', orderId: null, storeId: null, discountAmount: null, lockedAt: null });
    expect(await tx((t) => service().use(t, input.orderId))).toEqual([]); // nothing locked by it any more
    // Locked, then its validity ends before the order is cancelled: it comes back expired.
    const again = lockInput(h);
    await tx((t) => service().lock(t, again));
    const later = new Date((await rowOf(h.couponId)).validTo.getTime() + 1000);
    expect(await tx((t) => service().release(t, again.orderId, later))).toEqual([h.couponId]);
    expect((await rowOf(h.couponId)).status).toBe('expired');
    expect(await refusal(tx((t) => service().lock(t, lockInput(h))))).toBe(`优惠券「${h.plan.name}」已过期`);
  });

  it('computes each kind\'s discount from the plan: threshold, discount rate with its cap, scope by category or dish', async () => {
    const threshold = await holding({ kind: 'threshold', value: 2000, minSpend: 10000 });
    expect((await tx((t) => service().lock(t, lockInput(threshold)))).discount).toBe(2000);
    const short = await holding({ kind: 'threshold', value: 2000, minSpend: 10000 });
    expect(await refusal(tx((t) => service().lock(t, lockInput(short, { total: 8800 })))))
      .toBe(`优惠券「${short.plan.name}」未达到使用门槛：满¥100.00可用，还差¥12.00`);
    const rate = await holding({ kind: 'discount', value: 88 });
    expect((await tx((t) => service().lock(t, lockInput(rate)))).discount).toBe(1200);
    const capped = await holding({ kind: 'discount', value: 50, maxDiscount: 3000 });
    expect((await tx((t) => service().lock(t, lockInput(capped)))).discount).toBe(3000);
    // Scope: the plan's categories and dishes exist in the catalogue; the order's lines name them.
    const cat = { id: await insertCategory(app, storeA, `核销分类${n}`) };
    const scoped = await holding({ kind: 'discount', value: 80, scope: 'categories', scopeIds: [cat.id] });
    const scopedLines = [{ dishId: '1', categoryId: cat.id, amount: 3000 }, { dishId: '2', categoryId: '0', amount: 7000 }];
    expect((await tx((t) => service().lock(t, lockInput(scoped, { lines: scopedLines })))).discount).toBe(600);
    const outside = await holding({ kind: 'cash', value: 500, scope: 'categories', scopeIds: [cat.id] });
    expect(await refusal(tx((t) => service().lock(t, lockInput(outside))))).toBe(`订单中没有优惠券「${outside.plan.name}」适用的菜品`);
  });

  it('refuses another member, another store, another order type, a code that does not exist, and dates outside the validity', async () => {
    const h = await holding({ storeIds: [storeA], orderTypes: ['dine_in'] });
    const other = await addMember(app, admin);
    expect(await refusal(tx((t) => service().lock(t, lockInput(h, { memberId: other }))))).toBe('该优惠券不属于该会员');
    expect(await refusal(tx((t) => service().lock(t, lockInput(h, { storeId: storeB }))))).toBe(`优惠券「${h.plan.name}」不适用于本门店`);
    expect(await refusal(tx((t) => service().lock(t, lockInput(h, { orderType: 'takeaway' }))))).toBe(`优惠券「${h.plan.name}」不适用于外带订单`);
    expect(await refusal(tx((t) => service().lock(t, { ...lockInput(h), couponId: undefined, code: 'NOSUCHCODE22' })))).toBe('优惠券不存在');
    const row = await rowOf(h.couponId);
    expect(await refusal(tx((t) => service().lock(t, lockInput(h, { now: new Date(row.validTo.getTime()) }))))).toBe(`优惠券「${h.plan.name}」已过期`);
    // By its code, as the customer shows it (any case).
    const byCode = await tx((t) => service().lock(t, { ...lockInput(h), couponId: undefined, code: h.code.toLowerCase() }));
    expect(byCode.couponId).toBe(h.couponId);
    const future = await holding({ validity: 'fixed', validFrom: '2099-01-01T00:00:00+08:00', validTo: '2099-02-01T00:00:00+08:00' });
    expect(await refusal(tx((t) => service().lock(t, lockInput(future))))).toBe(`优惠券「${future.plan.name}」尚未生效，2099-01-01 起可用`);
  });
});

describe('gift coupons of a recharge', () => {
  it('a recharge from a plan gives its active gift coupons once, passing over a paused one', async () => {
    const gift = await createPlan({ kind: 'threshold', value: 1000, minSpend: 5000 });
    const paused = await createPlan();
    dataOf(await call('PUT', `/customer/coupon-plan/${paused.id}/status`, { status: 'paused' }));
    const rechargePlan = dataOf<{ id: string }>(await call('POST', '/customer/recharge-plan', {
      name: `充100送券${n}`, payAmount: 10000, bonusAmount: 500, giftCouponPlanIds: [gift.id, paused.id],
    }));
    const memberId = await addMember(app, admin);
    const body = { memberId, storeId: storeA, planId: rechargePlan.id, payMethod: 'cash', paymentRef: randomUUID() };
    const first = dataOf<RechargeResult>(await call('POST', '/customer/recharge', body));
    expect(first.couponIds).toHaveLength(1);
    const [given] = await db.select().from(coupon).where(eq(coupon.id, first.couponIds[0]!));
    expect(given).toMatchObject({ planId: gift.id, memberId, source: 'recharge', rechargeId: first.recharge.id, status: 'unused' });
    // The same payment again: the same recharge, no second coupon.
    const again = dataOf<RechargeResult>(await call('POST', '/customer/recharge', body));
    expect(again.created).toBe(false);
    expect((await db.select().from(coupon).where(eq(coupon.memberId, memberId))).length).toBe(1);
    expect((await planOf(gift.id)).issuedCount).toBe(1);
    // The refund of a recharge may take back its unused gifts.
    expect(await tx((t) => service().voidForRecharge(t, first.recharge.id, '充值退款'))).toEqual([given!.id]);
    expect(await rowOf(given!.id)).toMatchObject({ status: 'voided', voidReason: '充值退款' });
    await expectConsistent(app);
  });
});
