import { createHash, timingSafeEqual } from 'node:crypto';

/** hex(SHA-1(concat(sort(parts)))): the platform's signature over plain string values. */
export function sha1Sorted(parts: readonly string[]): string {
  return createHash('sha1').update([...parts].sort().join(''), 'utf8').digest('hex');
}

/** The callback `signature`: SHA-1 of the sorted token, timestamp and nonce. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return sha1Sorted([token, timestamp, nonce]);
}

/** The safe-mode `msg_signature`: SHA-1 of the sorted token, timestamp, nonce and encrypted payload. */
export function msgSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return sha1Sorted([token, timestamp, nonce, encrypt]);
}

/** Compares two hex signatures in constant time (case-insensitive); false for anything missing. */
export function signaturesEqual(expected: string, actual: string | undefined | null): boolean {
  if (typeof actual !== 'string') return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(actual.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks the `signature` query parameter of a callback (GET verification or POST push). */
export function verifyCallbackSignature(
  token: string,
  query: { signature?: string | null; timestamp?: string | null; nonce?: string | null },
): boolean {
  if (!query.timestamp || !query.nonce || !query.signature) return false;
  return signaturesEqual(callbackSignature(token, query.timestamp, query.nonce), query.signature);
}

/** Checks a safe-mode `msg_signature` over the encrypted payload. */
export function verifyMsgSignature(
  token: string,
  timestamp: string,
  nonce: string,
  encrypt: string,
  signature: string | undefined | null,
): boolean {
  return signaturesEqual(msgSignature(token, timestamp, nonce, encrypt), signature);
}
