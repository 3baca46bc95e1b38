import { getStore, setStore } from '../../../shared/storage/storage';

/** The station this device shows, per store: a tablet hangs at one station and keeps it. */
const KEY = 'kitchen-station';

/** Every category, the station the server always has. */
export const ALL_STATIONS = 'all';

export function rememberedStation(storeId: string): string {
  return getStore<Record<string, string>>(KEY)?.[storeId] ?? ALL_STATIONS;
}

export function rememberStation(storeId: string, station: string): void {
  setStore(KEY, { ...getStore<Record<string, string>>(KEY), [storeId]: station });
}
