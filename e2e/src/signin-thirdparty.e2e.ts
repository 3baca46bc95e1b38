import { describe, expect, it } from 'vitest';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { bindPhone } from './shell-pages.js';

/**
 * Third-party sign-in end to end with the development provider (AUTH_THIRDPARTY_PROVIDERS=dev,
 * refused in production, so this server runs as a development deployment): the login page's
 * button, the provider's authorize page, back through /authredirect to home.
 */
describe.skipIf(!hasBrowser())('third-party sign-in', () => {
  const session = useServerAndBrowser({ AUTH_THIRDPARTY_PROVIDERS: 'dev', NODE_ENV: 'development' });
  const phone = '13800138000';

  it('binds the operator to a phone first', async () => {
    await bindPhone(session.server.url, 'operator', phone);
  });

  it('signs in through a third-party provider: the login page\'s button, the provider\'s page, back through /authredirect', async () => {
    const page = await session.newPage('/login');
    await page.getByTestId('thirdparty').getByRole('button', { name: '开发测试授权登录' }).click();
    await page.waitForURL('**/auth/thirdparty/dev/authorize');
    await page.getByPlaceholder('请输入手机号码').fill(phone);
    await page.getByRole('button', { name: '同意授权' }).click();
    await page.waitForURL('**/wel/index');
    await expect(page.getByTestId('user-menu').innerText()).resolves.toContain('门店运营');
  });
});
