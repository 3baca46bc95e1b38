import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bigintText, businessDate, createdAt, idColumn, money, timestamps, timestamptz } from '../../db/columns.js';

/** 客户管理 (migration 0400_customer.sql): members, levels, ledgers, recharges, coupons. */

export const memberLevel = pgTable('member_level', {
  id: idColumn(),
  name: text('name').notNull(),
  rank: smallint('rank').notNull(),
  threshold: money('threshold').notNull().default(0),
  discountRate: smallint('discount_rate').notNull().default(100),
  pointsRate: integer('points_rate').notNull().default(100),
  ...timestamps(),
});

export type MemberGender = 'unknown' | 'male' | 'female';
export type MemberStatus = 'active' | 'frozen';
export type MemberSource = 'cashier' | 'scan' | 'import' | 'recharge';

export const member = pgTable('member', {
  id: idColumn(),
  memberNo: text('member_no').notNull(),
  phone: text('phone').notNull(),
  name: text('name').notNull().default(''),
  gender: text('gender').$type<MemberGender>().notNull().default('unknown'),
  birthday: date('birthday', { mode: 'string' }),
  levelId: bigintText('level_id').notNull(),
  points: money('points').notNull().default(0),
  balancePrincipal: money('balance_principal').notNull().default(0),
  balanceBonus: money('balance_bonus').notNull().default(0),
  totalRecharged: money('total_recharged').notNull().default(0),
  totalSpent: money('total_spent').notNull().default(0),
  orderCount: integer('order_count').notNull().default(0),
  status: text('status').$type<MemberStatus>().notNull().default('active'),
  source: text('source').$type<MemberSource>().notNull().default('cashier'),
  firstStoreId: bigintText('first_store_id'),
  followerId: bigintText('follower_id'),
  remark: text('remark').notNull().default(''),
  lastVisitAt: timestamptz('last_visit_at'),
  /** The business date the member joined on, recorded then (0602_report_recorded_days.sql). */
  firstBusinessDate: businessDate('first_business_date'),
  ...timestamps(),
});

/** The columns every ledger row has besides its amounts (both ledgers of 0400_customer.sql): where, what for, by whom, when. */
const ledgerEntryColumns = () => ({
  storeId: bigintText('store_id'),
  rechargeId: bigintText('recharge_id'),
  orderId: bigintText('order_id'),
  operatorId: bigintText('operator_id'),
  operatorName: text('operator_name').notNull().default(''),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
});

export type BalanceLedgerKind = 'recharge' | 'consume' | 'refund' | 'adjust' | 'recharge_refund';

export const memberBalanceLedger = pgTable('member_balance_ledger', {
  id: idColumn(),
  memberId: bigintText('member_id').notNull(),
  kind: text('kind').$type<BalanceLedgerKind>().notNull(),
  principalChange: money('principal_change').notNull(),
  bonusChange: money('bonus_change').notNull(),
  principalAfter: money('principal_after').notNull(),
  bonusAfter: money('bonus_after').notNull(),
  ...ledgerEntryColumns(),
  /** The business date it was written on, recorded then (0602_report_recorded_days.sql). */
  businessDate: businessDate('business_date'),
});

export type PointsLedgerKind = 'order' | 'recharge' | 'refund' | 'adjust' | 'expire';

export const memberPointsLedger = pgTable('member_points_ledger', {
  id: idColumn(),
  memberId: bigintText('member_id').notNull(),
  kind: text('kind').$type<PointsLedgerKind>().notNull(),
  change: money('change').notNull(),
  pointsAfter: money('points_after').notNull(),
  ...ledgerEntryColumns(),
});

export const rechargePlan = pgTable('recharge_plan', {
  id: idColumn(),
  name: text('name').notNull(),
  payAmount: money('pay_amount').notNull(),
  bonusAmount: money('bonus_amount').notNull().default(0),
  bonusPoints: integer('bonus_points').notNull().default(0),
  giftCouponPlanIds: bigintText('gift_coupon_plan_ids').array().notNull().default(sql`'{}'`),
  storeIds: bigintText('store_ids').array().notNull().default(sql`'{}'`),
  startsAt: timestamptz('starts_at'),
  endsAt: timestamptz('ends_at'),
  perMemberLimit: integer('per_member_limit'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps(),
});

export type RechargePayMethod = 'cash' | 'wechat' | 'external';

export const recharge = pgTable('recharge', {
  id: idColumn(),
  memberId: bigintText('member_id').notNull(),
  planId: bigintText('plan_id'),
  storeId: bigintText('store_id').notNull(),
  payAmount: money('pay_amount').notNull(),
  bonusAmount: money('bonus_amount').notNull().default(0),
  bonusPoints: integer('bonus_points').notNull().default(0),
  payMethod: text('pay_method').$type<RechargePayMethod>().notNull(),
  paymentRef: text('payment_ref').notNull(),
  status: text('status').$type<'paid' | 'refunded'>().notNull().default('paid'),
  refundPrincipal: money('refund_principal'),
  refundBonus: money('refund_bonus'),
  refundReason: text('refund_reason'),
  refundedAt: timestamptz('refunded_at'),
  operatorId: bigintText('operator_id'),
  operatorName: text('operator_name').notNull().default(''),
  businessDate: businessDate('business_date').notNull(),
  createdAt: createdAt(),
});

export type CouponKind = 'cash' | 'discount' | 'threshold';

export const couponPlan = pgTable('coupon_plan', {
  id: idColumn(),
  name: text('name').notNull(),
  kind: text('kind').$type<CouponKind>().notNull(),
  value: money('value').notNull(),
  minSpend: money('min_spend').notNull().default(0),
  maxDiscount: money('max_discount'),
  scope: text('scope').$type<'all' | 'categories' | 'dishes'>().notNull().default('all'),
  scopeIds: bigintText('scope_ids').array().notNull().default(sql`'{}'`),
  orderTypes: text('order_types').array().notNull().default(sql`'{dine_in,takeaway}'`),
  storeIds: bigintText('store_ids').array().notNull().default(sql`'{}'`),
  validity: text('validity').$type<'fixed' | 'relative'>().notNull().default('relative'),
  validFrom: timestamptz('valid_from'),
  validTo: timestamptz('valid_to'),
  validDays: integer('valid_days'),
  quantity: integer('quantity').notNull().default(-1),
  perMemberLimit: integer('per_member_limit').notNull().default(-1),
  issuedCount: integer('issued_count').notNull().default(0),
  usedCount: integer('used_count').notNull().default(0),
  status: text('status').$type<'active' | 'paused' | 'ended'>().notNull().default('active'),
  description: text('description').notNull().default(''),
  ...timestamps(),
});

export type CouponStatus = 'unused' | 'locked' | 'used' | 'expired' | 'voided';

export const coupon = pgTable('coupon', {
  id: idColumn(),
  planId: bigintText('plan_id').notNull(),
  memberId: bigintText('member_id').notNull(),
  code: text('code').notNull(),
  status: text('status').$type<CouponStatus>().notNull().default('unused'),
  validFrom: timestamptz('valid_from').notNull(),
  validTo: timestamptz('valid_to').notNull(),
  source: text('source').$type<'admin' | 'recharge' | 'new_member' | 'claim'>().notNull().default('admin'),
  rechargeId: bigintText('recharge_id'),
  orderId: bigintText('order_id'),
  storeId: bigintText('store_id'),
  discountAmount: money('discount_amount'),
  issuedBy: bigintText('issued_by'),
  lockedAt: timestamptz('locked_at'),
  usedAt: timestamptz('used_at'),
  voidedAt: timestamptz('voided_at'),
  voidReason: text('void_reason'),
  createdAt: createdAt(),
});
