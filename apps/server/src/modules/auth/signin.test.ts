import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { BASIC_ADMIN, passwordGrant } from '../../../test/auth.js';
import { encryptPassword } from './cipher.js';

const { app } = await createTestApp();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refreshGrant = (refresh_token: string) =>
  app.inject({ method: 'POST', url: '/auth/oauth/token', query: { refresh_token, grant_type: 'refresh_token', scope: 'server' }, headers: BASIC_ADMIN });

describe('password grant', () => {
  it('answers the raw token set for admin/123456', async () => {
    const res = await passwordGrant(app, 'admin', '123456');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'server', username: 'admin', expires_in: 43200 });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(await app.identity.tokens.resolve(body.access_token)).toMatchObject({ username: 'admin' });
    const stored = await app.database.exclusive((exec) => exec('select access_hash from sys_token where access_hash = $1', [body.access_token]));
    expect(stored).toEqual([]); // only the hash is stored
  });

  it('answers 426 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await passwordGrant(app, 'admin', '1234567', {}, '10.0.1.1');
    const unknown = await passwordGrant(app, 'nobody-here', '123456', {}, '10.0.1.2');
    expect(wrong.statusCode).toBe(426);
    expect(unknown.statusCode).toBe(426);
    expect(wrong.json()).toEqual({ code: 1, msg: '用户名不存在或密码错误', data: null });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 401 for a missing or wrong client', async () => {
    const noClient = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'password', username: 'admin', password: 'x' } });
    expect(noClient.statusCode).toBe(401);
    const badClient = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'password' }, headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` } });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().code).toBe(1);
  });

  it('answers 400 for an unknown grant, bad cipher text and oversized fields', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'magic' }, headers: BASIC_ADMIN });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('magic');
    const missing = await app.inject({ method: 'POST', url: '/auth/oauth/token', headers: BASIC_ADMIN });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('grant_type');
    for (const password of ['not base64!', 'YWJj', '']) {
      const res = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'password', username: 'admin', password }, headers: BASIC_ADMIN });
      expect(res.statusCode).toBe(400);
    }
    const long = await passwordGrant(app, 'a'.repeat(65), '123456');
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('username');
  });

  it('answers 426 账号已被锁定 for a locked user with the right password', async () => {
    await app.database.db.execute(sql`update sys_user set lock_flag = '9' where username = 'operator'`);
    const res = await passwordGrant(app, 'operator', '123456', {}, '10.0.2.1');
    await app.database.db.execute(sql`update sys_user set lock_flag = '0' where username = 'operator'`);
    expect(res.statusCode).toBe(426);
    expect(res.json().msg).toBe('账号已被锁定');
  });

  it('never refuses the right password because of failures from other addresses (issue 22 #1)', async () => {
    for (let i = 0; i < 5; i++) expect((await passwordGrant(app, 'operator', 'wrong1', {}, `10.1.0.${i}`)).statusCode).toBe(426);
    // The account is under attack: a captcha is asked for every try, whatever AUTH_CAPTCHA says.
    const noCaptcha = await passwordGrant(app, 'operator', '123456', {}, '10.1.0.99');
    expect([noCaptcha.statusCode, noCaptcha.json().msg]).toEqual([428, '验证码不能为空']);
    await app.identity.captchas.create('owner-try');
    const owner = await passwordGrant(app, 'operator', '123456', { randomStr: 'owner-try', code: (await app.identity.captchas.peek('owner-try'))! }, '10.1.0.99');
    expect(owner.statusCode).toBe(200);
    await app.database.db.execute(sql`delete from auth_rate_limit`);
  });

  it('answers 429 after five failures for one account from one address, to that address only', async () => {
    for (let i = 0; i < 5; i++) expect((await passwordGrant(app, 'operator', 'wrong1', {}, '10.1.1.1')).statusCode).toBe(426);
    const blocked = await passwordGrant(app, 'operator', '123456', {}, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toContain('稍后');
    await app.identity.captchas.create('other-address');
    const captcha = { randomStr: 'other-address', code: (await app.identity.captchas.peek('other-address'))! };
    expect((await passwordGrant(app, 'operator', '123456', captcha, '10.1.1.2')).statusCode).toBe(200);
    await app.database.db.execute(sql`delete from auth_rate_limit`);
  });

  it('believes no X-Forwarded-For without TRUST_PROXY: an invented address dodges no limit (issue 22 #1)', async () => {
    for (let i = 0; i < 20; i++) {
      await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { username: `ghost${i}`, password: encryptPassword('wrong1', app.config.PASSWORD_CIPHER_KEY), grant_type: 'password', scope: 'server' }, headers: { ...BASIC_ADMIN, 'x-forwarded-for': `192.0.2.${i}` }, remoteAddress: '10.3.0.1' });
    }
    const res = await passwordGrant(app, 'admin', '123456', {}, '10.3.0.1');
    expect(res.statusCode).toBe(429);
    await app.database.db.execute(sql`delete from auth_rate_limit`);
  });

  it('answers 429 after twenty failures from one address, whatever the account', async () => {
    for (let i = 0; i < 20; i++) await passwordGrant(app, `ghost${i}`, 'wrong1', {}, '10.2.0.1');
    expect((await passwordGrant(app, 'admin', '123456', {}, '10.2.0.1')).statusCode).toBe(429);
    expect((await passwordGrant(app, 'admin', '123456', {}, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('refresh grant', () => {
  it('rotates: the new pair works, the old access token stops working', async () => {
    const first = (await passwordGrant(app, 'admin', '123456')).json();
    const res = await refreshGrant(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await app.identity.tokens.resolve(first.access_token)).toBeNull();
    expect(await app.identity.tokens.resolve(second.access_token)).not.toBeNull();
  });

  it('revokes the whole chain when a rotated refresh token is used again', async () => {
    const first = (await passwordGrant(app, 'admin', '123456')).json();
    const second = (await refreshGrant(first.refresh_token)).json();
    const third = (await refreshGrant(second.refresh_token)).json();
    const reuse = await refreshGrant(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(await app.identity.tokens.resolve(third.access_token)).toBeNull();
    expect((await refreshGrant(third.refresh_token)).statusCode).toBe(401);
  });

  it('answers 401 for an unknown refresh token and 400 without one', async () => {
    expect((await refreshGrant('nope')).statusCode).toBe(401);
    const none = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'refresh_token' }, headers: BASIC_ADMIN });
    expect(none.statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes the token pair; the token then answers 401 and cannot be refreshed', async () => {
    const set = (await passwordGrant(app, 'admin', '123456')).json();
    const res = await app.inject({ method: 'DELETE', url: '/auth/token/logout', headers: bearer(set.access_token) });
    expect(res.json()).toEqual({ code: 0, msg: null, data: true });
    expect((await app.inject({ method: 'DELETE', url: '/auth/token/logout', headers: bearer(set.access_token) })).statusCode).toBe(401);
    expect((await refreshGrant(set.refresh_token)).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/auth/token/logout' })).statusCode).toBe(401);
  });
});

describe('phone sign-in', () => {
  const phone = '13800138000';
  const sms = app.identity.sms as unknown as { sent: Array<{ phone: string; code: string }> };

  it('sends a code to a known phone (development sender) and signs in with it once', async () => {
    await app.database.db.execute(sql`update sys_user set phone = ${phone} where username = 'operator'`);
    const sent = await app.inject({ method: 'POST', url: '/auth/phone/code', query: { phone } });
    expect(sent.json()).toEqual({ code: 0, msg: null, data: true });
    const code = sms.sent.findLast((s) => s.phone === phone)!.code;
    expect(code).toMatch(/^\d{6}$/);
    const query = { phone, code, grant_type: 'sms_login', scope: 'server' };
    const short = await app.inject({ method: 'POST', url: '/auth/phone/token/sms', query: { ...query, code: code.slice(0, 4) }, headers: BASIC_ADMIN });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('短信验证码为6位数字');
    const res = await app.inject({ method: 'POST', url: '/auth/phone/token/sms', query, headers: BASIC_ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('operator');
    expect((await app.inject({ method: 'POST', url: '/auth/phone/token/sms', query, headers: BASIC_ADMIN })).statusCode).toBe(428);
  });

  it('limits codes to one a minute per phone (429) and checks the phone format', async () => {
    expect((await app.inject({ method: 'POST', url: '/auth/phone/code', query: { phone } })).statusCode).toBe(429);
    const bad = await app.inject({ method: 'POST', url: '/auth/phone/code', query: { phone: '1380013800' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('手机号码长度不为11位');
  });

  it('answers the same for an unknown phone but sends nothing', async () => {
    const before = sms.sent.length;
    expect((await app.inject({ method: 'POST', url: '/auth/phone/code', query: { phone: '13900139000' } })).json().data).toBe(true);
    expect(sms.sent.length).toBe(before);
  });

  it('signs in through the development third-party provider (state@code), once; 417 for an unbound phone', async () => {
    const issued = (await app.inject({ method: 'POST', url: '/auth/phone/thirdparty/dev', query: { phone } })).json().data;
    const query = { phone: issued.phone, grant_type: 'phone', scope: 'server' };
    const res = await app.inject({ method: 'POST', url: '/auth/phone/token/thirdparty', query, headers: BASIC_ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('operator');
    expect((await app.inject({ method: 'POST', url: '/auth/phone/token/thirdparty', query, headers: BASIC_ADMIN })).statusCode).toBe(426);
    const unbound = (await app.inject({ method: 'POST', url: '/auth/phone/thirdparty/dev', query: { phone: '13700137000' } })).json().data;
    const res417 = await app.inject({ method: 'POST', url: '/auth/phone/token/thirdparty', query: { ...query, phone: unbound.phone }, headers: BASIC_ADMIN });
    expect(res417.statusCode).toBe(417);
    const badState = await app.inject({ method: 'POST', url: '/auth/phone/token/thirdparty', query: { ...query, phone: 'wechat@abc' }, headers: BASIC_ADMIN });
    expect(badState.statusCode).toBe(400);
  });

  it('walks the development provider\'s pages: authorize, approve, back to /authredirect with state and code', async () => {
    const page = await app.inject({ method: 'GET', url: '/auth/thirdparty/dev/authorize' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('action="/auth/thirdparty/dev/approve"');
    const wrong = await app.inject({ method: 'GET', url: '/auth/thirdparty/dev/approve', query: { phone: '123' } });
    expect(wrong.statusCode).toBe(302);
    expect((await app.inject({ method: 'GET', url: wrong.headers.location! })).body).toContain('手机号码长度不为11位');
    const approved = await app.inject({ method: 'GET', url: '/auth/thirdparty/dev/approve', query: { phone } });
    const back = new URL(approved.headers.location!, 'http://x');
    expect([approved.statusCode, back.pathname, back.searchParams.get('state')]).toEqual([302, '/authredirect', 'dev']);
    const res = await app.inject({ method: 'POST', url: '/auth/phone/token/thirdparty', query: { phone: `dev@${back.searchParams.get('code')}`, grant_type: 'phone', scope: 'server' }, headers: BASIC_ADMIN });
    expect(res.json().username).toBe('operator');
  });
});
