import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponIssueResult, CouponPlanRecord, CouponRecord, Page } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { insertCategory } from '../../../../test/catalogue.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { addMember } from '../testing.js';
import { coupon, couponPlan, memberLevel, rechargePlan } from '../tables.js';
import { seedCoupons } from './seed.js';

/**
 * 优惠券 through its routes: plan validation and references, edits once issued, delete and
 * status rules, issuing to members and to a level within the quantity and the per-member limit,
 * the coupons page with its filters and the store scope, voiding.
 */
const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeA: string;
let storeB: string;
let hotId: string;
let comboCatId: string;
let fishId: string;
let otherStoreDishId: string;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeA = await createStore(app, admin, '券测试甲店');
  storeB = await createStore(app, admin, '券测试乙店');
  hotId = await insertCategory(app, storeA, '热菜');
  comboCatId = await insertCategory(app, storeA, '套餐', 'combo');
  const dish = async (storeId: string, categoryId: string, name: string) => dataOf<{ id: string }>(await call('POST', '/store/dish', { storeId, categoryId, name, price: 6800 })).id;
  fishId = await dish(storeA, hotId, '水煮鱼');
  otherStoreDishId = await dish(storeB, await insertCategory(app, storeB, '热菜'), '毛血旺');
});

let n = 0;
const plan = (fields: Record<string, unknown> = {}) => ({ name: `测试券${++n}`, kind: 'cash', value: 1000, validity: 'relative', validDays: 7, ...fields });
const create = async (fields: Record<string, unknown> = {}) => dataOf<CouponPlanRecord>(await call('POST', '/customer/coupon-plan', plan(fields)));
const failure = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, msg: (res.json() as { msg: string }).msg });
const issue = async (planId: string, body: Record<string, unknown>) => dataOf<CouponIssueResult>(await call('POST', `/customer/coupon-plan/${planId}/issue`, body));
const coupons = async (query: string) => dataOf<Page<CouponRecord>>(await call('GET', `/customer/coupon/page?${query}`));

describe('coupon plans', () => {
  it('creates each kind and answers it with its scope names and remaining quantity', async () => {
    const threshold = await create({ kind: 'threshold', value: 2000, minSpend: 10000, quantity: 100, perMemberLimit: 2 });
    expect(threshold).toMatchObject({ kind: 'threshold', value: 2000, minSpend: 10000, maxDiscount: null, scope: 'all', quantity: 100, remaining: 100, issuedCount: 0, status: 'active' });
    const discount = await create({ kind: 'discount', value: 88, maxDiscount: 3000, scope: 'categories', scopeIds: [hotId], storeIds: [storeA], orderTypes: ['dine_in'] });
    expect(discount).toMatchObject({ kind: 'discount', value: 88, maxDiscount: 3000, scopeItems: [{ id: hotId, name: '热菜', storeId: storeA }], storeIds: [storeA], orderTypes: ['dine_in'], remaining: null });
    const fixed = await create({ scope: 'dishes', scopeIds: [fishId], validity: 'fixed', validFrom: '2030-01-01T00:00:00+08:00', validTo: '2030-02-01T00:00:00+08:00', validDays: 5 });
    expect(fixed).toMatchObject({ validity: 'fixed', validFrom: '2029-12-31T16:00:00.000Z', validTo: '2030-01-31T16:00:00.000Z', validDays: null, scopeItems: [{ id: fishId, name: '水煮鱼' }] });
  });

  it('refuses what does not hold together, naming it in Chinese', async () => {
    const refused = async (fields: Record<string, unknown>) => failure(await call('POST', '/customer/coupon-plan', plan(fields)));
    expect(await refused({ kind: 'threshold', value: 2000, minSpend: 2000 })).toEqual({ status: 400, msg: expect.stringContaining('满减券的使用门槛必须大于减免金额') });
    expect((await refused({ kind: 'discount', value: 120 })).msg).toContain('折扣率应在1到99之间');
    expect((await refused({ scope: 'categories', scopeIds: ['999999'] })).msg).toContain('分类 999999 不存在');
    expect((await refused({ scope: 'categories', scopeIds: [comboCatId] })).msg).toContain('「套餐」是套餐分类');
    expect((await refused({ scope: 'dishes', scopeIds: [otherStoreDishId], storeIds: [storeA] })).msg).toContain('菜品「毛血旺」不属于适用门店');
    expect((await refused({ storeIds: ['999999'] })).msg).toContain('门店 999999 不存在');
    expect((await refused({ validity: 'fixed' })).msg).toContain('固定日期的优惠券需要生效时间');
    const name = `重名券${n}`;
    await create({ name });
    expect(await refused({ name })).toEqual({ status: 409, msg: `优惠券 ${name} 已存在` });
  });

  it('keeps the money terms once issued, the quantity above what is issued, and an issued plan from being deleted', async () => {
    const p = await create({ quantity: 10 });
    const [m, m2] = [await addMember(app, admin), await addMember(app, admin)];
    // Before any issue, everything may change.
    dataOf(await call('PUT', '/customer/coupon-plan', { ...plan({ value: 1500, quantity: 10 }), id: p.id, name: p.name }));
    expect((await issue(p.id, { memberIds: [m, m2] })).issued).toBe(2);
    const edit = (fields: Record<string, unknown>) => call('PUT', '/customer/coupon-plan', { ...plan({ value: 1500, quantity: 10 }), id: p.id, name: p.name, ...fields });
    expect(failure(await edit({ value: 2000 }))).toEqual({ status: 409, msg: expect.stringContaining('已发放 2 张，券类型、面额、门槛、最高优惠和适用范围不能再修改') });
    expect(failure(await edit({ quantity: 1 }))).toEqual({ status: 400, msg: expect.stringContaining('发行量不能小于已发放数量 2') });
    expect(failure(await edit({ quantity: 0 })).msg).toContain('发行量为-1（不限）或大于0的整数');
    // Name, description, quantity, limit and validity may change.
    expect(dataOf<CouponPlanRecord>(await edit({ name: `${p.name}改`, description: '改了说明', quantity: 20, perMemberLimit: 3, validDays: 10 })))
      .toMatchObject({ name: `${p.name}改`, description: '改了说明', quantity: 20, remaining: 18, perMemberLimit: 3, validDays: 10 });
    expect(failure(await call('DELETE', `/customer/coupon-plan/${p.id}`))).toEqual({ status: 409, msg: `优惠券「${p.name}改」已发放 2 张，不能删除，可以结束` });
    // A plan never issued goes; one a recharge plan gives is kept.
    const unused = await create();
    const gift = await create();
    await db.insert(rechargePlan).values({ name: `送券方案${n}`, payAmount: 10000, giftCouponPlanIds: [gift.id] });
    expect(failure(await call('DELETE', `/customer/coupon-plan/${gift.id}`)).msg).toBe(`充值方案「送券方案${n}」赠送该优惠券，不能删除`);
    expect(dataOf(await call('DELETE', `/customer/coupon-plan/${unused.id}`))).toBe(true);
    expect(failure(await call('GET', `/customer/coupon-plan/${unused.id}`))).toEqual({ status: 404, msg: `优惠券 ${unused.id} 不存在` });
  });

  it('pauses, resumes and ends a plan; an ended plan stays ended and issues nothing', async () => {
    const p = await create();
    const m = await addMember(app, admin);
    const status = (s: string) => call('PUT', `/customer/coupon-plan/${p.id}/status`, { status: s });
    expect(dataOf<CouponPlanRecord>(await status('paused')).status).toBe('paused');
    expect(failure(await call('POST', `/customer/coupon-plan/${p.id}/issue`, { memberIds: [m] }))).toEqual({ status: 400, msg: `优惠券「${p.name}」已暂停发放` });
    expect((dataOf<CouponPlanRecord[]>(await call('GET', '/customer/coupon-plan/list'))).map((x) => x.id)).not.toContain(p.id);
    expect(dataOf<CouponPlanRecord>(await status('active')).status).toBe('active');
    expect((dataOf<CouponPlanRecord[]>(await call('GET', '/customer/coupon-plan/list'))).map((x) => x.id)).toContain(p.id);
    expect(dataOf<CouponPlanRecord>(await status('ended')).status).toBe('ended');
    expect(failure(await status('active'))).toEqual({ status: 409, msg: `优惠券「${p.name}」已结束，不能重新启用` });
    expect(failure(await call('PUT', '/customer/coupon-plan', { ...plan(), id: p.id, name: p.name }))).toEqual({ status: 409, msg: `优惠券「${p.name}」已结束，不能重新启用` });
    expect(failure(await call('POST', `/customer/coupon-plan/${p.id}/issue`, { memberIds: [m] })).msg).toBe(`优惠券「${p.name}」已结束`);
  });

  it('pages plans by name, kind and status, newest first', async () => {
    const a = await create({ name: '分页折扣甲', kind: 'discount', value: 90 });
    const b = await create({ name: '分页折扣乙', kind: 'discount', value: 85 });
    const page = dataOf<Page<CouponPlanRecord>>(await call('GET', '/customer/coupon-plan/page?name=分页折扣&kind=discount&status=active'));
    expect(page.records.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(page.total).toBe(2);
    expect(failure(await call('GET', '/customer/coupon-plan/page?descs=value')).msg).toContain('不支持按 value 排序');
  });
});

describe('issuing', () => {
  it('gives one to each chosen member, skipping the missing, the frozen, those at their limit and those past the quantity', async () => {
    const p = await create({ quantity: 4, perMemberLimit: 1 });
    const [m1, m2, m3, m4, m5] = [await addMember(app, admin), await addMember(app, admin), await addMember(app, admin), await addMember(app, admin), await addMember(app, admin)];
    dataOf(await call('PUT', `/customer/member/${m3}/status`, { status: 'frozen' }));
    const first = await issue(p.id, { memberIds: [m1, '999999999', m3] });
    expect(first.issued).toBe(1);
    expect(first.skipped).toEqual([
      { memberId: '999999999', reason: 'not_found', message: '会员不存在' },
      { memberId: m3, reason: 'frozen', message: '会员已冻结' },
    ]);
    const second = await issue(p.id, { memberIds: [m1, m2, m4, m5] });
    expect(second.issued).toBe(3);
    expect(second.skipped).toEqual([{ memberId: m1, reason: 'per_member_limit', message: '已达每人限领数量' }]);
    const third = await issue(p.id, { memberIds: [m5] });
    expect(third).toMatchObject({ issued: 0, skipped: [{ memberId: m5, reason: 'per_member_limit' }] });
    const record = dataOf<CouponPlanRecord>(await call('GET', `/customer/coupon-plan/${p.id}`));
    expect(record).toMatchObject({ issuedCount: 4, remaining: 0 });
    const sold = await create({ quantity: 1 });
    expect(await issue(sold.id, { memberIds: [m1, m2] })).toMatchObject({ issued: 1, skipped: [{ memberId: m2, reason: 'sold_out', message: '优惠券已发完' }] });
    // Codes: random, 12 characters, never the id.
    const held = await db.select().from(coupon).where(eq(coupon.planId, p.id));
    expect(held).toHaveLength(4);
    for (const c of held) expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(held.map((c) => c.code)).size).toBe(4);
  });

  it('a voided coupon does not count toward the member\'s limit; a relative validity ends at local midnight after N days', async () => {
    const p = await create({ perMemberLimit: 1, validDays: 7 });
    const m = await addMember(app, admin);
    const [c] = (await issue(p.id, { memberIds: [m] })).couponIds;
    const row = (await db.select().from(coupon).where(eq(coupon.id, c!)))[0]!;
    // 7 days counting the day of issue: the end is a midnight in Shanghai (16:00 UTC), 6–7 days on.
    expect(row.validTo.getUTCHours()).toBe(16);
    const days = (row.validTo.getTime() - row.validFrom.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(7);
    expect((await issue(p.id, { memberIds: [m] })).issued).toBe(0);
    dataOf(await call('POST', `/customer/coupon/${c}/void`, { reason: '发错了' }));
    expect((await issue(p.id, { memberIds: [m] })).issued).toBe(1);
  });

  it('issues to every member of a level in one action', async () => {
    const [level] = await db.insert(memberLevel).values({ name: `券测试等级${n}`, rank: 77, threshold: 77_777_777 }).returning({ id: memberLevel.id });
    const ids = [await addMember(app, admin, { levelId: level!.id }), await addMember(app, admin, { levelId: level!.id }), await addMember(app, admin, { levelId: level!.id })];
    const p = await create();
    const r = await issue(p.id, { levelId: level!.id });
    expect(r.issued).toBe(3);
    expect((await coupons(`planId=${p.id}&size=10`)).records.map((c) => c.memberId).sort()).toEqual([...ids].sort());
    expect(failure(await call('POST', `/customer/coupon-plan/${p.id}/issue`, { levelId: '999999' }))).toEqual({ status: 404, msg: '会员等级 999999 不存在' });
    expect(failure(await call('POST', `/customer/coupon-plan/${p.id}/issue`, { levelId: level!.id, memberIds: [ids[0]] })).msg).toContain('请选择会员或会员等级（二选一）');
    expect(failure(await call('POST', '/customer/coupon-plan/999999/issue', { memberIds: [ids[0]] }))).toEqual({ status: 404, msg: '优惠券 999999 不存在' });
  });
});

describe('the coupons issued', () => {
  it('pages them with plan, member (phone masked) and filters; voids only unused ones, with the reason', async () => {
    const p = await create({ kind: 'threshold', value: 500, minSpend: 3000 });
    const m = await addMember(app, admin, { name: '券会员' });
    const [c1, c2] = (await issue(p.id, { memberIds: [m] }).then(async (a) => [...a.couponIds, ...(await issue(p.id, { memberIds: [m] })).couponIds]));
    const page = await coupons(`memberId=${m}`);
    expect(page.total).toBe(2);
    expect(page.records[0]).toMatchObject({ id: c2, planName: p.name, kind: 'threshold', value: 500, minSpend: 3000, memberName: '券会员', status: 'unused', source: 'admin' });
    expect(page.records[0]!.memberPhone).toMatch(/^199\*{4}\d{4}$/);
    const code = page.records[1]!.code;
    expect((await coupons(`code=${code.slice(0, 6).toLowerCase()}&memberId=${m}`)).records.map((r) => r.id)).toEqual([c1]);
    const voided = dataOf<CouponRecord>(await call('POST', `/customer/coupon/${c1}/void`, { reason: '会员投诉补偿重复' }));
    expect(voided).toMatchObject({ status: 'voided', voidReason: '会员投诉补偿重复' });
    expect(voided.voidedAt).not.toBeNull();
    expect(failure(await call('POST', `/customer/coupon/${c1}/void`, { reason: '再作废一次' }))).toEqual({ status: 409, msg: '只能作废未使用的优惠券，该券已作废' });
    expect(failure(await call('POST', `/customer/coupon/${c2}/void`, { reason: 'x' })).msg).toContain('作废原因至少2个字');
    expect((await coupons(`memberId=${m}&status=voided`)).records.map((r) => r.id)).toEqual([c1]);
    await app.customer.coupons.lock(db, { couponId: c2!, memberId: m, orderId: '424242', storeId: storeA, orderType: 'dine_in', lines: [], total: 5000 });
    expect(failure(await call('POST', `/customer/coupon/${c2}/void`, { reason: '下单中作废' }))).toEqual({ status: 409, msg: '只能作废未使用的优惠券，该券使用中' });
    expect(failure(await call('GET', '/customer/coupon/999999999'))).toEqual({ status: 404, msg: '优惠券 999999999 不存在' });
  });

  it('shows staff the coupons not yet placed and those of their stores; another store\'s coupon answers 404', async () => {
    const p = await create();
    const m = await addMember(app, admin);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(...(await issue(p.id, { memberIds: [m] })).couponIds);
    const tx = (work: (tx: Db) => Promise<unknown>) => db.transaction((t) => work(t as unknown as Db));
    await tx((t) => app.customer.coupons.lock(t, { couponId: ids[1]!, memberId: m, orderId: '7001', storeId: storeA, orderType: 'dine_in', lines: [], total: 3000 }));
    await tx((t) => app.customer.coupons.lock(t, { couponId: ids[2]!, memberId: m, orderId: '7002', storeId: storeB, orderType: 'dine_in', lines: [], total: 3000 }));
    const staff = callerOf(app, (await storeStaff(app, `coupon-staff-${n}`, [storeA])).headers);
    const seen = dataOf<Page<CouponRecord>>(await staff('GET', `/customer/coupon/page?planId=${p.id}`));
    expect(seen.records.map((r) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(seen.records.find((r) => r.id === ids[1])).toMatchObject({ status: 'locked', storeId: storeA, storeName: '券测试甲店', orderId: '7001', discountAmount: 1000 });
    expect((await staff('GET', `/customer/coupon/${ids[2]}`)).statusCode).toBe(404);
    expect((await staff('POST', `/customer/coupon/${ids[2]}/void`, { reason: '别店的券' })).statusCode).toBe(404);
    const mine = await staff('GET', `/customer/coupon/${ids[0]}`);
    expect(mine.statusCode).toBe(200);
  });
});

describe('the demo coupons', () => {
  it('are seeded once with plans whose counts match their coupons, in every state', async () => {
    const plans = await db.select().from(couponPlan);
    const names = plans.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['满100减20', '8.8折券', '新人立减10', '招牌菜专享8折', '外带满50减8', '国庆满200减50']));
    const all = await db.select({ planId: coupon.planId, status: coupon.status }).from(coupon);
    for (const p of plans.filter((x) => names.includes(x.name) && ['满100减20', '8.8折券', '新人立减10', '国庆满200减50'].includes(x.name))) {
      const mine = all.filter((c) => c.planId === p.id);
      expect(mine.length).toBe(p.issuedCount);
      expect(mine.filter((c) => c.status === 'used').length).toBe(p.usedCount);
    }
    const statuses = new Set(all.map((c) => c.status));
    for (const s of ['unused', 'used', 'expired', 'voided']) expect(statuses).toContain(s);
    const eightEight = plans.find((p) => p.name === '8.8折券')!;
    expect(eightEight).toMatchObject({ kind: 'discount', value: 88, maxDiscount: 3000 });
    const signature = plans.find((p) => p.name === '招牌菜专享8折')!;
    expect(signature.scope).toBe('dishes');
    expect(signature.scopeIds.length).toBeGreaterThan(0);
    // Every boot runs it again: nothing more.
    await seedCoupons(db);
    expect(await db.select({ id: coupon.id }).from(coupon)).toHaveLength(all.length);
    expect(await db.select({ id: couponPlan.id }).from(couponPlan)).toHaveLength(plans.length);
  });
});
