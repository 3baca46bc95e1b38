import { kitchenEndpoints, pickupEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';

/** Query key prefix of the pickup board: a floor event reloads it. */
export const PICKUP_KEY = '/order/pickup';

export const pickupBoardKey = (storeId: string) => [PICKUP_KEY, storeId] as const;

/** Silent: a screen on the wall shows a failure itself rather than a red message every 30 seconds. */
export const fetchPickupBoard = (storeId: string) => call(pickupEndpoints.board, { query: { storeId } }, { silent: true });

/** 已取餐: the order's lines still on the board are marked 已上菜 (the kitchen's mark route). */
export const markCollected = (storeId: string, lineIds: string[]) => call(kitchenEndpoints.mark, { body: { storeId, lineIds, state: 'served' } });
