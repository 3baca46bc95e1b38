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
});
