import { describe, expect, it } from 'vitest';
import { demoAccount } from '@canteen/wechat-sim';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';

/** Issue 22 #6: a store-scoped operator read the live access token and the EncodingAESKey, and changed the brand-wide 飞鹅 account. */
const { app } = await createTestApp();
const [account] = await app.database.exclusive((exec) => exec('select id from wx_app where app_id = $1', [demoAccount.appId]));
const id = String(account!.id);

describe('brand-wide secrets are administrator-only and never leave in clear', () => {
  it('the operator gets 403 for the access token, the access information and the 飞鹅 account', async () => {
    const headers = await signIn(app, 'operator');
    for (const [method, url] of [['GET', `/weixin/wxapp/access-token?id=${id}`], ['GET', `/weixin/wxapp/access-info?id=${id}`], ['PUT', '/store/printer/feie-account']] as const) {
      const res = await app.inject({ method, url, headers, ...(method === 'PUT' ? { payload: { user: 'attacker@example.com', ukey: 'stolen-ukey-1234' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const account = await app.inject({ url: '/store/printer/feie-account', headers });
    expect(account.json().data.user).not.toBe('attacker@example.com');
  });

  it('the administrator sees the access information masked', async () => {
    const res = await app.inject({ url: `/weixin/wxapp/access-info?id=${id}`, headers: await signIn(app, 'admin') });
    expect(res.statusCode).toBe(200);
    const info = res.json().data as { token: string; aesKey: string };
    expect(info.token).toMatch(/^.{2}\*+.{2}$|^\*{6}$/);
    expect(info.token).not.toBe(demoAccount.token);
    expect(info.aesKey).not.toContain(demoAccount.encodingAesKey.slice(2, -2));
  });
});
