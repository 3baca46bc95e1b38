import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { seedMenu } from './seed-data.js';

/**
 * A page's address reloaded (or opened from a link) must reach the web app, not an API answer:
 * 桌台图 at /order/floor once answered a reload with the floor's JSON and 登录过期.
 */
describe('menu page addresses', () => {
  it('are left to the web app: no GET route sits at one', async () => {
    const { app } = await createTestApp();
    try {
      await app.ready();
      const pages = new Set(seedMenu.flatMap((g) => [g.path, ...g.screens.map((s) => s.path)]));
      expect(app.routeAccess.filter((r) => (r.method === 'GET' || r.method === 'HEAD') && pages.has(r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
