import { useQuery } from '@tanstack/react-query';
import { floorEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { FLOOR_POLL_MS } from '../useFloorRefresh';

/** Query key prefix of the table map and the table panels: a floor event reloads all of them. */
export const FLOOR_KEY = '/order/floor';

export const floorKey = (storeId: string) => [FLOOR_KEY, 'map', storeId] as const;
export const tablePanelKey = (tableId: string) => [FLOOR_KEY, 'table', tableId] as const;

/** The store's floor: areas, tables and their states (read again on each floor event, and every 30 s as a safety net). */
export const useFloor = (storeId: string | null, enabled = true) =>
  useQuery({
    queryKey: floorKey(storeId ?? ''),
    queryFn: () => call(floorEndpoints.floor, { query: { storeId: storeId! } }),
    enabled: enabled && storeId !== null,
    refetchInterval: FLOOR_POLL_MS,
  });

/** One table's panel: its seating and the seating's orders. */
export const useTablePanel = (tableId: string | undefined) =>
  useQuery({
    queryKey: tablePanelKey(tableId ?? ''),
    queryFn: () => call(floorEndpoints.table, { params: { id: tableId! } }),
    enabled: tableId !== undefined,
  });
