import type { Db } from '../../db/client.js';

/**
 * In-transaction hooks of the orders module: what happened to an order, told to later modules
 * (reports, printing) inside the transaction that made it happen, so their bookkeeping commits
 * or rolls back with it. Imports flow one way: listeners import this module, never the reverse.
 * A listener that throws rolls the whole transaction back (the payment, refund or cancel fails).
 */
export interface OrderEvents {
  /** The order became paid (pending | dining → paid), once per order. */
  paid: { orderId: string };
  /** A refund row was written (a refund, or the refunds of a cancel after payment). */
  refunded: { orderId: string; refundId: string };
  /** An unpaid order (dining | pending) was cancelled, by hand or by the unpaid timeout. */
  cancelled: { orderId: string };
  /** A pay-later tab gained a round of lines (order_line.round = round): round 1 when the tab opens (dining), n+1 on each 加菜. */
  roundAdded: { orderId: string; round: number };
  /** 接单: paid → making (printers triggered on acceptance print then). */
  accepted: { orderId: string };
  /** 转台 (issue 24): a seating and its orders moved from one table to another (a 转台单 prints). */
  tableTransferred: { sessionId: string; storeId: string; fromTableCode: string; toTableCode: string; orderIds: string[] };
  /** 催菜: lines of an order not yet out were flagged (a 催菜单 prints). */
  linesRushed: { orderId: string; lineIds: string[] };
  /** 退菜 of an unpaid order: part of a line came off it, with a reason (a 退菜单 prints). */
  lineVoided: { orderId: string; lineId: string; quantity: number; reason: string };
  /** 清台 (issue 24): a seating (and those merged into it) closed; its orders, told in the clearing transaction (paid tabs whose lines are out finish). */
  sessionCleared: { sessionId: string; orderIds: string[] };
}

export type OrderEvent = keyof OrderEvents;
type Listener<E extends OrderEvent> = (tx: Db, event: OrderEvents[E]) => Promise<void>;

export class OrderHooks {
  private readonly listeners: { [E in OrderEvent]: Listener<E>[] } = { paid: [], refunded: [], cancelled: [], roundAdded: [], accepted: [], tableTransferred: [], linesRushed: [], lineVoided: [], sessionCleared: [] };

  on<E extends OrderEvent>(event: E, listener: Listener<E>): void {
    this.listeners[event].push(listener);
  }

  /** Runs the event's listeners one after another in the caller's transaction. */
  async emit<E extends OrderEvent>(tx: Db, event: E, payload: OrderEvents[E]): Promise<void> {
    for (const listener of this.listeners[event]) await listener(tx, payload);
  }
}
