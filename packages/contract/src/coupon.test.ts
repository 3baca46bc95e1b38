import { describe, expect, it } from 'vitest';
import { couponDiscount, couponIssueBodySchema, couponPlanBodySchema, type CouponTerms } from './coupon.js';

const terms = (t: Partial<CouponTerms>): CouponTerms => ({ kind: 'cash', value: 1000, minSpend: 0, maxDiscount: null, scope: 'all', scopeIds: [], ...t });
const lines = [
  { dishId: '1', categoryId: '10', amount: 6000 },
  { dishId: '2', categoryId: '20', amount: 4000 },
];
const messages = (body: unknown) => {
  const r = couponPlanBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('couponDiscount', () => {
  it('cash takes its value, never more than the eligible amount', () => {
    expect(couponDiscount(terms({}), lines, 10000)).toEqual({ ok: true, discount: 1000, eligible: 10000 });
    expect(couponDiscount(terms({ value: 5000 }), lines, 3000)).toEqual({ ok: true, discount: 3000, eligible: 3000 });
  });
  it('threshold checks the minimum spend on the eligible amount', () => {
    const t = terms({ kind: 'threshold', value: 2000, minSpend: 10000 });
    expect(couponDiscount(t, lines, 10000)).toMatchObject({ ok: true, discount: 2000 });
    expect(couponDiscount(t, lines, 9999)).toEqual({ ok: false, reason: 'below_min_spend', eligible: 9999, missing: 1 });
    expect(couponDiscount({ ...t, scope: 'categories', scopeIds: ['10'] }, lines, 10000)).toMatchObject({ ok: false, reason: 'below_min_spend', eligible: 6000 });
  });
  it('discount rate rounds half-up to the fen and respects the cap', () => {
    // 88折 of 10001 fen: pay 8801 (8800.88 half-up), discount 1200.
    expect(couponDiscount(terms({ kind: 'discount', value: 88 }), lines, 10001)).toMatchObject({ ok: true, discount: 1200 });
    expect(couponDiscount(terms({ kind: 'discount', value: 88, maxDiscount: 1000 }), lines, 10001)).toMatchObject({ ok: true, discount: 1000 });
  });
  it('scope: only the lines of the categories or dishes named', () => {
    expect(couponDiscount(terms({ kind: 'discount', value: 50, scope: 'dishes', scopeIds: ['2'] }), lines, 10000)).toMatchObject({ ok: true, discount: 2000, eligible: 4000 });
    expect(couponDiscount(terms({ scope: 'categories', scopeIds: ['99'] }), lines, 10000)).toEqual({ ok: false, reason: 'not_in_scope', eligible: 0 });
  });
});

describe('couponPlanBodySchema', () => {
  const base = { name: '满100减20', kind: 'threshold', value: 2000, minSpend: 10000, validity: 'relative', validDays: 30 };
  it('takes a sound plan with its defaults', () => {
    const p = couponPlanBodySchema.parse(base);
    expect(p).toMatchObject({ scope: 'all', scopeIds: [], orderTypes: ['dine_in', 'takeaway'], storeIds: [], quantity: -1, perMemberLimit: -1, status: 'active' });
  });
  it('names what is wrong, in Chinese', () => {
    expect(messages({ ...base, minSpend: 2000 })).toEqual(['minSpend: 满减券的使用门槛必须大于减免金额']);
    expect(messages({ ...base, kind: 'discount', value: 100, minSpend: 0 })).toEqual(['value: 折扣率应在1到99之间（88即8.8折）']);
    expect(messages({ ...base, kind: 'cash' })).toEqual(['minSpend: 代金券无使用门槛；有门槛请选择满减券']);
    expect(messages({ ...base, maxDiscount: 500 })).toEqual(['maxDiscount: 只有折扣券可以设置最高优惠']);
    expect(messages({ ...base, scope: 'categories' })).toEqual(['scopeIds: 请至少选择一个适用分类']);
    expect(messages({ ...base, validDays: null })).toEqual(['validDays: 领取后N天有效的优惠券需要有效天数']);
    expect(messages({ ...base, validity: 'fixed', validFrom: '2026-12-01T00:00:00+08:00', validTo: '2026-11-01T00:00:00+08:00' })).toEqual(['validTo: 失效时间必须晚于生效时间']);
    expect(messages({ ...base, quantity: 0 })).toEqual(['quantity: 发行量为-1（不限）或大于0的整数']);
    expect(messages({ ...base, orderTypes: [] })).toEqual(['orderTypes: 至少选择一种订单类型']);
  });
  it('issue: members or a level, one of the two', () => {
    expect(couponIssueBodySchema.safeParse({ memberIds: ['1'], levelId: '2' }).success).toBe(false);
    expect(couponIssueBodySchema.safeParse({}).success).toBe(false);
    expect(couponIssueBodySchema.safeParse({ levelId: '2' }).success).toBe(true);
  });
});
