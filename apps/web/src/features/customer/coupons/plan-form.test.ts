import { describe, expect, it } from 'vitest';
import { couponPlanBodySchema } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import '../messages-coupon';
import { conditionText, newCouponPlanForm, scopeText, shortYuan, toCouponPlanBody, validityText, valueText } from './plan-form';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

describe('coupon plan form', () => {
  it('sends only the fields of the kind: a discount coupon’s rate as its value, its cap in fen', () => {
    const body = toCouponPlanBody({ ...newCouponPlanForm(), name: ' 8.8折 ', kind: 'discount', rate: 88, amount: 20, minSpend: 50, maxDiscount: 30.5 });
    expect(couponPlanBodySchema.parse(body)).toMatchObject({ name: '8.8折', kind: 'discount', value: 88, minSpend: 5000, maxDiscount: 3050 });
  });

  it('a cash coupon has no minimum and no cap; unlimited quantity is −1; fixed dates replace the days', () => {
    const body = toCouponPlanBody({
      ...newCouponPlanForm(), name: '新人立减10', kind: 'cash', amount: 10, minSpend: 100, maxDiscount: 5, quantityUnlimited: true, quantity: 50,
      perMemberUnlimited: false, perMemberLimit: 2, validity: 'fixed', validRange: ['2026-12-01T00:00:00.000Z', '2026-12-31T15:59:59.000Z'], validDays: 30,
    });
    expect(couponPlanBodySchema.parse(body)).toMatchObject({
      kind: 'cash', value: 1000, minSpend: 0, maxDiscount: null, quantity: -1, perMemberLimit: 2, validity: 'fixed', validDays: null,
      validFrom: '2026-12-01T00:00:00.000Z', validTo: '2026-12-31T15:59:59.000Z',
    });
  });

  it('writes a coupon as customers read it', () => {
    expect(shortYuan(2000)).toBe('20');
    expect(shortYuan(2050)).toBe('20.5');
    expect(shortYuan(2055)).toBe('20.55');
    expect(valueText(t, 'threshold', 2000)).toBe('¥20');
    expect(valueText(t, 'discount', 88)).toBe('8.8折');
    expect(valueText(t, 'discount', 90)).toBe('9折');
    expect(conditionText(t, { kind: 'threshold', minSpend: 10000, maxDiscount: null })).toBe('满100可用');
    expect(conditionText(t, { kind: 'discount', minSpend: 0, maxDiscount: 3000 })).toBe('无门槛，最多减¥30');
    expect(validityText(t, { validity: 'relative', validFrom: null, validTo: null, validDays: 7 })).toBe('领取后 7 天内有效');
    expect(scopeText(t, 'categories', ['热菜', '凉菜'])).toBe('限 热菜、凉菜 可用');
    expect(scopeText(t, 'dishes', ['a', 'b', 'c', 'd'])).toBe('限 a、b、c 等4项 可用');
    expect(scopeText(t, 'all', [])).toBe('全部菜品可用');
  });
});
