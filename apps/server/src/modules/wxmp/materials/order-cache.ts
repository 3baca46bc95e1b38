/**
 * The ids of an account's materials of one type in the list's default order (newest first),
 * kept a few seconds. A page is then a slice of ids read by primary key, instead of walking the
 * index past every earlier row on each page turn, and the total is the list's length.
 * This instance's writes drop the account's lists at once; another instance's show within
 * ORDER_TTL_MS (an id deleted there meanwhile reads as nothing and drops out of its page).
 */
export const ORDER_TTL_MS = 5000;
const MAX_LISTS = 500;

export class MaterialOrderCache {
  private readonly lists = new Map<string, { at: number; ids: Promise<string[]> }>();

  constructor(private readonly load: (appId: string, type: string) => Promise<string[]>) {}

  ids(appId: string, type: string): Promise<string[]> {
    const key = `${appId} ${type}`;
    const hit = this.lists.get(key);
    if (hit && Date.now() - hit.at < ORDER_TTL_MS) return hit.ids;
    const ids = this.load(appId, type);
    ids.catch(() => {
      if (this.lists.get(key)?.ids === ids) this.lists.delete(key);
    });
    this.lists.delete(key); // re-inserted last: the map's first key is the oldest list
    this.lists.set(key, { at: Date.now(), ids });
    if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    return ids;
  }

  drop(appId: string): void {
    for (const key of this.lists.keys()) if (key.startsWith(`${appId} `)) this.lists.delete(key);
  }
}
