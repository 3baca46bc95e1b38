import type { FastifyInstance } from 'fastify';
import { storeFloorDestination, type FloorLiveEvent } from '@canteen/contract';

export type FloorChange = Omit<FloorLiveEvent, 'at'> & { at?: string };

/**
 * Publishes a change of a store's floor to `/store/floor{storeId}` (after the commit): the order
 * module's seatings and kitchen lines, and this module's own 桌台/区域 edits (`plan`). A failure
 * is logged, never thrown: the change has committed whatever the screens hear.
 */
export async function publishFloor(app: FastifyInstance, change: FloorChange): Promise<void> {
  try {
    const event: FloorLiveEvent = { ...change, at: change.at ?? new Date().toISOString() };
    await app.live.publish(storeFloorDestination(event.storeId), event);
  } catch (error) {
    app.log.warn({ err: error, storeId: change.storeId }, 'floor live publish failed');
  }
}
