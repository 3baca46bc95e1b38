import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MenuDish, OrderingMenu, OrderPayResult, OrderRecord } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, openFromMenu, signIn } from './shell-pages.js';

/**
 * 订单列表 on the demo business: an order taken and paid in cash at another counter (over the
 * API) arrives live on the open list with the chime, the notification and the menu badge; the
 * notification opens it; 接单 → 完成; then a partial refund of one line, stock returned.
 */

/** Counts the chimes the page plays: WebAudio replaced by a recorder before the app loads. */
const RECORD_CHIMES = `
  window.__chimes = 0;
  class RecordingContext {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next) => next }; }
    createOscillator() {
      return { type: 'sine', frequency: { setValueAtTime() {} }, connect: (next) => next, start: () => { window.__chimes += 0.5; }, stop() {} };
    }
  }
  window.AudioContext = RecordingContext;
`;
const chimes = (page: Page) => page.evaluate<number>('window.__chimes');

/** A dish the counter can sell as it is: no sizes or required options, not weighed, available. */
const plain = (dish: MenuDish) => dish.available && dish.skus.length === 0 && !dish.isWeighed && dish.specGroups.every((g) => g.minSelect === 0);

const drawer = (page: Page) => page.getByTestId('order-drawer');
const confirmPopover = (page: Page) => page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();

describe.skipIf(!hasBrowser())('order list: live new order, accept, finish, partial refund', () => {
  const session = useServerAndBrowser();

  it('shows a paid order live with the alert, accepts and finishes it, and refunds one line', async () => {
    const page = await session.newPage('/login');
    await page.addInitScript(RECORD_CHIMES);
    await page.goto('/login');
    await signIn(page);
    await openFromMenu(page, '订单管理', '订单列表');
    await page.getByTestId('order-page').waitFor();

    // Another counter takes an order at the store the list shows (the user's first) and is paid in cash.
    const { url } = session.server;
    const token = await apiToken(url);
    const stores = await call<Array<{ id: string; name: string }>>(url, token, 'GET', '/store/shop/mine');
    const storeId = stores.data[0]!.id;
    const menu = await call<OrderingMenu>(url, token, 'GET', `/store/menu?storeId=${storeId}`);
    const dishes = menu.data.categories.flatMap((c) => c.dishes).filter(plain);
    const [first, second] = [dishes[0]!, dishes.find((d) => d.id !== dishes[0]!.id)!];
    const type = menu.data.store.orderTypes.includes('takeaway') ? 'takeaway' : 'dine_in';
    const created = await call<OrderRecord>(url, token, 'POST', '/order/order', {
      storeId, type, lines: [{ kind: 'dish', itemId: first.id, quantity: 2 }, { kind: 'dish', itemId: second.id, quantity: 1 }],
    });
    expect(created.msg ?? '').toBe('');
    const order = created.data;
    const paid = await call<OrderPayResult>(url, token, 'POST', `/order/order/${order.id}/pay`, { method: 'cash', tendered: order.payableAmount });
    expect(paid.data.order.status).toBe('paid');

    // Live: the row, the notification with its chime, the badge on 订单列表.
    const row = page.getByTestId(`order-row-${order.id}`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId(`order-status-${order.id}`).innerText()).toContain('已支付');
    const alert = page.locator('.order-alert').filter({ hasText: `新订单 ${order.orderNo}` });
    await alert.waitFor();
    expect(await chimes(page)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('menu-badge-/order/list').innerText()).toMatch(/^\d+$/);
    await expect.poll(() => page.getByTestId('order-tab-count-todo').innerText()).toMatch(/^\d+$/);

    // The notification opens the order.
    await alert.click();
    await drawer(page).getByTestId('order-drawer-no').filter({ hasText: order.orderNo }).waitFor();
    await drawer(page).getByTestId('order-payments').getByText('现金', { exact: true }).waitFor();

    // 接单 → 制作中, 完成 → 已完成.
    await drawer(page).getByTestId('order-accept').click();
    await confirmPopover(page);
    await expect.poll(() => drawer(page).getByTestId('order-drawer-status').innerText()).toContain('制作中');
    await drawer(page).getByTestId('order-finish').click();
    await confirmPopover(page);
    await expect.poll(() => drawer(page).getByTestId('order-drawer-status').innerText()).toContain('已完成');
    await drawer(page).getByTestId('order-logs').locator('[data-action]').nth(3).waitFor();

    // 退款 of one portion of the first dish, stock returned.
    const firstLine = order.lines.find((l) => l.dishId === first.id && l.kind === 'dish')!;
    await drawer(page).getByTestId('order-refund').click();
    const lines = page.getByTestId('refund-lines');
    await lines.waitFor();
    await lines.getByTestId(`refund-qty-${firstLine.id}`).fill('1');
    await page.getByTestId('refund-reason').fill('上错菜');
    await page.getByTestId('refund-restock').click();
    await page.getByTestId('refund-ok').click();
    const refunds = drawer(page).getByTestId('order-refunds');
    await refunds.getByText(`${firstLine.name} ×1`).waitFor();
    await refunds.getByText('已退回库存').waitFor();
    await drawer(page).getByTestId(`order-line-refunded-${firstLine.id}`).waitFor();
    await drawer(page).getByTestId('order-drawer-status').getByTestId('order-part-refund').waitFor();
    const refunded = await call<OrderRecord>(url, token, 'GET', `/order/order/${order.id}`);
    expect(refunded.data.refundedAmount).toBeGreaterThan(0);
    expect(refunded.data.refundedAmount).toBeLessThan(refunded.data.paidAmount);
    expect(refunded.data.status).toBe('partially_refunded');

    // The list row shows it too, under 已完成.
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
    await page.getByTestId('order-tab-finish').click();
    await row.getByTestId('order-part-refund').waitFor();
  });
});
