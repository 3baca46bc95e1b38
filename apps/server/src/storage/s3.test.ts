import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';
import { S3_TEST_CREDENTIALS, startS3 } from '../../test/s3.js';
import { loadConfig } from '../config.js';
import { readAll } from './local.js';
import { s3Storage } from './s3.js';

const s3 = await startS3();
// Two whole servers on their own databases and data folders, sharing the bucket.
const one = await createTestApp(s3.env);
const two = await createTestApp(s3.env);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe('the S3 media storage, against a local S3-compatible server', () => {
  const storage = s3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS, prefix: 'media/' });

  it('puts, gets and deletes blobs from buffers and streams, with their content type', async () => {
    const key = 'material/0123456789abcdef0123456789abcdef.png';
    expect(await storage.put(key, png, 'image/png')).toEqual({ key, size: png.length, contentType: 'image/png' });
    const back = await storage.get(key);
    expect(back?.info).toEqual({ key, size: png.length, contentType: 'image/png' });
    expect((await readAll(back!.body)).equals(png)).toBe(true);

    const streamed = 'inbox/fedcba9876543210fedcba9876543210.amr';
    await storage.put(streamed, Readable.from([Buffer.from('#!AMR\n'), Buffer.alloc(100, 1)]), 'audio/amr');
    expect((await storage.get(streamed))?.info).toMatchObject({ size: 106, contentType: 'audio/amr' });

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get('material/nothing-was-ever-stored-here.png')).toBeNull();
    expect(await storage.get('../../etc/passwd')).toBeNull();
    await expect(storage.put('../escape', png, 'image/png')).rejects.toThrow(/bad storage key/);
  });

  it('is chosen by MEDIA_STORAGE=s3, which needs a bucket', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow('Invalid configuration: S3_BUCKET must be set when MEDIA_STORAGE is s3');
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_BUCKET must be an S3 bucket name/);
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow('MEDIA_STORAGE must be "local" or "s3"');
    expect(loadConfig({}).MEDIA_STORAGE).toBe('local');
  });
});

describe('two instances sharing one bucket', () => {
  it('an avatar uploaded on one is served by the other, and nothing lands on either local disk', async () => {
    const boundary = 'canteen-s3';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await one.app.inject({ method: 'POST', url: '/upms/user/avatar', headers: { ...(await signIn(one.app, 'admin')), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(200);
    const url = res.json<{ data: { url: string } }>().data.url;
    expect(url).toMatch(/^\/media\/avatar\/[0-9a-f]{32}\.png$/);
    const served = await two.app.inject(url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(png)).toBe(true);
    for (const { config } of [one, two]) expect(existsSync(path.join(config.DATA_DIR, 'media'))).toBe(false);
  });
});
