import { describe, expect, it } from 'vitest';
import {
  buildAuthorization, decryptResource, demoPayMerchant, encryptResource, parseAuthorization, requestSignatureMessage, rsaVerify, signedHeaders, verifySignedHeaders,
} from './index.js';

const m = demoPayMerchant;

describe('WeChat Pay v3 wire rules', () => {
  it('signs a request in the Authorization header and reads it back', () => {
    const header = buildAuthorization({ mchid: m.mchid, serialNo: m.serialNo, privateKey: m.merchantPrivateKey }, 'POST', '/v3/pay/transactions/native', '{"a":1}', '1700000000', 'NONCE');
    const parts = parseAuthorization(header)!;
    expect(parts).toMatchObject({ mchid: m.mchid, nonce_str: 'NONCE', timestamp: '1700000000', serial_no: m.serialNo });
    expect(rsaVerify(m.merchantPublicKey, requestSignatureMessage('POST', '/v3/pay/transactions/native', '1700000000', 'NONCE', '{"a":1}'), parts.signature)).toBe(true);
    expect(rsaVerify(m.merchantPublicKey, requestSignatureMessage('POST', '/v3/pay/transactions/native', '1700000000', 'NONCE', '{"a":2}'), parts.signature)).toBe(false);
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeNull();
  });

  it('checks signed headers: key, timestamp window, exact body', () => {
    const body = '{"id":"1"}';
    const now = 1_700_000_000;
    const headers = Object.fromEntries(Object.entries(signedHeaders(m.platformPrivateKey, m.platformKeyId, body, String(now))).map(([k, v]) => [k.toLowerCase(), v]));
    const keyOf = (serial: string) => (serial === m.platformKeyId ? m.platformPublicKey : null);
    expect(verifySignedHeaders(headers, body, keyOf, now + 10)).toEqual({ ok: true });
    expect(verifySignedHeaders(headers, '{"id":"2"}', keyOf, now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignedHeaders(headers, body, keyOf, now + 301)).toEqual({ ok: false, reason: 'timestamp' });
    expect(verifySignedHeaders({ ...headers, 'wechatpay-serial': 'OTHER' }, body, keyOf, now)).toEqual({ ok: false, reason: 'serial' });
    expect(verifySignedHeaders({}, body, keyOf, now)).toEqual({ ok: false, reason: 'missing' });
    // Signed by another key (the merchant's) under the platform's serial: refused.
    const forged = Object.fromEntries(Object.entries(signedHeaders(m.merchantPrivateKey, m.platformKeyId, body, String(now))).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifySignedHeaders(forged, body, keyOf, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('encrypts and decrypts a resource with the APIv3 key (AEAD_AES_256_GCM)', () => {
    const resource = encryptResource(m.apiV3Key, '{"out_trade_no":"A1"}', 'transaction', 'transaction');
    expect(resource.nonce).toHaveLength(12);
    expect(decryptResource(m.apiV3Key, resource)).toBe('{"out_trade_no":"A1"}');
    expect(() => decryptResource('x'.repeat(32), resource)).toThrow();
    expect(() => decryptResource(m.apiV3Key, { ...resource, associated_data: 'refund' })).toThrow();
  });
});
