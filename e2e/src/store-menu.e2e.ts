import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { accessToken, call, openFromMenu, signIn } from './shell-pages.js';

/**
 * A new restaurant builds its menu in the browser from nothing (no demo data): a store, a dish
 * category and a combo category, an option group (规格), a dish with two sizes and the option
 * group, two side dishes, a combo with a fixed dish and a choose-1-of-2 group, an area with
 * tables made in one go and their printable QR sheet; then the sold-out switch on the dish list
 * shows in the ordering menu read model.
 */

const dialog = (page: Page) => page.locator('.ant-modal:visible').last();
const ok = /确\s?定/;
/** Waits for a toast; an earlier toast with the same text may still be on screen. */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last().waitFor();

/**
 * Opens an antd select and picks the entry with this title in its (visible) dropdown. A select
 * that has just been added can be re-rendered while its options load, closing the dropdown it
 * opened: then it is opened again.
 */
async function pick(page: Page, select: Locator, title: string) {
  const option = page.locator('.ant-select-dropdown:visible').locator(`.ant-select-item-option[title="${title}"]`).first();
  let opens = 0;
  await expect.poll(async () => {
    if (!(await option.isVisible())) {
      opens += 1;
      await select.click();
    }
    return option.click({ timeout: 2000 }).then(() => true, () => false);
  }, { timeout: 30_000 }).toBe(true);
  // The tolerance is not yet explained (issue 21): say when it was needed, so that a run shows it.
  if (opens > 1) console.warn(`pick ${title}: the dropdown was opened ${opens} times`);
}

const MONEY = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** What this test reads of the ordering menu (GET /store/menu). */
interface OrderingMenu {
  version: number;
  categories: Array<{
    name: string;
    dishes: Array<{ name: string; price: number; available: boolean; specGroups: Array<{ name: string; options: Array<{ name: string }> }> }>;
    combos: Array<{ name: string; price: number; available: boolean }>;
  }>;
}

describe.skipIf(!hasBrowser())('store menu, built from an empty store', () => {
  const session = useServerAndBrowser({ DEMO_DATA: 'off' });

  it('creates a store, categories, an option group, dishes with sizes, a combo and tables with their QR sheet; the sold-out switch reaches the ordering menu', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'admin');

    // 门店信息: no store yet; the admin adds one in the store list.
    await openFromMenu(page, '门店管理', '门店信息');
    await page.getByRole('tab', { name: '门店列表' }).click();
    await page.getByTestId('store-add').click();
    const storeForm = page.getByTestId('store-form');
    await storeForm.getByLabel('门店名称', { exact: true }).fill('川味小馆');
    await storeForm.getByTestId('store-save').click();
    await page.getByTestId('store-list').locator('tr.ant-table-row').filter({ hasText: '川味小馆' }).waitFor();
    const token = await accessToken(page);
    const mine = await call<Array<{ id: string; name: string }>>(session.server.url, token, 'GET', '/store/shop/mine');
    expect(mine.data.map((s) => s.name)).toEqual(['川味小馆']);
    const storeId = mine.data[0]!.id;

    // 菜品分类: one for dishes, one for combos.
    await openFromMenu(page, '门店管理', '菜品分类');
    const categories = page.getByTestId('category-page');
    for (const [name, kind] of [['招牌菜', '菜品'], ['超值套餐', '套餐']] as const) {
      await categories.getByTestId('resource-add').click();
      const form = dialog(page);
      await form.getByLabel('分类名称', { exact: true }).fill(name);
      await form.getByText(kind, { exact: true }).click();
      await form.getByRole('button', { name: ok }).click();
      await categories.locator('tr.ant-table-row').filter({ hasText: name }).waitFor();
    }

    // 规格: 辣度 with two options.
    await openFromMenu(page, '门店管理', '规格');
    await page.getByTestId('spec-page').getByTestId('spec-add').click();
    const spec = page.getByTestId('spec-form');
    await spec.getByLabel('规格名称', { exact: true }).fill('辣度');
    await spec.getByLabel('选项名称').first().fill('微辣');
    await spec.getByTestId('spec-add-option').click();
    await spec.getByLabel('选项名称').nth(1).fill('特辣');
    await page.getByTestId('spec-save').click();
    await page.getByTestId('spec-page').locator('tr.ant-table-row').filter({ hasText: '辣度' }).waitFor();

    // 菜品: the empty list says so; a dish with two sizes and the option group, then two sides.
    await openFromMenu(page, '门店管理', '菜品');
    const dishes = page.getByTestId('dish-page');
    await dishes.getByTestId('dish-empty').waitFor();
    await dishes.getByTestId('dish-add').click();
    let form = page.getByTestId('dish-form');
    await form.getByTestId('dish-name').fill('水煮鱼');
    await pick(page, form.getByTestId('dish-category'), '招牌菜');
    // Saving with nothing priced names the problem first.
    await page.getByTestId('dish-save').click();
    await form.getByText('请输入价格').waitFor();
    await form.getByTestId('dish-add-sku').click();
    await form.getByTestId('dish-add-sku').click();
    await form.getByLabel('规格名称').nth(0).fill('小份');
    await form.getByLabel('价格（元）').nth(0).fill('48');
    await form.getByLabel('规格名称').nth(1).fill('大份');
    await form.getByLabel('价格（元）').nth(1).fill('68.5');
    await form.getByLabel('会员价（元）').nth(1).fill('62');
    await pick(page, form.getByTestId('dish-spec-groups').locator('.ant-select'), '辣度');
    await page.keyboard.press('Escape');
    await page.getByTestId('dish-save').click();
    await toast(page, '菜品已新增');
    const fishRow = dishes.locator('tr.ant-table-row').filter({ hasText: '水煮鱼' });
    await expect.poll(() => fishRow.innerText()).toMatch(/水煮鱼[\s\S]*2 个规格[\s\S]*招牌菜[\s\S]*¥48\.00 起/);

    for (const [name, price] of [['米饭', '2'], ['可乐', '5']] as const) {
      await dishes.getByTestId('dish-add').click();
      form = page.getByTestId('dish-form');
      await form.getByTestId('dish-name').fill(name);
      await pick(page, form.getByTestId('dish-category'), '招牌菜');
      await form.getByTestId('dish-price').fill(price);
      await page.getByTestId('dish-save').click();
      await dishes.locator('tr.ant-table-row').filter({ hasText: name }).waitFor();
    }

    const dishList = await call<{ records: Array<{ id: string; name: string; price: number; specGroupIds: string[]; skus: Array<{ id: string; name: string; price: number; memberPrice: number | null }> }> }>(
      session.server.url, token, 'GET', `/store/dish/page?storeId=${storeId}&size=100`,
    );
    const fish = dishList.data.records.find((d) => d.name === '水煮鱼')!;
    expect(fish.price).toBe(4800);
    expect(fish.skus.map((s) => [s.name, s.price, s.memberPrice])).toEqual([['小份', 4800, null], ['大份', 6850, 6200]]);
    expect(fish.specGroupIds).toHaveLength(1);
    expect(dishList.data.records.map((d) => d.name)).toEqual(['水煮鱼', '米饭', '可乐']);

    // Drag 可乐 by its handle above 水煮鱼: the new order is saved.
    const cola = dishList.data.records.find((d) => d.name === '可乐')!;
    await dishes.getByTestId(`dish-drag-${cola.id}`).dragTo(fishRow);
    await toast(page, '菜品顺序已保存');
    await expect.poll(async () => (await call<{ records: Array<{ name: string }> }>(session.server.url, token, 'GET', `/store/dish/page?storeId=${storeId}&size=100`)).data.records.map((d) => d.name))
      .toEqual(['可乐', '水煮鱼', '米饭']);

    // 套餐: 水煮鱼 (小份) fixed, and a drink or rice, 可乐 ¥3 more; the preview prices the picks.
    await openFromMenu(page, '门店管理', '套餐');
    await page.getByTestId('combo-page').getByTestId('combo-add').click();
    const combo = page.getByTestId('combo-form');
    await combo.getByTestId('combo-name').fill('单人餐');
    await pick(page, combo.getByTestId('combo-category'), '超值套餐');
    await combo.getByTestId('combo-price').fill('52');
    await combo.getByTestId('combo-add-fixed').click();
    await pick(page, combo.getByTestId('combo-item-dish-0-0'), '水煮鱼');
    await pick(page, combo.getByTestId('combo-item-sku-0-0'), '小份');
    await combo.getByTestId('combo-add-optional').click();
    await pick(page, combo.getByTestId('combo-item-dish-1-0'), '米饭');
    await combo.getByTestId('combo-add-item-1').click();
    await pick(page, combo.getByTestId('combo-item-dish-1-1'), '可乐');
    const optional = combo.getByTestId('combo-group-1');
    await optional.getByLabel('加价（元）').nth(1).fill('3');
    await optional.getByLabel('默认选中').nth(0).check();
    const preview = page.getByTestId('combo-preview');
    await expect.poll(() => preview.getByTestId('combo-preview-total').innerText()).toBe('¥52.00');
    await preview.getByText('可乐', { exact: true }).click();
    await expect.poll(() => preview.getByTestId('combo-preview-total').innerText()).toBe('¥55.00');
    await expect.poll(() => preview.getByTestId('combo-preview-status').innerText()).toContain('已选好');
    await page.getByTestId('combo-save').click();
    await toast(page, '套餐已新增');
    const comboRow = page.getByTestId('combo-page').locator('tr.ant-table-row').filter({ hasText: '单人餐' });
    await expect.poll(() => comboRow.innerText()).toMatch(/单人餐[\s\S]*超值套餐[\s\S]*¥52\.00[\s\S]*水煮鱼（小份）[\s\S]*米饭、可乐 选1[\s\S]*可售/);

    // 桌台: an area, A01–A10 in one go, and the printable QR sheet of the area.
    await openFromMenu(page, '门店管理', '桌台');
    const tables = page.getByTestId('tables-page');
    await tables.getByTestId('area-add').click();
    await dialog(page).getByLabel('区域名称', { exact: true }).fill('大厅');
    await dialog(page).getByRole('button', { name: ok }).click();
    await tables.getByTestId('table-batch').click();
    const batch = dialog(page);
    await batch.getByLabel('结束编号', { exact: true }).fill('10');
    await batch.getByTestId('batch-preview').getByText('将创建 A01 至 A10，共 10 张').waitFor();
    await batch.getByRole('button', { name: ok }).click();
    await tables.getByTestId('table-A10').waitFor();
    expect(await tables.getByTestId('table-grid').locator('[data-testid^="table-A"]').count()).toBe(10);
    const [download] = await Promise.all([page.waitForEvent('download'), tables.getByTestId('table-print').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The ordering menu before and after 水煮鱼 is switched to sold out on the dish list.
    const menu = async () => (await call<OrderingMenu>(session.server.url, token, 'GET', `/store/menu?storeId=${storeId}`)).data;
    const before = await menu();
    const dishIn = (m: OrderingMenu, name: string) => m.categories.flatMap((c) => c.dishes).find((d) => d.name === name);
    const comboIn = (m: OrderingMenu, name: string) => m.categories.flatMap((c) => c.combos).find((c) => c.name === name);
    expect(dishIn(before, '水煮鱼')).toMatchObject({ available: true, price: 4800 });
    expect(dishIn(before, '水煮鱼')!.specGroups.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([['辣度', ['微辣', '特辣']]]);
    expect(comboIn(before, '单人餐')).toMatchObject({ available: true, price: 5200 });

    await openFromMenu(page, '门店管理', '菜品');
    await fishRow.getByRole('switch', { name: '估清' }).click();
    await toast(page, '「水煮鱼」已估清');
    await expect.poll(async () => dishIn(await menu(), '水煮鱼')?.available).toBe(false);
    const after = await menu();
    expect(after.version).toBeGreaterThan(before.version);
    expect(comboIn(after, '单人餐')?.available).toBe(false);
    expect(dishIn(after, '米饭')?.available).toBe(true);
    expect(MONEY(dishIn(after, '可乐')!.price)).toBe('¥5.00');

    await fishRow.getByRole('switch', { name: '估清' }).click();
    await toast(page, '「水煮鱼」已取消估清');
    await expect.poll(async () => dishIn(await menu(), '水煮鱼')?.available).toBe(true);
  });
});
