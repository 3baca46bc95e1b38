-- Roll-ups and their rebuild group by the business date recorded on each row when it happened
-- (STORE.md §10), never worked out again from its time with the store's current cut-off or time
-- zone: a rebuild after the cut-off changed moved a paid sale to another day (issue 27 #1).
-- A paid order records the business date and local hour of its payment; a balance-ledger row
-- and a member the business date they were written on. Triggers record them when the writer did
-- not, so that every writer (the services, the seeds, bulk statements) does alike; the rows
-- written before are given theirs from the settings of now, the best there is.

alter table orders add column paid_business_date date, add column paid_hour smallint;
update orders o set paid_business_date = report_day(o.paid_at, s.time_zone, s.day_cutoff_hour),
  paid_hour = extract(hour from o.paid_at at time zone s.time_zone)::smallint
  from store s where s.id = o.store_id and o.paid_at is not null;
create index report_orders_paid_day on orders (paid_business_date) where paid_business_date is not null;

create function orders_record_paid_day() returns trigger language plpgsql as $$
begin
  if new.paid_at is null then
    new.paid_business_date := null;
    new.paid_hour := null;
  elsif tg_op = 'INSERT' or new.paid_at is distinct from old.paid_at then
    select report_day(new.paid_at, s.time_zone, s.day_cutoff_hour), extract(hour from new.paid_at at time zone s.time_zone)::smallint
      into new.paid_business_date, new.paid_hour from store s where s.id = new.store_id;
  end if;
  return new;
end $$;

-- Only when there is something to record: a bulk writer that records them itself (the demo's 90
-- days) does not pay for a function call per row.
create trigger orders_record_paid_day before insert on orders
  for each row when (new.paid_at is not null and new.paid_business_date is null) execute function orders_record_paid_day();
create trigger orders_record_paid_day_on_pay before update of paid_at on orders
  for each row when (new.paid_at is distinct from old.paid_at) execute function orders_record_paid_day();

alter table member_balance_ledger add column business_date date;
update member_balance_ledger n set business_date = report_day(n.created_at, s.time_zone, s.day_cutoff_hour)
  from member_balance_ledger l left join store s on s.id = l.store_id where l.id = n.id;
create index report_ledger_day on member_balance_ledger (business_date);

alter table member add column first_business_date date;
update member m set first_business_date = report_day(m.created_at, s.time_zone, s.day_cutoff_hour)
  from member x left join store s on s.id = x.first_store_id where x.id = m.id;

-- A row at no store (or a store gone) takes the brand's day (report_day's defaults).
create function ledger_record_day() returns trigger language plpgsql as $$
begin
  new.business_date := report_day(new.created_at,
    (select s.time_zone from store s where s.id = new.store_id), (select s.day_cutoff_hour from store s where s.id = new.store_id));
  return new;
end $$;

create function member_record_day() returns trigger language plpgsql as $$
begin
  new.first_business_date := report_day(new.created_at,
    (select s.time_zone from store s where s.id = new.first_store_id), (select s.day_cutoff_hour from store s where s.id = new.first_store_id));
  return new;
end $$;

create trigger member_balance_ledger_record_day before insert on member_balance_ledger
  for each row when (new.business_date is null) execute function ledger_record_day();
create trigger member_record_day before insert on member
  for each row when (new.first_business_date is null) execute function member_record_day();

create or replace function report_count_ledger() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_wallet_daily (store_id, business_date, recharge_count, principal_in, bonus_in, principal_used, bonus_used,
    recharge_refunds, order_refunds_to_balance, principal_change, bonus_change)
  select coalesce(n.store_id, 0), n.business_date,
    count(*) filter (where n.kind = 'recharge'),
    coalesce(sum(n.principal_change) filter (where n.kind = 'recharge'), 0), coalesce(sum(n.bonus_change) filter (where n.kind = 'recharge'), 0),
    coalesce(-sum(n.principal_change) filter (where n.kind = 'consume'), 0), coalesce(-sum(n.bonus_change) filter (where n.kind = 'consume'), 0),
    coalesce(-sum(n.principal_change) filter (where n.kind = 'recharge_refund'), 0),
    coalesce(sum(n.principal_change + n.bonus_change) filter (where n.kind = 'refund'), 0),
    sum(n.principal_change), sum(n.bonus_change)
  from new_rows n
  group by 1, 2
  on conflict (store_id, business_date) do update set
    recharge_count = report_wallet_daily.recharge_count + excluded.recharge_count,
    principal_in = report_wallet_daily.principal_in + excluded.principal_in,
    bonus_in = report_wallet_daily.bonus_in + excluded.bonus_in,
    principal_used = report_wallet_daily.principal_used + excluded.principal_used,
    bonus_used = report_wallet_daily.bonus_used + excluded.bonus_used,
    recharge_refunds = report_wallet_daily.recharge_refunds + excluded.recharge_refunds,
    order_refunds_to_balance = report_wallet_daily.order_refunds_to_balance + excluded.order_refunds_to_balance,
    principal_change = report_wallet_daily.principal_change + excluded.principal_change,
    bonus_change = report_wallet_daily.bonus_change + excluded.bonus_change;
  return null;
end $$;

create or replace function report_count_members() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_wallet_daily (store_id, business_date, new_members)
  select coalesce(n.first_store_id, 0), n.first_business_date, count(*)
  from new_rows n
  group by 1, 2
  on conflict (store_id, business_date) do update set new_members = report_wallet_daily.new_members + excluded.new_members;
  return null;
end $$;
