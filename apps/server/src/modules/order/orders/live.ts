import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_DESTINATIONS, storeOrdersDestination, type OrderLiveEvent } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import type { DestinationDeclaration } from '../../../live/destinations.js';
import { canSee } from '../../store/service.js';
import { order } from '../tables.js';

/**
 * The new-order alert (STORE.md §6): a paid order, or a pay-later table's order coming in, is
 * published to `/store/orders{storeId}` after its transaction committed. A subscriber needs
 * order:order:index and must see the store (an admin every store, others their assigned ones).
 */
export function orderDestinations(app: FastifyInstance): DestinationDeclaration[] {
  return [{
    pattern: LIVE_DESTINATIONS.storeOrders,
    permission: 'order:order:index',
    summary: "a store's new orders: paid ones, and pay-later tables' orders as they come in",
    // The live user is the one access control resolved (with its roles); the store scope reads it as a request would.
    allow: async (user, params) => canSee(await app.store.scope.of({ user } as unknown as FastifyRequest), params.storeId ?? ''),
  }];
}

/** The live event of an order, or null when there is none. */
export async function liveEventOf(db: Db, orderId: string): Promise<OrderLiveEvent | null> {
  const [o] = await db.select().from(order).where(eq(order.id, orderId));
  if (!o) return null;
  return {
    id: o.id, orderNo: o.orderNo, storeId: o.storeId, type: o.type, source: o.source, status: o.status, tableCode: o.tableCode, pickupNo: o.pickupNo,
    payableAmount: o.payableAmount, createTime: o.createdAt.toISOString(),
  };
}

/** Publishes the order's event to its store's destination (after the commit); a failure is logged, never thrown. */
export async function publishOrder(app: FastifyInstance, orderId: string): Promise<void> {
  try {
    const event = await liveEventOf(app.database.db, orderId);
    if (event) await app.live.publish(storeOrdersDestination(event.storeId), event);
  } catch (error) {
    app.log.warn({ err: error, orderId }, 'order live publish failed');
  }
}
