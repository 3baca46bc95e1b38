import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn, type AuthHeader } from '../../test/auth.js';
import { registerErrorHandling } from '../http/error-handler.js';
import { localStorage } from './local.js';
import { sniff } from './media-types.js';
import { uploadRules } from './rules.js';
import { uploadsPlugin } from './uploads.js';

const { app } = await createTestApp();
let auth: AuthHeader;
beforeAll(async () => {
  auth = await signIn(app, 'admin');
});

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
const webp = Buffer.concat([Buffer.from('RIFF\x40\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(64)]);
const B = 'canteen-boundary';

/** A hand-made multipart body: text fields, then file parts; `cut` drops that many bytes off its end. */
function body(fields: Record<string, string>, files: Array<{ field?: string; name: string; bytes: Buffer }>, cut = 0) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${B}--\r\n`));
  const whole = Buffer.concat(parts);
  return whole.subarray(0, whole.length - cut);
}

/** The two upload routes, each with the fields it needs besides the file. */
const routes = [
  { url: '/upms/user/avatar', fields: {} as Record<string, string>, missing: 'file: 请选择要上传的图片' },
  { url: '/weixin/wxmaterial/materialFileUpload', fields: { appId: 'wx0000000000demo', mediaType: 'image' }, missing: '请选择要上传的文件' },
];

const post = (url: string, payload: Buffer | string, contentType = `multipart/form-data; boundary=${B}`) =>
  app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': contentType }, payload });

/** Each route's answer: [status, message]. */
const both = async (send: (route: (typeof routes)[number]) => ReturnType<typeof post>) =>
  Promise.all(routes.map(async (route) => {
    const res = await send(route);
    return [res.statusCode, res.json<{ msg: string }>().msg];
  }));

describe('malformed multipart on the upload routes: a 4xx naming the problem, never a 500', () => {
  it('a missing boundary', async () => {
    const answers = await both((r) => post(r.url, body(r.fields, [{ name: 'a.png', bytes: png }]), 'multipart/form-data'));
    for (const answer of answers) expect(answer).toEqual([400, 'multipart 请求缺少 boundary（分隔符）或 boundary 无效']);
  });

  it('a boundary that is not the one the body uses', async () => {
    const answers = await both((r) => post(r.url, body(r.fields, [{ name: 'a.png', bytes: png }]), 'multipart/form-data; boundary=another-one'));
    for (const answer of answers) expect(answer).toEqual([400, '上传的数据不完整：multipart 正文被截断或 boundary 不匹配']);
  });

  it('a truncated body (in the file, and before any part ends)', async () => {
    for (const cut of [40, 0.9]) {
      const answers = await both((r) => {
        const whole = body(r.fields, [{ name: 'a.png', bytes: png }]);
        return post(r.url, whole.subarray(0, cut < 1 ? Math.floor(whole.length * cut) : whole.length - cut));
      });
      for (const answer of answers) expect(answer).toEqual([400, '上传的数据不完整：multipart 正文被截断或 boundary 不匹配']);
    }
  });

  it('garbage instead of parts', async () => {
    const answers = await both((r) => post(r.url, 'this is not multipart at all'));
    for (const answer of answers) expect(answer[0]).toBe(400);
  });

  it('no file part, or an empty file', async () => {
    const none = await both((r) => post(r.url, body(r.fields, [])));
    const empty = await both((r) => post(r.url, body(r.fields, [{ name: 'a.png', bytes: Buffer.alloc(0) }])));
    expect(none).toEqual(routes.map((r) => [400, r.missing]));
    expect(empty).toEqual(routes.map((r) => [400, r.missing]));
  });

  it('too many files', async () => {
    const answers = await both((r) => post(r.url, body(r.fields, [{ name: 'a.png', bytes: png }, { name: 'b.png', bytes: png }])));
    for (const answer of answers) expect(answer).toEqual([400, '一次只能上传一个文件']);
  });

  it('too many fields', async () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
    const answers = await both((r) => post(r.url, body({ ...r.fields, ...many }, [{ name: 'a.png', bytes: png }])));
    for (const answer of answers) expect(answer).toEqual([400, '上传的字段过多']);
  });

  it('a field too long', async () => {
    const answers = await both((r) => post(r.url, body({ ...r.fields, title: '长'.repeat(2000) }, [{ name: 'a.png', bytes: png }])));
    for (const answer of answers) expect(answer).toEqual([400, '字段 title 过长（不能超过 4096 字节）']);
  });

  it('an oversized file: 413 with the rule\'s message', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const answers = await both((r) => post(r.url, body(r.fields, [{ name: 'big.png', bytes: big }])));
    for (const answer of answers) expect(answer).toEqual([413, '上传图片大小不能超过2M!']);
  });

  it('a wrong content type: 415', async () => {
    const text = await both((r) => post(r.url, 'file=a.png', 'text/plain'));
    for (const answer of text) expect(answer).toEqual([415, '请以 multipart/form-data 上传文件']);
    const json = await both((r) => post(r.url, JSON.stringify({ file: 'a.png' }), 'application/json'));
    for (const answer of json) expect(answer).toEqual([415, '请以 multipart/form-data 上传文件']);
    const xml = await both((r) => post(r.url, '<file/>', 'application/xml'));
    for (const answer of xml) expect(answer).toEqual([415, '不支持的请求内容类型']);
  });

  it('a file whose bytes are not what its name says: 415 with the rule\'s message', async () => {
    const answers = await both((r) => post(r.url, body(r.fields, [{ name: 'a.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }])));
    for (const answer of answers) expect(answer).toEqual([415, '上传图片格式不对!']);
  });
});

describe('multipart elsewhere', () => {
  it('a route that takes JSON refuses a multipart body with 415', async () => {
    for (const [method, url] of [['POST', '/upms/dept'], ['PUT', '/upms/user/edit'], ['POST', '/weixin/wxmaterial/materialNews']] as const) {
      const res = await app.inject({ method, url, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${B}` }, payload: body({ name: 'x' }, []) });
      expect([res.statusCode, res.json<{ msg: string }>().msg]).toEqual([415, '此接口不接受 multipart/form-data 上传，请求体应为 JSON']);
    }
  });
});

describe('the pipeline on its own: rules, storage and serving', () => {
  const small = Fastify();
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'canteen-uploads-'));
    registerErrorHandling(small);
    await small.register(uploadsPlugin, { storage: localStorage(root) });
    small.post('/dish-photo', { schema: { consumes: ['multipart/form-data'] } }, async (request) => (await small.uploads.receive(request, 'dishPhoto')).media);
  });
  afterAll(async () => {
    await small.close();
    await rm(root, { recursive: true, force: true });
  });
  const send = (name: string, bytes: Buffer, field = 'file') =>
    small.inject({ method: 'POST', url: '/dish-photo', headers: { 'content-type': `multipart/form-data; boundary=${B}` }, payload: body({}, [{ field, name, bytes }]) });

  it('sniffs every kind it knows by its bytes, whatever the name', () => {
    expect([png, jpeg, webp].map((b) => sniff(b))).toEqual(['png', 'jpg', 'webp']);
    expect(sniff(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniff(Buffer.from('#!AMR\n'))).toBe('amr');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('wav');
    expect(sniff(Buffer.from('ID3\x04\0'))).toBe('mp3');
    expect(sniff(Buffer.from('\0\0\0\x18ftypmp42'))).toBe('mp4');
    expect(sniff(Buffer.from('<html>'))).toBeNull();
  });

  it('dish photos: jpg, png or webp up to 2 MB, stored with the content type of their bytes', async () => {
    const stored = await send('红烧肉.webp', webp);
    expect(stored.statusCode).toBe(200);
    const media = stored.json<{ key: string; url: string; contentType: string; size: number }>();
    expect(media).toMatchObject({ contentType: 'image/webp', size: webp.length });
    expect(media.key).toMatch(/^dish\/[0-9a-f]{32}\.webp$/);
    expect(media.url).toBe(`/media/${media.key}`);
    const back = await small.uploads.storage.get(media.key);
    expect(back?.info.contentType).toBe('image/webp');
    expect((await send('a.jpg', jpeg)).statusCode).toBe(200);
    expect([(await send('a.gif', Buffer.from('GIF89a' + 'x'.repeat(40)))).statusCode]).toEqual([415]);
    expect((await send('a.png', jpeg)).statusCode).toBe(200); // a misnamed JPEG is still a JPEG: stored as one
    const limit = uploadRules.dishPhoto.maxBytes;
    expect((await send('edge.png', Buffer.concat([png, Buffer.alloc(limit - png.length)]))).statusCode).toBe(200);
    const over = await send('over.png', Buffer.concat([png, Buffer.alloc(limit - png.length + 1)]));
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([413, '菜品图片大小不能超过2M!']);
    const elsewhere = await send('a.png', png, 'photo');
    expect([elsewhere.statusCode, elsewhere.json<{ msg: string }>().msg]).toEqual([400, '请把文件放在字段 file 中上传']);
  });
});

describe('serving stored media', () => {
  it('serves /media and /weixin/media keys from the one storage, with the content type of the map, and nothing outside it', async () => {
    await app.uploads.storage.put('avatar/0123456789abcdef0123456789abcdef.png', png, 'image/png');
    await app.uploads.storage.put('inbox/0123456789abcdef0123456789abcdef.bin', Buffer.from('<script>alert(1)</script>'), 'text/html');
    for (const url of ['/media/avatar/0123456789abcdef0123456789abcdef.png', '/weixin/media/avatar/0123456789abcdef0123456789abcdef.png']) {
      const res = await app.inject(url);
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    const html = await app.inject('/weixin/media/inbox/0123456789abcdef0123456789abcdef.bin');
    expect(html.headers['content-type']).toBe('application/octet-stream');
    for (const url of ['/media/../../etc/passwd', '/media/avatar/..%2f..%2fetc%2fpasswd', '/media/avatar/nothing-here-at-all.png', '/media/a/b/c.png']) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
  });
});
