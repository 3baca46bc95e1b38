import { bigint, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bigintText, businessDate, money } from '../../db/columns.js';

/**
 * 营业报表 roll-ups (migration 0600_report.sql, which says what counts on which date): one row
 * per store and business date (and per dish, category, method, hour, channel, table, coupon
 * plan), kept by rollups/ in the transaction of what they count. store_id 0 = no store (wallet
 * and coupon rows of brand-wide changes).
 */

const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });
const count = (name: string) => integer(name).notNull().default(0);
const fen = (name: string) => money(name).notNull().default(0);
const storeDay = () => ({ storeId: bigintText('store_id').notNull(), businessDate: businessDate('business_date').notNull() });

export const reportDaily = pgTable('report_daily', {
  ...storeDay(),
  orders: count('orders'),
  guests: count('guests'),
  goodsAmount: fen('goods_amount'),
  packingFee: fen('packing_fee'),
  memberDiscount: fen('member_discount'),
  couponDiscount: fen('coupon_discount'),
  manualDiscount: fen('manual_discount'),
  paidAmount: fen('paid_amount'),
  refundCount: count('refund_count'),
  refundAmount: fen('refund_amount'),
  cancelledCount: count('cancelled_count'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate] })]);

export const reportDishDaily = pgTable('report_dish_daily', {
  ...storeDay(),
  kind: text('kind').$type<'dish' | 'combo'>().notNull(),
  itemId: bigintText('item_id').notNull(),
  name: text('name').notNull(),
  categoryId: bigintText('category_id').notNull(),
  categoryName: text('category_name').notNull(),
  quantity: quantity('quantity').notNull().default(0),
  amount: fen('amount'),
  refundedQuantity: quantity('refunded_quantity').notNull().default(0),
  refundAmount: fen('refund_amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.kind, t.itemId] })]);

export const reportCategoryDaily = pgTable('report_category_daily', {
  ...storeDay(),
  categoryId: bigintText('category_id').notNull(),
  name: text('name').notNull(),
  quantity: quantity('quantity').notNull().default(0),
  amount: fen('amount'),
  refundedQuantity: quantity('refunded_quantity').notNull().default(0),
  refundAmount: fen('refund_amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.categoryId] })]);

export const reportPaymentDaily = pgTable('report_payment_daily', {
  ...storeDay(),
  method: text('method').notNull(),
  count: count('count'),
  amount: fen('amount'),
  refundCount: count('refund_count'),
  refundAmount: fen('refund_amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.method] })]);

export const reportHourDaily = pgTable('report_hour_daily', {
  ...storeDay(),
  hour: smallint('hour').notNull(),
  orders: count('orders'),
  amount: fen('amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.hour] })]);

export const reportChannelDaily = pgTable('report_channel_daily', {
  ...storeDay(),
  type: text('type').notNull(),
  source: text('source').notNull(),
  orders: count('orders'),
  amount: fen('amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.type, t.source] })]);

export const reportTableDaily = pgTable('report_table_daily', {
  ...storeDay(),
  tableId: bigintText('table_id').notNull(),
  tableCode: text('table_code').notNull(),
  uses: count('uses'),
  guests: count('guests'),
  amount: fen('amount'),
  timedUses: count('timed_uses'),
  minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.tableId] })]);

export const reportWalletDaily = pgTable('report_wallet_daily', {
  ...storeDay(),
  rechargeCount: count('recharge_count'),
  principalIn: fen('principal_in'),
  bonusIn: fen('bonus_in'),
  principalUsed: fen('principal_used'),
  bonusUsed: fen('bonus_used'),
  rechargeRefunds: fen('recharge_refunds'),
  orderRefundsToBalance: fen('order_refunds_to_balance'),
  principalChange: fen('principal_change'),
  bonusChange: fen('bonus_change'),
  newMembers: count('new_members'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate] })]);

export const reportCouponDaily = pgTable('report_coupon_daily', {
  ...storeDay(),
  planId: bigintText('plan_id').notNull(),
  issued: count('issued'),
  used: count('used'),
  expired: count('expired'),
  discount: fen('discount'),
  ordersAmount: fen('orders_amount'),
}, (t) => [primaryKey({ columns: [t.storeId, t.businessDate, t.planId] })]);
