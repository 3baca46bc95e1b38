import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPORT_NAMES, REPORTS, type OrderingMenu } from '@canteen/contract';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, call, openFromMenu, signIn } from './shell-pages.js';

/**
 * 营业报表 on the demo business (issue 15): the home page's figures for today, then the report
 * centre over 近30天 with every report's tab drawn (a chart and its table), 全部门店, and the
 * 菜品排行 exported as an .xlsx workbook and laid out for print.
 */

const reportTab = (page: Page, name: string) => page.getByTestId(`report-tab-${name}`);

describe.skipIf(!hasBrowser())('reports: the home figures and every report of the demo business', () => {
  const session = useServerAndBrowser();

  it('shows today on the home page, opens each report over 近30天 with its chart and table, and exports one', async () => {
    const page = await session.newPage('/login');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // Today's business is the test's own: a takeaway paid in cash at the counter now. The demo's
    // orders of "today" are not there at every hour (past the 04:00 cutoff a new business day
    // starts with none), and the test must pass at any hour.
    const token = await apiToken(session.server.url);
    const [shop] = (await call<Array<{ id: string }>>(session.server.url, token, 'GET', '/store/shop/mine')).data;
    const menu = (await call<OrderingMenu>(session.server.url, token, 'GET', `/store/menu?storeId=${shop!.id}`)).data;
    const dish = menu.categories.flatMap((c) => c.dishes).find((d) => d.available && !d.skus.length && !d.isWeighed && d.orderTypes.includes('takeaway') && d.specGroups.every((g) => g.minSelect === 0))!;
    const order = await call<{ id: string }>(session.server.url, token, 'POST', '/order/order', { storeId: shop!.id, type: 'takeaway', lines: [{ kind: 'dish', itemId: dish.id, quantity: 1 }] });
    expect(order.msg ?? '').toBe('');
    expect((await call(session.server.url, token, 'POST', `/order/order/${order.data.id}/pay`, { method: 'cash' })).msg ?? '').toBe('');
    await signIn(page);

    // Home: today's business against yesterday, the trend, the best sellers.
    await expect.poll(() => page.getByTestId('home-orders').innerText(), { timeout: 15_000 }).toMatch(/今日订单\s*[1-9]/);
    await page.getByTestId('home-net-yesterday').waitFor();
    expect(await page.getByTestId('home-trend-bars').locator('.home-trend-bar').count()).toBe(7);
    await page.getByTestId('home-top-dishes').locator('li').first().waitFor();
    const beforeReports = scripts.length;

    await openFromMenu(page, '报表统计', '营业报表');
    await page.getByTestId('overview-netAmount').waitFor();
    // The report centre's chunk (with ECharts) arrives only now.
    expect(scripts.length).toBeGreaterThan(beforeReports);

    await page.getByTestId('report-preset-last30').click();
    await page.getByTestId('overview-chart').locator('svg').waitFor();
    await expect.poll(() => page.getByTestId('overview-orders').innerText()).toMatch(/订单数\s*[1-9]/);
    await page.getByTestId('overview-daily').waitFor();

    for (const name of REPORTS.filter((n) => n !== 'overview')) {
      await reportTab(page, name).click();
      await page.getByTestId(`report-${name}`).waitFor();
      // A chart (储值 draws its daily chart for a range) and the table under it, with rows.
      await page.getByTestId(`${name}-chart`).locator('svg').waitFor();
      await page.getByTestId(`${name}-table`).locator('tbody tr.ant-table-row').first().waitFor();
      expect(await page.getByTestId('report-error').count(), REPORT_NAMES[name]).toBe(0);
    }

    // 全部门店: the same report for every store the admin sees.
    await reportTab(page, 'payments').click();
    await page.getByTestId('report-store').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '全部门店' }).click();
    await page.getByTestId('payments-table').locator('tbody tr.ant-table-row').first().waitFor();

    // 导出: 菜品排行 as a workbook (a zip: PK…) named after the report, the scope and the range.
    await reportTab(page, 'dishes').click();
    await page.getByTestId('dishes-table').locator('tbody tr.ant-table-row').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^营业报表-菜品排行-全部门店-\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = readFileSync((await download.path()));
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(workbook.length).toBeGreaterThan(1000);

    // 打印: the report alone, with its title, scope and range; no menu, header or filters.
    await page.emulateMedia({ media: 'print' });
    await page.locator('.report-print-title').filter({ hasText: '菜品排行' }).filter({ hasText: '全部门店' }).waitFor();
    expect(await page.getByTestId('sider').isVisible()).toBe(false);
    expect(await page.getByTestId('report-toolbar').isVisible()).toBe(false);
    expect(await page.getByTestId('dishes-table').isVisible()).toBe(true);
  });
});
