/**
 * A small in-process cache whose entries live a few seconds, bounded in size (the oldest
 * entries go first). Used to keep authenticated requests off the database.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Bumped by every removal: a load that began before one may have read what it removed. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  /**
   * The cached value, or the loaded one (cached for the next callers). A load overtaken by a
   * removal is returned but not kept: a token revoked while its lookup was on the way would
   * otherwise be trusted again for a whole lifetime.
   */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const startedAt = this.generation;
    const value = await load();
    if (startedAt === this.generation) this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.generation++;
  }

  /** Loads on their way now are not kept (for a change whose keys are not known here). */
  fence(): void {
    this.generation++;
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}
