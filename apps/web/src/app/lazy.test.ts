import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './lazy';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with a ChunkLoadError after the 120 s timeout', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('turns a failed dynamic import into a ChunkLoadError and passes values through', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(withChunkTimeout(() => Promise.resolve(7))).resolves.toBe(7);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
  });
});
