-- 营业报表, the customers' side (issue 15): the stored value per day (report_wallet_daily) and
-- coupons issued and expired per plan (report_coupon_daily, store 0) are kept by statement
-- triggers on the customers' own tables, in the transaction of the statement that wrote them.
-- Triggers rather than hooks in the customer module: members are created, coupons expired and
-- ledgers seeded by plain functions and bulk statements with no app at hand, and a trigger sees
-- every row whoever writes it. report/rollups/customer-sources.ts recounts the same way for the
-- rebuild (rollups.test.ts compares). Each takes the roll-up lock shared (rollups/lock.ts).
--
-- Dates: a row at a store takes the store's business date (time zone, cut-off); a row at no
-- store the brand's (Asia/Shanghai, cut-off 4, the stores' defaults). A coupon expires on the
-- business date its validity ended.

create function report_day(at timestamptz, time_zone text, cutoff_hour integer) returns date
  language sql immutable as $$ select ((at at time zone coalesce(time_zone, 'Asia/Shanghai')) - make_interval(hours => coalesce(cutoff_hour, 4)))::date $$;

create function report_count_ledger() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_wallet_daily (store_id, business_date, recharge_count, principal_in, bonus_in, principal_used, bonus_used,
    recharge_refunds, order_refunds_to_balance, principal_change, bonus_change)
  select coalesce(n.store_id, 0), report_day(n.created_at, s.time_zone, s.day_cutoff_hour),
    count(*) filter (where n.kind = 'recharge'),
    coalesce(sum(n.principal_change) filter (where n.kind = 'recharge'), 0), coalesce(sum(n.bonus_change) filter (where n.kind = 'recharge'), 0),
    coalesce(-sum(n.principal_change) filter (where n.kind = 'consume'), 0), coalesce(-sum(n.bonus_change) filter (where n.kind = 'consume'), 0),
    coalesce(-sum(n.principal_change) filter (where n.kind = 'recharge_refund'), 0),
    coalesce(sum(n.principal_change + n.bonus_change) filter (where n.kind = 'refund'), 0),
    sum(n.principal_change), sum(n.bonus_change)
  from new_rows n left join store s on s.id = n.store_id
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

create trigger report_count_ledger after insert on member_balance_ledger
  referencing new table as new_rows for each statement execute function report_count_ledger();

create function report_count_members() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_wallet_daily (store_id, business_date, new_members)
  select coalesce(n.first_store_id, 0), report_day(n.created_at, s.time_zone, s.day_cutoff_hour), count(*)
  from new_rows n left join store s on s.id = n.first_store_id
  group by 1, 2
  on conflict (store_id, business_date) do update set new_members = report_wallet_daily.new_members + excluded.new_members;
  return null;
end $$;

create trigger report_count_members after insert on member
  referencing new table as new_rows for each statement execute function report_count_members();

create function report_count_coupons_issued() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_coupon_daily (store_id, business_date, plan_id, issued)
  select 0, report_day(n.created_at, null, null), n.plan_id, count(*) from new_rows n group by 2, 3
  on conflict (store_id, business_date, plan_id) do update set issued = report_coupon_daily.issued + excluded.issued;
  -- Written already expired (a seed's history): expired on the day its validity ended.
  insert into report_coupon_daily (store_id, business_date, plan_id, expired)
  select 0, report_day(n.valid_to, null, null), n.plan_id, count(*) from new_rows n where n.status = 'expired' group by 2, 3
  on conflict (store_id, business_date, plan_id) do update set expired = report_coupon_daily.expired + excluded.expired;
  return null;
end $$;

create trigger report_count_coupons_issued after insert on coupon
  referencing new table as new_rows for each statement execute function report_count_coupons_issued();

-- Expired: unused (or released) coupons turned expired by the expiry job or an order's release.
create function report_count_coupons_expired() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from new_rows where status = 'expired') then return null; end if;
  perform pg_advisory_xact_lock_shared(1380274255);
  insert into report_coupon_daily (store_id, business_date, plan_id, expired)
  select 0, report_day(n.valid_to, null, null), n.plan_id, count(*)
  from new_rows n join old_rows o on o.id = n.id
  where n.status = 'expired' and o.status <> 'expired' group by 2, 3
  on conflict (store_id, business_date, plan_id) do update set expired = report_coupon_daily.expired + excluded.expired;
  return null;
end $$;

create trigger report_count_coupons_expired after update on coupon
  referencing old table as old_rows new table as new_rows for each statement execute function report_count_coupons_expired();

-- The rebuild reads members by when they joined and expired coupons by when they ended.
create index report_member_time on member (created_at);
create index report_coupon_expired on coupon (valid_to) where status = 'expired';
