import { afterEach, describe, expect, it, vi } from 'vitest';
import { DishListCache, LIST_TTL_MS } from './lists.js';

describe('the dish list cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a list for its TTL, forgets a store\'s lists when told, and never keeps a failed load', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new DishListCache();
    let loads = 0;
    const load = (ids: string[]) => async () => {
      loads++;
      return ids;
    };
    expect(await cache.ids('1', 'a', load(['7', '8']))).toEqual(['7', '8']);
    expect(await cache.ids('1', 'a', load(['9']))).toEqual(['7', '8']);
    expect(await cache.ids('2', 'a', load(['5']))).toEqual(['5']);
    expect(loads).toBe(2);
    cache.drop('1');
    expect(await cache.ids('1', 'a', load(['10']))).toEqual(['10']);
    expect(await cache.ids('2', 'a', load(['6']))).toEqual(['5']);
    vi.advanceTimersByTime(LIST_TTL_MS);
    expect(await cache.ids('2', 'a', load(['6']))).toEqual(['6']);
    await expect(cache.ids('3', 'a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.ids('3', 'a', load(['11']))).toEqual(['11']);
  });

  it('keeps records by store until the store changes, and never records read before a change', () => {
    const cache = new DishListCache<string>();
    const before = cache.generation('1');
    cache.keep('1', before, [['7', '宫保鸡丁']]);
    expect(cache.kept('1')?.get('7')).toBe('宫保鸡丁');
    const reading = cache.generation('1');
    cache.drop('1'); // a write committed while those were read
    cache.keep('1', reading, [['8', '旧的回锅肉']]);
    expect(cache.kept('1')).toBeUndefined();
    cache.keep('1', cache.generation('1'), [['8', '回锅肉']]);
    expect(cache.kept('1')?.get('8')).toBe('回锅肉');
  });
});
