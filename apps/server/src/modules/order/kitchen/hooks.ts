import type { OrderHooks } from '../hooks.js';
import { SYSTEM_OPERATOR } from '../orders/service.js';
import { followLines } from './lines.js';

/**
 * 清台 (sessionCleared): the seating's paid tabs whose dishes are all out are done now; those with
 * dishes still being made finish when the kitchen sends them out (followLines).
 */
export function listenForKitchen(hooks: OrderHooks): void {
  hooks.on('sessionCleared', async (tx, { orderIds }) => {
    for (const orderId of [...orderIds].sort((a, b) => Number(a) - Number(b))) await followLines(tx, orderId, SYSTEM_OPERATOR);
  });
}
