import { promisify } from 'node:util';
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import { envelopeSchema, ok, openingNow, orderingMenuSchema, type OpeningState, type OrderingMenu } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import { store } from '../tables.js';

const gzip = promisify(gzipCallback);
const brotliCompress = promisify(brotliCallback);
/** Brotli at quality 5 takes milliseconds; quality 11 a few hundred, for a fifth less: done later, in the background. */
const brotli = (json: Buffer, quality: number) =>
  brotliCompress(json, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
/** How long an answer must stay current before it is recompressed at brotli's best quality. */
const BEST_AFTER_MS = 2000;
const answerSchema = envelopeSchema(orderingMenuSchema);

/** A store's ordering menu as built from the database at one menu version. */
export interface BuiltMenu {
  menu: OrderingMenu;
  /** What `openNow` is computed from (it changes with the clock, not with the menu version). */
  opening: OpeningState;
}

/** The answer kept for a store: the whole envelope, encoded once, plain, gzipped and brotli-compressed. */
export interface MenuAnswer {
  version: number;
  openNow: boolean;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

interface Entry extends MenuAnswer {
  /** The envelope as validated (re-encoded when only `openNow` changes). */
  envelope: { code: number; msg: string | null; data: OrderingMenu };
  opening: OpeningState;
  usedAt: number;
}

export interface MenuCacheOptions {
  /** How often the cached versions are compared with the database (default 1 s). */
  checkMs?: number;
  /** A store's answer unused for this long is dropped (default 10 min). */
  idleMs?: number;
  now?: () => number;
}

/**
 * The ordering menu cache (one per instance): each store's answer is kept as encoded JSON (and
 * compressed: gzip, and brotli, recompressed at its best quality once the answer has stayed
 * current a couple of seconds), so a read costs no query, no validation and no encoding.
 *
 * Freshness: a menu write on this instance calls `changed(storeId)` after its commit, so the
 * next read rebuilds; a write on another instance bumps `store.menu_version`, which a timer
 * compares for all cached stores in one query every `checkMs` (1 s): a read may show another
 * instance's write up to about one second (plus a build) late, never a request's own write.
 * The same timer recomputes `openNow` from the store's hours, so it is at most a second stale.
 * A build that started before a `changed` is not kept (a generation count per store).
 * Other per-store caches of the catalogue (the dish lists) `watch` a store at the version they
 * read and hear of every change through `onChange`, from this instance's writes at once and
 * from other instances' within the same check.
 */
export class MenuCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  private readonly generations = new Map<string, number>();
  private readonly listeners: Array<(storeId: string) => void> = [];
  /** Stores another per-store cache holds something of, with the oldest menu version it was read at. */
  private readonly watched = new Map<string, { version: number; usedAt: number }>();
  private readonly checkMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly build: (storeId: string) => Promise<BuiltMenu | null>,
    options: MenuCacheOptions = {},
  ) {
    this.checkMs = options.checkMs ?? 1000;
    this.idleMs = options.idleMs ?? 600_000;
    // Looked up at each call, not captured: a test that fakes Date moves this clock too.
    this.now = options.now ?? (() => Date.now());
  }

  /** The cached answer, if there is one (no waiting, no query). */
  peek(storeId: string): MenuAnswer | undefined {
    const entry = this.entries.get(storeId);
    if (entry) entry.usedAt = this.now();
    return entry;
  }

  /** The answer, built when not cached (one build per store at a time); 404 for an unknown store. */
  get(storeId: string): MenuAnswer | Promise<MenuAnswer> {
    return this.peek(storeId) ?? this.load(storeId);
  }

  /** The store's menu changed (called after the writing transaction committed). */
  changed(storeId: string): void {
    this.entries.delete(storeId);
    this.building.delete(storeId);
    this.watched.delete(storeId);
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
    for (const listener of this.listeners) listener(storeId);
  }

  /** Calls `listener` whenever a store's menu changed (here, or seen by the version check): other per-store caches. */
  onChange(listener: (storeId: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Another per-store cache (the dish lists) keeps something read at menu version `version`:
   * the version check covers the store too, and a newer version is a change (`onChange`).
   */
  watch(storeId: string, version: number): void {
    const known = this.watched.get(storeId);
    this.watched.set(storeId, { version: known ? Math.min(known.version, version) : version, usedAt: this.now() });
    this.startTimer();
  }

  /** How many stores are cached. */
  get size(): number {
    return this.entries.size;
  }

  private load(storeId: string): Promise<Entry> {
    let pending = this.building.get(storeId);
    if (!pending) {
      const generation = this.generations.get(storeId) ?? 0;
      pending = this.buildEntry(storeId).then((entry) => {
        if ((this.generations.get(storeId) ?? 0) === generation && !this.closed) {
          this.entries.set(storeId, entry);
          this.startTimer();
          this.compressBest(storeId, entry);
        }
        return entry;
      }).finally(() => {
        if (this.building.get(storeId) === pending) this.building.delete(storeId);
      });
      this.building.set(storeId, pending);
    }
    return pending;
  }

  private async buildEntry(storeId: string): Promise<Entry> {
    const built = await this.build(storeId);
    if (!built) throw notFound(`门店 ${storeId} 不存在`);
    const envelope = answerSchema.parse(ok(built.menu)) as Entry['envelope'];
    return this.encode(envelope, built.opening);
  }

  private async encode(envelope: Entry['envelope'], opening: OpeningState): Promise<Entry> {
    const json = Buffer.from(JSON.stringify(envelope));
    const { id, openNow } = envelope.data.store;
    const version = envelope.data.version;
    const [zipped, br] = await Promise.all([gzip(json), brotli(json, 5)]);
    return { version, openNow, json, gzip: zipped, br, etag: `"menu-${id}-${version}-${openNow ? 1 : 0}"`, envelope, opening, usedAt: this.now() };
  }

  /** Later, if the store's answer is still this one: its brotli at the best quality. */
  private compressBest(storeId: string, entry: Entry): void {
    setTimeout(() => {
      if (this.entries.get(storeId) !== entry) return;
      brotli(entry.json, 11).then((br) => {
        const current = this.entries.get(storeId);
        if (current && current.json === entry.json) this.entries.set(storeId, { ...current, br });
      }, () => undefined);
    }, BEST_AFTER_MS).unref();
  }

  private startTimer(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      this.checking ??= this.check().catch(() => undefined).finally(() => (this.checking = undefined));
    }, this.checkMs);
    this.timer.unref();
  }

  /**
   * One pass of the timer (also for tests): drops stores whose menu version moved on in the
   * database or that went unused, and re-encodes those whose `openNow` flipped.
   */
  async check(): Promise<void> {
    const now = this.now();
    for (const [storeId, entry] of this.entries) if (now - entry.usedAt > this.idleMs) this.entries.delete(storeId);
    for (const [storeId, watch] of this.watched) if (now - watch.usedAt > this.idleMs) this.watched.delete(storeId);
    const ids = [...new Set([...this.entries.keys(), ...this.watched.keys()])];
    if (!ids.length) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const rows = await this.db.select({ id: store.id, version: store.menuVersion }).from(store).where(inArray(store.id, ids));
    const versions = new Map(rows.map((r) => [r.id, r.version]));
    for (const storeId of ids) {
      const version = versions.get(storeId);
      const watch = this.watched.get(storeId);
      if (watch && (version === undefined || version > watch.version)) {
        this.changed(storeId);
        continue;
      }
      const entry = this.entries.get(storeId);
      if (!entry) continue;
      if (version === undefined || version > entry.version) {
        this.changed(storeId);
        continue;
      }
      const opening = openingNow(entry.opening, new Date(now));
      if (opening.openNow !== entry.openNow) {
        const envelope = { ...entry.envelope, data: { ...entry.envelope.data, store: { ...entry.envelope.data.store, ...opening } } };
        const next = await this.encode(envelope, entry.opening);
        if (this.entries.get(storeId) === entry) {
          const reencoded = { ...next, usedAt: entry.usedAt };
          this.entries.set(storeId, reencoded);
          this.compressBest(storeId, reencoded);
        }
      }
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.entries.clear();
  }
}
