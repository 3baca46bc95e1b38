import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { passwordGrant } from '../../../test/auth.js';

const { app } = await createTestApp({ AUTH_CAPTCHA: 'on' });
const image = (randomStr: string) => app.inject({ url: '/code', query: { randomStr } });

describe('captcha (AUTH_CAPTCHA=on)', () => {
  it('answers an SVG image of 4 characters', async () => {
    const res = await image('r1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg/);
    expect(await app.identity.captchas.peek('r1')).toMatch(/^[a-z0-9]{4}$/i);
  });

  it('refuses a bad randomStr with 400', async () => {
    expect((await image('bad str!')).statusCode).toBe(400);
    expect((await image('x'.repeat(65))).statusCode).toBe(400);
  });

  it('answers 428 without a code, and with a wrong one', async () => {
    expect((await passwordGrant(app, 'admin', '123456')).statusCode).toBe(428);
    await image('r2');
    const wrong = await passwordGrant(app, 'admin', '123456', { randomStr: 'r2', code: '####' });
    expect(wrong.statusCode).toBe(428);
    expect(wrong.json().msg).toBe('验证码不合法');
  });

  it('accepts the right code once (case-insensitive); the second use is 428', async () => {
    await image('r3');
    const code = (await app.identity.captchas.peek('r3'))!.toUpperCase();
    expect((await passwordGrant(app, 'admin', '123456', { randomStr: 'r3', code })).statusCode).toBe(200);
    expect((await passwordGrant(app, 'admin', '123456', { randomStr: 'r3', code })).statusCode).toBe(428);
  });

  it('refuses an expired code', async () => {
    await image('r4');
    const code = (await app.identity.captchas.peek('r4'))!;
    await app.database.db.execute(sql`update auth_captcha set expires_at = now() - interval '1 second' where random_str = 'r4'`);
    expect((await passwordGrant(app, 'admin', '123456', { randomStr: 'r4', code })).statusCode).toBe(428);
  });
});
