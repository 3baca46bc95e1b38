import type { OrderingMenu } from '@canteen/contract';
import type { MenuAnswer, MenuCache } from '../../store/menu/cache.js';
import { catalogueOf, type Catalogue } from './catalogue.js';

/**
 * The catalogue an order is priced from: the store's ordering menu as the store module's cache
 * keeps it (one encoded answer per menu version, rebuilt at once after this instance's menu
 * writes and within about a second of another instance's). Parsed and indexed once per answer
 * the cache holds (keyed by the answer object: a rebuild is a new one).
 */
export class CatalogueSource {
  private readonly parsed = new WeakMap<MenuAnswer, Catalogue>();

  constructor(private readonly menus: MenuCache) {}

  /** The store's catalogue now; 404 for an unknown store. */
  async get(storeId: string): Promise<Catalogue> {
    const answer = await this.menus.get(storeId);
    let catalogue = this.parsed.get(answer);
    if (!catalogue) {
      catalogue = catalogueOf((JSON.parse(answer.json.toString('utf8')) as { data: OrderingMenu }).data);
      this.parsed.set(answer, catalogue);
    }
    return catalogue;
  }
}
