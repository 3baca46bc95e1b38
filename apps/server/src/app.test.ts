import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { wechatApiBase } from './config.js';

const dist = mkdtempSync(path.join(os.tmpdir(), 'canteen-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script>boot()</script>');
writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');

const { app } = await createTestApp({ WEB_DIST_DIR: dist, BODY_LIMIT_BYTES: '2048' });

describe('health', () => {
  it('answers live and ready with the database kind', async () => {
    expect((await app.inject('/health/live')).json()).toEqual({ code: 0, msg: null, data: { status: 'up' } });
    const ready = await app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ready');
    expect(['pglite', 'postgres']).toContain(ready.json().data.database);
    expect(ready.json().data.checks).toEqual({ database: 'up', bus: 'up', busKind: 'memory' });
  });
});

describe('envelopes for failures', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await app.inject({ url: '/upms/nothing', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 1, msg: '资源不存在', data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/health/live', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, msg: '请求体不是合法的 JSON' });
  });

  it('answers an oversize body with a 413 envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/health/live', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(4096) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 1, msg: '请求体过大' });
  });

  it('never leaks a stack trace', async () => {
    const res = await app.inject({ method: 'POST', url: '/health/live', headers: { 'content-type': 'application/json' }, payload: '[' });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('the web app', () => {
  it('serves index.html for / and for unknown page paths, never cached', async () => {
    for (const url of ['/', '/wel/index', '/some/unknown/page']) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the pages with a Content-Security-Policy that allows index.html\'s inline script by its hash only', async () => {
    const csp = String((await app.inject({ url: '/login', headers: { accept: 'text/html' } })).headers['content-security-policy']);
    const hash = createHash('sha256').update('boot()').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("worker-src 'self' blob:"); // the AMR voice decoder's worker
    expect(csp).toContain("frame-ancestors 'self'");
    // The simulator's follower avatars and files (plain HTTP; the platform's own come over HTTPS).
    const simulator = new URL(wechatApiBase(app.config)).origin;
    expect(csp).toContain(`img-src 'self' data: blob: https: ${simulator}`);
    expect(csp).toContain(`media-src 'self' blob: https: ${simulator}`);
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document at /docs', async () => {
    const res = await app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/health/ready']).toBeDefined();
  });
});
