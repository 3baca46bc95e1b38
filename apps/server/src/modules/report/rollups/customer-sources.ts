import { sql, type SQL } from 'drizzle-orm';

/**
 * The rebuild's recount of the customers' side: the same sums as the triggers of
 * 0601_report_customer.sql and 0602_report_recorded_days.sql (which keep these rows as the
 * ledgers and coupons are written), over a range of business dates, each row on the business
 * date recorded when it was written. Wallet rows of a store are rebuilt with the store; rows at no
 * store (0) and the coupons' issued and expired (brand-wide) only when every store is.
 */

interface Range {
  from: string;
  to: string;
  storeId?: string | undefined;
}

const inRange = (day: SQL, r: Range) => sql`${day} between ${r.from}::date and ${r.to}::date`;
/** Written within a day or two around the range (time zones, cut-off): the dates are exact after. */
const around = (at: SQL, r: Range) => sql`${at} >= ${r.from}::date - 2 and ${at} < ${r.to}::date + 3`;

export function clearCustomerRollups(r: Range): SQL[] {
  const wallet = r.storeId ? sql` and store_id = ${r.storeId}` : sql``;
  const statements = [sql`delete from report_wallet_daily where ${inRange(sql`business_date`, r)}${wallet}`];
  if (!r.storeId) statements.push(sql`update report_coupon_daily set issued = 0, expired = 0 where ${inRange(sql`business_date`, r)}`);
  return statements;
}

export function customerStatements(r: Range): SQL[] {
  const walletStore = r.storeId ? sql` and coalesce(n.store_id, 0) = ${r.storeId}` : sql``;
  const memberStore = r.storeId ? sql` and coalesce(n.first_store_id, 0) = ${r.storeId}` : sql``;
  const statements = [
    sql`insert into report_wallet_daily (store_id, business_date, recharge_count, principal_in, bonus_in, principal_used, bonus_used,
        recharge_refunds, order_refunds_to_balance, principal_change, bonus_change)
      select * from (
        select coalesce(n.store_id, 0) as store_id, n.business_date as day,
          count(*) filter (where n.kind = 'recharge'),
          coalesce(sum(n.principal_change) filter (where n.kind = 'recharge'), 0), coalesce(sum(n.bonus_change) filter (where n.kind = 'recharge'), 0),
          coalesce(-sum(n.principal_change) filter (where n.kind = 'consume'), 0), coalesce(-sum(n.bonus_change) filter (where n.kind = 'consume'), 0),
          coalesce(-sum(n.principal_change) filter (where n.kind = 'recharge_refund'), 0),
          coalesce(sum(n.principal_change + n.bonus_change) filter (where n.kind = 'refund'), 0),
          sum(n.principal_change), sum(n.bonus_change)
        from member_balance_ledger n
        where ${inRange(sql`n.business_date`, r)}${walletStore}
        group by 1, 2) counted
      where ${inRange(sql`day`, r)}`,
    sql`insert into report_wallet_daily (store_id, business_date, new_members)
      select * from (
        select coalesce(n.first_store_id, 0) as store_id, n.first_business_date as day, count(*)
        from member n
        where ${inRange(sql`n.first_business_date`, r)}${memberStore}
        group by 1, 2) counted
      where ${inRange(sql`day`, r)}
      on conflict (store_id, business_date) do update set new_members = report_wallet_daily.new_members + excluded.new_members`,
  ];
  if (!r.storeId) {
    statements.push(
      sql`insert into report_coupon_daily (store_id, business_date, plan_id, issued)
        select 0, day, plan_id, count(*) from (select report_day(created_at, null, null) as day, plan_id from coupon where ${around(sql`created_at`, r)}) c
        where ${inRange(sql`day`, r)} group by day, plan_id
        on conflict (store_id, business_date, plan_id) do update set issued = report_coupon_daily.issued + excluded.issued`,
      sql`insert into report_coupon_daily (store_id, business_date, plan_id, expired)
        select 0, day, plan_id, count(*) from (select report_day(valid_to, null, null) as day, plan_id from coupon where status = 'expired' and ${around(sql`valid_to`, r)}) c
        where ${inRange(sql`day`, r)} group by day, plan_id
        on conflict (store_id, business_date, plan_id) do update set expired = report_coupon_daily.expired + excluded.expired`,
    );
  }
  return statements;
}
