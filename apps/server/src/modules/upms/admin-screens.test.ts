import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { BASIC_ADMIN, passwordGrant, signIn } from '../../../test/auth.js';

const { app } = await createTestApp();
const admin = await signIn(app, 'admin');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('departments', () => {
  it('builds a tree; refuses to delete a department with children or users (409)', async () => {
    const root = (await call('GET', '/upms/dept/tree')).json().data[0];
    expect(root).toMatchObject({ name: '总部', parentId: '-1' });
    const child = (await call('POST', '/upms/dept', { parentId: root.id, name: '后厨', sort: 1 })).json().data;
    const tree = (await call('GET', '/upms/dept/tree')).json<{ data: Array<{ children: Array<{ name: string }> }> }>().data;
    expect(tree[0]!.children.map((d: { name: string }) => d.name)).toEqual(['后厨']);
    expect((await call('DELETE', `/upms/dept/${root.id}`)).statusCode).toBe(409);
    expect((await call('PUT', '/upms/dept', { id: root.id, parentId: child.id, name: '总部' })).statusCode).toBe(400);
    expect((await call('PUT', '/upms/dept', { id: child.id, parentId: root.id, name: '厨房' })).json().data.name).toBe('厨房');
    expect((await call('DELETE', `/upms/dept/${child.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/upms/dept/${child.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/upms/dept', { name: '' })).statusCode).toBe(400);
  });
});

describe('clients', () => {
  it('never answers secrets; a new client can sign in with its own secret; duplicates are 409', async () => {
    const page = (await call('GET', '/upms/client/page')).json().data;
    expect(page.records[0]).toMatchObject({ clientId: 'admin', scope: 'server' });
    expect(JSON.stringify(page)).not.toContain('argon2');
    const created = await call('POST', '/upms/client', { clientId: 'pos', clientSecret: 'pos-secret', authorizedGrantTypes: 'password,refresh_token' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).not.toHaveProperty('clientSecret');
    const basic = { authorization: `Basic ${Buffer.from('pos:pos-secret').toString('base64')}` };
    const query = { username: 'admin', password: 'LFEt60GoMTj5/mQQ7HjJeA==', grant_type: 'password', scope: 'server' };
    expect((await app.inject({ method: 'POST', url: '/auth/oauth/token', query, headers: basic })).statusCode).toBe(200);
    const sms = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { ...query, grant_type: 'sms_login' }, headers: basic });
    expect(sms.statusCode).toBe(400);
    expect((await call('POST', '/upms/client', { clientId: 'pos', clientSecret: 'x' })).statusCode).toBe(409);
    expect((await call('POST', '/upms/client', { clientId: 'nosecret' })).statusCode).toBe(400);
    expect((await call('POST', '/upms/client', { clientId: 'bad', clientSecret: 'x', authorizedGrantTypes: 'implicit' })).statusCode).toBe(400);
    const id = created.json().data.id;
    expect((await call('PUT', '/upms/client', { id, clientId: 'pos', accessTokenValidity: 3600 })).json().data.accessTokenValidity).toBe(3600);
    expect((await call('DELETE', `/upms/client/${id}`)).statusCode).toBe(200);
    const own = page.records[0].id;
    expect((await call('DELETE', `/upms/client/${own}`)).statusCode).toBe(409);
  });
});

describe('online tokens', () => {
  it('lists usable sign-ins without the tokens themselves, and forces a sign-out', async () => {
    const set = (await passwordGrant(app, 'operator', '123456')).json();
    const page = (await call('GET', '/upms/token/page?username=operator')).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ username: 'operator', clientId: 'admin', grantType: 'password' });
    expect(JSON.stringify(page)).not.toContain(set.access_token);
    expect((await call('DELETE', `/upms/token/${page.records[0].id}`)).statusCode).toBe(200);
    expect((await call('GET', '/upms/user/info', undefined, { authorization: `Bearer ${set.access_token}` })).statusCode).toBe(401);
    const refresh = await app.inject({ method: 'POST', url: '/auth/oauth/token', query: { grant_type: 'refresh_token', refresh_token: set.refresh_token }, headers: BASIC_ADMIN });
    expect(refresh.statusCode).toBe(401);
    expect((await call('DELETE', `/upms/token/${page.records[0].id}`)).statusCode).toBe(404);
  });
});

describe('operation log', () => {
  type LogPage = { total: number; records: Array<{ id: string; title: string; type: string; source: string; time: number }> };
  const logs = async (query = ''): Promise<LogPage> => {
    await app.operationLog.flush(); // rows are written after the answer is sent
    return (await call('GET', `/upms/log/page?size=100${query}`)).json<{ data: LogPage }>().data;
  };

  it('writes one row per changing request, with title, type, user and duration, and never the password', async () => {
    await call('POST', '/upms/dept', { name: '前厅' });
    await passwordGrant(app, 'admin', 'wrong-pw', {}, '10.9.9.9');
    const page = await logs('&username=admin');
    const dept = page.records.find((r) => r.title === '新增部门')!;
    expect(dept).toMatchObject({ type: '0', method: 'POST', requestUri: '/upms/dept', createBy: 'admin', status: 200, exception: null });
    expect(dept.time).toBeGreaterThanOrEqual(0);
    const failed = page.records.find((r) => r.title === '登录（令牌）' && r.type === '9');
    expect(failed).toMatchObject({ requestUri: '/auth/oauth/token', remoteAddr: '10.9.9.9', status: 426, exception: '用户名不存在或密码错误' });
    expect(JSON.stringify(page)).not.toMatch(/password=|LFEt60/);
    expect((await logs('&type=9')).records.every((r) => r.type === '9')).toBe(true);
    expect((await call('GET', '/upms/log/page?startTime=2999-01-01 00:00:00')).json().data.total).toBe(0);
    expect((await call('GET', '/upms/log/page?startTime=yesterday')).statusCode).toBe(400);
    expect((await call('DELETE', `/upms/log/${dept.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/upms/log/${dept.id}`)).statusCode).toBe(404);
  });

  it('stores the web app\'s error-log batch, bounded in size', async () => {
    const entry = { type: 'error', message: 'boom', stack: 'at x', info: 'render', url: 'http://localhost/#/x', time: '2026-01-01 10:00:00' };
    expect((await call('POST', '/upms/log/logs', [entry, entry])).json().data).toBe(true);
    const web = (await logs('&type=9')).records.filter((r) => r.source === 'web');
    expect(web).toHaveLength(2);
    expect(web[0]).toMatchObject({ title: '前端错误: boom', requestUri: 'http://localhost/#/x', createBy: 'admin' });
    expect((await call('POST', '/upms/log/logs', Array(101).fill(entry))).statusCode).toBe(400);
    // An oversized field is trimmed by the contract's rule (as the web app trims it), not refused: the stored log stays bounded.
    expect((await call('POST', '/upms/log/logs', [{ ...entry, message: 'long', stack: 'x'.repeat(9000) }])).statusCode).toBe(200);
    const long = (await logs('&type=9')).records.find((r) => r.title === '前端错误: long') as unknown as { exception: string };
    expect(long.exception.length).toBeLessThanOrEqual(8000 + 2000 + 2000 + 2);
    expect(long.exception).toContain(`${'x'.repeat(7999)}…`);
    expect(long.exception).not.toContain('x'.repeat(8000));
    expect((await app.inject({ method: 'POST', url: '/upms/log/logs', payload: [entry] })).statusCode).toBe(401);
  });

  it('masks the password, code and token parameters of an uploaded page URL (issue 22 #7)', async () => {
    const url = 'http://localhost/authredirect?state=dev&code=9f8e7d6c&redirect=%2Fwel#/x?token=tok-123&refresh_token=ref-456&password=pw-789';
    const entry = { type: 'error', message: 'masked-url', stack: '', info: 'x', url, time: '2026-01-01 10:00:00' };
    expect((await call('POST', '/upms/log/logs', [entry])).json().data).toBe(true);
    const stored = (await logs('&type=9')).records.find((r) => r.title === '前端错误: masked-url') as unknown as { requestUri: string };
    expect(stored.requestUri).toBe('http://localhost/authredirect?state=dev&code=***&redirect=%2Fwel#/x?token=***&refresh_token=***&password=***');
  });
});
