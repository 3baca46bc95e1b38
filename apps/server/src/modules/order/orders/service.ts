import type { OrderCart, OrderQuote, OrderRecord, OrderSource, OrderStatus, DinerOrder } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import type { OrderHooks } from '../hooks.js';
import type { KitchenStations } from '../kitchen/stations.js';
import type { OrderRowData } from '../tables.js';

/**
 * The orders module's internal API (`app.order`), for the payments, refunds and diners' parts
 * and for later modules (printing, reports). Routes call it too: one way to make an order.
 */

/** Who acts on an order: the signed-in user, or nobody (a job, the diners' page). */
export interface OrderOperator {
  id: string | null;
  name: string;
}

export const SYSTEM_OPERATOR: OrderOperator = { id: null, name: '' };

/** A cart as parsed by the contract's schema; `storeId` may be left out when a table token names the store. */
export type CartInput = Omit<OrderCart, 'storeId'> & { storeId?: string };

export interface CreateOrderInput {
  cart: CartInput;
  source: OrderSource;
  operator: OrderOperator;
  /** The diners' page: the table's QR token (it names the store and the table). */
  tableToken?: string;
  /** The request's Idempotency-Key: a retry with the same key answers the same order. */
  idempotencyKey?: string | undefined;
  /** When the order is made (default now; the demo seed dates its orders back). */
  at?: Date;
}

/** A created order: its record and the secret the diners' page reaches it by. */
export type CreatedOrder = OrderRecord & { viewToken: string };

/**
 * Gives back everything paid on an order being cancelled (refunds/), in the cancel's transaction:
 * a paid order's payments with its stock back; a part-paid unpaid one's payments only (its held
 * stock and coupon come back through the cancel). Set by the refunds part as
 * `app.order.refundAll = …`; while unset, cancelling an order that holds money is refused.
 */
export type RefundAll = (tx: Db, order: OrderRowData, reason: string, operator: OrderOperator) => Promise<void>;

export interface OrderServiceApi {
  /** Creates an order in its own transaction: priced, checked, stock taken, coupon locked. */
  create(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Prices a cart (nothing saved): the lines, amounts and the member's usable coupons. */
  quote(cart: CartInput, options: { source: OrderSource; tableToken?: string }): Promise<OrderQuote>;
  /** The order with lines, payments, refunds and log; 404 when there is none. */
  get(orderId: string): Promise<OrderRecord>;
  /** The diners' view of an order by its secret view token; 404 when there is none. */
  getByViewToken(viewToken: string): Promise<DinerOrder>;
  /**
   * Called by payments in the payment's transaction once the paid sum reaches the payable:
   * pending | dining → paid (conditional), coupon used, points and spend, order log. True when
   * this call made it paid (the caller then publishes after commit with `publishPaid`).
   */
  settlePaid(tx: Db, orderId: string, operator: OrderOperator): Promise<boolean>;
  /** Refuses (400 本店休息中) while the store is closed or outside its hours: the diners' writes (issue 22 #5), as creating checks. */
  assertDinersMayOrder(storeId: string): Promise<void>;
  /** Publishes a paid (or pay-later) order to its store's live destination; call after commit. */
  publishPaid(orderId: string): Promise<void>;
  /** Gives the order's held stock and coupon back, exactly once (the `stock_held` flag); true when this call did. */
  releaseHeld(tx: Db, orderId: string): Promise<boolean>;
  /** One conditional transition (`… where status = order.status`) plus its log row; false when the order had moved on. */
  transition(tx: Db, order: OrderRowData, to: OrderStatus, action: string, operator: OrderOperator, remark?: string): Promise<boolean>;
  /** 加菜: the next round of a pay-later tab (dining); answers the round's number (orders/rounds.ts). */
  addRound(input: { orderId: string; lines: OrderCart['lines']; remark?: string; source: 'cashier' | 'qr'; operator: OrderOperator; idempotencyKey?: string | undefined }): Promise<number>;
  /** The table's open pay-later tab (dining, or pending after 买单), or null. */
  openTab(tableId: string): Promise<{ id: string; status: 'dining' | 'pending' } | null>;
  /** 买单: dining → pending with no unpaid timeout; a tab already billed is left as it is. */
  requestBill(orderId: string, operator: OrderOperator): Promise<void>;
  /** In-transaction events (paid, refunded, cancelled) for reports and printing (../hooks.ts). */
  readonly hooks: OrderHooks;
  /** The kitchen display's stations; printing provides its kitchen printers' at startup (kitchen/stations.ts). */
  readonly kitchenStations: KitchenStations;
  /** Set by refunds/: see RefundAll. */
  refundAll?: RefundAll;
}
