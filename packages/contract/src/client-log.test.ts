import { describe, expect, it } from 'vitest';
import { batchClientLogs, maskSecretParams, CLIENT_LOG_BATCH_MAX, CLIENT_LOG_BODY_MAX_BYTES, CLIENT_LOG_FIELD_MAX, clientLogBatchSchema, trimClientLogEntry } from './client-log.js';

const entry = (i: number, stack = 'at x') => ({ type: 'error', message: `e${i}`, stack, info: 'x', url: 'http://localhost/', time: '2026-01-01T00:00:00Z' });

describe('client error log rule', () => {
  it('trims oversized fields the same way on the web and in the server schema', () => {
    const long = { ...entry(1), stack: 's'.repeat(20_000), message: '错'.repeat(3000) };
    const trimmed = trimClientLogEntry(long);
    expect(trimmed.stack).toHaveLength(CLIENT_LOG_FIELD_MAX.stack);
    expect(trimmed.stack.endsWith('…')).toBe(true);
    expect(trimmed.message).toHaveLength(CLIENT_LOG_FIELD_MAX.message);
    expect(clientLogBatchSchema.parse([long])).toEqual([trimmed]);
    expect(trimClientLogEntry(entry(2))).toEqual(entry(2));
  });

  it('splits 500 large entries into uploads within the count and body limits', () => {
    const entries = Array.from({ length: 500 }, (_, i) => trimClientLogEntry(entry(i, '栈'.repeat(9000))));
    const batches = batchClientLogs(entries);
    expect(batches.flat()).toEqual(entries);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(CLIENT_LOG_BATCH_MAX);
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(CLIENT_LOG_BODY_MAX_BYTES);
    }
    const small = batchClientLogs(Array.from({ length: 250 }, (_, i) => entry(i)));
    expect(small.map((b) => b.length)).toEqual([100, 100, 50]);
  });
});

describe('maskSecretParams', () => {
  it('masks password, code and token values in the query and in a hash route\'s query, keeping the rest', () => {
    expect(maskSecretParams('/auth/oauth/token?username=admin&password=c2Vj%2B&randomStr=r1&code=ab12&grant_type=password'))
      .toBe('/auth/oauth/token?username=admin&password=***&randomStr=r1&code=***&grant_type=password');
    expect(maskSecretParams('https://x.cn/authredirect?state=dev&code=abc#/y?Token=t&refresh_token=r&access_token=a&%63ode=z'))
      .toBe('https://x.cn/authredirect?state=dev&code=***#/y?Token=***&refresh_token=***&access_token=***&%63ode=***');
    expect(maskSecretParams('/store/dish/page?current=1&barcode=123')).toBe('/store/dish/page?current=1&barcode=123');
    expect(maskSecretParams('/plain')).toBe('/plain');
  });
});
