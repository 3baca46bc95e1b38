import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoFeieAccount, feieDeviceKey } from '@canteen/wechat-sim';
import type { MenuDish, OrderingMenu, OrderPayResult, OrderRecord, PrinterRecord } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, openFromMenu, signIn } from './shell-pages.js';
import { useSimulator } from './wxmp-pages.js';

/**
 * 打印机 on the demo business with the 飞鹅 simulator: the account and a kitchen printer are set
 * up in the admin (with the form's ticket preview), an order paid in cash at the counter prints
 * its 后厨单 on the simulator's paper page, the order drawer's 打印记录 shows it sent, and 重打
 * prints it again marked 重打.
 */

/** A dish the counter can sell as it is: no sizes or required options, not weighed, available. */
const plain = (dish: MenuDish) => dish.available && dish.skus.length === 0 && !dish.isWeighed && dish.specGroups.every((g) => g.minSelect === 0);
const confirmPopover = (page: Page) => page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();
/** Waits for a success message; failing, says what the form or the server said instead. */
async function success(page: Page, text: string) {
  try {
    await page.getByText(text).first().waitFor({ timeout: 15_000 });
  } catch (error) {
    const said = await page.locator('.ant-form-item-explain-error, .ant-message-notice, .ant-notification-notice').allInnerTexts();
    throw new Error(`${text} not shown; the page said: ${said.join(' | ') || 'nothing'}`, { cause: error });
  }
}
const okButton = (page: Page) => page.locator('.ant-drawer:visible, .ant-modal:visible').last().getByRole('button', { name: /^确\s*定$/ });

describe.skipIf(!hasBrowser())('printing: a paid order\'s kitchen ticket on the simulator\'s paper', () => {
  const simulator = useSimulator();
  const session = useServerAndBrowser(simulator.env);

  it('sets up a 飞鹅 kitchen printer, pays an order and finds its 后厨单 on the simulator\'s page, then reprints it', async () => {
    const { url } = session.server;
    const sn = `9165${String(Date.now()).slice(-5)}`;
    const page = await session.newPage('/login');
    await signIn(page);
    await openFromMenu(page, '门店管理', '打印机');
    await page.getByTestId('printer-page').waitFor();

    // The 飞鹅 account the simulator knows.
    await page.locator('.ant-tabs-tab[data-node-key="account"]').click();
    const account = page.getByTestId('feie-account');
    await account.getByLabel('飞鹅账号').fill(demoFeieAccount.user);
    await account.getByLabel('UKEY').fill(demoFeieAccount.ukey);
    await page.getByTestId('feie-account-save').click();
    await success(page, '飞鹅账号已保存');

    // A kitchen printer: its SN and key, 后厨单 only, with the preview of an 80 mm ticket.
    await page.locator('.ant-tabs-tab[data-node-key="printers"]').click();
    await page.getByTestId('resource-add').click();
    const form = page.getByTestId('resource-form');
    await form.waitFor();
    await form.getByLabel('名称').fill('e2e 后厨');
    await form.getByLabel('打印机编号（SN）').fill(sn);
    await form.getByLabel('打印机密钥（KEY）').fill(feieDeviceKey(sn));
    await form.getByText('80mm', { exact: false }).click();
    const tickets = form.getByLabel('打印内容');
    await tickets.click();
    await page.locator('.ant-select-dropdown:visible').getByText('后厨单', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('结账单', { exact: true }).click();
    await page.keyboard.press('Escape');
    const paper = form.getByTestId('ticket-paper');
    await paper.waitFor();
    expect(await paper.getAttribute('data-columns')).toBe('48');
    await okButton(page).click();
    await success(page, '新增成功');
    const row = page.getByTestId('printer-page').locator('tr').filter({ hasText: 'e2e 后厨' });
    await row.waitFor();

    // An order paid in cash at the store the screen shows (the admin's first).
    const token = await apiToken(url);
    const stores = await call<Array<{ id: string }>>(url, token, 'GET', '/store/shop/mine');
    const storeId = stores.data[0]!.id;
    const printers = await call<{ records: PrinterRecord[] }>(url, token, 'GET', `/store/printer/page?storeId=${storeId}&current=1&size=100`);
    const printer = printers.data.records.find((p) => p.feieSn === sn)!;
    expect(printer).toMatchObject({ brand: 'feie', paper: 80, tickets: ['kitchen'], trigger: 'on_paid', categoryIds: [] });
    const menu = await call<OrderingMenu>(url, token, 'GET', `/store/menu?storeId=${storeId}`);
    const dish = menu.data.categories.flatMap((c) => c.dishes).find(plain)!;
    const type = menu.data.store.orderTypes.includes('takeaway') ? 'takeaway' : 'dine_in';
    const created = await call<OrderRecord>(url, token, 'POST', '/order/order', { storeId, type, lines: [{ kind: 'dish', itemId: dish.id, quantity: 2 }] });
    expect(created.msg ?? '').toBe('');
    const order = created.data;
    const paid = await call<OrderPayResult>(url, token, 'POST', `/order/order/${order.id}/pay`, { method: 'cash', tendered: order.payableAmount });
    expect(paid.data.order.status).toBe('paid');

    // The simulator's page of that printer: the kitchen ticket with the dish.
    const sim = await session.newPage('/login');
    const ticketWith = (text: string) => sim.locator('body').getByText(text, { exact: false }).first();
    await expect
      .poll(async () => {
        await sim.goto(`${simulator.state.url}/printer/feie/${sn}`);
        return (await sim.locator('body').innerText()).includes(dish.name);
      }, { timeout: 20_000, interval: 700 })
      .toBe(true);
    await ticketWith(order.orderNo).waitFor();
    const before = await sim.locator('body').innerText();
    expect(before).toContain('后厨');

    // The order drawer's 打印记录: the job sent; 重打 prints it again, marked 重打.
    await page.goto(`/order/list?orderId=${order.id}`);
    const prints = page.getByTestId('order-prints');
    await prints.waitFor({ timeout: 15_000 });
    const job = prints.getByTestId('order-print-job').filter({ hasText: 'e2e 后厨' }).first();
    await expect.poll(() => job.getByTestId('print-job-status').innerText(), { timeout: 15_000 }).toBe('已发送');
    await job.getByTestId('order-print-reprint').click();
    await confirmPopover(page);
    await page.getByText('已加入重打队列').waitFor();
    await prints.getByTestId('print-job-reprint').first().waitFor();
    await expect
      .poll(async () => {
        await sim.goto(`${simulator.state.url}/printer/feie/${sn}`);
        return (await sim.locator('body').innerText()).split(dish.name).length - 1;
      }, { timeout: 20_000, interval: 700 })
      .toBeGreaterThan(before.split(dish.name).length - 1);
    expect(await sim.locator('body').innerText()).toContain('重打');
  });
});
