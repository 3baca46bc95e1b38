import type { z } from 'zod';
import {
  PAY_METHOD_NAMES, type categoryReportSchema, type channelReportSchema, type couponReportSchema, type dishReportSchema, type hourReportSchema,
  type OverviewReport, type paymentReportSchema, type ReportName, type SalesFigures, type tableReportSchema, type walletReportSchema,
} from '@canteen/contract';

/**
 * What each report looks like as a spreadsheet: one or more sheets of columns and rows. Money
 * stays fen here and becomes yuan in the writer (xlsx.ts), which knows it from `format`.
 */

export type CellFormat = 'text' | 'number' | 'money' | 'percent';
export interface Column {
  header: string;
  format: CellFormat;
  width?: number;
}
export interface Sheet {
  name: string;
  columns: Column[];
  rows: Iterable<Array<string | number>>;
  /** A sheet of figures mixing money and counts in its value columns: each row's format (the first column stays text). */
  rowFormats?: CellFormat[];
}

/** Each report's data, as the service answers it. */
export interface ReportData {
  overview: OverviewReport;
  dishes: z.infer<typeof dishReportSchema>;
  categories: z.infer<typeof categoryReportSchema>;
  payments: z.infer<typeof paymentReportSchema>;
  hours: z.infer<typeof hourReportSchema>;
  channels: z.infer<typeof channelReportSchema>;
  wallet: z.infer<typeof walletReportSchema>;
  coupons: z.infer<typeof couponReportSchema>;
  tables: z.infer<typeof tableReportSchema>;
}

const text = (header: string, width = 14): Column => ({ header, format: 'text', width });
const number = (header: string): Column => ({ header, format: 'number', width: 12 });
const money = (header: string): Column => ({ header, format: 'money', width: 14 });
const percent = (header: string): Column => ({ header, format: 'percent', width: 10 });

const TYPE_NAMES = { dine_in: '堂食', takeaway: '外带' } as const;
const SOURCE_NAMES = { cashier: '收银台', qr: '扫码点餐' } as const;

/** The figures of 营业概况 in the order the page shows them, with their names and kinds. */
const FIGURES: Array<[keyof SalesFigures, string, CellFormat]> = [
  ['netAmount', '实收', 'money'], ['orders', '订单数', 'number'], ['guests', '客流', 'number'], ['avgTicket', '客单价', 'money'],
  ['perGuest', '人均', 'money'], ['goodsAmount', '商品金额', 'money'], ['packingFee', '打包费', 'money'], ['memberDiscount', '会员优惠', 'money'],
  ['couponDiscount', '优惠券抵扣', 'money'], ['manualDiscount', '整单优惠', 'money'], ['paidAmount', '收款', 'money'],
  ['refundCount', '退款笔数', 'number'], ['refundAmount', '退款金额', 'money'], ['cancelledCount', '取消订单', 'number'],
];

type Layouts = { [R in ReportName]: (data: ReportData[R]) => Sheet[] };

export const LAYOUTS: Layouts = {
  overview: (d) => [
    {
      name: '营业概况',
      columns: [text('指标'), number('本期'), number(`上期 ${d.previousFrom} 至 ${d.previousTo}${d.previousUntil ? '（同时段）' : ''}`)],
      rows: FIGURES.map(([key, name]) => [name, d.current[key], d.previous[key]]),
      rowFormats: FIGURES.map(([, , format]) => format),
    },
    {
      name: '每日',
      columns: [text('日期', 12), number('订单数'), number('客流'), money('实收'), money('退款金额')],
      rows: d.daily.map((r) => [r.date, r.orders, r.guests, r.netAmount, r.refundAmount]),
    },
  ],
  dishes: (d) => [{
    name: '菜品排行',
    columns: [number('排名'), text('名称', 24), text('类型', 8), text('分类'), number('数量'), money('金额'), percent('占比'), number('退菜数量'), money('退款金额')],
    rows: d.map((r, i) => [i + 1, r.name, r.kind === 'combo' ? '套餐' : '菜品', r.categoryName, r.quantity, r.amount, r.share, r.refundedQuantity, r.refundAmount]),
  }],
  categories: (d) => [{
    name: '分类',
    columns: [text('分类', 18), number('数量'), money('金额'), percent('占比')],
    rows: d.map((r) => [r.name, r.quantity, r.amount, r.share]),
  }],
  payments: (d) => [{
    name: '支付方式',
    columns: [text('支付方式'), number('笔数'), money('金额'), number('退款笔数'), money('退款金额'), money('实收'), percent('占比')],
    rows: d.map((r) => [PAY_METHOD_NAMES[r.method], r.count, r.amount, r.refundCount, r.refundAmount, r.netAmount, r.share]),
  }],
  hours: (d) => [{
    name: '时段',
    columns: [text('时段', 10), number('订单数'), money('金额')],
    rows: d.map((r) => [`${String(r.hour).padStart(2, '0')}:00`, r.orders, r.amount]),
  }],
  channels: (d) => [{
    name: '订单类型与来源',
    columns: [text('订单类型'), text('来源'), number('订单数'), money('金额'), percent('占比')],
    rows: d.map((r) => [TYPE_NAMES[r.type], SOURCE_NAMES[r.source], r.orders, r.amount, r.share]),
  }],
  wallet: (d) => [
    {
      name: '储值',
      columns: [text('指标', 16), number('数值')],
      rows: [
        ['充值笔数', d.rechargeCount], ['充值本金', d.principalIn], ['赠送金额', d.bonusIn], ['本金消费', d.principalUsed], ['赠送消费', d.bonusUsed],
        ['充值退款', d.rechargeRefunds], ['退回余额', d.orderRefundsToBalance], ['期末本金余额', d.outstandingPrincipal], ['期末赠送余额', d.outstandingBonus],
        ['新增会员', d.newMembers],
      ],
      rowFormats: ['number', 'money', 'money', 'money', 'money', 'money', 'money', 'money', 'money', 'number'],
    },
    {
      name: '储值-每日',
      columns: [text('日期', 12), money('充值本金'), money('赠送金额'), money('本金消费'), money('赠送消费')],
      rows: d.daily.map((r) => [r.date, r.principalIn, r.bonusIn, r.principalUsed, r.bonusUsed]),
    },
  ],
  coupons: (d) => [{
    name: '优惠券',
    columns: [text('优惠券', 20), number('发放'), number('使用'), number('过期'), money('抵扣金额'), money('带动订单金额')],
    rows: d.map((r) => [r.name, r.issued, r.used, r.expired, r.discount, r.ordersAmount]),
  }],
  tables: (d) => [{
    name: '桌台',
    columns: [text('桌台', 10), text('区域'), number('使用次数'), number('客流'), number('翻台率'), number('平均用餐(分钟)'), money('金额')],
    rows: d.map((r) => [r.tableCode, r.areaName, r.uses, r.guests, r.turnover, r.avgMinutes, r.amount]),
  }],
};

/** A report's sheets (the layouts' map keeps each report's data type; the name picks one). */
export const sheetsOf = <R extends ReportName>(name: R, data: ReportData[R]): Sheet[] => (LAYOUTS[name] as (d: ReportData[R]) => Sheet[])(data);
