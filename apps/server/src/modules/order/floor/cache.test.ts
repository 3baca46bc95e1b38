import { describe, expect, it } from 'vitest';
import { FloorCache } from './cache.js';

/** A build the test finishes by hand: `builds` counts them, `finish(i, text)` resolves the i-th. */
function builder() {
  const pending: Array<(json: Buffer) => void> = [];
  return {
    builds: () => pending.length,
    build: (_storeId: string) => new Promise<Buffer>((resolve) => pending.push(resolve)),
    finish: (index: number, text: string) => pending[index]!(Buffer.from(text)),
  };
}

/** The kept answer's text; fails when the cache has to build (a promise comes back). */
function kept(answer: Buffer | Promise<Buffer>): string {
  if (!Buffer.isBuffer(answer)) throw new Error('expected a kept answer, got a build');
  return answer.toString();
}

/**
 * The table map's read model (issue 24): one build for readers that come together, a change
 * forgets the store's map and never keeps a build that began before it, nothing is kept while the
 * bus cannot tell other instances' changes, and an entry ages out.
 */
describe('FloorCache', () => {
  it('shares one build among readers and keeps its answer', async () => {
    const b = builder();
    const cache = new FloorCache({ build: b.build, shared: () => true });
    const first = cache.get('1');
    const second = cache.get('1');
    expect(b.builds()).toBe(1);
    b.finish(0, 'a');
    expect(String(await first)).toBe('a');
    expect(String(await second)).toBe('a');
    expect(kept(cache.get('1'))).toBe('a'); // kept: no promise, no build
    expect(b.builds()).toBe(1);
  });

  it('a change forgets the store; a build begun before it is answered to its readers but not kept, and later readers do not join it', async () => {
    const b = builder();
    const cache = new FloorCache({ build: b.build, shared: () => true });
    const before = cache.get('1');
    cache.changed('1');
    const after = cache.get('1');
    expect(b.builds()).toBe(2);
    b.finish(0, 'old');
    expect(String(await before)).toBe('old');
    b.finish(1, 'new');
    expect(String(await after)).toBe('new');
    expect(kept(cache.get('1'))).toBe('new');
    cache.changed('2'); // another store's change leaves this one
    expect(kept(cache.get('1'))).toBe('new');
    cache.changed('1');
    void cache.get('1');
    expect(b.builds()).toBe(3);
  });

  it('keeps nothing while other instances cannot tell their changes', async () => {
    const b = builder();
    let shared = true;
    const cache = new FloorCache({ build: b.build, shared: () => shared });
    const kept = cache.get('1');
    b.finish(0, 'a');
    await kept;
    shared = false;
    const fresh = cache.get('1');
    expect(b.builds()).toBe(2);
    b.finish(1, 'b');
    expect(String(await fresh)).toBe('b');
    expect(cache.size).toBe(0);
  });

  it('an entry lives maxAgeMs at most', async () => {
    const b = builder();
    let now = 1_000;
    const cache = new FloorCache({ build: b.build, shared: () => true, maxAgeMs: 30_000, now: () => now });
    const built = cache.get('1');
    b.finish(0, 'a');
    await built;
    now += 29_999;
    expect(kept(cache.get('1'))).toBe('a');
    now += 1;
    void cache.get('1');
    expect(b.builds()).toBe(2);
  });
});
