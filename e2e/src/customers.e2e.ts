import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { openFromMenu, signIn } from './shell-pages.js';

/**
 * 客户管理 as the counter uses it, on the demo business: a new member, a recharge from a plan
 * (principal and bonus apart, the ledger row), then a coupon issued to that member from 优惠券
 * and seen on the member.
 */

const drawer = (page: Page) => page.getByTestId('member-drawer');
const statistic = (page: Page, key: string) => drawer(page).getByTestId(`member-wallet-${key}`).locator('.ant-statistic-content');
const PHONE = '13912340001';

describe.skipIf(!hasBrowser())('members, stored value and coupons', () => {
  const session = useServerAndBrowser();

  it('adds a member, recharges 充500送80 at the counter and shows principal, bonus and the ledger; a coupon issued to the member shows on it', async () => {
    const page = await session.newPage('/login');
    await signIn(page);
    await openFromMenu(page, '客户管理', '会员');

    // A new member: the drawer opens on it.
    await page.getByRole('button', { name: '新增会员' }).click();
    const form = page.getByTestId('member-form');
    await form.getByTestId('member-phone').fill('1391234');
    await form.getByTestId('member-name').fill('测试会员');
    await form.getByTestId('member-save').click();
    await form.getByText('手机号码长度不为11位').waitFor();
    await form.getByTestId('member-phone').fill(PHONE);
    await form.getByTestId('member-save').click();
    await drawer(page).getByText('测试会员').first().waitFor();

    // 充值 from a plan, cash.
    await drawer(page).getByTestId('member-recharge').click();
    const recharge = page.getByTestId('recharge-form');
    await recharge.getByText('(充500送80)').click();
    await page.getByTestId('recharge-summary').waitFor();
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('recharge-result').waitFor();
    await page.getByTestId('recharge-close').click();

    await expect.poll(() => statistic(page, 'principal').innerText()).toBe('¥500.00');
    await expect.poll(() => statistic(page, 'bonus').innerText()).toBe('¥80.00');
    await expect.poll(() => statistic(page, 'balance').innerText()).toBe('¥580.00');
    const ledger = drawer(page).getByTestId('member-balance-ledger');
    await ledger.locator('tbody tr.ant-table-row').filter({ hasText: '充值' }).filter({ hasText: '500.00' }).waitFor();

    // 优惠券: issue 满100减20 to this member, found by phone in the issue dialog.
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
    await openFromMenu(page, '客户管理', '优惠券');
    const plan = page.locator('tr.ant-table-row').filter({ hasText: '满100减20' }).first();
    await plan.getByText('发放', { exact: true }).click();
    const members = page.getByTestId('issue-members');
    await members.click();
    await page.keyboard.type(PHONE.slice(0, 7));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '测试会员' }).click();
    // The multiple choice stays open for more: close it by clicking elsewhere in the dialog.
    await page.locator('.ant-modal:visible').getByText('发放对象').click();
    await page.getByTestId('issue-submit').click();
    await page.getByTestId('issue-result').waitFor();
    await page.getByTestId('issue-close').click();

    // …and it is on the member.
    await openFromMenu(page, '客户管理', '会员');
    await page.getByPlaceholder('手机号 / 尾号 / 会员号 / 姓名').fill(PHONE);
    await page.getByPlaceholder('手机号 / 尾号 / 会员号 / 姓名').press('Enter');
    await page.locator('tr.ant-table-row').filter({ hasText: '测试会员' }).getByText('详情').click();
    await drawer(page).getByRole('tab', { name: '优惠券' }).click();
    await drawer(page).locator('tr.ant-table-row').filter({ hasText: '满100减20' }).filter({ hasText: '未使用' }).waitFor();
  });
});
