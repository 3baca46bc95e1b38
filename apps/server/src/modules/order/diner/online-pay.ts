import type { OrderOperator } from '../orders/service.js';

/**
 * Paying an order online from the diners' page (pay-first tables): a WeChat Pay h5 payment of
 * what is left to pay, whose page sends the diner back to `returnUrl`. The payments part sets
 * `app.order.payOnline`; while it is unset the diners' page says to pay at the counter.
 */
export interface PayOnlineInput {
  orderId: string;
  operator: OrderOperator;
  /** The order's status page on the diners' side (absolute). */
  returnUrl: string;
  /** A retry of the same creation pays through the same payment. */
  idempotencyKey?: string;
  /** The diner's address (the platform's h5 payment asks for it). */
  payerIp?: string;
}
export type PayOnline = (input: PayOnlineInput) => Promise<{ payUrl: string }>;

declare module '../orders/service.js' {
  interface OrderServiceApi {
    /** Set by payments/ (see diner/online-pay.ts). */
    payOnline?: PayOnline;
  }
}
