/**
 * The table map's read model (issue 24), one per instance: each store's 桌台图 kept as its
 * encoded answer, so that a read costs no query, no validation and no encoding. Every screen of
 * the floor reads the map again after every floor event, so reads come in bursts of the same
 * answer.
 *
 * Freshness: every change of a store's floor is published on its floor destination after its
 * commit (the store module's publishFloor: seatings, kitchen lines, 桌台 and 区域 edits). The instance that
 * publishes forgets the store's map at once, before its answer leaves, and every instance forgets
 * it when the publication reaches it over the bus (`changed`). A build that began before a change
 * is not kept (a generation per store), and readers arriving after a change never join it.
 * While the bus cannot deliver between instances nothing is kept (`shared` false), and an entry
 * lives `maxAgeMs` at most: a change that nothing published shows within that.
 */
export interface FloorCacheOptions {
  /** Builds a store's encoded answer from the database. */
  build: (storeId: string) => Promise<Buffer>;
  /** Whether other instances' changes reach this one (the live bus is up). */
  shared: () => boolean;
  /** Longest life of an entry (default 30 s). */
  maxAgeMs?: number;
  /** Most stores kept (default 1,000; the least recently built go first). */
  maxStores?: number;
  now?: () => number;
}

interface Entry {
  json: Buffer;
  builtAt: number;
}

export class FloorCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Buffer>>();
  private readonly generations = new Map<string, number>();
  private readonly maxAgeMs: number;
  private readonly maxStores: number;
  private readonly now: () => number;

  constructor(private readonly options: FloorCacheOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.maxStores = options.maxStores ?? 1000;
    this.now = options.now ?? (() => Date.now());
  }

  /** The store's answer: the kept one while it is current, else one build shared by the readers that wait for it. */
  get(storeId: string): Buffer | Promise<Buffer> {
    if (!this.options.shared()) {
      this.entries.clear();
      return this.options.build(storeId);
    }
    const entry = this.entries.get(storeId);
    if (entry && this.now() - entry.builtAt < this.maxAgeMs) return entry.json;
    return this.building.get(storeId) ?? this.load(storeId);
  }

  /** The store's floor changed (its map is built again on the next read). */
  changed(storeId: string): void {
    this.entries.delete(storeId);
    this.building.delete(storeId);
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
  }

  /** How many stores' maps are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private load(storeId: string): Promise<Buffer> {
    const generation = this.generations.get(storeId) ?? 0;
    const builtAt = this.now();
    const built = this.options.build(storeId).then((json) => {
      if ((this.generations.get(storeId) ?? 0) === generation && this.options.shared()) {
        if (this.entries.size >= this.maxStores) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(storeId, { json, builtAt });
      }
      return json;
    }).finally(() => {
      if (this.building.get(storeId) === built) this.building.delete(storeId);
    });
    this.building.set(storeId, built);
    return built;
  }
}
