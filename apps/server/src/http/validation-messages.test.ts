import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';

/** A rule a schema gives no message of its own still answers in Chinese, naming the part and field (issue 27 #15). */
const { app } = await createTestApp();
const auth = await signIn(app, 'admin');
const msg = (res: { json: () => unknown }) => (res.json() as { msg: string }).msg;

describe('validation messages', () => {
  it('are Chinese and name the field, also for zod’s own rules', async () => {
    const tooBig = await app.inject({ url: '/upms/user/page?current=1e30', headers: auth });
    expect(tooBig.statusCode).toBe(400);
    expect(msg(tooBig)).toBe('查询参数 current: 数值过大：期望 int <=9007199254740991');
    const notNumber = await app.inject({ url: '/upms/user/page?size=abc', headers: auth });
    expect(msg(notNumber)).toMatch(/^查询参数 size: 无效输入/);
    expect(msg(notNumber)).not.toMatch(/[A-Z][a-z]+ [a-z]+/);
  });
});
