import type { KitchenStation } from '@canteen/contract';
import type { Db } from '../../../db/client.js';

/** A store's kitchen stations (without `all`): what a module that knows the kitchen printers answers. */
export type StationsProvider = (db: Db, storeId: string) => Promise<KitchenStation[]>;

/** The station of every category, always offered first. */
export const ALL_STATION: KitchenStation = { id: 'all', name: '全部', categoryIds: [] };

/**
 * Where the kitchen display's stations come from (STORE.md §10: the kitchen printers' category
 * routes). The printers belong to the printing module, which imports the orders module (its
 * tickets read orders); the orders module importing printing back would make a cycle. So printing
 * registers a provider here at startup (`app.order.kitchenStations.provide(…)`) and imports keep
 * flowing one way. Without one (printing not loaded) the kitchen has only `all`.
 */
export class KitchenStations {
  private provider: StationsProvider | null = null;

  provide(provider: StationsProvider): void {
    this.provider = provider;
  }

  async of(db: Db, storeId: string): Promise<KitchenStation[]> {
    return [ALL_STATION, ...(this.provider ? await this.provider(db, storeId) : [])];
  }
}
