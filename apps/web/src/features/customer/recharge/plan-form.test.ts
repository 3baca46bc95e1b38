import { describe, expect, it } from 'vitest';
import { rechargePlanBodySchema } from '@canteen/contract';
import { moneyProblem, newPlanForm, offerText, toPlanBody } from './plan-form';
import { refundEstimate } from './RefundDialog';

describe('recharge plan form', () => {
  it('converts yuan to fen once, half-up, and leaves no limit as null', () => {
    const body = toPlanBody({ ...newPlanForm(), name: ' 充500送80 ', payAmount: 500, bonusAmount: 80.005, bonusPoints: null });
    expect(rechargePlanBodySchema.parse(body)).toMatchObject({ name: '充500送80', payAmount: 50000, bonusAmount: 8001, bonusPoints: 0, perMemberLimit: null, startsAt: null });
  });

  it('names the problems of the pay amount', () => {
    expect(moneyProblem(null, { required: true, positive: true })).toBe('payAmount');
    expect(moneyProblem(0, { required: true, positive: true })).toBe('payAmountMin');
    expect(moneyProblem(10_000_000, { required: true, positive: true })).toBe('moneyMax');
    expect(moneyProblem(0.01, { required: true, positive: true })).toBeNull();
    expect(moneyProblem(null)).toBeNull();
  });

  it('writes the offer as 充 ¥500 送 ¥80 = 到账 ¥580', () => {
    expect(offerText(50000, 8000)).toEqual({ key: 'customerRecharge.plan.summary', values: { pay: '¥500', bonus: '¥80', total: '¥580' } });
    expect(offerText(10050, 0).key).toBe('customerRecharge.plan.summaryNoBonus');
  });

  it('estimates a refund: the bonus left first, then the unspent principal up to what was paid', () => {
    const recharge = { payAmount: 50000, bonusAmount: 8000, bonusPoints: 100 };
    expect(refundEstimate(recharge, { balancePrincipal: 30000, balanceBonus: 5000, points: 60 })).toEqual({ bonus: 5000, principal: 30000, points: 60 });
    expect(refundEstimate(recharge, { balancePrincipal: 90000, balanceBonus: 20000, points: 500 })).toEqual({ bonus: 8000, principal: 50000, points: 100 });
    expect(refundEstimate(recharge, { balancePrincipal: 0, balanceBonus: 0, points: 0 })).toEqual({ bonus: 0, principal: 0, points: 0 });
  });
});
