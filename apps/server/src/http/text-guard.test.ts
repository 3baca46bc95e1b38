import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';
import { findBadText } from './text-guard.js';

/**
 * NUL, lone surrogates and bytes that are not UTF-8 are refused at the edge with a 400 naming
 * the part and field, before validation and long before PostgreSQL (which answered 500 for a NUL
 * in a query: issue 17's `GET /weixin/wxmsg/summary?appId=%00`).
 */
const { app } = await createTestApp();
const auth = await signIn(app, 'admin');
const json = { ...auth, 'content-type': 'application/json' };
const msg = (res: { json: () => unknown }) => (res.json() as { msg: string }).msg;

describe('text guard', () => {
  it('finds the first bad string with its path, keys included, at any depth', () => {
    expect(findBadText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual({ field: 'b.0.c', problem: expect.stringContaining('NUL') });
    expect(findBadText(['\ud800'])).toEqual({ field: '0', problem: expect.stringContaining('字符编码') });
    expect(findBadText({ 'k\u0000': 1 })?.field).toBe('"k\\u0000"');
    expect(findBadText({ ok: '😀 中文 \ufffd' })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)?.problem).toContain('NUL');
  });

  it('refuses a NUL in a query or path parameter, naming it', async () => {
    const summary = await app.inject({ url: '/weixin/wxmsg/summary?appId=%00', headers: auth });
    expect(summary.statusCode).toBe(400);
    expect(msg(summary)).toBe('查询参数 appId: 不能含有 NUL 字符（\\u0000）');
    const portal = await app.inject({ url: '/weixin/portal/a%00b' });
    expect(portal.statusCode).toBe(400);
    expect(msg(portal)).toContain('路径参数 appId');
  });

  it('refuses a lone surrogate in a JSON body, naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/upms/dept', headers: json, payload: '{"name":"a\\ud800b","parentId":"-1"}' });
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toBe('请求体 name: 含有无效的字符编码（不是合法的 UTF-8 / Unicode 文本）');
  });

  it('refuses a JSON body whose bytes are not UTF-8 instead of storing U+FFFD', async () => {
    const payload = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await app.inject({ method: 'POST', url: '/upms/dept', headers: json, payload });
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toContain('请求体含有无效的字符编码');
    // Valid UTF-8 (and a byte-order mark) still parses.
    const fine = await app.inject({ method: 'POST', url: '/upms/dept', headers: json, payload: Buffer.from('\ufeff{"name":"厨房","parentId":"-1"}') });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses %-escapes that do not decode to UTF-8, in the query and in the path', async () => {
    const query = await app.inject({ url: '/upms/user/page?username=%FF', headers: auth });
    expect(query.statusCode).toBe(400);
    expect(msg(query)).toBe('查询参数 username: 含有无法解码的 % 转义（解码后不是合法的 UTF-8 文本）');
    const path = await app.inject({ url: '/upms/user/%ED%A0%80', headers: auth });
    expect(path.statusCode).toBe(400);
    expect(msg(path)).toContain('请求地址不合法');
  });

  it('refuses a NUL in a multipart field or file name, naming it', async () => {
    const boundary = 'guard';
    const part = (headers: string, body: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const send = (payload: Buffer) => app.inject({ method: 'POST', url: '/weixin/wxmaterial/materialFileUpload', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const field = await send(Buffer.concat([part('Content-Disposition: form-data; name="title"', 'a\u0000b'), part('Content-Disposition: form-data; name="file"; filename="a.png"', png), Buffer.from(`--${boundary}--\r\n`)]));
    expect(field.statusCode).toBe(400);
    expect(msg(field)).toBe('字段 title: 不能含有 NUL 字符（\\u0000）');
    const name = await send(Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a\u0000.png"', png), Buffer.from(`--${boundary}--\r\n`)]));
    expect(name.statusCode).toBe(400);
    expect(msg(name)).toContain('文件名: 不能含有 NUL 字符');
  });
});
