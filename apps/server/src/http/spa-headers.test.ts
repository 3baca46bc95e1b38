import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';

/** Issue 22 #8: /index.html and /diner.html were served without the policy / has. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'canteen-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script>boot()</script>');
writeFileSync(path.join(dist, 'diner.html'), '<!doctype html><div id="diner"></div><script>diner()</script>');
const { app } = await createTestApp({ WEB_DIST_DIR: dist });

describe('every HTML answer carries the policy', () => {
  it('/, /index.html and /diner.html send a Content-Security-Policy', async () => {
    for (const url of ['/', '/index.html', '/diner.html']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['content-security-policy']), url).toContain("object-src 'none'");
    }
  });

  it('sends no HSTS over http, nor when an untrusted caller says https (TRUST_PROXY off)', async () => {
    for (const url of ['/', '/index.html', '/settings/public']) {
      expect((await app.inject({ url, headers: { accept: 'text/html' } })).headers['strict-transport-security'], url).toBeUndefined();
      expect((await app.inject({ url, headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends HSTS on every answer served over https through a trusted proxy, and none over its http', async () => {
    const { app: proxied } = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: '127.0.0.1' });
    for (const url of ['/', '/index.html', '/diner.html', '/settings/public']) {
      const https = await proxied.inject({ url, headers: { accept: 'text/html', 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
      expect(https.statusCode, url).toBe(200);
      expect(https.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({ url, headers: { accept: 'text/html', 'x-forwarded-proto': 'http' }, remoteAddress: '127.0.0.1' });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
    // A caller that is not the proxy is not believed.
    const direct = await proxied.inject({ url: '/', headers: { accept: 'text/html', 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
