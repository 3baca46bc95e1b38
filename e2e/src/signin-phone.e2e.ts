import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { bindPhone } from './shell-pages.js';

/**
 * SMS sign-in end to end: the code is read from where the product delivers SMS outside a real
 * gateway, the development sender's outbox file (SMS_OUTBOX_FILE; the log never holds a code).
 */
describe.skipIf(!hasBrowser())('phone sign-in', () => {
  const outbox = path.join(os.tmpdir(), `canteen-e2e-sms-${process.pid}.jsonl`);
  const session = useServerAndBrowser({ SMS_OUTBOX_FILE: outbox });
  const phone = '13800138000';
  afterAll(() => rmSync(outbox, { force: true }));

  const smsCode = () =>
    existsSync(outbox)
      ? readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { phone: string; code: string }).findLast((sms) => sms.phone === phone)?.code
      : undefined;

  it('sends a six-digit code and signs in with it', async () => {
    await bindPhone(session.server.url, 'operator', phone);

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
