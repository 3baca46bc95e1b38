import { describe, expect, it } from 'vitest';
import type { OrderRow } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, openFromMenu, signIn } from './shell-pages.js';
import { useSimulator } from './wxmp-pages.js';

/**
 * 扫码点餐 on the demo business: a diner opens a table's QR address on a phone, orders a dish
 * with options and one without, with a remark; the store pays first, so the page goes to the
 * WeChat Pay simulator's h5 page, 确认支付 there sends the diner back to the order's status page,
 * which turns 已支付 when the platform's notification has reached the server; meanwhile the
 * order arrives live in the admin's open 订单列表, paid, from the QR source at the table.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

describe.skipIf(!hasBrowser())('diners\' table ordering, paid through the simulator, live in the admin list', () => {
  const simulator = useSimulator();
  const session = useServerAndBrowser(simulator.env);

  it('orders from the table page, pays on the simulator\'s page, and the order shows paid on both sides', async () => {
    const { url } = session.server;
    const token = await apiToken(url);

    // The list shows the admin's first store: it takes payment first for this test, and keeps no
    // hours (open whenever the test runs: the demo's lunch and dinner hours are not the test's).
    const stores = await call<Array<{ id: string }>>(url, token, 'GET', '/store/shop/mine');
    const storeId = stores.data[0]!.id;
    const shop = await call<Record<string, unknown>>(url, token, 'GET', `/store/shop/${storeId}`);
    const saved = await call(url, token, 'PUT', '/store/shop', { ...shop.data, payMode: 'pay_first', businessHours: [] });
    expect(saved.msg ?? '').toBe('');
    const tables = await call<{ records: Array<{ code: string; orderUrl: string }> }>(url, token, 'GET', `/store/table/page?storeId=${storeId}&current=1&size=1`);
    const table = tables.data.records[0]!;

    // The admin's 订单列表 is open.
    const admin = await session.newPage('/login');
    await signIn(admin);
    await openFromMenu(admin, '订单管理', '订单列表');
    await admin.getByTestId('order-page').waitFor();

    // The diner's phone: the table's page, a dish with options through the picker and a plain one.
    const context = await session.newContext(PHONE);
    const phone = await context.newPage();
    await phone.goto(table.orderUrl);
    await phone.getByTestId('diner-menu').waitFor();
    await phone.getByText(`桌号 ${table.code}`).waitFor();
    const withOptions = phone.getByTestId('diner-item').filter({ has: phone.locator('.dn-choose') }).first();
    await withOptions.locator('.dn-choose').click();
    const picker = phone.getByTestId('diner-picker');
    await picker.waitFor();
    // Every required group gets its first option that is not chosen yet (a default may be chosen already).
    for (const group of await picker.locator('fieldset').all()) {
      const legend = await group.locator('legend').innerText();
      if (/必选|选 \d/.test(legend) && !(await group.locator('.dn-chip.on').count())) await group.locator('button.dn-chip:not([disabled])').first().click();
    }
    await phone.getByTestId('diner-picker-add').click();
    await picker.waitFor({ state: 'hidden' });
    await phone.locator('.dn-plus').first().click();
    await expect.poll(() => phone.getByTestId('diner-cart-count').innerText()).toBe('2');

    await phone.getByTestId('diner-cart-open').click();
    const cart = phone.getByTestId('diner-cart');
    await expect.poll(() => cart.getByTestId('diner-total').innerText()).toMatch(/^¥\d+\.\d{2}$/);
    const total = await cart.getByTestId('diner-total').innerText();
    await cart.getByRole('textbox').fill('不要香菜');
    await cart.getByTestId('diner-submit').click();

    // The simulator's h5 page: the amount, 确认支付, back to the order's status page.
    await phone.waitForURL(/\/pay\/checkmweb/);
    await phone.getByText(total).waitFor();
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.waitForURL(/\/order\/t\/[\w-]+\/order\/[\w-]+$/);
    await phone.getByTestId('diner-status').waitFor();
    await expect.poll(() => phone.getByTestId('diner-status-name').innerText()).toBe('已支付');
    expect(await phone.getByTestId('diner-order-total').innerText()).toBe(total);
    const orderNo = (await phone.locator('.dn-header h1').innerText()).replace(/^订单号\s*/, '');

    // The admin's list: the order arrived live, paid, from the table's QR code.
    const found = await call<{ records: OrderRow[] }>(url, token, 'GET', `/order/order/page?storeId=${storeId}&orderNo=${orderNo}`);
    const order = found.data.records[0]!;
    expect(order).toMatchObject({ orderNo, source: 'qr', status: 'paid', tableCode: table.code, remark: '不要香菜', payMethods: ['wechat'] });
    const row = admin.getByTestId(`order-row-${order.id}`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId(`order-status-${order.id}`).innerText()).toContain('已支付');
  });
});
