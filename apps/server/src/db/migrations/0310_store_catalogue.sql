-- The catalogue's own needs (dishes, option groups, combos, the ordering menu).

-- The dish list's name search: a dish name's characters, lower-cased, in a GIN index. A search
-- for "牛肉" first narrows to the dishes whose names have both characters (index), then checks
-- the substring on those few. Trigram indexes need three characters, and most Chinese searches
-- are one or two; this needs no extension, on PGlite and PostgreSQL alike.
alter table store_dish add column name_chars text[] generated always as (regexp_split_to_array(lower(name), '')) stored;
create index store_dish_name_chars on store_dish using gin (name_chars) where archived_at is null;

-- A combo's groups, read (and cascaded on delete) by combo.
create index store_combo_group_combo on store_combo_group (combo_id, sort, id);

-- The business date on which each store's daily stock was last put back (the daily reset job):
-- a store is reset once per business date, whichever instance runs the job, and a missed run
-- (no instance up at the cutoff) is caught up at the next one.
create table store_stock_reset (
  store_id bigint primary key references store (id) on delete cascade,
  business_date date not null,
  reset_at timestamptz not null default now()
);
