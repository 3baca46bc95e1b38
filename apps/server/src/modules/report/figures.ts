import type { SalesFigures } from '@canteen/contract';

/** The summed roll-up columns of a period, before the derived figures (实收, 客单价, 人均). */
export interface SalesSums {
  orders: number;
  guests: number;
  goodsAmount: number;
  packingFee: number;
  memberDiscount: number;
  couponDiscount: number;
  manualDiscount: number;
  paidAmount: number;
  refundCount: number;
  refundAmount: number;
  cancelledCount: number;
}

export const NO_SALES: SalesSums = {
  orders: 0, guests: 0, goodsAmount: 0, packingFee: 0, memberDiscount: 0, couponDiscount: 0, manualDiscount: 0, paidAmount: 0, refundCount: 0, refundAmount: 0, cancelledCount: 0,
};

/**
 * `amount ÷ count` in whole fen, halves rounded away from zero (a refund-only day can have a
 * negative 实收); 0 when there is nothing to divide by.
 */
export function perUnit(amount: number, count: number): number {
  if (count <= 0) return 0;
  return Math.sign(amount) * Math.floor(Math.abs(amount) / count + 0.5);
}

/** `part` of `total` in percent with one decimal (12.3); 0 of a zero total. */
export function shareOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
}

/** 实收 = paid − refunds; 客单价 = 实收 ÷ orders; 人均 = 实收 ÷ guests (contract: salesFiguresSchema). */
export function salesFigures(sums: SalesSums): SalesFigures {
  const netAmount = sums.paidAmount - sums.refundAmount;
  return { ...sums, netAmount, avgTicket: perUnit(netAmount, sums.orders), perGuest: perUnit(netAmount, sums.guests) };
}
