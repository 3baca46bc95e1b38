-- 客户管理 (STORE.md §5): members and their levels, the two ledgers every balance and points
-- change appends to, recharge plans and recharges, coupon plans and the coupons issued from
-- them. Members, levels and plans belong to the brand; a plan may be limited to some stores
-- (store_ids, empty = every store). Money is integer fen (bigint); rates are integers 1–100.

create table member_level (
  id bigint generated always as identity primary key,
  name text not null,
  -- 0 is the level a new member starts at; a member moves up when total_spent crosses the
  -- threshold of a higher rank.
  rank smallint not null check (rank >= 0),
  threshold bigint not null default 0 check (threshold >= 0),
  discount_rate smallint not null default 100 check (discount_rate between 1 and 100),
  -- Points earned per yuan spent, in hundredths (100 = 1 point per yuan).
  points_rate integer not null default 100 check (points_rate >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index member_level_name on member_level (name);
create unique index member_level_rank on member_level (rank);
create unique index member_level_threshold on member_level (threshold);

create table member (
  id bigint generated always as identity primary key,
  member_no text not null,
  phone text not null,
  name text not null default '',
  gender text not null default 'unknown' check (gender in ('unknown', 'male', 'female')),
  birthday date,
  level_id bigint not null references member_level (id),
  points bigint not null default 0 check (points >= 0),
  balance_principal bigint not null default 0 check (balance_principal >= 0),
  balance_bonus bigint not null default 0 check (balance_bonus >= 0),
  total_recharged bigint not null default 0 check (total_recharged >= 0),
  total_spent bigint not null default 0 check (total_spent >= 0),
  order_count integer not null default 0 check (order_count >= 0),
  status text not null default 'active' check (status in ('active', 'frozen')),
  source text not null default 'cashier' check (source in ('cashier', 'scan', 'import', 'recharge')),
  first_store_id bigint references store (id),
  -- The messaging account's follower this member is (wx_user), when linked.
  follower_id bigint references wx_user (id) on delete set null,
  remark text not null default '',
  last_visit_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- text_pattern_ops: the same index answers equality and the search by prefix (LIKE '138%').
create unique index member_phone on member (phone text_pattern_ops);
create unique index member_no on member (member_no text_pattern_ops);
create index member_name on member (lower(name) text_pattern_ops);
create index member_level_id on member (level_id);
create unique index member_follower on member (follower_id) where follower_id is not null;

-- Every change of a member's balance, appended in the transaction that makes it, with both
-- parts of the balance after it: the sum of the changes is the balance (the integrity check).
create table member_balance_ledger (
  id bigint generated always as identity primary key,
  member_id bigint not null references member (id),
  kind text not null check (kind in ('recharge', 'consume', 'refund', 'adjust', 'recharge_refund')),
  principal_change bigint not null,
  bonus_change bigint not null,
  principal_after bigint not null check (principal_after >= 0),
  bonus_after bigint not null check (bonus_after >= 0),
  store_id bigint references store (id),
  recharge_id bigint,
  order_id bigint,
  operator_id bigint,
  operator_name text not null default '',
  reason text not null default '',
  created_at timestamptz not null default now()
);
create index member_balance_ledger_member on member_balance_ledger (member_id, id);

create table member_points_ledger (
  id bigint generated always as identity primary key,
  member_id bigint not null references member (id),
  kind text not null check (kind in ('order', 'recharge', 'refund', 'adjust', 'expire')),
  change bigint not null,
  points_after bigint not null check (points_after >= 0),
  store_id bigint references store (id),
  recharge_id bigint,
  order_id bigint,
  operator_id bigint,
  operator_name text not null default '',
  reason text not null default '',
  created_at timestamptz not null default now()
);
create index member_points_ledger_member on member_points_ledger (member_id, id);

-- 充值方案 (the specification's 储值卡): "充 ¥500 送 ¥80".
create table recharge_plan (
  id bigint generated always as identity primary key,
  name text not null,
  pay_amount bigint not null check (pay_amount > 0),
  bonus_amount bigint not null default 0 check (bonus_amount >= 0),
  bonus_points integer not null default 0 check (bonus_points >= 0),
  gift_coupon_plan_ids bigint[] not null default '{}',
  store_ids bigint[] not null default '{}',
  starts_at timestamptz,
  ends_at timestamptz,
  -- How many times one member may recharge with this plan; null = no limit.
  per_member_limit integer check (per_member_limit > 0),
  enabled boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or starts_at < ends_at)
);
create unique index recharge_plan_name on recharge_plan (name);

-- A recharge at the counter (or, once orders add it, by WeChat Pay). Credited exactly once for
-- its payment reference: the unique index refuses a second row for the same payment.
create table recharge (
  id bigint generated always as identity primary key,
  member_id bigint not null references member (id),
  plan_id bigint references recharge_plan (id),
  store_id bigint not null references store (id),
  pay_amount bigint not null check (pay_amount > 0),
  bonus_amount bigint not null default 0 check (bonus_amount >= 0),
  bonus_points integer not null default 0 check (bonus_points >= 0),
  pay_method text not null check (pay_method in ('cash', 'wechat', 'external')),
  payment_ref text not null,
  status text not null default 'paid' check (status in ('paid', 'refunded')),
  refund_principal bigint check (refund_principal >= 0),
  refund_bonus bigint check (refund_bonus >= 0),
  refund_reason text,
  refunded_at timestamptz,
  operator_id bigint,
  operator_name text not null default '',
  business_date date not null,
  created_at timestamptz not null default now()
);
create unique index recharge_payment_ref on recharge (payment_ref);
create index recharge_member on recharge (member_id, id);
create index recharge_store_date on recharge (store_id, business_date);

-- 优惠券: a plan (券模板) and the coupons issued from it.
create table coupon_plan (
  id bigint generated always as identity primary key,
  name text not null,
  kind text not null check (kind in ('cash', 'discount', 'threshold')),
  -- fen for cash and threshold coupons; the rate 1–99 (88 = 8.8折) for discount coupons.
  value bigint not null check (value > 0),
  min_spend bigint not null default 0 check (min_spend >= 0),
  -- The most a discount coupon takes off; null = no cap.
  max_discount bigint check (max_discount > 0),
  scope text not null default 'all' check (scope in ('all', 'categories', 'dishes')),
  scope_ids bigint[] not null default '{}',
  order_types text[] not null default '{dine_in,takeaway}',
  store_ids bigint[] not null default '{}',
  validity text not null default 'relative' check (validity in ('fixed', 'relative')),
  valid_from timestamptz,
  valid_to timestamptz,
  valid_days integer check (valid_days > 0),
  -- −1 = unlimited.
  quantity integer not null default -1 check (quantity >= -1),
  per_member_limit integer not null default -1 check (per_member_limit = -1 or per_member_limit > 0),
  issued_count integer not null default 0 check (issued_count >= 0),
  used_count integer not null default 0 check (used_count >= 0),
  status text not null default 'active' check (status in ('active', 'paused', 'ended')),
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (quantity = -1 or issued_count <= quantity),
  check (kind <> 'discount' or value between 1 and 99),
  check (kind <> 'threshold' or min_spend > value),
  check (validity <> 'fixed' or (valid_from is not null and valid_to is not null and valid_from < valid_to)),
  check (validity <> 'relative' or valid_days is not null)
);
create unique index coupon_plan_name on coupon_plan (name);

create table coupon (
  id bigint generated always as identity primary key,
  plan_id bigint not null references coupon_plan (id),
  member_id bigint not null references member (id),
  -- What the customer shows at the counter: random, never the id.
  code text not null,
  status text not null default 'unused' check (status in ('unused', 'locked', 'used', 'expired', 'voided')),
  valid_from timestamptz not null,
  valid_to timestamptz not null,
  source text not null default 'admin' check (source in ('admin', 'recharge', 'new_member', 'claim')),
  recharge_id bigint references recharge (id),
  -- The order holding (locked) or having used the coupon; orders arrive with their issue.
  order_id bigint,
  store_id bigint references store (id),
  discount_amount bigint check (discount_amount >= 0),
  issued_by bigint,
  locked_at timestamptz,
  used_at timestamptz,
  voided_at timestamptz,
  void_reason text,
  created_at timestamptz not null default now()
);
create unique index coupon_code on coupon (code);
create index coupon_member on coupon (member_id, status);
create index coupon_plan_status on coupon (plan_id, status);
-- The expiry job's walk: only coupons that can still expire.
create index coupon_expiring on coupon (valid_to) where status = 'unused';
