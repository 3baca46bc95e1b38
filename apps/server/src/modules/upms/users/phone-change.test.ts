import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { createTestUser, signIn } from '../../../../test/auth.js';

// Issue 22 #9: PUT /upms/user/edit changed the phone number at once, so a borrowed session could
// bind its own phone and sign in as the user by SMS from then on.
const { app } = await createTestApp();
const sms = app.identity.sms as unknown as { sent: Array<{ phone: string; code: string }> };
await createTestUser(app, 'mover', ['ROLE_OPERATOR']);
const me = await signIn(app, 'mover');
const edit = (payload: object) => app.inject({ method: 'PUT', url: '/upms/user/edit', headers: me, payload });
const sendCode = (phone: string, headers = me, remoteAddress = '10.5.0.1') =>
  app.inject({ method: 'POST', url: '/upms/user/phone/code', headers, payload: { phone }, remoteAddress });
const phoneOf = async () => (await app.inject({ method: 'GET', url: '/upms/user/info', headers: me })).json<{ data: { sysUser: { phone: string | null; nickname: string | null } } }>().data.sysUser;
const lastCode = (phone: string) => sms.sent.findLast((s) => s.phone === phone)?.code;

describe('changing the own phone number', () => {
  it('is refused without a code, or with a wrong one, with a message that says what to do', async () => {
    const none = await edit({ nickname: '搬家', phone: '13500135001' });
    expect([none.statusCode, none.json<{ msg: string }>().msg]).toEqual([400, '修改手机号码需要短信验证码：请先获取发送到新手机号码的验证码']);
    expect((await sendCode('13500135001')).json()).toEqual({ code: 0, msg: null, data: true });
    const wrong = await edit({ phone: '13500135001', smsCode: lastCode('13500135001') === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json<{ msg: string }>().msg]).toEqual([400, '短信验证码错误或已过期，请重新获取']);
    expect((await phoneOf()).phone).toBeNull();
  });

  it('takes the code sent to the new number, once, and only for that number and user', async () => {
    const code = lastCode('13500135001')!;
    expect(code).toMatch(/^\d{6}$/);
    // The code of one number does not prove another; nor is it another user's.
    expect((await edit({ phone: '13500135002', smsCode: code })).statusCode).toBe(400);
    await createTestUser(app, 'other', ['ROLE_OPERATOR']);
    const other = await signIn(app, 'other');
    expect((await app.inject({ method: 'PUT', url: '/upms/user/edit', headers: other, payload: { phone: '13500135001', smsCode: code } })).statusCode).toBe(400);
    // Nor does a sign-in code prove a phone change.
    const signInCode = await app.identity.phoneCodes.issueSms('13500135002');
    expect((await edit({ phone: '13500135002', smsCode: signInCode })).statusCode).toBe(400);
    expect((await edit({ nickname: '新家', phone: '13500135001', smsCode: code })).json()).toEqual({ code: 0, msg: null, data: true });
    expect(await phoneOf()).toMatchObject({ phone: '13500135001', nickname: '新家' });
    expect((await edit({ phone: '13500135009', smsCode: code })).statusCode).toBe(400);
  });

  it('keeps the other fields working: the same number, or none, needs no code', async () => {
    expect((await edit({ nickname: '还在', phone: '13500135001' })).statusCode).toBe(200);
    expect((await edit({ nickname: '只改昵称' })).statusCode).toBe(200);
    expect(await phoneOf()).toMatchObject({ phone: '13500135001', nickname: '只改昵称' });
    expect((await edit({ phone: '' })).statusCode).toBe(200);
    expect((await phoneOf()).phone).toBeNull();
  });

  it('sends codes only to a number that is new and free, at most one a minute per number', async () => {
    expect((await sendCode('13500135003')).statusCode).toBe(200);
    const again = await sendCode('13500135003');
    expect([again.statusCode, again.json<{ msg: string }>().msg]).toEqual([429, '短信验证码发送过于频繁，请稍后再试']);
    await app.database.db.execute(sql`update sys_user set phone = '13500135004' where username = 'other'`);
    const taken = await sendCode('13500135004');
    expect([taken.statusCode, taken.json<{ msg: string }>().msg]).toEqual([409, '手机号 13500135004 已被其他用户使用']);
    expect((await sendCode('1350013500')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/upms/user/phone/code', payload: { phone: '13500135005' } })).statusCode).toBe(401);
  });
});
