import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';

// Issue 22 #9: POST /live/test/publish let any signed-in user publish to any live destination outside production.
const { app: development } = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });

describe('POST /live/test/publish', () => {
  it('does not exist outside tests', async () => {
    const res = await development.inject({ method: 'POST', url: '/live/test/publish', payload: { destinations: ['/weixin/wx_msg'], message: {} }, headers: await signIn(development, 'admin') });
    expect(res.statusCode).toBe(404);
  });
});
