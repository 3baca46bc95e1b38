import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Floor, KitchenBoard, TableState } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { animationsDone, apiToken, call, creator, openFromMenu, signIn } from './shell-pages.js';

/**
 * The service floor (issue 24) through a dinner at one table, on three screens at once: the
 * staff's 桌台图, a kitchen display (厨房看板) on a second page, and a diner's phone at the table.
 * 开台 on the map; the diner orders two dishes from the table's QR code; the card turns 就餐中 and
 * the ticket reaches the kitchen without a reload; the kitchen makes one dish and sends it out; 催菜
 * from the map flags the other on the kitchen display; 转台 to another table; 并台 with a third
 * table's party; the kitchen sends the rest out; 买单, 收款 in cash, 清台: both tables 空闲 again
 * on the map, and the kitchen display is empty.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const dishItem = (phone: Page, name: string) => phone.getByTestId('diner-item').filter({ has: phone.locator('h3', { hasText: name }) });
const STATE_TEXT: Record<TableState, string> = { idle: '空闲', opened: '已开台', dining: '就餐中', billing: '待结账', to_clear: '待清台' };
/** The header's store switcher shows with two stores or more; with one, that store is every page's. */
async function chooseStore(page: Page, name: string): Promise<void> {
  const switcher = page.getByTestId('store-switcher');
  if (!(await switcher.count())) return;
  await switcher.click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
}
const cardState = (page: Page, code: string) => page.getByTestId(`floor-table-${code}`).getByTestId('floor-state');

describe.skipIf(!hasBrowser())('the service floor: table map, kitchen display and a diner\'s phone through one dinner', () => {
  const session = useServerAndBrowser({ DEMO_DATA: 'off' });

  it('opens a table, takes a diner\'s round, makes it, rushes, moves, merges, pays and clears it, live on every screen', async () => {
    const { url } = session.server;
    const token = await apiToken(url);
    const made = creator(url, token);

    // A pay-later store with no fixed hours (open whenever the test runs), two dishes, three tables.
    const store = await made('/store/shop', { name: '川味小馆', payMode: 'pay_later', orderTypes: ['dine_in', 'takeaway'], businessHours: [] });
    const storeId = store.id;
    const category = await made('/store/category', { storeId, name: '热菜', kind: 'dish' });
    await made('/store/dish', { storeId, categoryId: category.id, name: '回锅肉', price: 3600 });
    await made('/store/dish', { storeId, categoryId: category.id, name: '麻婆豆腐', price: 2200 });
    const area = await made('/store/area', { storeId, name: '大厅' });
    const a01 = await made<{ id: string; code: string; orderUrl: string }>('/store/table', { storeId, areaId: area.id, code: 'A01', seats: 4 });
    const a02 = await made<{ id: string; code: string }>('/store/table', { storeId, areaId: area.id, code: 'A02', seats: 4 });
    const a03 = await made<{ id: string; code: string }>('/store/table', { storeId, areaId: area.id, code: 'A03', seats: 2 });
    const stateOf = async (tableId: string) => (await call<Floor>(url, token, 'GET', `/order/floor/map?storeId=${storeId}`)).data.tables.find((t) => t.id === tableId)?.state;

    // The map, on the new store (the header's store switcher).
    const map = await session.newPage('/login');
    await signIn(map);
    await openFromMenu(map, '订单管理', '桌台图');
    await map.getByTestId('floor').waitFor();
    await chooseStore(map, '川味小馆');
    await expect.poll(() => cardState(map, 'A01').innerText()).toBe(STATE_TEXT.idle);

    // The kitchen display on a second screen, same store.
    const kitchen = await session.newPage('/login');
    await signIn(kitchen);
    await openFromMenu(kitchen, '订单管理', '厨房看板');
    await kitchen.getByTestId('kitchen').waitFor();
    await chooseStore(kitchen, '川味小馆');

    // 开台 on the map: three guests.
    await map.getByTestId('floor-table-A01').click();
    const panel = map.getByTestId('floor-panel');
    await panel.getByTestId('floor-session-form').waitFor();
    await panel.getByRole('spinbutton').fill('3');
    await panel.getByTestId('floor-session-submit').click();
    await panel.getByTestId('floor-panel-header').waitFor();
    await expect.poll(() => cardState(map, 'A01').innerText()).toBe(STATE_TEXT.opened);

    // The diner's phone at A01 orders two dishes: the card turns 就餐中, the ticket reaches the kitchen, no reload.
    const phone = await (await session.newContext(PHONE)).newPage();
    await phone.goto(a01.orderUrl);
    await phone.getByTestId('diner-menu').waitFor();
    await dishItem(phone, '回锅肉').locator('.dn-plus').click();
    await dishItem(phone, '麻婆豆腐').locator('.dn-plus').click();
    await expect.poll(() => phone.getByTestId('diner-cart-count').innerText()).toBe('2');
    await phone.getByTestId('diner-cart-open').click();
    const cart = phone.getByTestId('diner-cart');
    await expect.poll(() => cart.getByTestId('diner-total').innerText()).toBe('¥58.00');
    await cart.getByTestId('diner-submit').click();
    await phone.getByTestId('diner-status').waitFor();
    await expect.poll(() => phone.getByTestId('diner-status-name').innerText()).toBe('就餐中');
    await expect.poll(() => cardState(map, 'A01').innerText()).toBe(STATE_TEXT.dining);

    const board = async () => (await call<KitchenBoard>(url, token, 'GET', `/order/kitchen/board?storeId=${storeId}`)).data;
    const [ticket] = (await board()).tickets;
    expect(ticket).toMatchObject({ tableCode: 'A01' });
    const pork = ticket!.lines.find((l) => l.name === '回锅肉')!;
    const tofu = ticket!.lines.find((l) => l.name === '麻婆豆腐')!;
    const card = kitchen.getByTestId(`kitchen-ticket-${ticket!.orderId}`);
    await card.waitFor();
    expect(await card.innerText()).toContain('A01');

    // The kitchen makes 回锅肉 and sends it out: a tap 制作中, a tap 已出餐.
    const porkLine = kitchen.getByTestId(`kitchen-line-${pork.id}`);
    await porkLine.locator('button').first().click();
    await expect.poll(async () => (await board()).tickets[0]?.lines.find((l) => l.id === pork.id)?.state).toBe('making');
    // The display shows it 制作中 (its next tap is 已出餐) before the cook taps again.
    await expect.poll(() => porkLine.getAttribute('class')).toContain('kitchen-line--making');
    await porkLine.locator('button').first().click();
    await expect.poll(async () => (await board()).tickets[0]?.lines.find((l) => l.id === pork.id)).toBeUndefined();

    // 催菜 from the map: 麻婆豆腐 is flagged on the kitchen display.
    await panel.getByTestId('floor-rush').click();
    await expect.poll(() => card.getAttribute('class')).toContain('kitchen-ticket--rushed');
    expect((await board()).tickets[0]!.lines.find((l) => l.id === tofu.id)!.rushedAt).not.toBeNull();

    // 转台 A01 → A02: the party and its tab move; A01 is free again.
    await panel.getByTestId('floor-transfer').click();
    await animationsDone(map);
    await map.getByTestId('floor-pick-table').click();
    await map.locator('.ant-select-item-option').filter({ hasText: 'A02' }).click();
    await map.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => cardState(map, 'A02').innerText()).toBe(STATE_TEXT.dining);
    await expect.poll(() => cardState(map, 'A01').innerText()).toBe(STATE_TEXT.idle);
    expect(await stateOf(a01.id)).toBe('idle');

    // A03's party of two (开台 by another device) joins A02's bill: 并台.
    expect((await call(url, token, 'POST', `/order/floor/table/${a03.id}/open`, { guests: 2 })).msg ?? '').toBe('');
    await expect.poll(() => cardState(map, 'A03').innerText()).toBe(STATE_TEXT.opened);
    await map.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await map.getByTestId('floor-table-A02').click();
    await panel.getByTestId('floor-panel-header').waitFor();
    await panel.getByTestId('floor-merge').click();
    await animationsDone(map);
    await map.getByTestId('floor-pick-table').click();
    await map.locator('.ant-select-item-option').filter({ hasText: 'A03' }).click();
    await map.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await map.getByTestId('floor-table-A03').getByTestId('floor-merged').waitFor();

    // The kitchen sends 麻婆豆腐 out; the display is empty.
    const tofuLine = kitchen.getByTestId(`kitchen-line-${tofu.id}`);
    await tofuLine.locator('button').first().click();
    await expect.poll(() => tofuLine.getAttribute('class')).toContain('kitchen-line--making');
    await tofuLine.locator('button').first().click();
    await card.waitFor({ state: 'detached' });

    // 买单, then 收款 in cash for ¥58.00: A02 is 待清台.
    await panel.getByTestId('floor-bill').click();
    await expect.poll(() => cardState(map, 'A02').innerText()).toBe(STATE_TEXT.billing);
    await panel.getByTestId('floor-pay').click();
    const dialog = map.getByTestId('pay-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('pay-due').innerText()).toBe('¥58.00');
    await map.getByTestId('pay-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cardState(map, 'A02').innerText()).toBe(STATE_TEXT.to_clear);

    // 清台: A02 and the table merged into it are free again, on the map and on the server.
    await panel.getByTestId('floor-clear').click();
    await map.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => cardState(map, 'A02').innerText()).toBe(STATE_TEXT.idle);
    await expect.poll(() => cardState(map, 'A03').innerText()).toBe(STATE_TEXT.idle);
    expect([await stateOf(a01.id), await stateOf(a02.id), await stateOf(a03.id)]).toEqual(['idle', 'idle', 'idle']);
    expect((await board()).tickets).toEqual([]);
  });
});
