import { sql, type SQL } from 'drizzle-orm';
import { ORDER_SOURCES, PAY_METHODS, type ReportName, type SalesFigures } from '@canteen/contract';
import { ORDER_TYPES } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import type { ReportData } from './export/layouts.js';
import { NO_SALES, perUnit, salesFigures, shareOf, type SalesSums } from './figures.js';
import { datesIn, daysIn, previousPeriod } from './period.js';
import { seatingFigures } from '../order/service.js';
import { GIVE_BACK_REASONS } from './rollups/sources.js';
import { rowsOf } from '../../db/queries.js';

/**
 * The reports (营业报表, issue 15), each one query over the daily roll-ups (0600_report.sql) of
 * the stores in scope and an inclusive range of business dates: never over the orders, so a
 * year of a busy chain answers as fast as a day. What counts on which date is the roll-ups'
 * rule (rollups/): an order on the date it was paid, a refund on its own date, a cancellation
 * of an unpaid order on the order's date.
 */

/** Which stores a report covers: the ids (already checked against the user's access), or every store. */
export type StoreSet = { all: true } | { all: false; storeIds: readonly string[] };

export interface ReportRange {
  stores: StoreSet;
  dateFrom: string;
  dateTo: string;
  /**
   * The moment the report is asked and the business date it falls on: when the range reaches
   * that date (a day still under way), the previous period is counted only up to the same point.
   */
  now?: { at: Date; date: string };
}

/** `store_id` limited to the set; no stores matches nothing. */
function storeWhere(stores: StoreSet, column = sql.raw('store_id')): SQL {
  if (stores.all) return sql`true`;
  if (!stores.storeIds.length) return sql`false`;
  return sql`${column} in (${sql.join(stores.storeIds.map((id) => sql`${id}::bigint`), sql`, `)})`;
}
const dateWhere = (from: string, to: string, column = sql.raw('business_date')) => sql`${column} between ${from}::date and ${to}::date`;

/** numeric and bigint sums arrive as strings (int8 is kept as text): every figure is a number here. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

const SALES_COLUMNS = sql`
  coalesce(sum(orders), 0) as orders, coalesce(sum(guests), 0) as guests, coalesce(sum(goods_amount), 0) as goods_amount,
  coalesce(sum(packing_fee), 0) as packing_fee, coalesce(sum(member_discount), 0) as member_discount, coalesce(sum(coupon_discount), 0) as coupon_discount,
  coalesce(sum(manual_discount), 0) as manual_discount, coalesce(sum(paid_amount), 0) as paid_amount, coalesce(sum(refund_count), 0) as refund_count,
  coalesce(sum(refund_amount), 0) as refund_amount, coalesce(sum(cancelled_count), 0) as cancelled_count`;

const sumsOf = (row: Record<string, unknown> | undefined): SalesSums => (row ? {
  orders: num(row.orders), guests: num(row.guests), goodsAmount: num(row.goods_amount), packingFee: num(row.packing_fee),
  memberDiscount: num(row.member_discount), couponDiscount: num(row.coupon_discount), manualDiscount: num(row.manual_discount),
  paidAmount: num(row.paid_amount), refundCount: num(row.refund_count), refundAmount: num(row.refund_amount), cancelledCount: num(row.cancelled_count),
} : NO_SALES);

export class Reports {
  constructor(private readonly db: Db) {}

  private async rows(query: SQL): Promise<Array<Record<string, unknown>>> {
    return rowsOf<Record<string, unknown>>(await this.db.execute(query));
  }

  /** 营业概况's figures of a range (report_daily). */
  async sales(stores: StoreSet, from: string, to: string): Promise<SalesFigures> {
    const [row] = await this.rows(sql`select ${SALES_COLUMNS} from report_daily where ${storeWhere(stores)} and ${dateWhere(from, to)}`);
    return salesFigures(sumsOf(row));
  }

  /** Per date of the range, every date listed (a day without sales is zeros). */
  async daily(stores: StoreSet, from: string, to: string) {
    const found = new Map((await this.rows(sql`
      select business_date::text as date, sum(orders) as orders, sum(guests) as guests, sum(paid_amount - refund_amount) as net, sum(refund_amount) as refunds
      from report_daily where ${storeWhere(stores)} and ${dateWhere(from, to)} group by business_date`)).map((r) => [String(r.date), r]));
    return datesIn(from, to).map((date) => {
      const r = found.get(date);
      return { date, orders: num(r?.orders), guests: num(r?.guests), netAmount: num(r?.net), refundAmount: num(r?.refunds) };
    });
  }

  /**
   * 营业概况's figures of a range counted from the orders themselves, only what happened before
   * `before`: the part of a previous period that compares with a period still under way.
   * The same rules as the roll-ups (rollups/sources.ts), with each event's own time.
   */
  async salesBefore(stores: StoreSet, from: string, to: string, before: Date): Promise<SalesFigures> {
    const [row] = await this.rows(sql`
      with paid as (
        select count(*) as orders, sum(coalesce(guests, 1)) as guests, sum(goods_amount) as goods_amount, sum(packing_fee) as packing_fee,
          sum(member_discount) as member_discount, sum(coupon_discount) as coupon_discount, sum(manual_discount) as manual_discount, sum(payable_amount) as paid_amount
        from orders where paid_at is not null and paid_at < ${before} and ${storeWhere(stores)} and ${dateWhere(from, to, sql.raw('paid_business_date'))}
      ), refunded as (
        select count(*) as refund_count, sum(r.amount) as refund_amount
        from order_refund r join orders o on o.id = r.order_id
        where r.status = 'success' and o.paid_at is not null and r.reason not in (${sql.join(GIVE_BACK_REASONS.map((r) => sql`${r}`), sql`, `)})
          and coalesce(r.refunded_at, r.created_at) < ${before} and ${storeWhere(stores, sql.raw('r.store_id'))} and ${dateWhere(from, to, sql.raw('r.business_date'))}
      ), cancelled as (
        select count(*) as cancelled_count from orders
        where status = 'cancelled' and paid_at is null and cancelled_at < ${before} and ${storeWhere(stores)} and ${dateWhere(from, to)}
      )
      select ${SALES_COLUMNS} from paid, refunded, cancelled`);
    return salesFigures(sumsOf(row));
  }

  async overview({ stores, dateFrom, dateTo, now }: ReportRange): Promise<ReportData['overview']> {
    const previous = previousPeriod(dateFrom, dateTo);
    // A range that reaches today compares with the previous period up to the same point: as long ago as the period is long.
    const until = now && dateTo >= now.date ? new Date(now.at.getTime() - daysIn(dateFrom, dateTo) * 86_400_000) : undefined;
    const [current, before, daily] = await Promise.all([
      this.sales(stores, dateFrom, dateTo),
      until ? this.salesBefore(stores, previous.from, previous.to, until) : this.sales(stores, previous.from, previous.to),
      this.daily(stores, dateFrom, dateTo),
    ]);
    return { current, previous: before, previousFrom: previous.from, previousTo: previous.to, previousUntil: until?.toISOString() ?? null, daily };
  }

  /** 菜品排行: dishes and combos by amount; the name and category of the latest date they sold under. */
  async dishes({ stores, dateFrom, dateTo }: ReportRange, limit?: number): Promise<ReportData['dishes']> {
    // Summed by item and name first (a handful of names per item: no sort of the range's rows), then the name of the latest date.
    const rows = await this.rows(sql`
      select kind, item_id::text as item_id, (array_agg(name order by last desc))[1] as name, (array_agg(category_name order by last desc))[1] as category_name,
        sum(quantity) as quantity, sum(amount) as amount, sum(refunded_quantity) as refunded_quantity, sum(refund_amount) as refund_amount,
        sum(sum(amount)) over () as total
      from (
        select kind, item_id, name, category_name, max(business_date) as last, sum(quantity) as quantity, sum(amount) as amount,
          sum(refunded_quantity) as refunded_quantity, sum(refund_amount) as refund_amount
        from report_dish_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by kind, item_id, name, category_name
      ) named
      group by kind, item_id order by sum(amount) desc, sum(quantity) desc, item_id ${limit ? sql`limit ${limit}` : sql``}`);
    return rows.map((r) => ({
      kind: r.kind as 'dish' | 'combo', itemId: String(r.item_id), name: String(r.name), categoryName: String(r.category_name),
      quantity: num(r.quantity), amount: num(r.amount), refundedQuantity: num(r.refunded_quantity), refundAmount: num(r.refund_amount), share: shareOf(num(r.amount), num(r.total)),
    }));
  }

  async categories({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['categories']> {
    const rows = await this.rows(sql`
      select category_id::text as category_id, (array_agg(name order by last desc))[1] as name, sum(quantity) as quantity, sum(amount) as amount,
        sum(sum(amount)) over () as total
      from (
        select category_id, name, max(business_date) as last, sum(quantity) as quantity, sum(amount) as amount
        from report_category_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by category_id, name
      ) named
      group by category_id order by sum(amount) desc, category_id`);
    return rows.map((r) => ({ categoryId: String(r.category_id), name: String(r.name), quantity: num(r.quantity), amount: num(r.amount), share: shareOf(num(r.amount), num(r.total)) }));
  }

  /** 支付方式: every method listed (in the contract's order), its share of what was taken. */
  async payments({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['payments']> {
    const found = new Map((await this.rows(sql`
      select method, sum(count) as count, sum(amount) as amount, sum(refund_count) as refund_count, sum(refund_amount) as refund_amount
      from report_payment_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by method`)).map((r) => [String(r.method), r]));
    const total = [...found.values()].reduce((sum, r) => sum + num(r.amount), 0);
    return PAY_METHODS.map((method) => {
      const r = found.get(method);
      const amount = num(r?.amount);
      const refundAmount = num(r?.refund_amount);
      return { method, count: num(r?.count), amount, refundCount: num(r?.refund_count), refundAmount, netAmount: amount - refundAmount, share: shareOf(amount, total) };
    });
  }

  /** 时段: all 24 hours of the day (the chart's axis), orders and amount paid in each. */
  async hours({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['hours']> {
    const found = new Map((await this.rows(sql`
      select hour, sum(orders) as orders, sum(amount) as amount from report_hour_daily
      where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by hour`)).map((r) => [num(r.hour), r]));
    return Array.from({ length: 24 }, (_, hour) => ({ hour, orders: num(found.get(hour)?.orders), amount: num(found.get(hour)?.amount) }));
  }

  /** 订单类型与来源: each type × source that had orders. */
  async channels({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['channels']> {
    const rows = await this.rows(sql`
      select type, source, sum(orders) as orders, sum(amount) as amount, sum(sum(amount)) over () as total from report_channel_daily
      where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by type, source`);
    const order = (type: string, source: string) => ORDER_TYPES.indexOf(type as never) * 10 + ORDER_SOURCES.indexOf(source as never);
    return rows
      .sort((a, b) => order(String(a.type), String(a.source)) - order(String(b.type), String(b.source)))
      .map((r) => ({ type: r.type as ReportData['channels'][number]['type'], source: r.source as ReportData['channels'][number]['source'], orders: num(r.orders), amount: num(r.amount), share: shareOf(num(r.amount), num(r.total)) }));
  }

  /**
   * 储值: the movements of the stores in scope over the range (a change at no store, store 0,
   * counts for every store only when the range covers all stores); the outstanding balance
   * at the end is the brand's liability, every member's balance, whatever the store filter.
   */
  async wallet({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['wallet']> {
    const [[sums], daily, [outstanding]] = await Promise.all([
      this.rows(sql`
        select coalesce(sum(recharge_count), 0) as recharge_count, coalesce(sum(principal_in), 0) as principal_in, coalesce(sum(bonus_in), 0) as bonus_in,
          coalesce(sum(principal_used), 0) as principal_used, coalesce(sum(bonus_used), 0) as bonus_used, coalesce(sum(recharge_refunds), 0) as recharge_refunds,
          coalesce(sum(order_refunds_to_balance), 0) as order_refunds_to_balance, coalesce(sum(new_members), 0) as new_members
        from report_wallet_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)}`),
      this.rows(sql`
        select business_date::text as date, sum(principal_in) as principal_in, sum(bonus_in) as bonus_in, sum(principal_used) as principal_used, sum(bonus_used) as bonus_used
        from report_wallet_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by business_date`),
      this.rows(sql`select coalesce(sum(principal_change), 0) as principal, coalesce(sum(bonus_change), 0) as bonus from report_wallet_daily where business_date <= ${dateTo}::date`),
    ]);
    const byDate = new Map(daily.map((r) => [String(r.date), r]));
    return {
      rechargeCount: num(sums?.recharge_count), principalIn: num(sums?.principal_in), bonusIn: num(sums?.bonus_in), principalUsed: num(sums?.principal_used),
      bonusUsed: num(sums?.bonus_used), rechargeRefunds: num(sums?.recharge_refunds), orderRefundsToBalance: num(sums?.order_refunds_to_balance),
      outstandingPrincipal: num(outstanding?.principal), outstandingBonus: num(outstanding?.bonus), newMembers: num(sums?.new_members),
      daily: datesIn(dateFrom, dateTo).map((date) => {
        const r = byDate.get(date);
        return { date, principalIn: num(r?.principal_in), bonusIn: num(r?.bonus_in), principalUsed: num(r?.principal_used), bonusUsed: num(r?.bonus_used) };
      }),
    };
  }

  /**
   * 优惠券 per plan: used, discount and orders driven at the stores in scope; issued and expired
   * are brand-wide (a coupon belongs to a member, not a store: store 0) and always count.
   */
  async coupons({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['coupons']> {
    const rows = await this.rows(sql`
      select r.plan_id::text as plan_id, coalesce(p.name, '') as name, sum(r.issued) as issued, sum(r.used) as used, sum(r.expired) as expired,
        sum(r.discount) as discount, sum(r.orders_amount) as orders_amount
      from report_coupon_daily r left join coupon_plan p on p.id = r.plan_id
      where (r.store_id = 0 or ${storeWhere(stores, sql.raw('r.store_id'))}) and ${dateWhere(dateFrom, dateTo, sql.raw('r.business_date'))}
      group by r.plan_id, p.name order by sum(r.used) desc, sum(r.issued) desc, r.plan_id`);
    return rows.map((r) => ({
      planId: String(r.plan_id), name: String(r.name), issued: num(r.issued), used: num(r.used), expired: num(r.expired), discount: num(r.discount), ordersAmount: num(r.orders_amount),
    }));
  }

  /**
   * 桌台: uses, guests and amount per table (the paid orders' roll-up); 翻台率 = seatings per day of
   * the range and 平均用餐 = their minutes from 开台 to 清台 (the orders module's seatings, issue 24).
   * A table without seatings in the range (orders from before them) keeps the roll-up's: uses per
   * day, and the pay-later tabs' time from sitting down to paying.
   */
  async tables({ stores, dateFrom, dateTo }: ReportRange): Promise<ReportData['tables']> {
    const days = daysIn(dateFrom, dateTo);
    const seatings = await seatingFigures(this.db, { storeIds: stores.all ? null : stores.storeIds, from: dateFrom, to: dateTo });
    const rows = await this.rows(sql`
      select r.table_id::text as table_id, (array_agg(r.table_code order by r.last desc))[1] as table_code, coalesce(min(a.name), '') as area_name,
        sum(r.uses) as uses, sum(r.guests) as guests, sum(r.amount) as amount, sum(r.timed_uses) as timed_uses, sum(r.minutes) as minutes
      from (
        select table_id, table_code, max(business_date) as last, sum(uses) as uses, sum(guests) as guests, sum(amount) as amount,
          sum(timed_uses) as timed_uses, sum(minutes) as minutes
        from report_table_daily where ${storeWhere(stores)} and ${dateWhere(dateFrom, dateTo)} group by table_id, table_code
      ) r left join store_table t on t.id = r.table_id left join store_area a on a.id = t.area_id
      group by r.table_id order by sum(r.uses) desc, table_code`);
    return rows.map((r) => {
      const seated = seatings.get(String(r.table_id));
      return {
        tableId: String(r.table_id), tableCode: String(r.table_code), areaName: String(r.area_name), uses: num(r.uses), guests: num(r.guests),
        turnover: Math.round(((seated?.seatings ?? num(r.uses)) / days) * 100) / 100,
        avgMinutes: seated ? perUnit(seated.minutes, seated.seatings) : perUnit(num(r.minutes), num(r.timed_uses)), amount: num(r.amount),
      };
    });
  }

  /** Any report by name (the export's single entry). */
  report<R extends ReportName>(name: R, range: ReportRange): Promise<ReportData[R]> {
    const all: { [K in ReportName]: (range: ReportRange) => Promise<ReportData[K]> } = {
      overview: (r) => this.overview(r), dishes: (r) => this.dishes(r), categories: (r) => this.categories(r), payments: (r) => this.payments(r),
      hours: (r) => this.hours(r), channels: (r) => this.channels(r), wallet: (r) => this.wallet(r), coupons: (r) => this.coupons(r), tables: (r) => this.tables(r),
    };
    return all[name](range);
  }
}
