import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

/** A load held open until the test lets it answer. */
function heldLoad<V>(value: V) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  return { load: async () => { await released; return value; }, release };
}

describe('TtlCache', () => {
  it('keeps what it loaded for the next callers', async () => {
    const cache = new TtlCache<string, number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    expect(await cache.getOrLoad('a', load)).toBe(1);
  });

  it('does not keep a load that a removal overtook (a token revoked while its lookup was on the way)', async () => {
    const cache = new TtlCache<string, string>(60_000);
    const held = heldLoad('valid');
    const pending = cache.getOrLoad('token', held.load);
    cache.delete('token');
    held.release();
    expect(await pending).toBe('valid');
    expect(cache.get('token')).toBeUndefined();
  });

  it('does not keep a load that a fence overtook', async () => {
    const cache = new TtlCache<string, string>(60_000);
    const held = heldLoad('valid');
    const pending = cache.getOrLoad('token', held.load);
    cache.fence();
    held.release();
    await pending;
    expect(cache.get('token')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<string, number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });
});
