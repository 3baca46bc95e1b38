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

  // Signed out, any path leads to the login page first (spec §4); signed in, an unknown path
  // reaches /404 (shell.e2e.ts). The 404 page itself needs no sign-in.
  it('sends a signed-out visitor of an unknown path to the login page', async () => {
    const page = await session.newPage('/no/such/page');
    await page.waitForURL('**/login**');
    await page.locator('input[type=password]').waitFor({ state: 'visible' });
  });

  it('shows the 404 page with a way back', async () => {
    const page = await session.newPage('/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await expect(page.getByRole('button', { name: '返回首页' }).isVisible()).resolves.toBe(true);
  });
});
