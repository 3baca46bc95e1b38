import { z } from 'zod';
import { ORDER_SOURCES, PAY_METHODS } from './order.js';
import { ORDER_TYPES } from './store.js';

/**
 * 营业报表 (STORE.md §8, issue 15): figures read from daily roll-ups (store × business date, and
 * × dish, category, payment method, hour, type and source; stored value and coupons per day),
 * kept in the same transaction as the payment, refund or cancellation they count. Money is
 * integer fen. A refund counts on its own business date (the day the money went back), so a
 * closed day's figures never change afterwards.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const date = (name: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name}格式应为 YYYY-MM-DD`);
const fen = z.number().int();

/** Longest range one report covers (a year and a day, for a leap year's comparisons). */
export const REPORT_RANGE_MAX_DAYS = 366;
export const REPORTS = ['overview', 'dishes', 'categories', 'payments', 'hours', 'channels', 'wallet', 'coupons', 'tables'] as const;
export type ReportName = (typeof REPORTS)[number];
export const REPORT_NAMES: Record<ReportName, string> = {
  overview: '营业概况', dishes: '菜品排行', categories: '分类', payments: '支付方式', hours: '时段', channels: '订单类型与来源', wallet: '储值', coupons: '优惠券', tables: '桌台',
};

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** A store (none: every store the user may see) and an inclusive range of business dates. */
export const reportQuerySchema = z
  .object({ storeId: id.optional(), dateFrom: date('开始日期'), dateTo: date('结束日期') })
  .refine((q) => q.dateFrom <= q.dateTo, { message: '开始日期不能晚于结束日期', path: ['dateTo'] })
  .refine((q) => dayNumber(q.dateTo) - dayNumber(q.dateFrom) < REPORT_RANGE_MAX_DAYS, { message: `日期范围不能超过${REPORT_RANGE_MAX_DAYS}天`, path: ['dateTo'] });
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The money and counts of a period (营业概况). 实收 (net) = paid − refunds; 客单价 = net ÷ orders; 人均 = net ÷ guests. */
export const salesFiguresSchema = z.object({
  orders: z.number().int(),
  guests: z.number().int(),
  goodsAmount: fen,
  packingFee: fen,
  memberDiscount: fen,
  couponDiscount: fen,
  manualDiscount: fen,
  paidAmount: fen,
  refundCount: z.number().int(),
  refundAmount: fen,
  netAmount: fen,
  cancelledCount: z.number().int(),
  /** Rounded half-up to the fen; 0 when there is nothing to divide by. */
  avgTicket: fen,
  perGuest: fen,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const overviewReportSchema = z.object({
  current: salesFiguresSchema,
  /** The period of the same length just before (the comparison). */
  previous: salesFiguresSchema,
  previousFrom: z.string(),
  previousTo: z.string(),
  /** When the range reaches today: the previous period is counted up to this moment only (the same point of it), else null. */
  previousUntil: z.string().nullable(),
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), guests: z.number().int(), netAmount: fen, refundAmount: fen })),
});
export type OverviewReport = z.infer<typeof overviewReportSchema>;

/** A share of the total amount, in percent with one decimal (12.3). */
const share = z.number();

export const dishReportSchema = z.array(z.object({
  kind: z.enum(['dish', 'combo']), itemId: z.string(), name: z.string(), categoryName: z.string(),
  quantity: z.number(), amount: fen, refundedQuantity: z.number(), refundAmount: fen, share,
}));
export const categoryReportSchema = z.array(z.object({ categoryId: z.string(), name: z.string(), quantity: z.number(), amount: fen, share }));
export const paymentReportSchema = z.array(z.object({
  method: z.enum(PAY_METHODS), count: z.number().int(), amount: fen, refundCount: z.number().int(), refundAmount: fen, netAmount: fen, share,
}));
export const hourReportSchema = z.array(z.object({ hour: z.number().int().min(0).max(23), orders: z.number().int(), amount: fen }));
export const channelReportSchema = z.array(z.object({ type: z.enum(ORDER_TYPES), source: z.enum(ORDER_SOURCES), orders: z.number().int(), amount: fen, share }));
export const walletReportSchema = z.object({
  rechargeCount: z.number().int(),
  principalIn: fen,
  bonusIn: fen,
  principalUsed: fen,
  bonusUsed: fen,
  /** Recharges refunded (principal paid back) and balance refunded to members by order refunds. */
  rechargeRefunds: fen,
  orderRefundsToBalance: fen,
  /** Members' balances at the end of the period (the liability), brand-wide. */
  outstandingPrincipal: fen,
  outstandingBonus: fen,
  newMembers: z.number().int(),
  daily: z.array(z.object({ date: z.string(), principalIn: fen, bonusIn: fen, principalUsed: fen, bonusUsed: fen })),
});
export const couponReportSchema = z.array(z.object({
  planId: z.string(), name: z.string(), issued: z.number().int(), used: z.number().int(), expired: z.number().int(), discount: fen, ordersAmount: fen,
}));
export const tableReportSchema = z.array(z.object({
  tableId: z.string(), tableCode: z.string(), areaName: z.string(), uses: z.number().int(), guests: z.number().int(),
  /** Uses per day of the range (翻台率). */
  turnover: z.number(),
  avgMinutes: z.number().int(), amount: fen,
}));

/** The home page: today's figures against yesterday up to the same time of day, a 7-day trend, the top dishes. */
export const todayReportSchema = z.object({
  date: z.string(),
  today: salesFiguresSchema,
  yesterday: salesFiguresSchema,
  trend: z.array(z.object({ date: z.string(), orders: z.number().int(), netAmount: fen })),
  topDishes: z.array(z.object({ name: z.string(), quantity: z.number(), amount: fen })),
});
export type TodayReport = z.infer<typeof todayReportSchema>;
