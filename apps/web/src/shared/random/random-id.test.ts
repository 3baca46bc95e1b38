import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a UUID v4 where the page is no secure context (plain http on a LAN address: no randomUUID)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const ids = new Set(Array.from({ length: 100 }, () => randomId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
