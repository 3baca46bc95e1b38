import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_DESTINATIONS } from '@canteen/contract';
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
