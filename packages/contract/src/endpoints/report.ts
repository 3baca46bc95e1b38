import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  categoryReportSchema, channelReportSchema, couponReportSchema, dishReportSchema, hourReportSchema, overviewReportSchema, paymentReportSchema,
  reportQuerySchema, REPORTS, tableReportSchema, todayReportSchema, walletReportSchema,
} from '../report.js';

/**
 * 营业报表 (report:sales, issue 15): one call per report over a store (or every store the user
 * may see) and a range of business dates, each exportable as .xlsx; the home page's figures;
 * the rebuild of the roll-ups from the orders (admins, after a data repair).
 */

const storeOnly = z.object({ storeId: z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号').optional() });
const report = <S extends z.ZodType>(name: string, path: string, data: S) =>
  endpoint({ method: 'GET', path: `/report/${path}`, tag: 'report:sales', summary: name, access: { permission: 'report:sales:index' }, query: reportQuerySchema, data });

export const reportEndpoints = {
  overview: report('营业概况', 'overview', overviewReportSchema),
  dishes: report('菜品排行', 'dishes', dishReportSchema),
  categories: report('分类销售', 'categories', categoryReportSchema),
  payments: report('支付方式', 'payments', paymentReportSchema),
  hours: report('时段分析', 'hours', hourReportSchema),
  channels: report('订单类型与来源', 'channels', channelReportSchema),
  wallet: report('储值报表', 'wallet', walletReportSchema),
  coupons: report('优惠券报表', 'coupons', couponReportSchema),
  tables: report('桌台报表', 'tables', tableReportSchema),
  /** A report as an .xlsx workbook (raw bytes), its filters in a header row; streamed. */
  export: endpoint({
    method: 'GET', path: '/report/:report/export', tag: 'report:sales', summary: '导出报表（xlsx）', access: { permission: 'report:sales:export', rateLimit: 'export' },
    params: z.object({ report: z.enum(REPORTS, { message: '报表名称不正确' }) }), query: reportQuerySchema,
    data: z.string().meta({ format: 'binary', description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), raw: true,
  }),
  /** The home page: today against yesterday, 7 days, top dishes (any signed-in user with the report code). */
  today: endpoint({
    method: 'GET', path: '/report/today', tag: 'report:sales', summary: '今日经营', access: { permission: 'report:sales:index' },
    query: storeOnly, data: todayReportSchema,
  }),
  /** Recomputes the roll-ups of a range from the orders (also `npm run report:rebuild`). */
  rebuild: endpoint({
    method: 'POST', path: '/report/rebuild', tag: 'report:sales', summary: '重算报表', access: { permission: 'report:sales:rebuild', rateLimit: 'batch' },
    query: reportQuerySchema, data: z.object({ days: z.number().int(), orders: z.number().int() }),
  }),
};
