import { businessDateOf, type TodayReport } from '@canteen/contract';
import { addDays } from './period.js';
import type { Reports } from './reports.js';
import type { ReportStores } from './scope.js';

const TOP_DISHES = 5;

/**
 * The home page's business cards: today's figures (the business date now, in the store's time
 * zone and cut-off) against yesterday's, the 7 days ending today, today's best sellers.
 */
export async function todayReport(reports: Reports, stores: ReportStores, now = new Date()): Promise<TodayReport> {
  const date = businessDateOf(now, stores.timeZone, stores.dayCutoffHour);
  const yesterday = addDays(date, -1);
  const [today, before, daily, dishes] = await Promise.all([
    reports.sales(stores.set, date, date),
    reports.sales(stores.set, yesterday, yesterday),
    reports.daily(stores.set, addDays(date, -6), date),
    reports.dishes({ stores: stores.set, dateFrom: date, dateTo: date }, TOP_DISHES),
  ]);
  return {
    date,
    today,
    yesterday: before,
    trend: daily.map((d) => ({ date: d.date, orders: d.orders, netAmount: d.netAmount })),
    topDishes: dishes.map((d) => ({ name: d.name, quantity: d.quantity, amount: d.amount })),
  };
}
