import { kitchenEndpoints, type KitchenMarkBody } from '@canteen/contract';
import { call } from '../../../shared/http/call';

/** Query key prefix of the kitchen display: a floor event reloads every board under it. */
export const KITCHEN_KEY = '/order/kitchen';

export const kitchenBoardKey = (storeId: string | null, station: string, done: boolean) => [KITCHEN_KEY, storeId, station, done] as const;

/**
 * One station's board. Silent: the screen shows a failure itself, over the last board it had,
 * instead of a red message every 30 seconds while the kitchen's network is down.
 */
export const fetchKitchenBoard = (storeId: string, station: string, done: boolean) =>
  call(kitchenEndpoints.board, { query: { storeId, station, done: done ? '1' : '0' } }, { silent: true });

export const markLines = (body: KitchenMarkBody) => call(kitchenEndpoints.mark, { body });
