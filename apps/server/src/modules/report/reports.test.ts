import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, type OverviewReport, type TodayReport, type walletReportSchema } from '@canteen/contract';
import type { z } from 'zod';
import { createTestApp } from '../../../test/app.js';
import { signIn, type AuthHeader } from '../../../test/auth.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../test/store.js';
import type { App } from '../../app.js';
import { addDays } from './period.js';
import { Reports } from './reports.js';
import { todayReport } from './today.js';
import { rowsOf } from '../../db/queries.js';

/**
 * Every figure of every report on a small hand-computed set of roll-up rows (written straight
 * to the roll-up tables: that the roll-ups equal the orders is rollups/'s test), over store A
 * (of staff who sees only A) and store B, and brand-wide rows (store 0). The dates are in 2020
 * (a leap year: the previous period of 03-01…03-02 is 02-28…02-29).
 */

let app: App;
let admin: AuthHeader;
let staff: AuthHeader;
let a = '';
let b = '';
let planId = '';
let tableId = '';
const range = 'dateFrom=2020-03-01&dateTo=2020-03-02';

const daily = (store: string, date: string, f: Partial<Record<'orders' | 'guests' | 'goods' | 'packing' | 'member' | 'coupon' | 'manual' | 'paid' | 'refunds' | 'refund' | 'cancelled', number>>) => sql`
  insert into report_daily (store_id, business_date, orders, guests, goods_amount, packing_fee, member_discount, coupon_discount, manual_discount, paid_amount, refund_count, refund_amount, cancelled_count)
  values (${store}, ${date}, ${f.orders ?? 0}, ${f.guests ?? 0}, ${f.goods ?? 0}, ${f.packing ?? 0}, ${f.member ?? 0}, ${f.coupon ?? 0}, ${f.manual ?? 0}, ${f.paid ?? 0}, ${f.refunds ?? 0}, ${f.refund ?? 0}, ${f.cancelled ?? 0})`;
const dish = (store: string, date: string, kind: 'dish' | 'combo', itemId: number, name: string, categoryId: number, categoryName: string, quantity: number, amount: number, refundedQuantity = 0, refundAmount = 0) => sql`
  insert into report_dish_daily (store_id, business_date, kind, item_id, name, category_id, category_name, quantity, amount, refunded_quantity, refund_amount)
  values (${store}, ${date}, ${kind}, ${itemId}, ${name}, ${categoryId}, ${categoryName}, ${quantity}, ${amount}, ${refundedQuantity}, ${refundAmount})`;

async function get<T>(url: string, who: AuthHeader = admin): Promise<T> {
  return dataOf<T>(await callerOf(app, who)('GET', url));
}

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  a = await createStore(app, admin, '报表测试A店');
  b = await createStore(app, admin, '报表测试B店');
  staff = (await storeStaff(app, 'report_staff_a', [a])).headers;
  const db = app.database.db;
  // The coupon plan and the table the reports name, written as their modules' tables hold them.
  const idOf = async (statement: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(statement))[0]!.id;
  planId = await idOf(sql`insert into coupon_plan (name, kind, value, min_spend, valid_days) values ('满50减10', 'threshold', 1000, 5000, 30) returning id`);
  const areaId = await idOf(sql`insert into store_area (store_id, name) values (${a}, '大厅') returning id`);
  tableId = await idOf(sql`insert into store_table (store_id, area_id, code, qr_token) values (${a}, ${areaId}, 'A01', 'report-test-token-a01') returning id`);
  const statements = [
    daily(a, '2020-03-01', { orders: 3, guests: 5, goods: 20000, packing: 300, member: 500, coupon: 1000, paid: 18800, refunds: 1, refund: 2000, cancelled: 1 }),
    daily(a, '2020-03-02', { orders: 2, guests: 2, goods: 9000, manual: 100, paid: 8900 }),
    daily(a, '2020-02-29', { orders: 1, guests: 1, goods: 5000, paid: 5000 }),
    daily(a, '2020-02-27', { orders: 9, guests: 9, goods: 90000, paid: 90000 }), // before the previous period
    daily(b, '2020-03-01', { orders: 10, guests: 12, goods: 100000, paid: 100000 }),
    dish(a, '2020-03-01', 'dish', 101, '辣子鸡', 11, '热菜', 2, 9600),
    dish(a, '2020-03-02', 'dish', 101, '辣子鸡（新）', 11, '热菜', 1, 4800, 1, 4800),
    dish(a, '2020-03-01', 'combo', 201, '单人套餐', 12, '套餐', 1, 4500),
    dish(a, '2020-03-02', 'dish', 102, '米饭', 11, '热菜', 3, 600),
    dish(b, '2020-03-01', 'dish', 101, '辣子鸡', 11, '热菜', 50, 240000),
    sql`insert into report_category_daily (store_id, business_date, category_id, name, quantity, amount) values
      (${a}, '2020-03-01', 11, '热菜', 2, 9600), (${a}, '2020-03-02', 11, '热菜', 4, 5400), (${a}, '2020-03-01', 12, '套餐', 1, 4500)`,
    sql`insert into report_payment_daily (store_id, business_date, method, count, amount, refund_count, refund_amount) values
      (${a}, '2020-03-01', 'cash', 2, 10000, 1, 2000), (${a}, '2020-03-01', 'wechat', 1, 8800, 0, 0), (${a}, '2020-03-02', 'wechat', 2, 8900, 0, 0)`,
    sql`insert into report_hour_daily (store_id, business_date, hour, orders, amount) values
      (${a}, '2020-03-01', 12, 2, 12000), (${a}, '2020-03-02', 12, 1, 5000), (${a}, '2020-03-01', 18, 1, 6800), (${a}, '2020-03-02', 18, 1, 3900)`,
    sql`insert into report_channel_daily (store_id, business_date, type, source, orders, amount) values
      (${a}, '2020-03-01', 'dine_in', 'cashier', 2, 12000), (${a}, '2020-03-02', 'dine_in', 'cashier', 1, 5000), (${a}, '2020-03-01', 'takeaway', 'qr', 2, 10700)`,
    sql`insert into report_table_daily (store_id, business_date, table_id, table_code, uses, guests, amount, timed_uses, minutes) values
      (${a}, '2020-03-01', ${tableId}, 'A01', 3, 6, 15000, 2, 95), (${a}, '2020-03-02', ${tableId}, 'A01', 1, 2, 2000, 1, 40)`,
    sql`insert into report_wallet_daily (store_id, business_date, recharge_count, principal_in, bonus_in, principal_used, bonus_used, recharge_refunds, order_refunds_to_balance, principal_change, bonus_change, new_members) values
      (${a}, '2020-03-01', 1, 10000, 1000, 3000, 300, 0, 200, 7200, 700, 2),
      (${b}, '2020-03-02', 1, 20000, 0, 0, 0, 5000, 0, 15000, 0, 1),
      (0, '2020-02-01', 0, 0, 0, 0, 0, 0, 0, 5000, 0, 0),
      (0, '2020-03-05', 0, 0, 0, 0, 0, 0, 0, 999, 0, 0)`,
    sql`insert into report_coupon_daily (store_id, business_date, plan_id, issued, used, expired, discount, orders_amount) values
      (0, '2020-03-01', ${planId}, 5, 0, 0, 0, 0), (0, '2020-03-02', ${planId}, 0, 0, 1, 0, 0),
      (${a}, '2020-03-01', ${planId}, 0, 2, 0, 1000, 9000), (${b}, '2020-03-01', ${planId}, 0, 1, 0, 500, 4000)`,
  ];
  for (const statement of statements) await db.execute(statement);
});

const ofA = () => `storeId=${a}&${range}`;

describe('营业概况', () => {
  it('sums the range, derives 实收, 客单价 and 人均, and compares with the previous period of the same length', async () => {
    const data = await get<OverviewReport>(`/report/overview?${ofA()}`);
    expect(data.current).toEqual({
      orders: 5, guests: 7, goodsAmount: 29000, packingFee: 300, memberDiscount: 500, couponDiscount: 1000, manualDiscount: 100, paidAmount: 27700,
      refundCount: 1, refundAmount: 2000, netAmount: 25700, cancelledCount: 1, avgTicket: 5140, perGuest: 3671,
    });
    expect([data.previousFrom, data.previousTo]).toEqual(['2020-02-28', '2020-02-29']);
    expect(data.previous).toMatchObject({ orders: 1, guests: 1, paidAmount: 5000, netAmount: 5000, avgTicket: 5000, perGuest: 5000 });
    expect(data.daily).toEqual([
      { date: '2020-03-01', orders: 3, guests: 5, netAmount: 16800, refundAmount: 2000 },
      { date: '2020-03-02', orders: 2, guests: 2, netAmount: 8900, refundAmount: 0 },
    ]);
  });

  it('covers every store of the user without a store: all for an admin, only A for A\'s staff', async () => {
    expect((await get<OverviewReport>(`/report/overview?${range}`)).current).toMatchObject({ orders: 15, paidAmount: 127700 });
    expect((await get<OverviewReport>(`/report/overview?${range}`, staff)).current).toMatchObject({ orders: 5, paidAmount: 27700 });
  });

  it('answers 404 for a store the user may not see, and lists a day without sales as zeros', async () => {
    const res = await callerOf(app, staff)('GET', `/report/overview?storeId=${b}&${range}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('不存在');
    const days = (await get<OverviewReport>(`/report/overview?storeId=${a}&dateFrom=2020-03-02&dateTo=2020-03-04`)).daily;
    expect(days.map((d) => [d.date, d.orders])).toEqual([['2020-03-02', 2], ['2020-03-03', 0], ['2020-03-04', 0]]);
  });

  it('refuses a reversed range and one longer than 366 days, naming the problem', async () => {
    const reversed = await callerOf(app, admin)('GET', '/report/overview?dateFrom=2020-03-02&dateTo=2020-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('开始日期不能晚于结束日期');
    const long = await callerOf(app, admin)('GET', '/report/overview?dateFrom=2019-01-01&dateTo=2020-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('日期范围不能超过366天');
  });
});

describe('the other reports', () => {
  it('菜品排行: dishes and combos by amount, the latest name, shares of the amount, refunds', async () => {
    expect(await get(`/report/dishes?${ofA()}`)).toEqual([
      { kind: 'dish', itemId: '101', name: '辣子鸡（新）', categoryName: '热菜', quantity: 3, amount: 14400, refundedQuantity: 1, refundAmount: 4800, share: 73.8 },
      { kind: 'combo', itemId: '201', name: '单人套餐', categoryName: '套餐', quantity: 1, amount: 4500, refundedQuantity: 0, refundAmount: 0, share: 23.1 },
      { kind: 'dish', itemId: '102', name: '米饭', categoryName: '热菜', quantity: 3, amount: 600, refundedQuantity: 0, refundAmount: 0, share: 3.1 },
    ]);
  });

  it('分类, 支付方式 (every method), 时段 (24 hours), 订单类型与来源', async () => {
    expect(await get(`/report/categories?${ofA()}`)).toEqual([
      { categoryId: '11', name: '热菜', quantity: 6, amount: 15000, share: 76.9 },
      { categoryId: '12', name: '套餐', quantity: 1, amount: 4500, share: 23.1 },
    ]);
    expect(await get(`/report/payments?${ofA()}`)).toEqual([
      { method: 'cash', count: 2, amount: 10000, refundCount: 1, refundAmount: 2000, netAmount: 8000, share: 36.1 },
      { method: 'balance', count: 0, amount: 0, refundCount: 0, refundAmount: 0, netAmount: 0, share: 0 },
      { method: 'wechat', count: 3, amount: 17700, refundCount: 0, refundAmount: 0, netAmount: 17700, share: 63.9 },
    ]);
    const hours = await get<Array<{ hour: number; orders: number; amount: number }>>(`/report/hours?${ofA()}`);
    expect(hours).toHaveLength(24);
    expect(hours.filter((h) => h.orders)).toEqual([{ hour: 12, orders: 3, amount: 17000 }, { hour: 18, orders: 2, amount: 10700 }]);
    expect(await get(`/report/channels?${ofA()}`)).toEqual([
      { type: 'dine_in', source: 'cashier', orders: 3, amount: 17000, share: 61.4 },
      { type: 'takeaway', source: 'qr', orders: 2, amount: 10700, share: 38.6 },
    ]);
  });

  it('储值: the store\'s movements, the brand\'s outstanding balance at the end (brand-wide rows only for all stores)', async () => {
    const ofStore = await get<z.infer<typeof walletReportSchema>>(`/report/wallet?${ofA()}`);
    expect(ofStore).toMatchObject({
      rechargeCount: 1, principalIn: 10000, bonusIn: 1000, principalUsed: 3000, bonusUsed: 300, rechargeRefunds: 0, orderRefundsToBalance: 200,
      outstandingPrincipal: 7200 + 15000 + 5000, outstandingBonus: 700, newMembers: 2,
    });
    expect(ofStore.daily[0]).toEqual({ date: '2020-03-01', principalIn: 10000, bonusIn: 1000, principalUsed: 3000, bonusUsed: 300 });
    expect(await get(`/report/wallet?${range}`)).toMatchObject({ rechargeCount: 2, principalIn: 30000, rechargeRefunds: 5000, newMembers: 3 });
  });

  it('优惠券: used at the store, issued and expired brand-wide', async () => {
    expect(await get(`/report/coupons?${ofA()}`)).toEqual([{ planId, name: '满50减10', issued: 5, used: 2, expired: 1, discount: 1000, ordersAmount: 9000 }]);
    expect(await get(`/report/coupons?${range}`)).toEqual([{ planId, name: '满50减10', issued: 5, used: 3, expired: 1, discount: 1500, ordersAmount: 13000 }]);
  });

  it('桌台: uses, 翻台率 per day of the range, dining time over the timed uses, its area', async () => {
    expect(await get(`/report/tables?${ofA()}`)).toEqual([{ tableId, tableCode: 'A01', areaName: '大厅', uses: 4, guests: 8, turnover: 2, avgMinutes: 45, amount: 17000 }]);
  });

  it('桌台 with seatings (issue 24): 翻台率 = seatings cleared per day, 平均用餐 = their minutes from 开台 to 清台; one still open and one of another date do not count', async () => {
    const seat = (date: string, opened: string, cleared: string | null) => sql`
      insert into table_session (store_id, table_id, table_code, business_date, state, opened_at, cleared_at)
      values (${a}, ${tableId}, 'A01', ${date}, ${cleared ? 'cleared' : 'dining'}, ${opened}::timestamptz, ${cleared}::timestamptz)`;
    const db = app.database.db;
    await db.execute(seat('2020-03-01', '2020-03-01T04:00:00Z', '2020-03-01T04:40:00Z'));
    await db.execute(seat('2020-03-01', '2020-03-01T05:00:00Z', '2020-03-01T06:10:00Z'));
    await db.execute(seat('2020-03-02', '2020-03-02T04:00:00Z', '2020-03-02T05:00:00Z'));
    await db.execute(seat('2020-02-20', '2020-02-20T04:00:00Z', '2020-02-20T05:30:00Z'));
    await db.execute(seat('2020-03-02', '2020-03-02T06:00:00Z', null));
    try {
      // Three seatings over two days; (40 + 70 + 60) / 3 minutes. Uses, guests and amount stay the paid orders'.
      expect(await get(`/report/tables?${ofA()}`)).toEqual([{ tableId, tableCode: 'A01', areaName: '大厅', uses: 4, guests: 8, turnover: 1.5, avgMinutes: 57, amount: 17000 }]);
      expect(await get(`/report/tables?storeId=${b}&${range}`)).toEqual([]);
    } finally {
      await db.execute(sql`delete from table_session where table_id = ${tableId}`);
    }
  });
});

describe('今日经营 (home)', () => {
  it('today against yesterday in the store\'s business date, 7 days of trend, today\'s best sellers', async () => {
    const today = businessDateOf(new Date(), 'Asia/Shanghai', 4);
    const db = app.database.db;
    await db.execute(daily(a, today, { orders: 4, guests: 6, goods: 12000, paid: 12000, refunds: 1, refund: 1000 }));
    await db.execute(daily(a, addDays(today, -1), { orders: 2, guests: 2, goods: 5000, paid: 5000 }));
    await db.execute(dish(a, today, 'dish', 301, '酸梅汤', 13, '饮品', 5, 4000));
    await db.execute(dish(a, today, 'dish', 302, '鲈鱼', 11, '热菜', 1, 8000));
    // Refunds come off the best sellers: two of three 毛血旺 refunded, the 凉面 sold once and refunded.
    await db.execute(dish(a, today, 'dish', 303, '毛血旺', 11, '热菜', 3, 15000, 2, 10000));
    await db.execute(dish(a, today, 'dish', 304, '凉面', 12, '凉菜', 1, 20000, 1, 20000));
    const data = await get<TodayReport>(`/report/today?storeId=${a}`, staff);
    expect(data.date).toBe(today);
    expect(data.today).toMatchObject({ orders: 4, guests: 6, netAmount: 11000, avgTicket: 2750, perGuest: 1833 });
    // Yesterday's figures come from its orders up to this time of day (next block), not from its roll-up row.
    expect(data.yesterday).toMatchObject({ orders: 0, netAmount: 0 });
    expect(data.trend).toHaveLength(7);
    expect(data.trend.at(-1)).toEqual({ date: today, orders: 4, netAmount: 11000 });
    expect(data.trend.at(-2)).toEqual({ date: addDays(today, -1), orders: 2, netAmount: 5000 });
    expect(data.topDishes).toEqual([{ name: '鲈鱼', quantity: 1, amount: 8000 }, { name: '毛血旺', quantity: 1, amount: 5000 }, { name: '酸梅汤', quantity: 5, amount: 4000 }]);
    expect((await callerOf(app, staff)('GET', `/report/today?storeId=${b}`)).statusCode).toBe(404);
  });
});

describe('较上期 while a day is under way', () => {
  // 2020-04-10 12:00 in Shanghai; the day before had a lunch and a dinner, each paid, refunded in part, one unpaid order cancelled.
  const now = new Date('2020-04-10T04:00:00Z');
  beforeAll(async () => {
    const db = app.database.db;
    const order = async (no: string, paidAt: string | null, amount: number, cancelledAt: string | null = null) => {
      const [row] = rowsOf<{ id: string }>(await db.execute(sql`
        insert into orders (store_id, order_no, business_date, type, source, status, view_token, guests, goods_amount, payable_amount, paid_at, cancelled_at)
        values (${a}, ${no}, '2020-04-09', 'dine_in', 'cashier', ${cancelledAt ? 'cancelled' : 'paid'}, ${no}, 2, ${amount}, ${amount}, ${paidAt}, ${cancelledAt}) returning id::text as id`));
      return row!.id;
    };
    const refund = (orderId: string, amount: number, at: string) => db.execute(sql`
      insert into order_refund (order_id, store_id, business_date, amount, refunded_at, created_at) values (${orderId}, ${a}, '2020-04-09', ${amount}, ${at}, ${at})`);
    const lunch = await order('SAME-1', '2020-04-09T03:00:00Z', 8000);
    const dinner = await order('SAME-2', '2020-04-09T11:00:00Z', 30000);
    await refund(lunch, 1000, '2020-04-09T03:30:00Z');
    await refund(dinner, 5000, '2020-04-09T12:00:00Z');
    await order('SAME-3', null, 0, '2020-04-09T03:45:00Z');
    await order('SAME-4', null, 0, '2020-04-09T13:00:00Z');
  });

  it('the home page compares today with yesterday up to the same time of day', async () => {
    const reports = new Reports(app.database.db);
    const data = await todayReport(reports, { set: { all: false, storeIds: [a] }, name: 'A', timeZone: 'Asia/Shanghai', dayCutoffHour: 4 }, now);
    expect(data.date).toBe('2020-04-10');
    expect(data.yesterday).toMatchObject({ orders: 1, guests: 2, paidAmount: 8000, refundCount: 1, refundAmount: 1000, netAmount: 7000, cancelledCount: 1 });
  });

  it('营业概况 of a range that reaches today counts the previous period up to the same point, and says until when', async () => {
    const reports = new Reports(app.database.db);
    const stores = { all: false, storeIds: [a] } as const;
    const partial = await reports.overview({ stores, dateFrom: '2020-04-10', dateTo: '2020-04-10', now: { at: now, date: '2020-04-10' } });
    expect(partial.previousUntil).toBe('2020-04-09T04:00:00.000Z');
    expect(partial.previous).toMatchObject({ orders: 1, netAmount: 7000, cancelledCount: 1 });
    // A past range compares with the whole of the previous one (the roll-ups: none written for these orders here).
    const past = await reports.overview({ stores, dateFrom: '2020-04-10', dateTo: '2020-04-10', now: { at: new Date('2020-04-12T04:00:00Z'), date: '2020-04-12' } });
    expect(past.previousUntil).toBeNull();
    // And through the route, where the range ends today by the real clock: the answer says so.
    const today = businessDateOf(new Date(), 'Asia/Shanghai', 4);
    const viaRoute = await get<OverviewReport>(`/report/overview?storeId=${a}&dateFrom=${today}&dateTo=${today}`);
    expect(viaRoute.previousUntil).not.toBeNull();
  });
});

describe('导出 (.xlsx)', () => {
  it('streams the report as a workbook: the filters above, the header, money in yuan with a ¥ format', async () => {
    const res = await callerOf(app, staff)('GET', `/report/dishes/export?${ofA()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('营业报表-菜品排行-报表测试A店-2020-03-01至2020-03-02.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('菜品排行')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('营业报表-菜品排行');
    expect(sheet.getRow(2).values).toEqual([undefined, '门店：报表测试A店', '营业日期：2020-03-01 至 2020-03-02', expect.stringMatching(/^导出时间：\d{4}-\d\d-\d\d \d\d:\d\d$/)]);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['排名', '名称', '类型', '分类', '数量', '金额', '占比', '退菜数量', '退款金额']);
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual([1, '辣子鸡（新）', '菜品', '热菜', 3, 144, 73.8, 1, 48]);
    expect(sheet.getRow(5).getCell(6).numFmt).toContain('¥');
  });

  it('营业概况 as figures of both periods and a daily sheet; a store not the user\'s is a 404; all stores named 全部门店', async () => {
    const res = await callerOf(app, admin)('GET', `/report/overview/export?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const figures = book.getWorksheet('营业概况')!;
    expect(figures.getRow(2).getCell(1).value).toBe('门店：全部门店');
    expect((figures.getRow(5).values as unknown[]).slice(1)).toEqual(['实收', 1257, 50]);
    expect(figures.getRow(5).getCell(2).numFmt).toContain('¥');
    expect((figures.getRow(6).values as unknown[]).slice(1)).toEqual(['订单数', 15, 1]);
    expect(book.getWorksheet('每日')!.rowCount).toBe(4 + 2);
    expect((await callerOf(app, staff)('GET', `/report/overview/export?storeId=${b}&${range}`)).statusCode).toBe(404);
    expect((await callerOf(app, admin)('GET', `/report/nothing/export?${range}`)).statusCode).toBe(400);
  });
});
