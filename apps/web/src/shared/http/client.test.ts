import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '@canteen/contract';
import { z } from 'zod';
import { call } from './call';
import { api, configureHttp, http as axiosInstance, HttpError } from './client';

/** A real local server answering what each test asks of it. */
let respond: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
const seen: IncomingMessage[] = [];
const server = http.createServer((req, res) => {
  seen.push(req);
  respond(req, res);
});
const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const shown: string[] = [];
let unauthorized = 0;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  axiosInstance.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  axiosInstance.defaults.adapter = 'fetch'; // Node's fetch: a real request without jsdom's CORS rules
  configureHttp({ getAccessToken: () => 'tok-1', onUnauthorized: () => void unauthorized++, notify: (m) => void shown.push(m) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  shown.length = 0;
  seen.length = 0;
  unauthorized = 0;
});

describe('the HTTP client', () => {
  it('resolves with the envelope data and sends the bearer token', async () => {
    respond = json(200, { code: 0, msg: null, data: { a: 1 } });
    await expect(api.get('/x')).resolves.toEqual({ a: 1 });
    expect(seen[0]!.headers.authorization).toBe('Bearer tok-1');
  });

  it('refuses an identical change while the first is in flight (000), and sends each change with a fresh idempotency key', async () => {
    let answer!: () => void;
    respond = (_req, res) => { answer = () => json(200, { code: 0, msg: null, data: true })(_req, res); };
    const first = api.post('/orders', { dish: 1 });
    await expect(api.post('/orders', { dish: 1 })).rejects.toThrow('操作太频繁，请勿重复请求');
    expect(shown).toEqual(['操作太频繁，请勿重复请求']);
    await expect.poll(() => seen.length).toBe(1);
    // A different change, or a read, is not held back.
    respond = json(200, { code: 0, msg: null, data: true });
    await expect(api.post('/orders', { dish: 2 })).resolves.toBe(true);
    await expect(api.get('/orders')).resolves.toBe(true);
    answer();
    await expect(first).resolves.toBe(true);
    await expect(api.post('/orders', { dish: 1 })).resolves.toBe(true);
    const keys = seen.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(seen.find((r) => r.method === 'GET')!.headers['idempotency-key']).toBeUndefined();
  });

  it('sends no token on a call marked tokenless, and no isToken header either', async () => {
    respond = json(200, { code: 0, msg: null, data: true });
    await api.post('/auth/oauth/token', undefined, { headers: { isToken: 'false' } });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers.istoken).toBeUndefined();
  });

  it('fails on code 1 even with status 200 and shows msg', async () => {
    respond = json(200, { code: 1, msg: '菜品名称重复', data: null });
    await expect(api.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual(['菜品名称重复']);
  });

  it('fails on any status but 200 and falls back to the status table', async () => {
    respond = (_q, res) => {
      res.writeHead(403);
      res.end();
    };
    await expect(api.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(shown).toEqual(['当前操作没有权限']);
    respond = (_q, res) => {
      res.writeHead(502);
      res.end();
    };
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502 });
    expect(shown.at(-1)).toBe('系统未知错误,请反馈给管理员');
  });

  it('prefers the body msg for a failing status', async () => {
    respond = json(426, { code: 1, msg: '用户名不存在或密码错误', data: null });
    await expect(api.post('/auth/oauth/token')).rejects.toMatchObject({ status: 426 });
    expect(shown).toEqual(['用户名不存在或密码错误']);
  });

  it('on 401 says the login expired and signs out once', async () => {
    respond = json(401, { code: 1, msg: 'invalid_token', data: null });
    await expect(api.get('/upms/user/info')).rejects.toMatchObject({ status: 401 });
    expect(shown).toEqual(['登录过期，请重新登录']);
    expect(unauthorized).toBe(1);
  });

  it('keeps quiet when asked to and rejects network failures', async () => {
    respond = json(500, { code: 1, msg: 'boom', data: null });
    await expect(api.get('/x', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(shown).toEqual([]);
    await expect(api.get('http://127.0.0.1:1/unreachable')).rejects.toMatchObject({ status: 0 });
    expect(shown).toEqual(['网络异常，请检查网络连接']);
  });

  it('reads the message of a failed download from its JSON blob', async () => {
    respond = json(404, { code: 1, msg: '素材不存在', data: null });
    await expect(api.blob('/media')).rejects.toMatchObject({ status: 404 });
    expect(shown).toEqual(['素材不存在']);
  });
});

describe('call()', () => {
  const get = endpoint({ method: 'GET', path: '/things/:id', tag: 't', summary: 's', access: { public: true }, params: z.object({ id: z.string() }), query: z.object({ q: z.string() }), data: z.object({ a: z.number() }) });
  const raw = endpoint({ method: 'POST', path: '/token', tag: 't', summary: 's', access: { public: true }, query: z.object({ grant_type: z.string() }), data: z.object({ access_token: z.string() }), raw: true });

  it('fills the path, sends the query and resolves with the envelope data', async () => {
    respond = json(200, { code: 0, msg: null, data: { a: 1 } });
    await expect(call(get, { params: { id: '7' }, query: { q: 'x y' } })).resolves.toEqual({ a: 1 });
    expect(seen[0]!.url).toBe('/things/7?q=x+y');
  });

  it('resolves a raw endpoint with the whole answer and still fails on a failure envelope', async () => {
    respond = json(200, { access_token: 'a' });
    await expect(call(raw, { query: { grant_type: 'password' } })).resolves.toEqual({ access_token: 'a' });
    expect(seen[0]!.method).toBe('POST');
    respond = json(400, { code: 1, msg: '用户名或密码错误', data: null });
    await expect(call(raw, { query: { grant_type: 'password' } }, { silent: true })).rejects.toMatchObject({ status: 400, message: '用户名或密码错误' });
  });
});

describe('before the app wires its message display in', () => {
  it('keeps a failure\'s message (a 401 at boot: 登录过期) and shows it once the display is there', async () => {
    vi.resetModules();
    const fresh = await import('./client');
    fresh.http.defaults.baseURL = axiosInstance.defaults.baseURL;
    fresh.http.defaults.adapter = 'fetch';
    respond = json(401, { code: 1, msg: '令牌无效', data: null });
    await expect(fresh.api.get('/user/info')).rejects.toMatchObject({ status: 401 });
    await expect(fresh.api.get('/user/menu')).rejects.toMatchObject({ status: 401 });
    const later: string[] = [];
    fresh.configureHttp({ notify: (m) => void later.push(m) });
    expect(later).toEqual(['登录过期，请重新登录']);
  });
});
