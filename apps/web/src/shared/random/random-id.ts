/**
 * The one generator of random ids the web app sends (idempotency keys, payment references).
 * `crypto.randomUUID` exists only in secure contexts: a back office reached over plain http on
 * a LAN address (http://192.168.1.10:8080) has none, and every write failed there.
 *
 * A random UUID v4, in any context (`getRandomValues` is there without https).
 */
export function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
