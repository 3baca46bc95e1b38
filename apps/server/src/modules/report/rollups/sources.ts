import { sql, type SQL } from 'drizzle-orm';

/**
 * What the roll-ups count, as SQL over the orders' own tables: one additive upsert per roll-up and
 * source (`insert … select … on conflict do update set x = x +
 * excluded.x`). The same statements serve the in-transaction listeners (a scope of one order or
 * one refund) and the rebuild (a range of business dates, after deleting it), so the two agree
 * by construction; rollups.test.ts checks it on a random mix.
 *
 * The counting rules (also at the head of 0600_report.sql):
 * - an order counts on the business date it was PAID, as recorded then (paid_business_date, in
 *   its store's time zone and cut-off of that moment: 0602_report_recorded_days.sql); its amount is what it came to (payable), its guests are 1 when it has none
 *   (takeaway); its lines are the top-level ones (a combo's chosen items are inside the combo);
 * - a refund counts on its own business date; its lines' amounts are their share of the line;
 * - a cancelled order that was never paid counts on the order's business date; one paid in part
 *   (a split payment under way) is no sale either: neither its part payments nor the refund that
 *   gives them back at the cancel count (refunds/service.ts refundPartPaid), while 储值 shows the
 *   balance it used and got back, as the ledger does (rollups.test.ts);
 * - an automatic give-back (a WeChat payment that arrived after the cancel, or a second payment
 *   of a paid order: payments/service.ts) is not a sale: neither that payment nor its refund.
 */

/** Reasons payments/service.ts gives its automatic refunds (giveBack). */
export const GIVE_BACK_REASONS = ['订单已取消，自动退款', '重复支付，自动退款'] as const;
const giveBackReasons = sql.join(GIVE_BACK_REASONS.map((r) => sql`${r}`), sql`, `);

/**
 * Brand-wide rows (stored value and coupons at no store) take the business date of this time
 * zone and cut-off, the stores' defaults (0300_store.sql).
 */
export const BRAND_TIME_ZONE = 'Asia/Shanghai';
export const BRAND_CUTOFF_HOUR = 4;

/** Which events a statement counts. */
export type Scope =
  | { kind: 'order'; orderId: string }
  | { kind: 'refund'; refundId: string }
  | { kind: 'range'; from: string; to: string; storeId?: string | undefined };

const inRange = (day: SQL, scope: Extract<Scope, { kind: 'range' }>) => sql`${day} between ${scope.from}::date and ${scope.to}::date`;
const ofStore = (column: SQL, scope: Scope) => (scope.kind === 'range' && scope.storeId ? sql` and ${column} = ${scope.storeId}` : sql``);

/** Paid orders of the scope with their paid business date (`day`) and local hour: a CTE named `paid`. */
function paidOrders(scope: Scope): SQL {
  let where: SQL;
  if (scope.kind === 'order') where = sql`o.id = ${scope.orderId}`;
  else if (scope.kind === 'range') {
    where = sql`${inRange(sql`o.paid_business_date`, scope)}${ofStore(sql`o.store_id`, scope)}`;
  } else throw new Error('paid orders are counted by order or by range');
  return sql`paid as (
    select o.id, o.store_id, o.type, o.source, o.table_id, o.table_code, o.coupon_id, o.created_at, o.paid_at,
      coalesce(o.guests, 1) as guests, o.goods_amount, o.packing_fee, o.member_discount, o.coupon_discount, o.manual_discount,
      o.payable_amount as amount, o.paid_business_date as day, o.paid_hour::int as hour
    from orders o
    where o.paid_at is not null and ${where})`;
}

/** Refunds of the scope that count (not a give-back, of an order that counted): a CTE named `refund`. */
function countedRefunds(scope: Scope): SQL {
  let where: SQL;
  if (scope.kind === 'refund') where = sql`r.id = ${scope.refundId}`;
  else if (scope.kind === 'range') where = sql`${inRange(sql`r.business_date`, scope)}${ofStore(sql`r.store_id`, scope)}`;
  else throw new Error('refunds are counted by refund or by range');
  return sql`refund as (
    select r.id, r.store_id, r.business_date as day, r.amount, r.parts, r.lines
    from order_refund r join orders o on o.id = r.order_id
    where r.status = 'success' and o.paid_at is not null and r.reason not in (${giveBackReasons}) and ${where})`;
}

/** The top-level lines (dishes and combos) with their category's name. */
const soldLines = sql`order_line l left join store_category cat on cat.id = l.category_id`;
const itemId = sql`coalesce(l.dish_id, l.combo_id)`;
const categoryId = sql`coalesce(l.category_id, 0)`;
const categoryName = sql`coalesce(cat.name, '未分类')`;
const topLevel = sql`l.parent_id is null and l.kind in ('dish', 'combo')`;

/** `x = t.x + excluded.x` for each column. */
const adding = (table: string, columns: string[]) => sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

/**
 * One statement of several upserts: `with <sources>, u1 as (insert …), u2 as (insert …) select 1`.
 * Each data-modifying CTE runs once, to completion, whether or not anything reads it (in an
 * order PostgreSQL chooses): one round trip for many roll-ups.
 *
 * Every event's rows are keyed by its store and business date, and its report_daily row is
 * upserted first, in a statement of its own: that row is the store-day's turnstile, so two
 * events of the same day (a payment and a refund) queue there instead of locking the other
 * roll-ups' rows in different orders (a deadlock). Before it, a transaction may have locked only
 * its wallet row (report_wallet_daily, the ledger's trigger): a balance payment and a refund to
 * the balance both write their ledger row before their order event.
 */
function together(sources: SQL[], upserts: SQL[]): SQL {
  const parts = [...sources, ...upserts.map((upsert, i) => sql`${sql.raw(`u${i}`)} as (${upsert})`)];
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}

/** The upserts that count the paid orders of the scope (the store-day row first, then the rest). */
export function paidStatements(scope: Scope): SQL[] {
  const paid = paidOrders(scope);
  const dailyColumns = ['orders', 'guests', 'goods_amount', 'packing_fee', 'member_discount', 'coupon_discount', 'manual_discount', 'paid_amount'];
  return [together([paid], [
    sql`insert into report_daily (store_id, business_date, ${sql.raw(dailyColumns.join(', '))})
      select store_id, day, count(*), sum(guests), sum(goods_amount), sum(packing_fee), sum(member_discount), sum(coupon_discount), sum(manual_discount), sum(amount)
      from paid group by store_id, day
      on conflict (store_id, business_date) do update set ${adding('report_daily', dailyColumns)}`]),
    together([paid], [
    sql`insert into report_dish_daily (store_id, business_date, kind, item_id, name, category_id, category_name, quantity, amount)
      select p.store_id, p.day, l.kind, ${itemId}, (array_agg(l.name order by l.id desc))[1], (array_agg(${categoryId} order by l.id desc))[1],
        (array_agg(${categoryName} order by l.id desc))[1], sum(l.quantity), sum(l.line_amount)
      from paid p join ${soldLines} on l.order_id = p.id
      where ${topLevel} group by p.store_id, p.day, l.kind, ${itemId}
      on conflict (store_id, business_date, kind, item_id) do update set name = excluded.name, category_id = excluded.category_id,
        category_name = excluded.category_name, ${adding('report_dish_daily', ['quantity', 'amount'])}`,
    sql`insert into report_category_daily (store_id, business_date, category_id, name, quantity, amount)
      select p.store_id, p.day, ${categoryId}, (array_agg(${categoryName} order by l.id desc))[1], sum(l.quantity), sum(l.line_amount)
      from paid p join ${soldLines} on l.order_id = p.id
      where ${topLevel} group by p.store_id, p.day, ${categoryId}
      on conflict (store_id, business_date, category_id) do update set name = excluded.name, ${adding('report_category_daily', ['quantity', 'amount'])}`,
    // The successful payments of the order, less one given back whole as a give-back (it arrived later).
    sql`insert into report_payment_daily (store_id, business_date, method, count, amount)
      select p.store_id, p.day, pay.method, count(*), sum(pay.amount)
      from paid p join order_payment pay on pay.order_id = p.id and pay.status = 'success'
      where not exists (select 1 from order_refund g where g.order_id = p.id and g.reason in (${giveBackReasons})
        and g.parts @> jsonb_build_array(jsonb_build_object('paymentId', pay.id::text)))
      group by p.store_id, p.day, pay.method
      on conflict (store_id, business_date, method) do update set ${adding('report_payment_daily', ['count', 'amount'])}`,
    sql`insert into report_hour_daily (store_id, business_date, hour, orders, amount)
      select store_id, day, hour, count(*), sum(amount) from paid group by store_id, day, hour
      on conflict (store_id, business_date, hour) do update set ${adding('report_hour_daily', ['orders', 'amount'])}`,
    sql`insert into report_channel_daily (store_id, business_date, type, source, orders, amount)
      select store_id, day, type, source, count(*), sum(amount) from paid group by store_id, day, type, source
      on conflict (store_id, business_date, type, source) do update set ${adding('report_channel_daily', ['orders', 'amount'])}`,
    // A pay-later tab (it was dining) is timed from sitting down to paying.
    sql`insert into report_table_daily (store_id, business_date, table_id, table_code, uses, guests, amount, timed_uses, minutes)
      select store_id, day, table_id, (array_agg(coalesce(table_code, '') order by id desc))[1], count(*), sum(guests), sum(amount),
        count(*) filter (where was_dining), coalesce(sum(round(extract(epoch from paid_at - created_at) / 60)) filter (where was_dining), 0)
      from (select p.*, exists (select 1 from order_log g where g.order_id = p.id and g.to_status = 'dining') as was_dining from paid p
        where p.type = 'dine_in' and p.table_id is not null) timed
      group by store_id, day, table_id
      on conflict (store_id, business_date, table_id) do update set table_code = excluded.table_code,
        ${adding('report_table_daily', ['uses', 'guests', 'amount', 'timed_uses', 'minutes'])}`,
    sql`insert into report_coupon_daily (store_id, business_date, plan_id, used, discount, orders_amount)
      select p.store_id, p.day, c.plan_id, count(*), sum(p.coupon_discount), sum(p.amount)
      from paid p join coupon c on c.id = p.coupon_id group by p.store_id, p.day, c.plan_id
      on conflict (store_id, business_date, plan_id) do update set ${adding('report_coupon_daily', ['used', 'discount', 'orders_amount'])}`,
  ])];
}

/** The upserts that count the refunds of the scope (the store-day row first, then the rest). */
export function refundStatements(scope: Scope): SQL[] {
  const refund = countedRefunds(scope);
  const refundedLines = sql`refund r cross join lateral jsonb_array_elements(r.lines) rl
    join ${soldLines} on l.id = (rl->>'lineId')::bigint`;
  const lineRefund = sql`round(l.line_amount * (rl->>'quantity')::numeric / nullif(l.quantity, 0))`;
  return [together([refund], [
    sql`insert into report_daily (store_id, business_date, refund_count, refund_amount)
      select store_id, day, count(*), sum(amount) from refund group by store_id, day
      on conflict (store_id, business_date) do update set ${adding('report_daily', ['refund_count', 'refund_amount'])}`]),
    together([refund], [
    sql`insert into report_payment_daily (store_id, business_date, method, refund_count, refund_amount)
      select r.store_id, r.day, part->>'method', count(*), sum((part->>'amount')::bigint)
      from refund r cross join lateral jsonb_array_elements(r.parts) part group by r.store_id, r.day, part->>'method'
      on conflict (store_id, business_date, method) do update set ${adding('report_payment_daily', ['refund_count', 'refund_amount'])}`,
    sql`insert into report_dish_daily (store_id, business_date, kind, item_id, name, category_id, category_name, refunded_quantity, refund_amount)
      select r.store_id, r.day, l.kind, ${itemId}, (array_agg(l.name order by l.id desc))[1], (array_agg(${categoryId} order by l.id desc))[1],
        (array_agg(${categoryName} order by l.id desc))[1], sum((rl->>'quantity')::numeric), coalesce(sum(${lineRefund}), 0)
      from ${refundedLines}
      where ${topLevel} group by r.store_id, r.day, l.kind, ${itemId}
      on conflict (store_id, business_date, kind, item_id) do update set ${adding('report_dish_daily', ['refunded_quantity', 'refund_amount'])}`,
    sql`insert into report_category_daily (store_id, business_date, category_id, name, refunded_quantity, refund_amount)
      select r.store_id, r.day, ${categoryId}, (array_agg(${categoryName} order by l.id desc))[1], sum((rl->>'quantity')::numeric), coalesce(sum(${lineRefund}), 0)
      from ${refundedLines}
      where ${topLevel} group by r.store_id, r.day, ${categoryId}
      on conflict (store_id, business_date, category_id) do update set ${adding('report_category_daily', ['refunded_quantity', 'refund_amount'])}`,
  ])];
}

/** The upsert that counts the never-paid cancelled orders of the scope. */
export function cancelStatements(scope: Scope): SQL[] {
  let where: SQL;
  if (scope.kind === 'order') where = sql`o.id = ${scope.orderId}`;
  else if (scope.kind === 'range') where = sql`${inRange(sql`o.business_date`, scope)}${ofStore(sql`o.store_id`, scope)}`;
  else throw new Error('cancels are counted by order or by range');
  return [sql`
    insert into report_daily (store_id, business_date, cancelled_count)
    select o.store_id, o.business_date, count(*) from orders o
    where o.status = 'cancelled' and o.paid_at is null and ${where} group by o.store_id, o.business_date
    on conflict (store_id, business_date) do update set ${adding('report_daily', ['cancelled_count'])}`];
}

/** Deletes a range's rows of every roll-up the orders feed (the rebuild then counts it again). */
export function clearOrderRollups(scope: Extract<Scope, { kind: 'range' }>): SQL[] {
  const tables = ['report_daily', 'report_dish_daily', 'report_category_daily', 'report_payment_daily', 'report_hour_daily', 'report_channel_daily', 'report_table_daily'];
  const statements = tables.map((t) => sql`delete from ${sql.raw(t)} where ${inRange(sql`business_date`, scope)}${ofStore(sql`store_id`, scope)}`);
  // Coupons used count with the orders (per store); issued and expired are brand-wide (store 0).
  statements.push(sql`update report_coupon_daily set used = 0, discount = 0, orders_amount = 0 where ${inRange(sql`business_date`, scope)}${ofStore(sql`store_id`, scope)}`);
  return statements;
}

