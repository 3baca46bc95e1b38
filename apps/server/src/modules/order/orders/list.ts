import { and, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { ORDER_COUNT_CAP, ORDER_TAB_KEYS, type OrderRow, type OrderTab, type Page } from '@canteen/contract';
import type { z } from 'zod';
import type { orderQuerySchema } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { orderBy } from '../../../http/paging.js';
import { order, PAY_METHOD_BITS } from '../tables.js';
import { orderRows } from './records.js';
import { likePrefix } from '../../../db/queries.js';

/**
 * The admin list (订单列表): a store's orders newest first (business date, then id: the index
 * `orders_list`, or `orders_tab` for a tab, a column the database keeps), filtered by dates,
 * number, member phone, table, type, source and payment method (the order's `pay_methods` bits,
 * with a partial index per method, whole or by tab, in the list's order). A page reads its rows through the index; the total is
 * counted only up to COUNT_CAP (a store's whole history is a million rows: counting them all,
 * or ten thousand behind a filter no index holds, would cost more than the page), so past the
 * cap the total says "at least" — a hundred pages of twenty, more than anyone pages through.
 */

export const COUNT_CAP = ORDER_COUNT_CAP;

type ParsedQuery = z.output<typeof orderQuerySchema>;

const likeSuffix = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}`;

/** The filters of a query (the store scope is the caller's). */
export function orderConditions(q: Omit<ParsedQuery, 'current' | 'size' | 'ascs' | 'descs' | 'tab'> & { tab?: OrderTab }): SQL[] {
  const where: SQL[] = [];
  if (q.storeId) where.push(eq(order.storeId, q.storeId));
  if (q.tab && q.tab !== 'all') where.push(eq(order.tab, q.tab));
  if (q.dateFrom) where.push(gte(order.businessDate, q.dateFrom));
  if (q.dateTo) where.push(lte(order.businessDate, q.dateTo));
  if (q.orderNo) where.push(like(order.orderNo, likePrefix(q.orderNo)));
  if (q.phone) {
    if (q.phone.length === 11) where.push(eq(order.memberPhone, q.phone));
    else if (q.phone.length === 4) where.push(sql`right(${order.memberPhone}, 4) = ${q.phone}`);
    else where.push(like(order.memberPhone, likeSuffix(q.phone)));
  }
  if (q.tableCode) where.push(eq(order.tableCode, q.tableCode));
  if (q.type) where.push(eq(order.type, q.type));
  if (q.source) where.push(eq(order.source, q.source));
  if (q.payMethod) {
    // Written as the partial indexes' predicate (a constant, not a parameter) so the planner uses them (0502_order_pay_methods.sql).
    where.push(sql`(${order.payMethods} & ${sql.raw(String(PAY_METHOD_BITS[q.payMethod]))}) <> 0`);
  }
  return where;
}

/** Rows matching, counted up to the cap (one index range read, stopped at the cap). */
export async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` })
    .from(db.select({ one: sql`1` }).from(order).where(where).limit(COUNT_CAP).as('capped'));
  return Number(row?.n ?? 0);
}

const SORTABLE = {
  create_time: order.id,
  business_date: order.businessDate,
  payable_amount: order.payableAmount,
};

/** A page of the list; `scope` limits it to the user's stores. */
export async function orderPage(db: Db, q: ParsedQuery, scope: SQL | undefined): Promise<Page<OrderRow>> {
  const where = and(scope, ...orderConditions(q));
  const order_ = orderBy(q, SORTABLE, [desc(order.businessDate), desc(order.id)]);
  // A tie-breaker keeps pages stable when the chosen column repeats.
  if (q.ascs || q.descs) order_.push(desc(order.id));
  const offset = (q.current - 1) * q.size;
  const [total, records] = await Promise.all([cappedCount(db, where), orderRows(db, where, { order: order_, limit: q.size, offset })]);
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}

/** Orders per tab (each counted up to the cap), for the tabs and the 待处理 badge. */
export async function orderCounts(db: Db, storeId: string | undefined, scope: SQL | undefined): Promise<Record<OrderTab, number>> {
  const counts = {} as Record<OrderTab, number>;
  for (const tab of ORDER_TAB_KEYS) counts[tab] = await cappedCount(db, and(scope, ...orderConditions({ tab, ...(storeId ? { storeId } : {}) })));
  return counts;
}
