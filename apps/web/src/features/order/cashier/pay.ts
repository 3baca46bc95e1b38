import { fenToYuan, yuanToFen, type OrderPayBody, type OrderRecord, type PayMethod } from '@canteen/contract';

/** What is left to pay of an order. */
export const dueOf = (order: Pick<OrderRecord, 'payableAmount' | 'paidAmount'>) => Math.max(0, order.payableAmount - order.paidAmount);

/** The order needs nothing more: paid in full (or moved on past paid). */
export const isSettled = (order: Pick<OrderRecord, 'status' | 'payableAmount' | 'paidAmount'>) =>
  !['dining', 'pending'].includes(order.status) || order.paidAmount >= order.payableAmount;

export interface PayForm {
  method: PayMethod;
  /** This payment, yuan as typed. */
  amount: number | null;
  /** Cash handed over, yuan as typed. */
  tendered: number | null;
}

/** A problem with the form (an i18n key under `orderCashier.pay`), or the body to send. */
export function payBody(form: PayForm, due: number): { problem: string } | { body: OrderPayBody; change: number } {
  const amount = form.amount == null ? due : yuanToFen(form.amount);
  if (!Number.isFinite(amount) || amount <= 0) return { problem: 'amountInvalid' };
  if (amount > due) return { problem: 'amountHigh' };
  if (form.method !== 'cash') return { body: { method: form.method, amount }, change: 0 };
  const tendered = form.tendered == null ? amount : yuanToFen(form.tendered);
  if (!Number.isFinite(tendered) || tendered < amount) return { problem: 'tenderedLow' };
  return { body: { method: 'cash', amount, tendered }, change: tendered - amount };
}

/**
 * Who took the money, for the receipt's 收银员: the staff of the order's successful payments
 * (a diner's QR order collected at the counter was placed by 扫码顾客), else who placed it.
 */
export function collectedBy(order: Pick<OrderRecord, 'operatorName' | 'payments'>): string {
  const names = [...new Set(order.payments.filter((p) => p.status === 'success' && p.operatorName).map((p) => p.operatorName))];
  return names.length ? names.join('、') : order.operatorName;
}

/** The bills a customer hands over, in fen (¥10, ¥20, ¥50, ¥100). */
const BILLS = [1000, 2000, 5000, 10000];

/**
 * The cash a customer most likely hands over for `amount` fen, for one-tap buttons: the exact
 * amount, then the amount rounded up to each bill (¥37.50 → ¥37.50, ¥40, ¥50, ¥100).
 */
export function quickTenders(amount: number): number[] {
  if (!(amount > 0)) return [];
  const up = BILLS.map((bill) => Math.ceil(amount / bill) * bill);
  return [...new Set([amount, ...up])].sort((a, b) => a - b);
}

/** Yuan for an input's starting value (the amount due, 12.50). */
export const yuanOf = (fen: number) => Number(fenToYuan(fen));
