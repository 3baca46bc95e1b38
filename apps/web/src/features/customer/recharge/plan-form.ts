import { MONEY_MAX_FEN, fenToYuan, formatFen, yuanToFen, type RechargePlanBody, type RechargePlanRecord } from '@canteen/contract';

/** The recharge plan editor's values: money in yuan, converted to fen once, in `toPlanBody`. */
export interface PlanFormValues {
  name: string;
  /** Yuan. */
  payAmount: number | null;
  /** Yuan. */
  bonusAmount: number | null;
  bonusPoints: number | null;
  giftCouponPlanIds: string[];
  storeIds: string[];
  /** ISO times. */
  startsAt: string | null;
  endsAt: string | null;
  perMemberLimit: number | null;
  enabled: boolean;
  sort: number | null;
}

const yuan = (fen: number): number => Number(fenToYuan(fen));
/** Yuan (from an input) → fen; null when empty. */
export const toFen = (value: number | null | undefined): number | null => (value == null || Number.isNaN(value) ? null : yuanToFen(value));

export const newPlanForm = (): PlanFormValues => ({
  name: '', payAmount: null, bonusAmount: 0, bonusPoints: 0, giftCouponPlanIds: [], storeIds: [], startsAt: null, endsAt: null,
  perMemberLimit: null, enabled: true, sort: 0,
});

export const toPlanForm = (p: RechargePlanRecord): PlanFormValues => ({
  name: p.name,
  payAmount: yuan(p.payAmount),
  bonusAmount: yuan(p.bonusAmount),
  bonusPoints: p.bonusPoints,
  giftCouponPlanIds: [...p.giftCouponPlanIds],
  storeIds: [...p.storeIds],
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  perMemberLimit: p.perMemberLimit,
  enabled: p.enabled,
  sort: p.sort,
});

export function toPlanBody(v: PlanFormValues, id?: string): RechargePlanBody {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    payAmount: toFen(v.payAmount) ?? 0,
    bonusAmount: toFen(v.bonusAmount) ?? 0,
    bonusPoints: v.bonusPoints ?? 0,
    giftCouponPlanIds: v.giftCouponPlanIds,
    storeIds: v.storeIds,
    startsAt: v.startsAt ?? null,
    endsAt: v.endsAt ?? null,
    perMemberLimit: v.perMemberLimit ?? null,
    enabled: v.enabled,
    sort: v.sort ?? 0,
  };
}

/** A money input's problem (a key under `customerRecharge.v`), or null. */
export function moneyProblem(value: number | null | undefined, { required, positive }: { required?: boolean; positive?: boolean } = {}): string | null {
  if (value == null) return required ? 'payAmount' : null;
  const fen = yuanToFen(value);
  if (positive && fen <= 0) return 'payAmountMin';
  if (fen > MONEY_MAX_FEN) return 'moneyMax';
  return null;
}

/** ¥500 / ¥200.50: whole yuan without the fen, as offers are written. */
export const offerMoney = (fen: number) => formatFen(fen).replace(/\.00$/, '');

/** `充 ¥500 送 ¥80 = 到账 ¥580`: the key and values of a plan's offer (fen). */
export function offerText(payAmount: number, bonusAmount: number): { key: string; values: Record<string, string> } {
  const values = { pay: offerMoney(payAmount), bonus: offerMoney(bonusAmount), total: offerMoney(payAmount + bonusAmount) };
  return { key: bonusAmount > 0 ? 'customerRecharge.plan.summary' : 'customerRecharge.plan.summaryNoBonus', values };
}
