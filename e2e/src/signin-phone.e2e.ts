import { describe, expect, it } from 'vitest';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call } from './shell-pages.js';

/**
 * SMS sign-in end to end: the code is read from where the product delivers SMS outside a real
 * gateway, the server's log (`LogSmsSender`), so the server runs with info-level logging.
 */
describe.skipIf(!hasBrowser())('phone sign-in', () => {
  const session = useServerAndBrowser({ LOG_LEVEL: 'info' });
  const phone = '13800138000';

  const smsCode = () => [...session.server.output().matchAll(new RegExp(`SMS sign-in code for ${phone}: (\\d+)`, 'g'))].at(-1)?.[1];

  it('sends a six-digit code and signs in with it', async () => {
    const token = await apiToken(session.server.url, 'operator');
    expect((await call(session.server.url, token, 'PUT', '/upms/user/edit', { phone })).status).toBe(200);

    const page = await session.newPage('/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const form = page.getByTestId('phone-form');
    await form.getByPlaceholder('请输入手机号码').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await expect.poll(smsCode).toMatch(/^\d{6}$/);
    const code = smsCode()!;

    await form.getByPlaceholder('请输入短信验证码').fill(code.slice(0, 4));
    await form.getByRole('button', { name: '登 录' }).click();
    await form.getByText('短信验证码为6位数字').waitFor();

    await form.getByPlaceholder('请输入短信验证码').fill(code);
    await form.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL('**/wel/index');
    await page.getByTestId('home-page').waitFor();
    await expect(page.getByTestId('user-menu').innerText()).resolves.toContain('门店运营');
  });
});
