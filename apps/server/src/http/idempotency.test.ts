import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';

const { app } = await createTestApp();
const token = await signIn(app, 'admin');

/** A harmless change any admin may make: the error log's upload. */
const upload = (key?: string) => app.inject({
  method: 'POST', url: '/upms/log/logs',
  headers: { ...token, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  payload: [{ type: 'error', message: 'idempotency test', stack: '', info: 'test', url: '/x', time: new Date().toISOString() }],
});

describe('the idempotency key of a mutating request', () => {
  it('is taken once: the same key again is refused with the 000 message, a new key passes', async () => {
    expect((await upload('key-00000001')).statusCode).toBe(200);
    const replay = await upload('key-00000001');
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ code: 1, msg: '操作太频繁，请勿重复请求', data: null });
    expect((await upload('key-00000002')).statusCode).toBe(200);
  });

  it('is optional, and a malformed one is named', async () => {
    expect((await upload()).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
    const bad = await upload('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('idempotency-key');
  });
});
