import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bigintText, businessDate, idColumn, money, timestamps, timestamptz } from '../../db/columns.js';
import type { BusinessHours, PickupRule } from '@canteen/contract';

/** The store side's first half (migration 0300_store.sql): stores, menu, areas and tables. */

export const store = pgTable('store', {
  id: idColumn(),
  name: text('name').notNull(),
  logo: text('logo'),
  phone: text('phone').notNull().default(''),
  region: text('region').notNull().default(''),
  address: text('address').notNull().default(''),
  latitude: numeric('latitude', { precision: 10, scale: 7, mode: 'number' }),
  longitude: numeric('longitude', { precision: 10, scale: 7, mode: 'number' }),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  businessHours: jsonb('business_hours').$type<BusinessHours>().notNull().default(sql`'[]'`),
  isOpen: boolean('is_open').notNull().default(true),
  dayCutoffHour: smallint('day_cutoff_hour').notNull().default(4),
  orderTypes: text('order_types').array().notNull().default(sql`'{dine_in,takeaway}'`),
  payMode: text('pay_mode').$type<'pay_first' | 'pay_later'>().notNull().default('pay_first'),
  pickupRule: jsonb('pickup_rule').$type<PickupRule>().notNull().default(sql`'{"prefix":"","start":1,"end":999,"skip":[]}'`),
  packingFeeMode: text('packing_fee_mode').$type<'none' | 'per_order' | 'per_item'>().notNull().default('none'),
  packingFee: money('packing_fee').notNull().default(0),
  notice: text('notice').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  menuVersion: bigint('menu_version', { mode: 'number' }).notNull().default(1),
  /** Minutes after which a kitchen display's ticket turns amber, then red (0311_store_kitchen.sql). */
  kitchenAmberMin: smallint('kitchen_amber_min').notNull().default(10),
  kitchenRedMin: smallint('kitchen_red_min').notNull().default(20),
  ...timestamps(),
});

export const storeUser = pgTable('store_user', {
  storeId: bigintText('store_id').notNull(),
  userId: bigintText('user_id').notNull(),
}, (t) => [primaryKey({ columns: [t.storeId, t.userId] })]);

export const storeCategory = pgTable('store_category', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<'dish' | 'combo'>().notNull().default('dish'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

export const storeSpecGroup = pgTable('store_spec_group', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  name: text('name').notNull(),
  selection: text('selection').$type<'single' | 'multiple'>().notNull().default('single'),
  minSelect: smallint('min_select').notNull().default(0),
  maxSelect: smallint('max_select').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...timestamps(),
});

export const storeSpecOption = pgTable('store_spec_option', {
  id: idColumn(),
  groupId: bigintText('group_id').notNull(),
  name: text('name').notNull(),
  priceDelta: money('price_delta').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const storeDish = pgTable('store_dish', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  categoryId: bigintText('category_id').notNull(),
  name: text('name').notNull(),
  images: text('images').array().notNull().default(sql`'{}'`),
  description: text('description').notNull().default(''),
  unit: text('unit').notNull().default('份'),
  price: money('price').notNull(),
  memberPrice: money('member_price'),
  isWeighed: boolean('is_weighed').notNull().default(false),
  stockMode: text('stock_mode').$type<'unlimited' | 'total' | 'daily'>().notNull().default('unlimited'),
  stock: integer('stock'),
  dailyStock: integer('daily_stock'),
  soldOut: boolean('sold_out').notNull().default(false),
  onShelf: boolean('on_shelf').notNull().default(true),
  tags: text('tags').array().notNull().default(sql`'{}'`),
  sort: integer('sort').notNull().default(0),
  packingFee: money('packing_fee').notNull().default(0),
  orderTypes: text('order_types').array().notNull().default(sql`'{dine_in,takeaway}'`),
  archivedAt: timestamptz('archived_at'),
  ...timestamps(),
  /** The name's characters, lower-cased (0310): the name search's index. Kept by the database. */
  nameChars: text('name_chars').array().generatedAlwaysAs(sql`regexp_split_to_array(lower(name), '')`),
});

export const storeDishSku = pgTable('store_dish_sku', {
  id: idColumn(),
  dishId: bigintText('dish_id').notNull(),
  name: text('name').notNull(),
  price: money('price').notNull(),
  memberPrice: money('member_price'),
  stock: integer('stock'),
  dailyStock: integer('daily_stock'),
  soldOut: boolean('sold_out').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  archivedAt: timestamptz('archived_at'),
});

export const storeDishSpecGroup = pgTable('store_dish_spec_group', {
  dishId: bigintText('dish_id').notNull(),
  groupId: bigintText('group_id').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.dishId, t.groupId] })]);

export const storeCombo = pgTable('store_combo', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  categoryId: bigintText('category_id').notNull(),
  name: text('name').notNull(),
  images: text('images').array().notNull().default(sql`'{}'`),
  description: text('description').notNull().default(''),
  price: money('price').notNull(),
  memberPrice: money('member_price'),
  onShelf: boolean('on_shelf').notNull().default(true),
  soldOut: boolean('sold_out').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  archivedAt: timestamptz('archived_at'),
  ...timestamps(),
});

export const storeComboGroup = pgTable('store_combo_group', {
  id: idColumn(),
  comboId: bigintText('combo_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<'fixed' | 'optional'>().notNull().default('optional'),
  minChoose: smallint('min_choose').notNull().default(1),
  maxChoose: smallint('max_choose').notNull().default(1),
  allowRepeat: boolean('allow_repeat').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const storeComboItem = pgTable('store_combo_item', {
  id: idColumn(),
  groupId: bigintText('group_id').notNull(),
  dishId: bigintText('dish_id').notNull(),
  skuId: bigintText('sku_id'),
  quantity: smallint('quantity').notNull().default(1),
  extraPrice: money('extra_price').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const storeArea = pgTable('store_area', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps(),
});

export const storeTable = pgTable('store_table', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  areaId: bigintText('area_id').notNull(),
  code: text('code').notNull(),
  seats: smallint('seats').notNull().default(4),
  minSpend: money('min_spend'),
  qrToken: text('qr_token').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps(),
});

/** The business date each store's daily stock was last reset on (0310; the daily reset job). */
export const storeStockReset = pgTable('store_stock_reset', {
  storeId: bigintText('store_id').primaryKey(),
  businessDate: businessDate('business_date').notNull(),
  resetAt: timestamptz('reset_at').notNull().defaultNow(),
});
