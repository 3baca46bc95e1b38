import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_DESTINATIONS, storeFloorDestination, type FloorLiveEvent } from '@canteen/contract';
import type { DestinationDeclaration } from '../../../live/destinations.js';
import { canSee } from '../../store/service.js';

/**
 * The floor's live destination (issue 24): `/store/floor{storeId}` tells the table map, the
 * cashier, the kitchen display and the pickup board that tables or orders' kitchen lines changed,
 * after the transaction committed. The event names what changed; screens refetch it. A subscriber
 * needs one of the floor's screens and must see the store.
 */
export function floorDestinations(app: FastifyInstance): DestinationDeclaration[] {
  return [{
    pattern: LIVE_DESTINATIONS.storeFloor,
    permission: ['order:floor:index', 'order:kitchen:index', 'order:pickup:index', 'order:cashier:index'],
    summary: "a store's floor: tables' seatings, orders' kitchen lines and pickup numbers changed",
    allow: async (user, params) => canSee(await app.store.scope.of({ user } as unknown as FastifyRequest), params.storeId ?? ''),
  }];
}

export type FloorChange = Omit<FloorLiveEvent, 'at'> & { at?: string };

/** Publishes a floor change to its store's destination (after the commit); a failure is logged, never thrown. */
export async function publishFloor(app: FastifyInstance, change: FloorChange): Promise<void> {
  try {
    const event: FloorLiveEvent = { ...change, at: change.at ?? new Date().toISOString() };
    await app.live.publish(storeFloorDestination(event.storeId), event);
  } catch (error) {
    app.log.warn({ err: error, storeId: change.storeId }, 'floor live publish failed');
  }
}
