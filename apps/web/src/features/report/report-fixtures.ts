import type { EndpointData, ReportName, reportEndpoints, SalesFigures, TodayReport } from '@canteen/contract';

/** Hand-made report answers for the page tests (the figures the server's tests check). */
export const figures = (over: Partial<SalesFigures> = {}): SalesFigures => ({
  orders: 40, guests: 90, goodsAmount: 480000, packingFee: 2000, memberDiscount: 12000, couponDiscount: 5000, manualDiscount: 1000,
  paidAmount: 464000, refundCount: 1, refundAmount: 4000, netAmount: 460000, cancelledCount: 2, avgTicket: 11500, perGuest: 5111, ...over,
});

/** The first and last day of a range (one day: the first's figures only). */
const twoDays = <T extends object>(dateFrom: string, dateTo: string, first: T, last: T) =>
  dateFrom === dateTo ? [{ date: dateFrom, ...first }] : [{ date: dateFrom, ...first }, { date: dateTo, ...last }];

type Answers = { [N in ReportName]: EndpointData<(typeof reportEndpoints)[N]> };

export const reportAnswers = (dateFrom: string, dateTo: string): Answers => ({
  overview: {
    current: figures(),
    previous: figures({ netAmount: 400000, orders: 50, guests: 90 }),
    previousFrom: '2026-11-11', previousTo: '2026-11-17', previousUntil: null,
    daily: twoDays(dateFrom, dateTo, { orders: 30, guests: 70, netAmount: 360000, refundAmount: 4000 }, { orders: 10, guests: 20, netAmount: 100000, refundAmount: 0 }),
  },
  dishes: [
    { kind: 'dish', itemId: '11', name: '宫保鸡丁', categoryName: '热菜', quantity: 30, amount: 114000, refundedQuantity: 1, refundAmount: 3800, share: 45.6 },
    { kind: 'combo', itemId: '21', name: '双人套餐', categoryName: '套餐', quantity: 5, amount: 99000, refundedQuantity: 0, refundAmount: 0, share: 39.6 },
    { kind: 'dish', itemId: '12', name: '称重鲈鱼', categoryName: '海鲜', quantity: 1.25, amount: 37000, refundedQuantity: 0, refundAmount: 0, share: 14.8 },
  ],
  categories: [{ categoryId: '1', name: '热菜', quantity: 30, amount: 114000, share: 53.5 }, { categoryId: '2', name: '海鲜', quantity: 1.25, amount: 99000, share: 46.5 }],
  payments: [
    { method: 'cash', count: 20, amount: 200000, refundCount: 1, refundAmount: 4000, netAmount: 196000, share: 42.6 },
    { method: 'wechat', count: 15, amount: 214000, refundCount: 0, refundAmount: 0, netAmount: 214000, share: 46.5 },
    { method: 'balance', count: 5, amount: 50000, refundCount: 0, refundAmount: 0, netAmount: 50000, share: 10.9 },
  ],
  hours: [{ hour: 12, orders: 25, amount: 300000 }, { hour: 18, orders: 15, amount: 160000 }],
  channels: [{ type: 'dine_in', source: 'qr', orders: 25, amount: 300000, share: 65.2 }, { type: 'takeaway', source: 'cashier', orders: 15, amount: 160000, share: 34.8 }],
  wallet: {
    rechargeCount: 3, principalIn: 150000, bonusIn: 15000, principalUsed: 45000, bonusUsed: 5000, rechargeRefunds: 0, orderRefundsToBalance: 0,
    outstandingPrincipal: 820000, outstandingBonus: 64000, newMembers: 4,
    daily: twoDays(dateFrom, dateTo, { principalIn: 100000, bonusIn: 10000, principalUsed: 20000, bonusUsed: 2000 }, { principalIn: 50000, bonusIn: 5000, principalUsed: 25000, bonusUsed: 3000 }),
  },
  coupons: [{ planId: '7', name: '满50减10', issued: 20, used: 5, expired: 1, discount: 5000, ordersAmount: 42000 }],
  tables: [{ tableId: '31', tableCode: 'A01', areaName: '大厅', uses: 14, guests: 40, turnover: 2, avgMinutes: 48, amount: 150000 }],
});

export const todayAnswer = (date: string): TodayReport => ({
  date,
  today: figures({ netAmount: 123400, orders: 12, guests: 30, avgTicket: 10283 }),
  yesterday: figures({ netAmount: 98000, orders: 10, guests: 25, avgTicket: 9800 }),
  trend: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${String(19 + i).padStart(2, '0')}`, orders: 10 + i, netAmount: 90000 + i * 5000 })),
  topDishes: [{ name: '宫保鸡丁', quantity: 8, amount: 30400 }, { name: '米饭', quantity: 20, amount: 4000 }],
});
