/**
 * The dish list's ordered ids per store and query (filters and order): a page is a slice of
 * ids, and the total is the list's length, instead of counting and walking the store's dishes
 * on every page turn (at 10,000 dishes a scan costs milliseconds of CPU in PGlite). The records
 * of the dishes pages showed are kept too, by id, so a page turn reads only the dishes not read
 * since the store's last change.
 *
 * A list is loaded with the store's menu version and the ordering-menu cache watches that
 * version (menu/cache.ts): this instance's catalogue writes drop the store's lists at once,
 * another instance's within the cache's version check (about a second). A list is also
 * reloaded after LIST_TTL_MS; a dish archived meanwhile reads as nothing and drops out of its page.
 */
export const LIST_TTL_MS = 60_000;
const MAX_LISTS = 500;
/** Records kept per store (a store's are all forgotten past this, and at every change). */
const MAX_RECORDS = 5000;
const MAX_STORES = 50;

export class DishListCache<R = unknown> {
  private readonly lists = new Map<string, { at: number; storeId: string; ids: Promise<string[]> }>();
  private readonly records = new Map<string, Map<string, R>>();
  private readonly generations = new Map<string, number>();

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

  /** The store's change count: records read before a change are not kept after it. */
  generation(storeId: string): number {
    return this.generations.get(storeId) ?? 0;
  }

  /** The kept records of a store by dish id. */
  kept(storeId: string): ReadonlyMap<string, R> | undefined {
    return this.records.get(storeId);
  }

  /** Keeps records read at `generation` (nothing, when the store changed since). */
  keep(storeId: string, generation: number, records: ReadonlyArray<[string, R]>): void {
    if (this.generation(storeId) !== generation) return;
    let byId = this.records.get(storeId);
    if (!byId) {
      if (this.records.size >= MAX_STORES) this.records.delete(this.records.keys().next().value!);
      this.records.set(storeId, (byId = new Map<string, R>()));
    }
    if (byId.size + records.length > MAX_RECORDS) byId.clear();
    for (const [id, record] of records) byId.set(id, record);
  }

  /** Forgets a store's lists and records (its dishes changed). */
  drop(storeId: string): void {
    for (const [key, list] of this.lists) if (list.storeId === storeId) this.lists.delete(key);
    this.records.delete(storeId);
    this.generations.set(storeId, this.generation(storeId) + 1);
  }
}
