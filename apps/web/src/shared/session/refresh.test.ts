import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTokenFresh, singleFlight, startRefreshTimer } from './refresh';

describe('token refresh timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (expiresIn: number, refresh: () => Promise<unknown>) => {
    const state = { expiresIn };
    const onStopped = vi.fn();
    const stop = startRefreshTimer({ getExpiresIn: () => state.expiresIn, setExpiresIn: (n) => (state.expiresIn = n), refresh, onStopped });
    return { state, stop, onStopped };
  };

  it('decrements expires_in by 10 every 10 s without refreshing above 1000', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { state, stop } = setup(1030, refresh);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.expiresIn).toBe(1020);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.expiresIn).toBe(1010);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('refreshes at 1000 or less, never twice at once', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { state, stop } = setup(1010, refresh);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.expiresIn).toBe(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    state.expiresIn = 6000; // the refresh stores a new token set
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.expiresIn).toBe(5990);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops after a failed refresh', async () => {
    const refresh = vi.fn(() => Promise.reject(new Error('revoked')));
    const { state, onStopped } = setup(1005, refresh);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onStopped).toHaveBeenCalledTimes(1);
    const left = state.expiresIn;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.expiresIn).toBe(left);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing while signed out and stops when asked', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const state: { expiresIn?: number } = {};
    const stop = startRefreshTimer({ getExpiresIn: () => state.expiresIn, setExpiresIn: (n) => (state.expiresIn = n), refresh });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(state.expiresIn).toBeUndefined();
    stop();
    state.expiresIn = 500;
    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('single flight', () => {
  it('shares one in-flight run between callers and starts anew after it settles', async () => {
    let runs = 0;
    const task = singleFlight(async () => ++runs);
    const [a, b] = await Promise.all([task(), task()]);
    expect([a, b]).toEqual([1, 1]);
    expect(await task()).toBe(2);
  });
});

describe('keepTokenFresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes whatever page is shown (the lock screen too) while tokens exist, and stops without them', async () => {
    const listeners = new Set<() => void>();
    const state: { expiresIn?: number } = { expiresIn: 1010 };
    const change = (expiresIn: number | undefined) => {
      state.expiresIn = expiresIn;
      for (const l of listeners) l();
    };
    const refresh = vi.fn(() => Promise.resolve());
    const stop = keepTokenFresh({
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      getExpiresIn: () => state.expiresIn,
      setExpiresIn: (n) => (state.expiresIn = n),
      refresh,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    change(undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    change(1005);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    expect(listeners.size).toBe(0);
  });
});
