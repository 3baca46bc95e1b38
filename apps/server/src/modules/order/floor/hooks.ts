import type { OrderHooks } from '../hooks.js';
import { syncSessionOfOrder } from './sessions.js';

/**
 * The order changes that move a table's seating, heard in their own transactions: a payment
 * (every payment path settles through app.order.settlePaid, which emits paid), a refund, a
 * cancel (by hand, by the unpaid timeout, a sold-out pay-first order), a tab's round, 接单. The
 * seating's state follows (syncSessionOfOrder); the callers publish after their commit
 * (OrderService.publishPaid, and the routes).
 */
export function listenForSeatings(hooks: OrderHooks): void {
  const sync = async (tx: Parameters<typeof syncSessionOfOrder>[0], { orderId }: { orderId: string }) => {
    await syncSessionOfOrder(tx, orderId);
  };
  hooks.on('paid', sync);
  hooks.on('refunded', sync);
  hooks.on('cancelled', sync);
  hooks.on('roundAdded', sync);
  hooks.on('accepted', sync);
}
