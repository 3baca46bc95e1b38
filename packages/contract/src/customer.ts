import { z } from 'zod';
import { controlCharsMessage, hasControlChars, textSchema } from './text.js';
import { phoneSchema } from './identity.js';
import { MONEY_MAX_FEN } from './money.js';
import { pageQuerySchema } from './paging.js';

/**
 * 客户管理, the money side (STORE.md §5, issue 12): members, levels, the balance and points
 * ledgers, recharge plans (充值方案, the specification's 储值卡) and recharges. Money is integer
 * fen; rates are integers 1–100; ids are strings; times ISO strings. Members, levels and plans
 * belong to the brand; a recharge carries the store it was made in.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;
const required = (name: string, max: number) => text(name, max).min(1, `${name}不能为空`);
const fen = (name: string) =>
  z.number({ message: `${name}必须是金额（分）` }).int(`${name}必须是整数分`).min(0, `${name}不能为负数`).max(MONEY_MAX_FEN, `${name}超出上限`);
/** A signed change (adjustments): at most the money ceiling either way. */
const delta = (name: string) =>
  z.number({ message: `${name}必须是整数` }).int(`${name}必须是整数`).min(-MONEY_MAX_FEN, `${name}超出范围`).max(MONEY_MAX_FEN, `${name}超出范围`);
const dateOnly = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name}格式应为 YYYY-MM-DD`);
const isoTime = (name: string) => z.iso.datetime({ offset: true, message: `${name}必须是ISO时间` });
/** A query-string amount in fen (balance filters). */
const fenQuery = (name: string) => z.coerce.number({ message: `${name}必须是金额（分）` }).int(`${name}必须是整数分`).min(0, `${name}不能为负数`).max(MONEY_MAX_FEN, `${name}超出上限`);

export const MEMBER_GENDERS = ['unknown', 'male', 'female'] as const;
export type MemberGender = (typeof MEMBER_GENDERS)[number];
export const MEMBER_STATUSES = ['active', 'frozen'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_SOURCES = ['cashier', 'scan', 'import', 'recharge'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];
export const BALANCE_LEDGER_KINDS = ['recharge', 'consume', 'refund', 'adjust', 'recharge_refund'] as const;
export type BalanceLedgerKind = (typeof BALANCE_LEDGER_KINDS)[number];
export const POINTS_LEDGER_KINDS = ['order', 'recharge', 'refund', 'adjust', 'expire'] as const;
export type PointsLedgerKind = (typeof POINTS_LEDGER_KINDS)[number];
/** What a recharge record may carry; `wechat` arrives with the orders issue. */
export const RECHARGE_PAY_METHODS = ['cash', 'wechat', 'external'] as const;
export type RechargePayMethod = (typeof RECHARGE_PAY_METHODS)[number];
/** What the counter may record today: cash, or a payment taken elsewhere with its transaction number. */
export const COUNTER_PAY_METHODS = ['cash', 'external'] as const;
export const RECHARGE_STATUSES = ['paid', 'refunded'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** Most gift coupon plans one recharge plan gives. */
export const RECHARGE_PLAN_GIFTS_MAX = 5;

/** `13812341234` → `138****1234`: how a phone shows in lists and in the operation log. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.length <= 2 ? '*'.repeat(phone.length) : `${phone.slice(0, 1)}${'*'.repeat(phone.length - 2)}${phone.slice(-1)}`;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

// ---------- levels ----------

export const memberLevelRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 is the level a new member starts at. */
  rank: z.number().int(),
  /** Cumulative spend (fen) from which a member holds this level. */
  threshold: z.number().int(),
  /** 1–100 (95 = 9.5折, 100 = no discount). */
  discountRate: z.number().int(),
  /** Points per yuan spent, in hundredths (100 = 1 point per yuan). */
  pointsRate: z.number().int(),
  memberCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MemberLevelRecord = z.infer<typeof memberLevelRecordSchema>;

export const memberLevelBodySchema = z
  .object({
    id: id.optional(),
    name: required('等级名称', 16),
    rank: z.number({ message: '等级序号必须是整数' }).int('等级序号必须是整数').min(0, '等级序号不能为负数').max(99, '等级序号不能超过99'),
    threshold: fen('升级门槛').default(0),
    discountRate: z.number({ message: '折扣必须是整数' }).int('折扣必须是整数').min(1, '折扣应在1到100之间').max(100, '折扣应在1到100之间').default(100),
    pointsRate: z.number({ message: '积分倍率必须是整数' }).int('积分倍率必须是整数').min(0, '积分倍率不能为负数').max(10000, '积分倍率不能超过10000').default(100),
  })
  .refine((l) => l.rank !== 0 || l.threshold === 0, { message: '初始等级（序号0）的升级门槛必须为0', path: ['threshold'] });
export type MemberLevelBody = z.input<typeof memberLevelBodySchema>;

// ---------- members ----------

/** A member as lists show it: the phone masked. */
export const memberRowSchema = z.object({
  id: z.string(),
  memberNo: z.string(),
  /** Masked: 138****1234. */
  phone: z.string(),
  name: z.string(),
  gender: z.enum(MEMBER_GENDERS),
  levelId: z.string(),
  levelName: z.string(),
  points: z.number().int(),
  balancePrincipal: z.number().int(),
  balanceBonus: z.number().int(),
  /** principal + bonus. */
  balance: z.number().int(),
  totalRecharged: z.number().int(),
  totalSpent: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  source: z.enum(MEMBER_SOURCES),
  lastVisitAt: z.string().nullable(),
  createTime: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** One member in full (the detail drawer): the full phone, level, balances, totals. */
export const memberRecordSchema = memberRowSchema.extend({
  /** Full phone. */
  phone: z.string(),
  birthday: z.string().nullable(),
  level: z.object({ id: z.string(), name: z.string(), rank: z.number().int(), discountRate: z.number().int(), pointsRate: z.number().int() }),
  /** The next level up and the spend still needed to reach it; null at the top. */
  nextLevel: z.object({ id: z.string(), name: z.string(), threshold: z.number().int(), remaining: z.number().int() }).nullable(),
  orderCount: z.number().int(),
  firstStoreId: z.string().nullable(),
  firstStoreName: z.string().nullable(),
  followerId: z.string().nullable(),
  remark: z.string(),
  updateTime: z.string(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

const memberFields = {
  phone: phoneSchema,
  name: text('姓名', 32).default(''),
  gender: z.enum(MEMBER_GENDERS, { message: '性别只能是未知、男或女' }).default('unknown'),
  birthday: dateOnly('生日').nullish(),
  /** Left out: the rank-0 level. */
  levelId: id.nullish(),
  source: z.enum(MEMBER_SOURCES, { message: '来源不正确' }).default('cashier'),
  firstStoreId: id.nullish(),
  followerId: id.nullish(),
  remark: text('备注', 200).default(''),
};
/** New member; the member number is given by the server. Balances and points start at zero. */
export const memberBodySchema = z.object({ id: id.optional(), ...memberFields });
export type MemberBody = z.input<typeof memberBodySchema>;
/** Edit: the profile only (never balances, points or totals). */
export const memberUpdateSchema = z.object({ id, ...memberFields });
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const memberQuerySchema = pageQuerySchema
  .extend({
    /** Phone prefix (digits), member number prefix, or name prefix. */
    keyword: text('关键字', 32).optional(),
    levelId: id.optional(),
    status: z.enum(MEMBER_STATUSES, { message: '状态只能是正常或冻结' }).optional(),
    /** Total balance (principal + bonus), fen, inclusive. */
    balanceMin: fenQuery('最低余额').optional(),
    balanceMax: fenQuery('最高余额').optional(),
  })
  .refine((q) => q.balanceMin == null || q.balanceMax == null || q.balanceMin <= q.balanceMax, { message: '最低余额不能高于最高余额', path: ['balanceMin'] });

export const memberStatusBodySchema = z.object({ status: z.enum(MEMBER_STATUSES, { message: '状态只能是正常或冻结' }) });

/** A manual adjustment: signed changes of the parts, with a reason (customer:member:adjust). */
export const memberAdjustBodySchema = z
  .object({
    principal: delta('本金调整').default(0),
    bonus: delta('赠送金调整').default(0),
    points: delta('积分调整').default(0),
    reason: z.string().trim().min(2, '调整原因至少2个字').max(200, '调整原因不能超过200个字符').refine((v) => !hasControlChars(v), controlCharsMessage('调整原因')),
  })
  .refine((a) => a.principal !== 0 || a.bonus !== 0 || a.points !== 0, { message: '请至少调整本金、赠送金或积分中的一项', path: ['principal'] });
export type MemberAdjustBody = z.input<typeof memberAdjustBodySchema>;

/** The member's balances after a change (adjust, charge, recharge). */
export const memberBalancesSchema = z.object({
  memberId: z.string(),
  balancePrincipal: z.number().int(),
  balanceBonus: z.number().int(),
  balance: z.number().int(),
  points: z.number().int(),
});
export type MemberBalances = z.infer<typeof memberBalancesSchema>;

// ---------- ledgers ----------

/** What every ledger row says besides its amounts: whose, where, why, by whom, when. */
const ledgerEntryShape = {
  id: z.string(),
  memberId: z.string(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  rechargeId: z.string().nullable(),
  orderId: z.string().nullable(),
  operatorName: z.string(),
  reason: z.string(),
  createTime: z.string(),
};

export const balanceLedgerRecordSchema = z.object({
  ...ledgerEntryShape,
  kind: z.enum(BALANCE_LEDGER_KINDS),
  principalChange: z.number().int(),
  bonusChange: z.number().int(),
  principalAfter: z.number().int(),
  bonusAfter: z.number().int(),
});
export type BalanceLedgerRecord = z.infer<typeof balanceLedgerRecordSchema>;

export const pointsLedgerRecordSchema = z.object({
  ...ledgerEntryShape,
  kind: z.enum(POINTS_LEDGER_KINDS),
  change: z.number().int(),
  pointsAfter: z.number().int(),
});
export type PointsLedgerRecord = z.infer<typeof pointsLedgerRecordSchema>;

/** The consistency check: every member whose balances differ from the sums of their ledgers. */
export const integrityReportSchema = z.object({
  checked: z.number().int(),
  mismatches: z.array(
    z.object({
      memberId: z.string(),
      memberNo: z.string(),
      /** Masked. */
      phone: z.string(),
      balancePrincipal: z.number().int(),
      ledgerPrincipal: z.number().int(),
      balanceBonus: z.number().int(),
      ledgerBonus: z.number().int(),
      points: z.number().int(),
      ledgerPoints: z.number().int(),
    }),
  ),
});
export type IntegrityReport = z.infer<typeof integrityReportSchema>;

// ---------- recharge plans ----------

export const rechargePlanRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  payAmount: z.number().int(),
  bonusAmount: z.number().int(),
  bonusPoints: z.number().int(),
  giftCouponPlanIds: z.array(z.string()),
  /** Empty: every store. */
  storeIds: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Times one member may use it; null: no limit. */
  perMemberLimit: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Recharges made with it (refunded ones included). */
  usedCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RechargePlanRecord = z.infer<typeof rechargePlanRecordSchema>;

export const rechargePlanBodySchema = z
  .object({
    id: id.optional(),
    name: required('方案名称', 32),
    payAmount: fen('充值金额').refine((v) => v > 0, '充值金额必须大于0'),
    bonusAmount: fen('赠送金额').default(0),
    bonusPoints: z.number({ message: '赠送积分必须是整数' }).int('赠送积分必须是整数').min(0, '赠送积分不能为负数').max(9_999_999, '赠送积分超出上限').default(0),
    giftCouponPlanIds: z.array(id).max(RECHARGE_PLAN_GIFTS_MAX, `赠送优惠券不能超过${RECHARGE_PLAN_GIFTS_MAX}种`).default([]),
    storeIds: z.array(id).max(500, '适用门店不能超过500个').default([]),
    startsAt: isoTime('开始时间').nullish(),
    endsAt: isoTime('结束时间').nullish(),
    perMemberLimit: z.number({ message: '每人限充次数必须是整数' }).int('每人限充次数必须是整数').min(1, '每人限充次数至少为1').max(9999, '每人限充次数不能超过9999').nullish(),
    enabled: z.boolean().default(true),
    sort: z.number().int('排序必须是整数').min(-99999, '排序超出范围').max(99999, '排序超出范围').default(0),
  })
  .refine((p) => !p.startsAt || !p.endsAt || Date.parse(p.startsAt) < Date.parse(p.endsAt), { message: '开始时间必须早于结束时间', path: ['endsAt'] })
  .refine((p) => new Set(p.giftCouponPlanIds).size === p.giftCouponPlanIds.length, { message: '赠送优惠券不能重复', path: ['giftCouponPlanIds'] })
  .refine((p) => new Set(p.storeIds).size === p.storeIds.length, { message: '适用门店不能重复', path: ['storeIds'] });
export type RechargePlanBody = z.input<typeof rechargePlanBodySchema>;

export const rechargePlanQuerySchema = pageQuerySchema.extend({
  name: text('方案名称', 32).optional(),
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

/** What the counter offers a member in a store: enabled, in date, store allowed, under the member's limit. */
export const rechargePlanAvailableQuerySchema = z.object({ storeId: id, memberId: id });
export const availableRechargePlanSchema = rechargePlanRecordSchema.extend({
  /** Recharges this member may still make with it; null: no limit. */
  remaining: z.number().int().nullable(),
});
export type AvailableRechargePlan = z.infer<typeof availableRechargePlanSchema>;

// ---------- recharges ----------

/**
 * A recharge at the counter: from a plan, or a free amount (no bonus). `paymentRef` makes it
 * happen once: the web sends a fresh uuid per counter attempt for cash, the external transaction
 * number for external; the same reference again answers the same recharge.
 */
export const rechargeBodySchema = z
  .object({
    memberId: id,
    storeId: id,
    planId: id.nullish(),
    amount: fen('充值金额').refine((v) => v > 0, '充值金额必须大于0').nullish(),
    payMethod: z.enum(COUNTER_PAY_METHODS, { message: '支付方式只能是现金或外部支付' }),
    paymentRef: z.string().trim().min(1, '支付流水号不能为空').max(64, '支付流水号不能超过64个字符').regex(/^[A-Za-z0-9_\-:.]+$/, '支付流水号只能包含字母、数字和 _ - : .'),
    remark: text('备注', 200).optional(),
  })
  .refine((r) => (r.planId != null) !== (r.amount != null), { message: '请选择充值方案或输入充值金额（二选一）', path: ['amount'] });
export type RechargeBody = z.input<typeof rechargeBodySchema>;

export const rechargeRecordSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string(),
  payAmount: z.number().int(),
  bonusAmount: z.number().int(),
  bonusPoints: z.number().int(),
  payMethod: z.enum(RECHARGE_PAY_METHODS),
  paymentRef: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  refundPrincipal: z.number().int().nullable(),
  refundBonus: z.number().int().nullable(),
  refundReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
  operatorName: z.string(),
  businessDate: z.string(),
  createTime: z.string(),
});
export type RechargeRecord = z.infer<typeof rechargeRecordSchema>;

/** The answer of a recharge: the recharge, whether this call made it (false: the same paymentRef again), and the balances after. */
export const rechargeResultSchema = z.object({
  recharge: rechargeRecordSchema,
  created: z.boolean(),
  balances: memberBalancesSchema,
  /** Coupons given with it (ids). */
  couponIds: z.array(z.string()),
});
export type RechargeResult = z.infer<typeof rechargeResultSchema>;

export const rechargeQuerySchema = pageQuerySchema
  .extend({
    storeId: id.optional(),
    memberId: id.optional(),
    /** Business dates, inclusive. */
    dateFrom: dateOnly('开始日期').optional(),
    dateTo: dateOnly('结束日期').optional(),
    payMethod: z.enum(RECHARGE_PAY_METHODS, { message: '支付方式不正确' }).optional(),
    status: z.enum(RECHARGE_STATUSES, { message: '状态只能是已支付或已退款' }).optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: '开始日期不能晚于结束日期', path: ['dateFrom'] });

export const rechargeRefundBodySchema = z.object({
  reason: z.string().trim().min(2, '退款原因至少2个字').max(200, '退款原因不能超过200个字符').refine((v) => !hasControlChars(v), controlCharsMessage('退款原因')),
});
