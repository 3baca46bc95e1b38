/**
 * The dish list's ordered ids per store and query (filters and order), kept a few seconds: a
 * page is then a slice of ids read by primary key, and the total is the list's length, instead
 * of counting and walking the store's dishes on every page turn (10,000 dishes in PGlite cost
 * milliseconds of CPU per scan). The rows themselves are read fresh on every page.
 *
 * This instance's catalogue writes drop the store's lists at once (the ordering-menu cache's
 * change events); another instance's writes show within LIST_TTL_MS (a dish archived there
 * meanwhile reads as nothing and drops out of its page).
 */
export const LIST_TTL_MS = 5000;
const MAX_LISTS = 500;

export class DishListCache {
  private readonly lists = new Map<string, { at: number; storeId: string; ids: Promise<string[]> }>();

  constructor(private readonly ttlMs = LIST_TTL_MS) {}

  /** The list for `key` of a store, loaded by `load` when missing or older than the TTL. */
  ids(storeId: string, key: string, load: () => Promise<string[]>): Promise<string[]> {
    const full = `${storeId} ${key}`;
    const hit = this.lists.get(full);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.ids;
    const ids = load();
    ids.catch(() => {
      if (this.lists.get(full)?.ids === ids) this.lists.delete(full);
    });
    this.lists.delete(full); // re-inserted last: the map's first key is the oldest list
    this.lists.set(full, { at: Date.now(), storeId, ids });
    if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    return ids;
  }

  /** Forgets a store's lists (its dishes changed). */
  drop(storeId: string): void {
    for (const [key, list] of this.lists) if (list.storeId === storeId) this.lists.delete(key);
  }
}
