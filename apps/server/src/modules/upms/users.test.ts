import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTestUser, passwordGrant, signIn } from '../../../test/auth.js';

const { app } = await createTestApp();
const admin = await signIn(app, 'admin');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /upms/user/info', () => {
  it('answers sysUser, role codes and permission codes', async () => {
    const res = await call('GET', '/upms/user/info');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.sysUser).toMatchObject({ username: 'admin', nickname: '管理员', deptName: '总部' });
    expect(data.roles).toEqual(['ROLE_ADMIN']);
    expect(data.permissions).toContain('sys:user:add');
    expect(data.permissions).toContain('wxmp:wxmsg:index');
  });

  it('gives the operator no system-management code', async () => {
    const { data } = (await call('GET', '/upms/user/info', undefined, await signIn(app, 'operator'))).json<{ data: { roles: string[]; permissions: string[] } }>();
    expect(data.roles).toEqual(['ROLE_OPERATOR']);
    expect(data.permissions.some((p) => p.startsWith('sys:'))).toBe(false);
    expect(data.permissions).toContain('store:dish:add');
  });
});

describe('users', () => {
  it('pages users with roles and filters by name and lock flag', async () => {
    const page = (await call('GET', '/upms/user/page?current=1&size=10&username=adm')).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ username: 'admin', lockFlag: '0', roles: [{ roleCode: 'ROLE_ADMIN' }] });
    expect((await call('GET', '/upms/user/page?lockFlag=9')).json().data.total).toBe(0);
    expect((await call('GET', '/upms/user/page?descs=password')).statusCode).toBe(400);
    expect((await call('GET', '/upms/user/page?lockFlag=x')).statusCode).toBe(400);
  });

  it('creates a user who can then sign in; duplicates are 409', async () => {
    const roles = (await call('GET', '/upms/role/list')).json<{ data: Array<{ id: string; roleCode: string }> }>().data;
    const operatorRole = roles.find((r) => r.roleCode === 'ROLE_OPERATOR')!.id;
    const res = await call('POST', '/upms/user', { username: 'cashier', password: 'secret1', nickname: '收银', roleIds: [operatorRole] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'cashier', roles: [{ roleCode: 'ROLE_OPERATOR' }] });
    expect((await passwordGrant(app, 'cashier', 'secret1')).statusCode).toBe(200);
    const again = await call('POST', '/upms/user', { username: 'cashier', password: 'secret1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('cashier');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const short = await call('POST', '/upms/user', { username: 'x1', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('password');
    const phone = await call('POST', '/upms/user', { username: 'x2', password: '123456', phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toContain('手机号码');
    const role = await call('POST', '/upms/user', { username: 'x3', password: '123456', roleIds: ['999999'] });
    expect(role.statusCode).toBe(400);
    expect((await call('GET', '/upms/user/abc')).statusCode).toBe(400);
    expect((await call('GET', '/upms/user/999999')).statusCode).toBe(404);
  });

  it('locks, unlocks and resets a password; a locked user cannot sign in and loses its sessions', async () => {
    const id = await createTestUser(app, 'waiter', ['ROLE_OPERATOR']);
    const session = await signIn(app, 'waiter');
    expect((await call('PUT', '/upms/user', { id, lockFlag: '9' })).json().data.lockFlag).toBe('9');
    expect((await call('GET', '/upms/user/info', undefined, session)).statusCode).toBe(401);
    expect((await passwordGrant(app, 'waiter', '123456')).json().msg).toBe('账号已被锁定');
    await call('PUT', '/upms/user', { id, lockFlag: '0', password: 'newpass1' });
    expect((await passwordGrant(app, 'waiter', 'newpass1')).statusCode).toBe(200);
  });

  it('will not let a user lock or delete themselves', async () => {
    const me = (await call('GET', '/upms/user/info')).json().data.sysUser.id;
    const lock = await call('PUT', '/upms/user', { id: me, lockFlag: '9' });
    expect(lock.statusCode).toBe(400);
    expect(lock.json().msg).toBe('不能锁定自己');
    const del = await call('DELETE', `/upms/user/${me}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toBe('不能删除自己');
  });

  it('deletes another user', async () => {
    const id = await createTestUser(app, 'temp');
    expect((await call('DELETE', `/upms/user/${id}`)).json().data).toBe(true);
    expect((await call('DELETE', `/upms/user/${id}`)).statusCode).toBe(404);
  });
});

describe('own profile', () => {
  it('edits nickname and phone (the new number with its SMS code: users/phone-change.test.ts), and changes the password only with the old one', async () => {
    await createTestUser(app, 'self', ['ROLE_OPERATOR'], 'oldpass1');
    const me = await signIn(app, 'self');
    expect((await call('POST', '/upms/user/phone/code', { phone: '13600136000' }, me)).json().data).toBe(true);
    const smsCode = (app.identity.sms as unknown as { sent: Array<{ phone: string; code: string }> }).sent.findLast((s) => s.phone === '13600136000')!.code;
    expect((await call('PUT', '/upms/user/edit', { nickname: '自己', phone: '13600136000', smsCode }, me)).json().data).toBe(true);
    expect((await call('GET', '/upms/user/info', undefined, me)).json().data.sysUser).toMatchObject({ nickname: '自己', phone: '13600136000' });
    const wrong = await call('PUT', '/upms/user/edit', { password: 'nope12', newpassword1: 'newpass2' }, me);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('原密码');
    expect((await call('PUT', '/upms/user/edit', { newpassword1: 'newpass2' }, me)).statusCode).toBe(400);
    expect((await call('PUT', '/upms/user/edit', { password: 'oldpass1', newpassword1: 'newpass2' }, me)).statusCode).toBe(200);
    expect((await passwordGrant(app, 'self', 'newpass2')).statusCode).toBe(200);
    expect((await call('GET', '/upms/user/info', undefined, me)).statusCode).toBe(200); // this session stays
  });

  it('uploads an avatar image and serves it publicly under /media', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const upload = (name: string, data: Buffer) => {
      const boundary = '----canteen';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({ method: 'POST', url: '/upms/user/avatar', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    const res = await upload('me.png', png);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url;
    expect(url).toMatch(/^\/media\/avatar\/[\w-]+\.png$/);
    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const fake = await upload('me.png', Buffer.from('<svg></svg>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().msg).toBe('上传图片格式不对!');
    expect((await upload('me.svg', png)).statusCode).toBe(415);
    expect((await upload('big.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]))).json().msg).toBe('上传图片大小不能超过2M!');
    expect((await app.inject('/media/../../etc/passwd')).statusCode).toBe(404);
    expect((await call('PUT', '/upms/user/edit', { avatar: url })).statusCode).toBe(200);
    expect((await call('PUT', '/upms/user/edit', { avatar: 'javascript:alert(1)' })).statusCode).toBe(400);
  });
});

describe('registration', () => {
  it('is closed by default, even with demo data; opened, it gives a role with no permissions (ROLE_PENDING)', async () => {
    const closed = await app.inject({ method: 'POST', url: '/upms/user/register', payload: { username: 'newbie', password: '123456', nickname: '新人' } });
    expect(closed.statusCode).toBe(403);
    await app.database.exclusive((exec) => exec(`insert into app_setting (key, value) values ('identity.register', '{"open": true}')`, []));
    const res = await app.inject({ method: 'POST', url: '/upms/user/register', payload: { username: 'newbie', password: '123456', nickname: '新人' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { roles: Array<{ roleCode: string }> } }>().data.roles.map((r) => r.roleCode)).toEqual(['ROLE_PENDING']);
    const newbie = await signIn(app, 'newbie');
    expect((await call('GET', '/upms/user/info', undefined, newbie)).json().data).toMatchObject({ roles: ['ROLE_PENDING'], permissions: [] });
    expect((await call('GET', '/upms/menu', undefined, newbie)).json().data).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/upms/user/register', payload: { username: 'newbie', password: '123456' } })).statusCode).toBe(409);
  });
});
