import { z } from 'zod';
import { controlCharsMessage, hasControlChars, textSchema } from './text.js';
import { applyRate, MONEY_MAX_FEN } from './money.js';
import { pageQuerySchema } from './paging.js';
import { ORDER_TYPES } from './store.js';

/**
 * 优惠券 (STORE.md §5, issue 12): coupon plans (券模板) and the coupons issued from them. A plan
 * belongs to the brand and may be limited to some stores (empty = every store), some order types
 * and, by its scope, some categories or dishes (catalogue ids). Money is integer fen; a discount
 * coupon's value is its rate 1–99 (88 = 8.8折). A coupon goes unused → locked (held by an unpaid
 * order) → used, back to unused when that order is cancelled, or to expired / voided.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;
const required = (name: string, max: number) => text(name, max).min(1, `${name}不能为空`);
const isoTime = (name: string) => z.iso.datetime({ offset: true, message: `${name}必须是ISO时间` });
const int = (name: string) => z.number({ message: `${name}必须是整数` }).int(`${name}必须是整数`);

export const COUPON_KINDS = ['cash', 'discount', 'threshold'] as const;
/** cash 代金券 (no minimum), discount 折扣券 (rate, optional cap), threshold 满减券 (min spend > value). */
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ['all', 'categories', 'dishes'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_VALIDITIES = ['fixed', 'relative'] as const;
/** fixed: from–to on the plan; relative: N days from the day of issue (that day counts as the first). */
export type CouponValidity = (typeof COUPON_VALIDITIES)[number];
export const COUPON_PLAN_STATUSES = ['active', 'paused', 'ended'] as const;
export type CouponPlanStatus = (typeof COUPON_PLAN_STATUSES)[number];
export const COUPON_STATUSES = ['unused', 'locked', 'used', 'expired', 'voided'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_SOURCES = ['admin', 'recharge', 'new_member', 'claim'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/** Most categories or dishes one plan's scope names. */
export const COUPON_SCOPE_MAX = 200;
/** Most members one issue names (a level issues to all its members). */
export const COUPON_ISSUE_MEMBERS_MAX = 1000;
/** Longest relative validity, days. */
export const COUPON_VALID_DAYS_MAX = 3650;
/** Largest quantity (发行量) and per-member limit. */
export const COUPON_QUANTITY_MAX = 9_999_999;
export const COUPON_PER_MEMBER_MAX = 999;

// ---------- the discount, shared by the server and the editor's preview ----------

/** What decides a coupon's discount (a plan's money terms). */
export interface CouponTerms {
  kind: CouponKind;
  value: number;
  minSpend: number;
  maxDiscount: number | null;
  scope: CouponScope;
  scopeIds: readonly string[];
}

/** One line of an order, as a coupon sees it: its dish, the dish's category, the line's amount (fen). */
export interface CouponLine {
  dishId: string;
  categoryId: string;
  amount: number;
}

export type CouponDiscount =
  | { ok: true; discount: number; eligible: number }
  | { ok: false; reason: 'not_in_scope'; eligible: 0 }
  | { ok: false; reason: 'below_min_spend'; eligible: number; missing: number };

/**
 * The discount a coupon gives an order. The eligible amount is the order total for scope `all`,
 * else the lines in scope (never above the total); the minimum spend is checked against it.
 * Cash and threshold coupons take their value, a discount coupon takes eligible − eligible×rate
 * (half-up to the fen) up to its cap; never more than the eligible amount, so nothing becomes
 * negative.
 */
export function couponDiscount(terms: CouponTerms, lines: readonly CouponLine[], total: number): CouponDiscount {
  let eligible: number;
  if (terms.scope === 'all') {
    eligible = Math.max(0, total);
  } else {
    const ids = new Set(terms.scopeIds);
    const inScope = lines.filter((l) => ids.has(terms.scope === 'categories' ? l.categoryId : l.dishId)).reduce((sum, l) => sum + Math.max(0, l.amount), 0);
    eligible = Math.max(0, Math.min(inScope, total));
  }
  if (eligible <= 0) return { ok: false, reason: 'not_in_scope', eligible: 0 };
  if (terms.minSpend > 0 && eligible < terms.minSpend) return { ok: false, reason: 'below_min_spend', eligible, missing: terms.minSpend - eligible };
  let discount = terms.kind === 'discount' ? eligible - applyRate(eligible, terms.value) : terms.value;
  if (terms.kind === 'discount' && terms.maxDiscount != null) discount = Math.min(discount, terms.maxDiscount);
  return { ok: true, discount: Math.max(0, Math.min(discount, eligible)), eligible };
}

// ---------- plans ----------

export const couponPlanRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Fen (cash, threshold) or the rate 1–99 (discount). */
  value: z.number().int(),
  /** Fen; 0 = 无门槛. */
  minSpend: z.number().int(),
  /** Discount coupons: the most taken off (fen); null = no cap. */
  maxDiscount: z.number().int().nullable(),
  scope: z.enum(COUPON_SCOPES),
  scopeIds: z.array(z.string()),
  /** The categories or dishes of the scope with their names (a deleted one is left out). */
  scopeItems: z.array(z.object({ id: z.string(), name: z.string(), storeId: z.string() })),
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  /** Empty: every store. */
  storeIds: z.array(z.string()),
  validity: z.enum(COUPON_VALIDITIES),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().int().nullable(),
  /** −1 = unlimited. */
  quantity: z.number().int(),
  /** −1 = unlimited. */
  perMemberLimit: z.number().int(),
  issuedCount: z.number().int(),
  usedCount: z.number().int(),
  /** Coupons still to issue; null = unlimited. */
  remaining: z.number().int().nullable(),
  status: z.enum(COUPON_PLAN_STATUSES),
  description: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CouponPlanRecord = z.infer<typeof couponPlanRecordSchema>;

/**
 * A plan. Once coupons are issued its money terms (kind, value, minimum spend, cap, scope) no
 * longer change (409): what customers hold must keep meaning what it said. The quantity never
 * goes below what is issued.
 */
export const couponPlanBodySchema = z
  .object({
    id: id.optional(),
    name: required('优惠券名称', 32),
    kind: z.enum(COUPON_KINDS, { message: '券类型只能是代金券、折扣券或满减券' }),
    value: int('面额').min(1, '面额必须大于0').max(MONEY_MAX_FEN, '面额超出上限'),
    minSpend: int('使用门槛').min(0, '使用门槛不能为负数').max(MONEY_MAX_FEN, '使用门槛超出上限').default(0),
    maxDiscount: int('最高优惠').min(1, '最高优惠必须大于0').max(MONEY_MAX_FEN, '最高优惠超出上限').nullish(),
    scope: z.enum(COUPON_SCOPES, { message: '适用范围只能是全部菜品、指定分类或指定菜品' }).default('all'),
    scopeIds: z.array(id).max(COUPON_SCOPE_MAX, `适用范围最多选择${COUPON_SCOPE_MAX}项`).default([]),
    orderTypes: z.array(z.enum(ORDER_TYPES, { message: '订单类型只能是堂食或外带' })).min(1, '至少选择一种订单类型').default(['dine_in', 'takeaway']),
    storeIds: z.array(id).max(500, '适用门店不能超过500个').default([]),
    validity: z.enum(COUPON_VALIDITIES, { message: '有效期类型只能是固定日期或领取后N天' }).default('relative'),
    validFrom: isoTime('生效时间').nullish(),
    validTo: isoTime('失效时间').nullish(),
    validDays: int('有效天数').min(1, '有效天数至少为1天').max(COUPON_VALID_DAYS_MAX, `有效天数不能超过${COUPON_VALID_DAYS_MAX}天`).nullish(),
    quantity: int('发行量').min(-1, '发行量为-1（不限）或大于0的整数').max(COUPON_QUANTITY_MAX, '发行量超出上限').default(-1),
    perMemberLimit: int('每人限领').min(-1, '每人限领为-1（不限）或大于0的整数').max(COUPON_PER_MEMBER_MAX, `每人限领不能超过${COUPON_PER_MEMBER_MAX}张`).default(-1),
    status: z.enum(COUPON_PLAN_STATUSES, { message: '状态只能是进行中、已暂停或已结束' }).default('active'),
    description: text('使用说明', 500).default(''),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.kind === 'discount' && (p.value < 1 || p.value > 99)) issue('value', '折扣率应在1到99之间（88即8.8折）');
    if (p.kind === 'cash' && p.minSpend > 0) issue('minSpend', '代金券无使用门槛；有门槛请选择满减券');
    if (p.kind === 'threshold' && p.minSpend <= p.value) issue('minSpend', '满减券的使用门槛必须大于减免金额');
    if (p.kind !== 'discount' && p.maxDiscount != null) issue('maxDiscount', '只有折扣券可以设置最高优惠');
    if (p.scope === 'all' && p.scopeIds.length) issue('scopeIds', '适用全部菜品时不能指定分类或菜品');
    if (p.scope === 'categories' && !p.scopeIds.length) issue('scopeIds', '请至少选择一个适用分类');
    if (p.scope === 'dishes' && !p.scopeIds.length) issue('scopeIds', '请至少选择一个适用菜品');
    if (new Set(p.scopeIds).size !== p.scopeIds.length) issue('scopeIds', '适用范围不能重复');
    if (new Set(p.orderTypes).size !== p.orderTypes.length) issue('orderTypes', '订单类型不能重复');
    if (new Set(p.storeIds).size !== p.storeIds.length) issue('storeIds', '适用门店不能重复');
    if (p.validity === 'fixed') {
      if (!p.validFrom) issue('validFrom', '固定日期的优惠券需要生效时间');
      if (!p.validTo) issue('validTo', '固定日期的优惠券需要失效时间');
      if (p.validFrom && p.validTo && Date.parse(p.validFrom) >= Date.parse(p.validTo)) issue('validTo', '失效时间必须晚于生效时间');
    } else if (p.validDays == null) {
      issue('validDays', '领取后N天有效的优惠券需要有效天数');
    }
    if (p.quantity === 0) issue('quantity', '发行量为-1（不限）或大于0的整数');
    if (p.perMemberLimit === 0) issue('perMemberLimit', '每人限领为-1（不限）或大于0的整数');
  });
export type CouponPlanBody = z.input<typeof couponPlanBodySchema>;

export const couponPlanQuerySchema = pageQuerySchema.extend({
  name: text('优惠券名称', 32).optional(),
  kind: z.enum(COUPON_KINDS, { message: '券类型只能是代金券、折扣券或满减券' }).optional(),
  status: z.enum(COUPON_PLAN_STATUSES, { message: '状态只能是进行中、已暂停或已结束' }).optional(),
});

/** 暂停 / 恢复 / 结束. An ended plan stays ended (its coupons already issued stay usable until they expire). */
export const couponPlanStatusBodySchema = z.object({ status: z.enum(COUPON_PLAN_STATUSES, { message: '状态只能是进行中、已暂停或已结束' }) });

/** Issue one coupon to each of the chosen members, or to every member of a level: one of the two. */
export const couponIssueBodySchema = z
  .object({
    memberIds: z.array(id).min(1, '请至少选择一位会员').max(COUPON_ISSUE_MEMBERS_MAX, `一次最多发放给${COUPON_ISSUE_MEMBERS_MAX}位会员`).optional(),
    levelId: id.optional(),
  })
  .refine((b) => (b.memberIds != null) !== (b.levelId != null), { message: '请选择会员或会员等级（二选一）', path: ['memberIds'] })
  .refine((b) => !b.memberIds || new Set(b.memberIds).size === b.memberIds.length, { message: '会员不能重复', path: ['memberIds'] });
export type CouponIssueBody = z.input<typeof couponIssueBodySchema>;

export const COUPON_SKIP_REASONS = ['not_found', 'frozen', 'per_member_limit', 'sold_out'] as const;
export type CouponSkipReason = (typeof COUPON_SKIP_REASONS)[number];

export const couponIssueResultSchema = z.object({
  issued: z.number().int(),
  couponIds: z.array(z.string()),
  /** The members who got none, with why (reason code) and a Chinese message. */
  skipped: z.array(z.object({ memberId: z.string(), reason: z.enum(COUPON_SKIP_REASONS), message: z.string() })),
});
export type CouponIssueResult = z.infer<typeof couponIssueResultSchema>;

// ---------- coupons ----------

export const couponRecordSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minSpend: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  memberId: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  /** Masked: 138****1234. */
  memberPhone: z.string(),
  /** What the customer shows at the counter (random, never the id). */
  code: z.string(),
  status: z.enum(COUPON_STATUSES),
  validFrom: z.string(),
  validTo: z.string(),
  source: z.enum(COUPON_SOURCES),
  rechargeId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** Where it was used (or is locked). */
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  discountAmount: z.number().int().nullable(),
  lockedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createTime: z.string(),
});
export type CouponRecord = z.infer<typeof couponRecordSchema>;

export const couponQuerySchema = pageQuerySchema.extend({
  planId: id.optional(),
  memberId: id.optional(),
  status: z.enum(COUPON_STATUSES, { message: '状态只能是未使用、使用中、已使用、已过期或已作废' }).optional(),
  /** The coupon code, or its beginning. */
  code: z.string().trim().max(32, '券码不能超过32个字符').regex(/^[A-Za-z0-9]*$/, '券码只能包含字母和数字').optional(),
  source: z.enum(COUPON_SOURCES, { message: '来源不正确' }).optional(),
});

/** 作废: only an unused coupon, with a reason. */
export const couponVoidBodySchema = z.object({
  reason: z.string().trim().min(2, '作废原因至少2个字').max(200, '作废原因不能超过200个字符').refine((v) => !hasControlChars(v), controlCharsMessage('作废原因')),
});
