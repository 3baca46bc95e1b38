import dayjs from 'dayjs';
import {
  MONEY_MAX_FEN, fenToYuan, yuanToFen, type CouponKind, type CouponPlanBody, type CouponPlanRecord, type CouponPlanStatus, type CouponScope,
  type CouponValidity, type OrderType,
} from '@canteen/contract';

/** The coupon plan editor's values: money in yuan (converted to fen once, in `toCouponPlanBody`), the rate 1–99. */
export interface CouponPlanFormValues {
  name: string;
  kind: CouponKind;
  /** Yuan: the value of a cash coupon, the amount off of a threshold coupon. */
  amount: number | null;
  /** 1–99 (88 = 8.8折), discount coupons. */
  rate: number | null;
  /** Yuan; 0 = 无门槛. */
  minSpend: number | null;
  /** Yuan, discount coupons; null = no cap. */
  maxDiscount: number | null;
  scope: CouponScope;
  scopeIds: string[];
  orderTypes: OrderType[];
  storeIds: string[];
  validity: CouponValidity;
  /** ISO times (fixed validity). */
  validRange: [string, string] | null;
  validDays: number | null;
  quantityUnlimited: boolean;
  quantity: number | null;
  perMemberUnlimited: boolean;
  perMemberLimit: number | null;
  status: CouponPlanStatus;
  description: string;
}

const yuan = (fen: number | null | undefined): number | null => (fen == null ? null : Number(fenToYuan(fen)));
/** Yuan → fen; null when empty. */
export const toFen = (value: number | null | undefined): number | null => (value == null || Number.isNaN(value) ? null : yuanToFen(value));

export const newCouponPlanForm = (): CouponPlanFormValues => ({
  name: '', kind: 'threshold', amount: null, rate: 88, minSpend: null, maxDiscount: null, scope: 'all', scopeIds: [], orderTypes: ['dine_in', 'takeaway'],
  storeIds: [], validity: 'relative', validRange: null, validDays: 30, quantityUnlimited: true, quantity: null, perMemberUnlimited: false, perMemberLimit: 1,
  status: 'active', description: '',
});

export const toCouponPlanForm = (p: CouponPlanRecord): CouponPlanFormValues => ({
  name: p.name,
  kind: p.kind,
  amount: p.kind === 'discount' ? null : yuan(p.value),
  rate: p.kind === 'discount' ? p.value : 88,
  minSpend: yuan(p.minSpend),
  maxDiscount: yuan(p.maxDiscount),
  scope: p.scope,
  scopeIds: [...p.scopeIds],
  orderTypes: [...p.orderTypes],
  storeIds: [...p.storeIds],
  validity: p.validity,
  validRange: p.validFrom && p.validTo ? [p.validFrom, p.validTo] : null,
  validDays: p.validDays ?? 30,
  quantityUnlimited: p.quantity === -1,
  quantity: p.quantity === -1 ? null : p.quantity,
  perMemberUnlimited: p.perMemberLimit === -1,
  perMemberLimit: p.perMemberLimit === -1 ? null : p.perMemberLimit,
  status: p.status,
  description: p.description,
});

/** The editor's values as the contract's body: only the fields of the chosen kind, scope and validity. */
export function toCouponPlanBody(v: CouponPlanFormValues, id?: string): CouponPlanBody {
  const discount = v.kind === 'discount';
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    kind: v.kind,
    value: discount ? (v.rate ?? 0) : (toFen(v.amount) ?? 0),
    minSpend: v.kind === 'cash' ? 0 : (toFen(v.minSpend) ?? 0),
    maxDiscount: discount ? toFen(v.maxDiscount) : null,
    scope: v.scope,
    scopeIds: v.scope === 'all' ? [] : v.scopeIds,
    orderTypes: v.orderTypes,
    storeIds: v.storeIds,
    validity: v.validity,
    validFrom: v.validity === 'fixed' ? (v.validRange?.[0] ?? null) : null,
    validTo: v.validity === 'fixed' ? (v.validRange?.[1] ?? null) : null,
    validDays: v.validity === 'relative' ? v.validDays : null,
    quantity: v.quantityUnlimited ? -1 : (v.quantity ?? 0),
    perMemberLimit: v.perMemberUnlimited ? -1 : (v.perMemberLimit ?? 0),
    status: v.status,
    description: v.description.trim(),
  };
}

/** A money input's problem (a key under `customerCoupon.v`), or null. */
export function couponMoneyProblem(value: number | null | undefined, missing: string): string | null {
  if (value == null) return missing;
  if (yuanToFen(value) > MONEY_MAX_FEN) return 'moneyMax';
  return null;
}

/** `20` or `20.5` (yuan, no trailing zeros) from fen. */
export const shortYuan = (fen: number) => fenToYuan(fen).replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');

type T = (key: string, values?: Record<string, unknown>) => string;

/** The big figure of a coupon: ¥20 / 8.8折. */
export function valueText(t: T, kind: CouponKind, value: number): string {
  if (kind === 'discount') return t('customerCoupon.text.discount', { rate: String(value / 10), percent: value });
  return t('customerCoupon.text.cash', { value: shortYuan(value) });
}

/** 满100可用 / 无门槛 (and, for a capped discount, 最多减¥30). */
export function conditionText(t: T, terms: { kind: CouponKind; minSpend: number; maxDiscount: number | null }): string {
  const base = terms.minSpend > 0 ? t('customerCoupon.text.minSpend', { amount: shortYuan(terms.minSpend) }) : t('customerCoupon.text.noThreshold');
  if (terms.kind === 'discount' && terms.maxDiscount != null) return `${base}，${t('customerCoupon.text.cap', { amount: `¥${shortYuan(terms.maxDiscount)}` })}`;
  return base;
}

/** 2026-01-01 至 2026-01-31 / 领取后 30 天内有效. */
export function validityText(t: T, v: { validity: CouponValidity; validFrom: string | null; validTo: string | null; validDays: number | null }): string {
  if (v.validity === 'fixed') {
    if (!v.validFrom || !v.validTo) return '';
    return t('customerCoupon.text.fixed', { from: dayjs(v.validFrom).format('YYYY-MM-DD'), to: dayjs(v.validTo).format('YYYY-MM-DD') });
  }
  return v.validDays ? t('customerCoupon.text.relative', { days: v.validDays }) : '';
}

/** 全部菜品可用 / 限 热菜、凉菜 可用 (the first three names, then how many). */
export function scopeText(t: T, scope: CouponScope, names: string[]): string {
  if (scope === 'all' || names.length === 0) return t('customerCoupon.text.allScope');
  const shown = names.slice(0, 3).join('、');
  const list = names.length > 3 ? t('customerCoupon.text.scopeMore', { names: shown, n: names.length }) : shown;
  return t('customerCoupon.text.scopeList', { names: list });
}
