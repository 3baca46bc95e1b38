import { describe, expect, it } from 'vitest';
import { hasBrowser, useServerAndBrowser } from './harness.js';

describe.skipIf(!hasBrowser())('first visit', () => {
  const session = useServerAndBrowser();

  it('leads from / to the login page', async () => {
    const page = await session.newPage('/');
    await page.waitForURL('**/login');
    await page.locator('input[type=password]').waitFor({ state: 'visible' });
    expect(await page.title()).toContain('Canteen');
  });

  // Signed out, a path the app has leads to the login page first (spec §4), and an unknown one to
  // /404 (the route table's rule); signed in, an unknown path reaches /404 too (shell.e2e.ts).
  it('sends a signed-out visitor of an unknown path to /404, and of a page to the login page', async () => {
    const page = await session.newPage('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.goto('/admin/user');
    await page.waitForURL('**/login**');
    await page.locator('input[type=password]').waitFor({ state: 'visible' });
  });

  it('shows the 404 page with a way back', async () => {
    const page = await session.newPage('/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await expect(page.getByRole('button', { name: '返回首页' }).isVisible()).resolves.toBe(true);
  });
});
