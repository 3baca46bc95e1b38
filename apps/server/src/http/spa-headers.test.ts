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

  it('sends HSTS over https only', async () => {
    expect((await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['strict-transport-security']).toBeUndefined();
  });
});
