import { describe, expect, it } from 'vitest';
import { callbackSignature, msgSignature, sha1Sorted, signaturesEqual, verifyCallbackSignature, verifyMsgSignature } from './index.js';

describe('callback signature', () => {
  // wechat.md §1.1: the platform's worked example.
  const token = 'AAAAA';
  const timestamp = '1714036504';
  const nonce = '1514711492';
  const expected = 'f464b24fc39322e44b38aa78f5edd27bd1441696';

  it('matches the official known-answer vector byte for byte', () => {
    expect(callbackSignature(token, timestamp, nonce)).toBe(expected);
    expect(sha1Sorted(['1514711492', '1714036504', 'AAAAA'])).toBe(expected);
  });

  it('sorts the values, so argument order does not matter', () => {
    expect(sha1Sorted([nonce, token, timestamp])).toBe(expected);
  });

  it('verifies a query and refuses a wrong or missing signature', () => {
    expect(verifyCallbackSignature(token, { signature: expected, timestamp, nonce })).toBe(true);
    expect(verifyCallbackSignature(token, { signature: expected.toUpperCase(), timestamp, nonce })).toBe(true);
    expect(verifyCallbackSignature(token, { signature: expected, timestamp: '1714036505', nonce })).toBe(false);
    expect(verifyCallbackSignature('BBBBB', { signature: expected, timestamp, nonce })).toBe(false);
    expect(verifyCallbackSignature(token, { timestamp, nonce })).toBe(false);
    expect(signaturesEqual(expected, 'short')).toBe(false);
    expect(signaturesEqual(expected, undefined)).toBe(false);
  });

  it('msg_signature covers the encrypted payload too', () => {
    const sig = msgSignature('pamtest', '1409304348', 'xxxxxx', 'ENCRYPTED');
    expect(sig).toBe(sha1Sorted(['pamtest', '1409304348', 'xxxxxx', 'ENCRYPTED']));
    expect(sig).toMatch(/^[0-9a-f]{40}$/);
    expect(verifyMsgSignature('pamtest', '1409304348', 'xxxxxx', 'ENCRYPTED', sig)).toBe(true);
    expect(verifyMsgSignature('pamtest', '1409304348', 'xxxxxx', 'ENCRYPTEd', sig)).toBe(false);
  });
});
