import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderRecord, OrderRow } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, creator, openFromMenu, signIn } from './shell-pages.js';

/**
 * 先吃后付, on a store set up over the API (no demo data: the server boots in a fraction of the
 * time): a pay-later store open at any hour, a dish sold by the portion and a fish sold by
 * weight, and a table. A diner at the table orders a dish (the tab opens, 就餐中), orders the
 * fish by weight from the same page (加菜: the tab's second round, priced unit price × weight as
 * the page said) and asks for the bill (买单); the admin's 订单列表 shows the tab waiting for
 * payment with both rounds, the cashier takes it in cash from the order drawer (收款), and the
 * paid tab is finished (完成) from its row in the list, which the diner's status page then shows.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const drawer = (page: Page) => page.getByTestId('order-drawer');
const confirmPopover = (page: Page) => page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();

/** The diner's cart: opened, priced by the server, submitted; the tab's status page follows. */
async function submitCart(phone: Page): Promise<void> {
  await phone.getByTestId('diner-cart-open').click();
  const cart = phone.getByTestId('diner-cart');
  await expect.poll(() => cart.getByTestId('diner-total').innerText()).toMatch(/^¥\d+\.\d{2}$/);
  await cart.getByTestId('diner-submit').click();
  await phone.getByTestId('diner-status').waitFor();
}

const dishItem = (phone: Page, name: string) => phone.getByTestId('diner-item').filter({ has: phone.locator('h3', { hasText: name }) });

describe.skipIf(!hasBrowser())('pay-later table: two rounds from the diners\' page, 买单, paid and finished in the admin list', () => {
  const session = useServerAndBrowser({ DEMO_DATA: 'off' });

  it('opens a tab, adds a round, bills it; the list takes the payment and finishes it', async () => {
    const { url } = session.server;
    const token = await apiToken(url);
    const made = creator(url, token);

    // A store that lets diners pay after eating, with no fixed hours (open whenever the test runs).
    const store = await made('/store/shop', { name: '川味小馆', payMode: 'pay_later', orderTypes: ['dine_in', 'takeaway'], businessHours: [] });
    const category = await made('/store/category', { storeId: store.id, name: '热菜', kind: 'dish' });
    await made('/store/dish', { storeId: store.id, categoryId: category.id, name: '回锅肉', price: 3600 });
    await made('/store/dish', { storeId: store.id, categoryId: category.id, name: '清蒸鲈鱼', price: 6800, unit: '斤', isWeighed: true });
    const area = await made('/store/area', { storeId: store.id, name: '大厅' });
    const table = await made<{ id: string; code: string; orderUrl: string }>('/store/table', { storeId: store.id, areaId: area.id, code: 'A01' });
    const storeId = store.id;

    // The admin's 订单列表 is open.
    const admin = await session.newPage('/login');
    await signIn(admin);
    await openFromMenu(admin, '订单管理', '订单列表');
    await admin.getByTestId('order-page').waitFor();

    // The diner's phone: the first order opens the table's tab.
    const context = await session.newContext(PHONE);
    const phone = await context.newPage();
    await phone.goto(table.orderUrl);
    await phone.getByTestId('diner-menu').waitFor();
    await phone.getByText(`桌号 ${table.code}`).waitFor();
    await dishItem(phone, '回锅肉').locator('.dn-plus').click();
    await expect.poll(() => phone.getByTestId('diner-cart-count').innerText()).toBe('1');
    await submitCart(phone);
    await expect.poll(() => phone.getByTestId('diner-status-name').innerText()).toBe('就餐中');
    const orderNo = (await phone.locator('.dn-header h1').innerText()).replace(/^订单号\s*/, '');

    // 加菜 from the same page: back to the menu, which shows the open tab; the fish by weight,
    // 1.5 斤 at ¥68.00 a 斤, as the picker's note says it is priced.
    await phone.getByRole('button', { name: '继续点餐' }).click();
    await phone.getByTestId('diner-open-tab').filter({ hasText: '就餐中' }).waitFor();
    const fish = dishItem(phone, '清蒸鲈鱼');
    expect(await fish.getByTestId('diner-weighed').innerText()).toBe('称重');
    expect(await fish.locator('.dn-price').innerText()).toBe('¥68.00/斤');
    await fish.getByRole('button', { name: '清蒸鲈鱼 选重量' }).click();
    const picker = phone.getByTestId('diner-picker');
    expect(await picker.getByTestId('diner-weighed-note').innerText()).toBe('称重菜，单价 ¥68.00/斤，按所点重量计价');
    await picker.getByRole('button', { name: '重量 +' }).click();
    await expect.poll(() => picker.getByTestId('diner-weight-value').innerText()).toBe('1.5斤');
    await phone.getByTestId('diner-picker-add').click();
    await picker.waitFor({ state: 'hidden' });
    await phone.getByTestId('diner-cart-open').click();
    const cart = phone.getByTestId('diner-cart');
    expect(await cart.getByTestId('diner-cart-quantity').innerText()).toBe('1.5斤');
    // The server's quote of the round: 1.5 × ¥68.00.
    await expect.poll(() => cart.getByTestId('diner-total').innerText()).toBe('¥102.00');
    await cart.getByTestId('diner-submit').click();
    await phone.getByTestId('diner-status').waitFor();
    await expect.poll(() => phone.locator('.dn-header h1').innerText()).toBe(`订单号 ${orderNo}`);
    await expect.poll(() => phone.getByTestId('diner-round').allInnerTexts()).toEqual(['第1轮', '第2轮']);

    // 买单: the tab waits for payment, with no deadline.
    await phone.getByTestId('diner-bill').click();
    await expect.poll(() => phone.getByTestId('diner-status-name').innerText()).toBe('待支付');
    await phone.getByTestId('diner-billed').waitFor();
    const total = await phone.getByTestId('diner-order-total').innerText();

    // The server has one order of two rounds, billed.
    const found = await call<{ records: OrderRow[] }>(url, token, 'GET', `/order/order/page?storeId=${storeId}&orderNo=${orderNo}`);
    expect(found.data.records).toHaveLength(1);
    const order = found.data.records[0]!;
    expect(order).toMatchObject({ source: 'qr', type: 'dine_in', status: 'pending', tableCode: table.code, paidAmount: 0 });

    // The admin's list shows it waiting for payment (a refresh brings 买单, which makes no alert).
    const row = admin.getByTestId(`order-row-${order.id}`);
    await admin.getByRole('button', { name: '刷新' }).click();
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId(`order-status-${order.id}`).innerText()).toContain('待支付');
    expect(await row.getByTestId(`order-finish-${order.id}`).count()).toBe(0);

    // The drawer: both rounds, each dish under its round.
    await row.getByTestId(`order-open-${order.id}`).click();
    const lines = drawer(admin).getByTestId('order-lines');
    await lines.waitFor();
    const record = await call<OrderRecord>(url, token, 'GET', `/order/order/${order.id}`);
    expect(record.data.lines.map((l) => [l.name, l.round, l.quantity, l.lineAmount])).toEqual([['回锅肉', 1, 1, 3600], ['清蒸鲈鱼', 2, 1.5, 10200]]);
    expect(record.data.payableAmount).toBe(13800);
    for (const line of record.data.lines) {
      await expect.poll(() => lines.getByTestId(`order-line-${line.id}`).innerText()).toContain(`第 ${line.round} 轮`);
    }
    expect(await drawer(admin).getByTestId('order-amount-payable').innerText()).toBe(total);
    expect(await drawer(admin).getByTestId('order-finish').count()).toBe(0);

    // 收款 in cash, the amount due as the diner's page showed it.
    await drawer(admin).getByTestId('order-pay').click();
    const dialog = admin.getByTestId('pay-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('pay-due').innerText()).toBe(total);
    await admin.getByTestId('pay-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    // Paid with its dishes still in the kitchen, the tab is 制作中 (issue 24: never back to 待处理, no 接单).
    await expect.poll(() => drawer(admin).getByTestId('order-drawer-status').innerText()).toContain('制作中');
    await drawer(admin).getByTestId('order-payments').getByText('现金', { exact: true }).waitFor();
    await drawer(admin).getByTestId('order-finish').waitFor();

    // 完成 from its row sends its dishes out.
    await admin.keyboard.press('Escape');
    await drawer(admin).waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId(`order-status-${order.id}`).innerText()).toContain('制作中');
    await row.getByTestId(`order-finish-${order.id}`).click();
    await confirmPopover(admin);
    await expect.poll(() => row.getByTestId(`order-status-${order.id}`).innerText()).toContain('已完成');

    const done = await call<OrderRecord>(url, token, 'GET', `/order/order/${order.id}`);
    expect(done.data).toMatchObject({ status: 'finished', payMethods: ['cash'] });
    expect(done.data.paidAmount).toBe(done.data.payableAmount);
    // The payment started the tab's dishes (accept: 制作中), 完成 sent them out.
    expect(done.data.logs.map((l) => l.action)).toEqual(['create', 'add', 'bill', 'pay', 'accept', 'finish']);

    // The diner's page follows: 已完成.
    await expect.poll(() => phone.getByTestId('diner-status-name').innerText(), { timeout: 15_000 }).toBe('已完成');
  });
});
