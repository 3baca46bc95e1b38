import { describe, expect, it } from 'vitest';
import type { MenuDish, OrderingMenu, OrderRecord } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, openFromMenu, signIn } from './shell-pages.js';

/**
 * 收银台 on the demo business, with the keyboard as the counter uses it: a dish found by the
 * search and added with Enter, another one clicked, + on the last line, the server's price, 下单并收款
 * (F9), cash tendered with the change shown, the receipt; the order is paid in cash on the server.
 */

/** A dish the counter adds with one click: no sizes or required options, not weighed, available. */
const plain = (dish: MenuDish) => dish.available && dish.skus.length === 0 && !dish.isWeighed && dish.specGroups.length === 0;
const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe.skipIf(!hasBrowser())('cashier: an order paid in cash', () => {
  const session = useServerAndBrowser();

  it('takes an order at the counter with the keyboard, is paid in cash with change and shows the receipt', async () => {
    const { url } = session.server;
    const token = await apiToken(url);
    const stores = await call<Array<{ id: string }>>(url, token, 'GET', '/store/shop/mine');
    const menu = await call<OrderingMenu>(url, token, 'GET', `/store/menu?storeId=${stores.data[0]!.id}`);
    const dishes = menu.data.categories.flatMap((c) => c.dishes).filter(plain);
    const [first, second] = [dishes[0]!, dishes.find((d) => d.id !== dishes[0]!.id && !d.name.includes(dishes[0]!.name))!];

    const page = await session.newPage('/login');
    await signIn(page);
    await openFromMenu(page, '订单管理', '收银台');
    await page.getByTestId('cashier').waitFor();
    if (menu.data.store.orderTypes.includes('takeaway')) await page.getByTestId('cashier-type').getByText('外带').click();

    // "/" focuses the search; Enter adds the highlighted (first) match; + adds one more of it.
    await page.keyboard.press('/');
    await page.keyboard.type(first.name);
    await page.getByTestId(`cashier-item-dish-${first.id}`).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('+');
    await page.getByPlaceholder('搜索菜品（名称或拼音首字母）').fill('');
    await page.getByTestId(`cashier-item-dish-${second.id}`).click();

    // The cart's amounts are the server's quote.
    const cart = page.getByTestId('cashier-cart');
    await expect.poll(() => cart.locator(`[data-line-name="${first.name}"]`).getByTestId('cart-line-quantity').innerText()).toBe('2');
    const submit = page.getByTestId('cashier-submit');
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    const payable = yuan(await page.getByTestId('cashier-payable').innerText());
    expect(payable).toBeGreaterThan(0);

    // F9: the order is created and the payment dialog asks for cash.
    await page.keyboard.press('F9');
    const dialog = page.getByTestId('pay-dialog');
    await dialog.waitFor();
    expect(yuan(await dialog.getByTestId('pay-due').innerText())).toBe(payable);
    const tendered = Math.ceil(payable / 100) * 100 + 100;
    await dialog.getByTestId('pay-tendered').fill(String(tendered));
    await expect.poll(async () => yuan(await dialog.getByTestId('pay-change').innerText())).toBeCloseTo(tendered - payable, 2);
    await page.getByTestId('pay-submit').click();

    // The receipt: the order's number, the amount, the cash tendered and the change.
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    const orderNo = (await receipt.getByTestId('receipt-order-no').innerText()).trim();
    expect(orderNo).toMatch(/^\d{6}/);
    expect(yuan(await receipt.getByTestId('receipt-payable').innerText())).toBe(payable);
    expect(yuan(await receipt.getByTestId('receipt-change').innerText())).toBeCloseTo(tendered - payable, 2);
    await receipt.getByText(first.name).first().waitFor();

    // The server has it paid in cash, with the change.
    const found = await call<{ records: Array<{ id: string; orderNo: string }> }>(url, token, 'GET', `/order/order/page?orderNo=${orderNo}`);
    const order = await call<OrderRecord>(url, token, 'GET', `/order/order/${found.data.records[0]!.id}`);
    expect(order.data.status).toBe('paid');
    expect(order.data.source).toBe('cashier');
    expect(order.data.payments).toMatchObject([{ method: 'cash', status: 'success', amount: Math.round(payable * 100), tendered: tendered * 100, change: Math.round((tendered - payable) * 100) }]);

    // 新订单: an empty cart again.
    await page.getByTestId('receipt-new').click();
    await receipt.waitFor({ state: 'hidden' });
    await page.getByTestId('cashier-cart').getByText('点击左侧菜品加入购物车').waitFor();
  });
});
