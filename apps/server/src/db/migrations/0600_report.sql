-- 营业报表 roll-ups (STORE.md §8, issue 15): one row per store and business date (and per dish,
-- category, payment method, hour, order type × source, table, coupon plan), kept by additive
-- upserts in the same transaction as the payment, refund or cancellation they count (the
-- report module's listeners on the orders' and the customers' hooks), and rebuilt from the
-- orders by `npm run report:rebuild` or the rebuild route. Money is integer fen.
--
-- What counts on which business date (report/rollups/sources.ts):
--   * an order (orders, guests, goods, discounts, paid, its lines, hour, channel, table, coupon
--     used) on the business date it was PAID (its paid_at in the store's time zone and cut-off);
--   * a refund on its OWN business date (order_refund.business_date): a closed day never moves;
--   * a cancellation of an unpaid order on the order's business date (cancelled_count);
--   * the automatic give-back of a WeChat payment the order could not take (paid after the
--     cancel, or paid twice) is not a sale: neither that payment nor its refund counts.
-- Rows of the stored value (wallet) and coupons that name no store use store_id 0.

create table report_daily (
  store_id bigint not null,
  business_date date not null,
  orders integer not null default 0,
  guests integer not null default 0,
  goods_amount bigint not null default 0,
  packing_fee bigint not null default 0,
  member_discount bigint not null default 0,
  coupon_discount bigint not null default 0,
  manual_discount bigint not null default 0,
  paid_amount bigint not null default 0,
  refund_count integer not null default 0,
  refund_amount bigint not null default 0,
  cancelled_count integer not null default 0,
  primary key (store_id, business_date)
);
-- Every store of a chain over a year: the date leads for the "all stores" range scans.
create index report_daily_date on report_daily (business_date, store_id);

-- Dishes and combos as ordered (top-level lines; a combo's chosen items are not ranked apart).
create table report_dish_daily (
  store_id bigint not null,
  business_date date not null,
  kind text not null check (kind in ('dish', 'combo')),
  item_id bigint not null,
  name text not null,
  category_id bigint not null,
  category_name text not null,
  quantity numeric(14, 3) not null default 0,
  amount bigint not null default 0,
  refunded_quantity numeric(14, 3) not null default 0,
  refund_amount bigint not null default 0,
  primary key (store_id, business_date, kind, item_id)
);

create table report_category_daily (
  store_id bigint not null,
  business_date date not null,
  category_id bigint not null,
  name text not null,
  quantity numeric(14, 3) not null default 0,
  amount bigint not null default 0,
  refunded_quantity numeric(14, 3) not null default 0,
  refund_amount bigint not null default 0,
  primary key (store_id, business_date, category_id)
);

create table report_payment_daily (
  store_id bigint not null,
  business_date date not null,
  method text not null,
  count integer not null default 0,
  amount bigint not null default 0,
  refund_count integer not null default 0,
  refund_amount bigint not null default 0,
  primary key (store_id, business_date, method)
);

create table report_hour_daily (
  store_id bigint not null,
  business_date date not null,
  hour smallint not null check (hour between 0 and 23),
  orders integer not null default 0,
  amount bigint not null default 0,
  primary key (store_id, business_date, hour)
);

create table report_channel_daily (
  store_id bigint not null,
  business_date date not null,
  type text not null,
  source text not null,
  orders integer not null default 0,
  amount bigint not null default 0,
  primary key (store_id, business_date, type, source)
);

-- Dine-in orders at a table. Dining time is known for pay-later tabs (seated → paid):
-- timed_uses of the uses carry minutes; a pay-first order is paid as it sits down.
create table report_table_daily (
  store_id bigint not null,
  business_date date not null,
  table_id bigint not null,
  table_code text not null,
  uses integer not null default 0,
  guests integer not null default 0,
  amount bigint not null default 0,
  timed_uses integer not null default 0,
  minutes bigint not null default 0,
  primary key (store_id, business_date, table_id)
);

-- The stored value per day from the balance ledger (store_id 0: a change at no store). The
-- outstanding balance at a date is the sum of principal_change and bonus_change up to it.
create table report_wallet_daily (
  store_id bigint not null,
  business_date date not null,
  recharge_count integer not null default 0,
  principal_in bigint not null default 0,
  bonus_in bigint not null default 0,
  principal_used bigint not null default 0,
  bonus_used bigint not null default 0,
  recharge_refunds bigint not null default 0,
  order_refunds_to_balance bigint not null default 0,
  principal_change bigint not null default 0,
  bonus_change bigint not null default 0,
  new_members integer not null default 0,
  primary key (store_id, business_date)
);

-- Coupons per plan: issued (store 0), used with the order that used them (on its paid date),
-- expired (on the day their validity ended, store 0).
create table report_coupon_daily (
  store_id bigint not null,
  business_date date not null,
  plan_id bigint not null,
  issued integer not null default 0,
  used integer not null default 0,
  expired integer not null default 0,
  discount bigint not null default 0,
  orders_amount bigint not null default 0,
  primary key (store_id, business_date, plan_id)
);

-- The rebuild reads a range of the sources by time: orders by the moment they were paid,
-- refunds by their business date, ledger rows and coupons by when they were written.
create index report_orders_paid on orders (paid_at) where paid_at is not null;
create index report_order_refund_date on order_refund (business_date);
create index report_balance_ledger_time on member_balance_ledger (created_at);
create index report_coupon_time on coupon (created_at);
