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

/** Yuan for an input's starting value (the amount due, 12.50). */
export const yuanOf = (fen: number) => Number(fenToYuan(fen));
