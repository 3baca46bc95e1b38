import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { floorLiveEventSchema, storeFloorDestination, type FloorLiveEvent } from '@canteen/contract';
import { refreshAfterEvent } from '../../shared/live/refreshAfterEvent';
import { useLiveConnected } from '../../shared/live/useLiveConnected';
import { useLiveSubscription } from '../../shared/live/useLiveSubscription';

/** How often a floor screen reads again without an event: a lost event costs at most this long. */
export const FLOOR_POLL_MS = 30_000;

type FloorKind = FloorLiveEvent['kind'];

/**
 * Keeps a screen of the service floor (kitchen display, pickup board) current: every event on
 * `/store/floor{storeId}` of the kinds it shows reloads the queries under `queryKey` (the event is
 * only a hint, the answer is the truth; one it cannot read reloads too), and so does the channel
 * coming back after it was lost. Pair it with `refetchInterval: FLOOR_POLL_MS` as the safety net.
 */
export function useFloorRefresh(storeId: string | null, queryKey: QueryKey, kinds: readonly FloorKind[] = ['table', 'kitchen', 'pickup', 'plan']): void {
  const queryClient = useQueryClient();
  useLiveSubscription(storeId ? storeFloorDestination(storeId) : null, (body) => {
    const event = floorLiveEventSchema.safeParse(body);
    if (event.success && !kinds.includes(event.data.kind)) return;
    void refreshAfterEvent(queryClient, queryKey);
  });
  useLiveConnected(({ reconnect }) => {
    if (reconnect) void refreshAfterEvent(queryClient, queryKey);
  }, storeId !== null);
}
