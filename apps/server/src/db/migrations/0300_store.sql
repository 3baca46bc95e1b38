-- The store side's first half (STORE.md §1–4): stores and who may see them, the menu
-- (categories, dishes with SKUs, reusable option groups, combos with choose-N-of-M groups),
-- and the dining areas with their tables. Money is integer fen (bigint). Rows that an order
-- can refer to (dishes, SKUs, combos) are archived (archived_at), never deleted, so their
-- names stay unique only among the live ones.

create table store (
  id bigint generated always as identity primary key,
  name text not null,
  logo text,
  phone text not null default '',
  region text not null default '',
  address text not null default '',
  latitude numeric(10, 7),
  longitude numeric(10, 7),
  time_zone text not null default 'Asia/Shanghai',
  -- [{ "days": [1..7] (ISO weekday, 1 = Monday), "open": "HH:MM", "close": "HH:MM" }];
  -- close <= open runs past midnight into the next day.
  business_hours jsonb not null default '[]',
  is_open boolean not null default true,
  day_cutoff_hour smallint not null default 4 check (day_cutoff_hour between 0 and 23),
  order_types text[] not null default '{dine_in,takeaway}',
  pay_mode text not null default 'pay_first' check (pay_mode in ('pay_first', 'pay_later')),
  -- { "prefix": "A", "start": 1, "end": 999, "skip": ["4"] }
  pickup_rule jsonb not null default '{"prefix":"","start":1,"end":999,"skip":[]}',
  packing_fee_mode text not null default 'none' check (packing_fee_mode in ('none', 'per_order', 'per_item')),
  packing_fee bigint not null default 0 check (packing_fee >= 0),
  notice text not null default '',
  sort integer not null default 0,
  -- Bumped by every change of the store's menu: the ordering menu's cache key.
  menu_version bigint not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_name on store (name);

-- Which stores a user works in (admins see every store without a row here).
create table store_user (
  store_id bigint not null references store (id) on delete cascade,
  user_id bigint not null,
  primary key (store_id, user_id)
);
create index store_user_user on store_user (user_id);

create table store_category (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  name text not null,
  kind text not null default 'dish' check (kind in ('dish', 'combo')),
  sort integer not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_category_name on store_category (store_id, name);

-- 规格: reusable option groups (口味, 辣度, 加料) attached to many dishes.
create table store_spec_group (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  name text not null,
  selection text not null default 'single' check (selection in ('single', 'multiple')),
  min_select smallint not null default 0 check (min_select >= 0),
  max_select smallint not null default 1 check (max_select >= 1),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (min_select <= max_select)
);
create unique index store_spec_group_name on store_spec_group (store_id, name);

create table store_spec_option (
  id bigint generated always as identity primary key,
  group_id bigint not null references store_spec_group (id) on delete cascade,
  name text not null,
  price_delta bigint not null default 0,
  is_default boolean not null default false,
  enabled boolean not null default true,
  sort integer not null default 0
);
create unique index store_spec_option_name on store_spec_option (group_id, name);

create table store_dish (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  category_id bigint not null references store_category (id),
  name text not null,
  -- media keys (/media/<key>); the first is the cover
  images text[] not null default '{}',
  description text not null default '',
  unit text not null default '份',
  price bigint not null check (price >= 0),
  member_price bigint check (member_price >= 0),
  is_weighed boolean not null default false,
  stock_mode text not null default 'unlimited' check (stock_mode in ('unlimited', 'total', 'daily')),
  stock integer check (stock >= 0),
  daily_stock integer check (daily_stock >= 0),
  sold_out boolean not null default false,
  on_shelf boolean not null default true,
  tags text[] not null default '{}',
  sort integer not null default 0,
  packing_fee bigint not null default 0 check (packing_fee >= 0),
  order_types text[] not null default '{dine_in,takeaway}',
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_dish_name on store_dish (store_id, name) where archived_at is null;
create index store_dish_list on store_dish (store_id, category_id, sort, id) where archived_at is null;

-- A dish's sizes when a size changes its price or stock (大/中/小).
create table store_dish_sku (
  id bigint generated always as identity primary key,
  dish_id bigint not null references store_dish (id),
  name text not null,
  price bigint not null check (price >= 0),
  member_price bigint check (member_price >= 0),
  stock integer check (stock >= 0),
  daily_stock integer check (daily_stock >= 0),
  sold_out boolean not null default false,
  sort integer not null default 0,
  archived_at timestamptz
);
create unique index store_dish_sku_name on store_dish_sku (dish_id, name) where archived_at is null;

create table store_dish_spec_group (
  dish_id bigint not null references store_dish (id) on delete cascade,
  group_id bigint not null references store_spec_group (id),
  sort integer not null default 0,
  primary key (dish_id, group_id)
);
create index store_dish_spec_group_group on store_dish_spec_group (group_id);

create table store_combo (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  category_id bigint not null references store_category (id),
  name text not null,
  images text[] not null default '{}',
  description text not null default '',
  price bigint not null check (price >= 0),
  member_price bigint check (member_price >= 0),
  on_shelf boolean not null default true,
  sold_out boolean not null default false,
  sort integer not null default 0,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_combo_name on store_combo (store_id, name) where archived_at is null;

-- A combo's groups: `fixed` (every item included) or `optional` (choose min..max of the items).
create table store_combo_group (
  id bigint generated always as identity primary key,
  combo_id bigint not null references store_combo (id) on delete cascade,
  name text not null,
  kind text not null default 'optional' check (kind in ('fixed', 'optional')),
  min_choose smallint not null default 1 check (min_choose >= 0),
  max_choose smallint not null default 1 check (max_choose >= 1),
  allow_repeat boolean not null default false,
  sort integer not null default 0,
  check (min_choose <= max_choose)
);

create table store_combo_item (
  id bigint generated always as identity primary key,
  group_id bigint not null references store_combo_group (id) on delete cascade,
  dish_id bigint not null references store_dish (id),
  sku_id bigint references store_dish_sku (id),
  quantity smallint not null default 1 check (quantity >= 1),
  extra_price bigint not null default 0 check (extra_price >= 0),
  is_default boolean not null default false,
  sort integer not null default 0
);
create index store_combo_item_group on store_combo_item (group_id);
create index store_combo_item_dish on store_combo_item (dish_id);

create table store_area (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  name text not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_area_name on store_area (store_id, name);

create table store_table (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  area_id bigint not null references store_area (id),
  code text not null,
  seats smallint not null default 4 check (seats between 1 and 99),
  min_spend bigint check (min_spend >= 0),
  status text not null default 'idle' check (status in ('idle', 'occupied', 'to_clean')),
  -- ≥ 128 random bits, base64url: the diners' page address; regenerating voids old stickers.
  qr_token text not null,
  enabled boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index store_table_code on store_table (store_id, code);
create unique index store_table_qr_token on store_table (qr_token);
create index store_table_area on store_table (area_id, sort, id);
