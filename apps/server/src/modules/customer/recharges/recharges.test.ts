import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableRechargePlan, Page, RechargePlanRecord, RechargeRecord, RechargeResult } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { addMember, expectConsistent } from '../testing.js';
import { coupon, member, memberBalanceLedger, memberPointsLedger, recharge as rechargeTable } from '../tables.js';

const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeA: string;
let storeB: string;
let staffA: ReturnType<typeof callerOf>;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeA = await createStore(app, admin, '充值测试甲店');
  storeB = await createStore(app, admin, '充值测试乙店');
  staffA = callerOf(app, (await storeStaff(app, 'recharge-staff', [storeA])).headers);
});
afterEach(async () => {
  await expectConsistent(app);
});

let planNo = 0;
async function plan(fields: Record<string, unknown> = {}): Promise<RechargePlanRecord> {
  return dataOf<RechargePlanRecord>(await call('POST', '/customer/recharge-plan', { name: `测试方案${++planNo}`, payAmount: 20_000, bonusAmount: 2_000, bonusPoints: 50, ...fields }));
}
const rowOf = async (id: string) => (await db.select().from(member).where(eq(member.id, id)))[0]!;
const recharge = (body: Record<string, unknown>, as = call) => as('POST', '/customer/recharge', { payMethod: 'cash', paymentRef: randomUUID(), storeId: storeA, ...body });

describe('recharge plans (充值方案)', () => {
  it('adds, edits, pages and deletes a plan; checks its stores and dates', async () => {
    const created = await plan({ name: '测周年充300送45', payAmount: 30_000, bonusAmount: 4_500, storeIds: [storeA], perMemberLimit: 2 });
    expect(created).toMatchObject({ name: '测周年充300送45', payAmount: 30_000, bonusAmount: 4_500, bonusPoints: 50, storeIds: [storeA], perMemberLimit: 2, enabled: true, usedCount: 0 });
    const edited = dataOf<RechargePlanRecord>(await call('PUT', '/customer/recharge-plan', { ...created, bonusAmount: 5_000, startsAt: '2026-01-01T00:00:00.000Z', endsAt: null }));
    expect(edited).toMatchObject({ bonusAmount: 5_000, startsAt: '2026-01-01T00:00:00.000Z', endsAt: null });
    const found = dataOf<Page<RechargePlanRecord>>(await call('GET', `/customer/recharge-plan/page?name=${encodeURIComponent('测周年')}`));
    expect(found.records.map((p) => p.id)).toEqual([created.id]);
    expect((await call('POST', '/customer/recharge-plan', { name: '测周年充300送45', payAmount: 100 })).json().msg).toBe('充值方案 测周年充300送45 已存在');
    expect((await call('POST', '/customer/recharge-plan', { name: '无门店', payAmount: 100, storeIds: ['999999'] })).json().msg).toBe('storeIds: 门店 999999 不存在');
    expect((await call('POST', '/customer/recharge-plan', { name: '无券', payAmount: 100, giftCouponPlanIds: ['999999'] })).json().msg).toBe('giftCouponPlanIds: 优惠券 999999 不存在');
    const dates = await call('POST', '/customer/recharge-plan', { name: '倒序', payAmount: 100, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' });
    expect(dates.json().msg).toContain('开始时间必须早于结束时间');
    expect((await call('POST', '/customer/recharge-plan', { name: '零元', payAmount: 0 })).statusCode).toBe(400);
    expect(dataOf(await call('DELETE', `/customer/recharge-plan/${created.id}`))).toBe(true);
  });

  it('offers the counter only plans that are enabled, in date, allowed in the store and under the member\'s limit', async () => {
    const id = await addMember(app, admin);
    const open = await plan();
    const once = await plan({ perMemberLimit: 1 });
    const onlyB = await plan({ storeIds: [storeB] });
    const off = await plan({ enabled: false });
    const later = await plan({ startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const over = await plan({ startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-02-01T00:00:00Z' });
    const offered = async (storeId: string) => dataOf<AvailableRechargePlan[]>(await call('GET', `/customer/recharge-plan/available?storeId=${storeId}&memberId=${id}`));
    const inA = await offered(storeA);
    const ids = inA.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, once.id]));
    for (const p of [onlyB, off, later, over]) expect(ids).not.toContain(p.id);
    expect(inA.find((p) => p.id === once.id)!.remaining).toBe(1);
    expect(inA.find((p) => p.id === open.id)!.remaining).toBeNull();
    expect((await offered(storeB)).map((p) => p.id)).toContain(onlyB.id);
    dataOf(await recharge({ memberId: id, planId: once.id }));
    expect((await offered(storeA)).map((p) => p.id)).not.toContain(once.id);
    // a user of store A only is not offered store B's counter
    expect((await staffA('GET', `/customer/recharge-plan/available?storeId=${storeB}&memberId=${id}`)).statusCode).toBe(404);
  });
});

describe('recharge at the counter', () => {
  it('credits principal = paid, the bonus, the bonus points and total recharged, with ledger rows, in one go', async () => {
    const id = await addMember(app, admin);
    const p = await plan({ payAmount: 50_000, bonusAmount: 8_000, bonusPoints: 200 });
    const result = dataOf<RechargeResult>(await recharge({ memberId: id, planId: p.id, payMethod: 'external', paymentRef: 'WX4200001234567890' }));
    expect(result).toMatchObject({
      created: true, couponIds: [], balances: { memberId: id, balancePrincipal: 50_000, balanceBonus: 8_000, balance: 58_000, points: 200 },
      recharge: { memberId: id, planId: p.id, planName: p.name, storeId: storeA, storeName: '充值测试甲店', payAmount: 50_000, bonusAmount: 8_000, bonusPoints: 200, payMethod: 'external', paymentRef: 'WX4200001234567890', status: 'paid', operatorName: 'admin' },
    });
    expect(result.recharge.memberPhone).toMatch(/^199\*{4}\d{4}$/);
    expect(result.recharge.businessDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await rowOf(id)).toMatchObject({ totalRecharged: 50_000, balancePrincipal: 50_000, balanceBonus: 8_000, points: 200 });
    const [ledger] = await db.select().from(memberBalanceLedger).where(eq(memberBalanceLedger.memberId, id));
    expect(ledger).toMatchObject({ kind: 'recharge', principalChange: 50_000, bonusChange: 8_000, principalAfter: 50_000, bonusAfter: 8_000, rechargeId: result.recharge.id, storeId: storeA });
    const [points] = await db.select().from(memberPointsLedger).where(eq(memberPointsLedger.memberId, id));
    expect(points).toMatchObject({ kind: 'recharge', change: 200, pointsAfter: 200, rechargeId: result.recharge.id });
  });

  it('a free amount: principal only', async () => {
    const id = await addMember(app, admin);
    const result = dataOf<RechargeResult>(await recharge({ memberId: id, amount: 12_345 }));
    expect(result.recharge).toMatchObject({ planId: null, planName: null, payAmount: 12_345, bonusAmount: 0, bonusPoints: 0, payMethod: 'cash' });
    expect(result.balances).toMatchObject({ balancePrincipal: 12_345, balanceBonus: 0, points: 0 });
    expect((await recharge({ memberId: id, amount: 100, planId: (await plan()).id })).json().msg).toContain('二选一');
    expect((await recharge({ memberId: id })).statusCode).toBe(400);
    expect((await recharge({ memberId: id, amount: 100, payMethod: 'wechat' })).statusCode).toBe(400);
  });

  it('is credited exactly once per payment reference: the same reference answers the same recharge', async () => {
    const id = await addMember(app, admin);
    const p = await plan();
    const body = { memberId: id, planId: p.id, paymentRef: randomUUID() };
    const first = dataOf<RechargeResult>(await recharge(body));
    const again = dataOf<RechargeResult>(await recharge(body));
    expect(again.created).toBe(false);
    expect(again.recharge.id).toBe(first.recharge.id);
    expect(again.balances).toEqual(first.balances);
    // even after the plan was switched off, the replay answers the recharge it made
    dataOf(await call('PUT', '/customer/recharge-plan', { ...p, enabled: false }));
    expect(dataOf<RechargeResult>(await recharge(body)).recharge.id).toBe(first.recharge.id);
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 20_000, balanceBonus: 2_000, totalRecharged: 20_000 });
    // the reference used for something else is a 409
    const other = await addMember(app, admin);
    const clash = await recharge({ ...body, memberId: other });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe(`支付流水号 ${body.paymentRef} 已用于另一笔充值，不能重复使用`);
    expect((await rowOf(other)).balancePrincipal).toBe(0);
  });

  it('refuses a frozen member, a plan switched off, out of date, of another store, or over the member\'s limit', async () => {
    const id = await addMember(app, admin);
    const p = await plan();
    dataOf(await call('PUT', `/customer/member/${id}/status`, { status: 'frozen' }));
    const frozen = await recharge({ memberId: id, planId: p.id });
    expect(frozen.statusCode).toBe(400);
    expect(frozen.json().msg).toMatch(/^会员 199\*{4}\d{4} 已冻结，不能充值$/);
    dataOf(await call('PUT', `/customer/member/${id}/status`, { status: 'active' }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ enabled: false }, '已停用'],
      [{ startsAt: new Date(Date.now() + 3_600_000).toISOString() }, '尚未开始'],
      [{ startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-06-01T00:00:00Z' }, '已结束'],
      [{ storeIds: [storeB] }, '不适用于该门店'],
    ];
    for (const [fields, reason] of cases) {
      const refused = await recharge({ memberId: id, planId: (await plan(fields)).id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain(reason);
    }
    const limited = await plan({ perMemberLimit: 2 });
    dataOf(await recharge({ memberId: id, planId: limited.id }));
    dataOf(await recharge({ memberId: id, planId: limited.id }));
    const third = await recharge({ memberId: id, planId: limited.id });
    expect(third.json().msg).toBe(`充值方案「${limited.name}」每人限充 2 次，该会员已充 2 次`);
    expect((await recharge({ memberId: '999999999', amount: 100 })).statusCode).toBe(404);
    expect((await recharge({ memberId: id, planId: '999999999' })).statusCode).toBe(400);
    expect((await rowOf(id)).balancePrincipal).toBe(40_000);
  });

  it('refuses a plan with recharges to be deleted (409: switch it off instead)', async () => {
    const p = await plan();
    dataOf(await recharge({ memberId: await addMember(app, admin), planId: p.id }));
    const refused = await call('DELETE', `/customer/recharge-plan/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(`充值方案「${p.name}」已有 1 笔充值使用，不能删除，可以停用`);
    expect(dataOf<RechargePlanRecord>(await call('GET', `/customer/recharge-plan/${p.id}`)).usedCount).toBe(1);
  });
});

describe('recharge records and refunds', () => {
  it('lists by store, member, dates, method and status; a user sees only their stores\' recharges', async () => {
    const id = await addMember(app, admin);
    const inA = dataOf<RechargeResult>(await recharge({ memberId: id, amount: 1_000 }, staffA));
    const inB = dataOf<RechargeResult>(await recharge({ memberId: id, amount: 2_000, storeId: storeB, payMethod: 'external' }));
    const list = async (query: string, as = call) => dataOf<Page<RechargeRecord>>(await as('GET', `/customer/recharge/page?${query}`));
    expect((await list(`memberId=${id}`)).records.map((r) => r.id)).toEqual([inB.recharge.id, inA.recharge.id]);
    expect((await list(`memberId=${id}&storeId=${storeB}`)).records.map((r) => r.id)).toEqual([inB.recharge.id]);
    expect((await list(`memberId=${id}&payMethod=external`)).records.map((r) => r.id)).toEqual([inB.recharge.id]);
    const today = inA.recharge.businessDate;
    expect((await list(`memberId=${id}&dateFrom=${today}&dateTo=${today}`)).total).toBe(2);
    expect((await list(`memberId=${id}&dateTo=2000-01-01`)).total).toBe(0);
    expect((await list(`memberId=${id}`, staffA)).records.map((r) => r.id)).toEqual([inA.recharge.id]);
    expect((await staffA('GET', `/customer/recharge/page?storeId=${storeB}`)).statusCode).toBe(404);
    expect((await staffA('GET', `/customer/recharge/${inB.recharge.id}`)).statusCode).toBe(404);
    expect((await recharge({ memberId: id, amount: 100, storeId: storeB }, staffA)).statusCode).toBe(404);
    expect((await staffA('POST', `/customer/recharge/${inB.recharge.id}/refund`, { reason: '跨店退款' })).statusCode).toBe(404);
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 3_000 });
  });

  it('lists the newest recharge first by its time, whatever order the rows were written in (the demo writes its history out of order)', async () => {
    const id = await addMember(app, admin);
    const first = dataOf<RechargeResult>(await recharge({ memberId: id, amount: 1_000 })).recharge.id;
    const second = dataOf<RechargeResult>(await recharge({ memberId: id, amount: 2_000 })).recharge.id;
    // The later-written row happened earlier (a back-filled record).
    await db.update(rechargeTable).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(rechargeTable.id, second));
    const records = dataOf<Page<RechargeRecord>>(await call('GET', `/customer/recharge/page?memberId=${id}`)).records;
    expect(records.map((r) => r.id)).toEqual([first, second]);
  });

  it('refund takes back the bonus first, then the unspent principal up to what was paid, and the points as far as there are', async () => {
    const id = await addMember(app, admin);
    const p = await plan({ payAmount: 10_000, bonusAmount: 2_000, bonusPoints: 100 });
    const made = dataOf<RechargeResult>(await recharge({ memberId: id, planId: p.id }));
    // the member spends 6,000 (5,000 principal and 1,000 bonus in proportion) and some points
    await db.transaction((t) => app.customer.wallet.charge(t as unknown as Db, { memberId: id, amount: 6_000, storeId: storeA, orderId: '4001' }));
    dataOf(await call('POST', `/customer/member/${id}/adjust`, { points: -40, reason: '积分兑换' }));
    const refunded = dataOf<RechargeRecord>(await call('POST', `/customer/recharge/${made.recharge.id}/refund`, { reason: '顾客申请退卡' }));
    expect(refunded).toMatchObject({ status: 'refunded', refundPrincipal: 5_000, refundBonus: 1_000, refundReason: '顾客申请退卡' });
    expect(refunded.refundedAt).not.toBeNull();
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 0, balanceBonus: 0, points: 0, totalRecharged: 5_000 });
    const ledger = await db.select().from(memberBalanceLedger).where(eq(memberBalanceLedger.memberId, id)).orderBy(asc(memberBalanceLedger.id));
    expect(ledger.at(-1)).toMatchObject({ kind: 'recharge_refund', principalChange: -5_000, bonusChange: -1_000, principalAfter: 0, bonusAfter: 0, rechargeId: made.recharge.id, reason: '顾客申请退卡' });
    const points = await db.select().from(memberPointsLedger).where(eq(memberPointsLedger.memberId, id)).orderBy(asc(memberPointsLedger.id));
    expect(points.at(-1)).toMatchObject({ kind: 'refund', change: -60, pointsAfter: 0 });
    const twice = await call('POST', `/customer/recharge/${made.recharge.id}/refund`, { reason: '再退一次' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain('不能重复退款');
    expect((await call('POST', `/customer/recharge/${made.recharge.id}/refund`, { reason: '' })).statusCode).toBe(400);
    // a refunded recharge no longer counts against the plan's per-member limit
  });

  it('gives the plan\'s gift coupons in the recharge, and a refund voids the ones still unused', async () => {
    const gift = dataOf<{ id: string }>(await call('POST', '/customer/coupon-plan', { name: `充值赠券${++planNo}`, kind: 'cash', value: 1_000, validDays: 30 }));
    const p = await plan({ giftCouponPlanIds: [gift.id] });
    const id = await addMember(app, admin);
    const body = { memberId: id, planId: p.id, paymentRef: randomUUID() };
    const made = dataOf<RechargeResult>(await recharge(body));
    expect(made.couponIds).toHaveLength(1);
    const [given] = await db.select().from(coupon).where(eq(coupon.id, made.couponIds[0]!));
    expect(given).toMatchObject({ memberId: id, planId: gift.id, status: 'unused', source: 'recharge', rechargeId: made.recharge.id });
    // the replay gives no second coupon
    expect(dataOf<RechargeResult>(await recharge(body)).created).toBe(false);
    expect((await db.select().from(coupon).where(eq(coupon.rechargeId, made.recharge.id)))).toHaveLength(1);
    dataOf(await call('POST', `/customer/recharge/${made.recharge.id}/refund`, { reason: '退卡退券' }));
    const [after] = await db.select().from(coupon).where(eq(coupon.id, made.couponIds[0]!));
    expect(after).toMatchObject({ status: 'voided' });
    expect(after!.voidReason).toContain('退卡退券');
  });

  it('refunds no more than the recharge paid when the member holds more, and leaves other recharges\' bonus', async () => {
    const id = await addMember(app, admin);
    const first = dataOf<RechargeResult>(await recharge({ memberId: id, planId: (await plan({ payAmount: 10_000, bonusAmount: 1_000, bonusPoints: 0 })).id }));
    dataOf(await recharge({ memberId: id, planId: (await plan({ payAmount: 20_000, bonusAmount: 5_000, bonusPoints: 0 })).id }));
    const refunded = dataOf<RechargeRecord>(await call('POST', `/customer/recharge/${first.recharge.id}/refund`, { reason: '退第一笔' }));
    expect(refunded).toMatchObject({ refundPrincipal: 10_000, refundBonus: 1_000 });
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 20_000, balanceBonus: 5_000, totalRecharged: 20_000 });
  });
});
