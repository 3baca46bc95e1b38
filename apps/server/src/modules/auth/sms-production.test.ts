import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { BASIC_ADMIN, signIn } from '../../../test/auth.js';

// Issue 22 #7: a production server sent SMS codes through the development sender (the log, then
// an outbox file), the only one there is: sms_login worked with codes no phone ever received.
const { app: real } = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'off', LOG_LEVEL: 'silent' });
const { app: demo } = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent' });
const phone = '13800138000';
const signInMessage = '未配置短信发送服务：生产环境不能发送短信验证码，短信验证码登录不可用，请使用账号密码登录';

describe('SMS in production', () => {
  it('refuses to send a sign-in code, or to sign in with one, without an SMS sender, for any phone', async () => {
    await real.database.db.execute(sql`update sys_user set phone = ${phone} where username = 'operator'`);
    for (const to of [phone, '13900139000']) {
      const sent = await real.inject({ method: 'POST', url: '/auth/phone/code', query: { phone: to } });
      expect([sent.statusCode, sent.json<{ msg: string }>().msg]).toEqual([403, signInMessage]);
    }
    const code = await real.identity.phoneCodes.issueSms(phone); // even a code that exists is not taken
    const token = await real.inject({ method: 'POST', url: '/auth/phone/token/sms', query: { phone, code, grant_type: 'sms_login', scope: 'server' }, headers: BASIC_ADMIN });
    expect([token.statusCode, token.json<{ msg: string }>().msg]).toEqual([403, signInMessage]);
  });

  it('refuses the profile\'s phone-change code without an SMS sender, saying whom to ask', async () => {
    const res = await real.inject({ method: 'POST', url: '/upms/user/phone/code', headers: await signIn(real, 'operator'), payload: { phone: '13700137000' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ msg: string }>().msg).toContain('请联系管理员在用户管理中修改');
  });

  it('keeps the development sender in demo mode (DEMO_MODE=on, as npm start and the browser tests run)', async () => {
    await demo.database.db.execute(sql`update sys_user set phone = ${phone} where username = 'operator'`);
    expect((await demo.inject({ method: 'POST', url: '/auth/phone/code', query: { phone } })).json()).toEqual({ code: 0, msg: null, data: true });
    const code = (demo.identity.sms as unknown as { sent: Array<{ phone: string; code: string }> }).sent.findLast((s) => s.phone === phone)!.code;
    const token = await demo.inject({ method: 'POST', url: '/auth/phone/token/sms', query: { phone, code, grant_type: 'sms_login', scope: 'server' }, headers: BASIC_ADMIN });
    expect(token.json<{ username: string }>().username).toBe('operator');
  });
});
