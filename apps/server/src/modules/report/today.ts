import { businessDateOf, type TodayReport } from '@canteen/contract';
import { addDays } from './period.js';
import type { Reports } from './reports.js';
import type { ReportStores } from './scope.js';

const TOP_DISHES = 5;

/**
 * The home page's business cards: today's figures (the business date now, in the store's time
 * zone and cut-off) against yesterday's up to the same time of day, the 7 days ending today, today's best sellers net of refunds.
 */
export async function todayReport(reports: Reports, stores: ReportStores, now = new Date()): Promise<TodayReport> {
  const date = businessDateOf(now, stores.timeZone, stores.dayCutoffHour);
  const yesterday = addDays(date, -1);
  const [today, before, daily, dishes] = await Promise.all([
    reports.sales(stores.set, date, date),
    reports.salesBefore(stores.set, yesterday, yesterday, new Date(now.getTime() - 86_400_000)),
    reports.daily(stores.set, addDays(date, -6), date),
    reports.dishes({ stores: stores.set, dateFrom: date, dateTo: date }),
  ]);
  // What was sold and kept: refunds come off, and a dish refunded in full is no best seller.
  const kept = dishes
    .map((d) => ({ name: d.name, quantity: d.quantity - d.refundedQuantity, amount: d.amount - d.refundAmount }))
    .filter((d) => d.quantity > 0)
    .sort((a, b) => b.amount - a.amount || b.quantity - a.quantity);
  return {
    date,
    today,
    yesterday: before,
    trend: daily.map((d) => ({ date: d.date, orders: d.orders, netAmount: d.netAmount })),
    topDishes: kept.slice(0, TOP_DISHES),
  };
}
