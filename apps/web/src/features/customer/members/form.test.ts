import { describe, expect, it } from 'vitest';
import { memberAdjustBodySchema, memberBodySchema, memberLevelBodySchema, rechargeBodySchema } from '@canteen/contract';
import { afterAdjust, discountText, memberFilterQuery, newLevelForm, toAdjustBody, toLevelBody, toLevelForm, toMemberBody } from './form';
import { randomId } from '../../../shared/random/random-id';
import { PaymentRefs } from './payment-ref';

describe('member form values', () => {
  it('sends the list filters with balances in fen and leaves empty ones out', () => {
    expect(memberFilterQuery({ keyword: ' 138 ', levelId: undefined, status: 'frozen', balanceMin: 0.29, balanceMax: 100 })).toEqual({
      keyword: '138', status: 'frozen', balanceMin: 29, balanceMax: 10000,
    });
    expect(memberFilterQuery({ keyword: '  ', balanceMin: null })).toEqual({});
  });

  it('builds a member body the contract accepts, without a level when none is chosen', () => {
    const body = toMemberBody({ phone: ' 13812345678 ', name: ' 张三 ', gender: 'male', birthday: '1990-05-01', levelId: null, remark: '' });
    expect(body).toEqual({ phone: '13812345678', name: '张三', gender: 'male', birthday: '1990-05-01', remark: '' });
    expect(memberBodySchema.safeParse(body).success).toBe(true);
    expect(toMemberBody({ phone: '13812345678', name: '', gender: 'unknown', birthday: null, levelId: '2', remark: '' }, '9')).toMatchObject({ id: '9', levelId: '2', birthday: null });
  });

  it('converts the adjustment from signed yuan to fen once, and previews the balances it leaves', () => {
    const body = toAdjustBody({ principal: -12.34, bonus: 0.1, points: null, reason: ' 补偿 ' });
    expect(body).toEqual({ principal: -1234, bonus: 10, points: 0, reason: '补偿' });
    expect(memberAdjustBodySchema.safeParse(body).success).toBe(true);
    expect(afterAdjust({ balancePrincipal: 2000, balanceBonus: 0, points: 5 }, body)).toEqual({ balancePrincipal: 766, balanceBonus: 10, points: 5 });
  });

  it('edits levels in yuan and points per yuan, stored in fen and hundredths', () => {
    const level = { id: '2', name: '银卡会员', rank: 1, threshold: 100000, discountRate: 95, pointsRate: 150, memberCount: 3, createTime: '', updateTime: '' };
    const form = toLevelForm(level);
    expect(form).toEqual({ name: '银卡会员', rank: 1, threshold: 1000, discountRate: 95, points: 1.5 });
    const body = toLevelBody({ ...form, threshold: 1000.5 }, '2');
    expect(body).toEqual({ id: '2', name: '银卡会员', rank: 1, threshold: 100050, discountRate: 95, pointsRate: 150 });
    expect(memberLevelBodySchema.safeParse(body).success).toBe(true);
    expect(newLevelForm([])).toMatchObject({ rank: 0, threshold: 0 });
    expect(newLevelForm([level])).toMatchObject({ rank: 2, threshold: null });
    expect([discountText(88), discountText(95), discountText(90)]).toEqual(['8.8', '9.5', '9']);
  });
});

describe('payment references', () => {
  const attempt = { memberId: '1', storeId: '1', planId: '3', payMethod: 'cash' as const };

  it('keeps one reference for the same cash attempt until it went through', () => {
    const refs = new PaymentRefs();
    const first = refs.refFor(attempt);
    expect(refs.refFor({ ...attempt })).toBe(first);
    refs.done();
    const second = refs.refFor(attempt);
    expect(second).not.toBe(first);
    expect(rechargeBodySchema.safeParse({ ...attempt, paymentRef: second }).success).toBe(true);
  });

  it('gives a changed attempt (plan, amount, store, member) a new reference', () => {
    const refs = new PaymentRefs();
    const first = refs.refFor(attempt);
    const free = refs.refFor({ ...attempt, planId: undefined, amount: 5000 });
    expect(free).not.toBe(first);
    expect(refs.refFor({ ...attempt, planId: undefined, amount: 6000 })).not.toBe(free);
    expect(refs.refFor({ ...attempt, storeId: '2' })).not.toBe(first);
  });

  it('uses the transaction number of an external payment', () => {
    expect(new PaymentRefs().refFor({ ...attempt, payMethod: 'external', transactionNo: ' POS-20261125-001 ' })).toBe('POS-20261125-001');
  });

  it('makes UUIDs without crypto.randomUUID (plain http on a LAN address)', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => randomId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
