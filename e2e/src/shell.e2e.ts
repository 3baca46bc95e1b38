import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { repoRoot } from './paths.js';
import { animationsDone, apiToken, call, openFromMenu, sideMenu, signIn, storageItem, tab, tabBar, tabLabels, tabMenu } from './shell-pages.js';

/** The computed background colour of an element (evaluated in the page). */
const background = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { backgroundColor: string } }).getComputedStyle(el).backgroundColor);

const userSearch = (page: Page) => page.locator('[data-tab="/admin/user"]').getByPlaceholder('请输入用户名');

describe.skipIf(!hasBrowser())('the shell', () => {
  const session = useServerAndBrowser();
  /** A root menu entry, granted to the admin role (through the API, as an administrator would in 菜单管理). */
  const addMenuForAdmin = async (name: string, menuPath: string, sort: number, component?: string) => {
    const admin = await apiToken(session.server.url);
    const created = await call<{ id: string }>(session.server.url, admin, 'POST', '/upms/menu', { name, path: menuPath, component, icon: 'FileTextOutlined', parentId: '-1', sort, type: '0', keepAlive: '0' });
    expect(created.code).toBe(0);
    const roles = await call<Array<{ id: string; roleCode: string }>>(session.server.url, admin, 'GET', '/upms/role/list');
    const adminRole = roles.data.find((r) => r.roleCode === 'ROLE_ADMIN')!;
    const granted = await call<string[]>(session.server.url, admin, 'GET', `/upms/menu/tree/${adminRole.id}`);
    expect((await call(session.server.url, admin, 'PUT', '/upms/role/menu', { roleId: adminRole.id, menuIds: [...granted.data, created.data.id] })).code).toBe(0);
  };

  const signedIn = async (path?: string) => {
    const page = await session.newPage('/login');
    await signIn(page);
    if (path) await page.goto(path);
    return page;
  };

  it('builds routes from the menu, with breadcrumb, tab and page title', async () => {
    // A component the web app does not have: the page is not built yet.
    await addMenuForAdmin('E2E 待开放', '/lab/soon', 901, 'views/lab/soon/index');
    const page = await signedIn();
    await openFromMenu(page, '系统管理', '用户管理');
    await page.waitForURL('**/admin/user');
    await userSearch(page).waitFor();
    await expect.poll(() => page.title()).toBe('用户管理——Canteen');
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toMatch(/首页\s*\/\s*系统管理\s*\/\s*用户管理/);
    expect(await tabLabels(page)).toEqual(['首页', '用户管理']);
    // A menu entry whose page is not built says so clearly.
    await sideMenu(page).getByText('E2E 待开放', { exact: true }).click();
    await page.waitForURL('**/lab/soon/index'); // a top-level entry's page is its path's index
    await page.getByText('该页面暂未开放').waitFor();
    await expect.poll(() => page.title()).toBe('E2E 待开放——Canteen');
    // A group's own path opens its first page; the fixed redirects work.
    await page.goto('/admin');
    await page.waitForURL('**/admin/user');
    await page.goto('/');
    await page.waitForURL('**/wel/index');
    await page.goto('/info');
    await page.waitForURL('**/info/index');
    await page.goto('/views/wxmp/wxmsg/index');
    await expect.poll(() => page.title()).toBe('全部消息——Canteen');
  });

  it('sends an unknown path to /404', async () => {
    const page = await signedIn('/no/such/screen');
    await page.waitForURL('**/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await expect.poll(() => page.title()).toBe('404——Canteen');
  });

  it('keeps page state across tab switches, refreshes one tab, and truly unmounts a closed tab', async () => {
    const page = await signedIn();
    await openFromMenu(page, '系统管理', '用户管理');
    await userSearch(page).fill('kept text');
    await openFromMenu(page, '系统管理', '角色管理');
    await page.waitForURL('**/admin/role');
    await expect.poll(() => userSearch(page).isVisible()).toBe(false);
    await tab(page, '用户管理').click();
    await page.waitForURL('**/admin/user');
    expect(await userSearch(page).inputValue()).toBe('kept text');
    // Refresh one: the page mounts anew.
    await tabMenu(page, '用户管理', '刷新');
    await expect.poll(() => userSearch(page).inputValue()).toBe('');
    await userSearch(page).fill('again');
    // Close it: its DOM is gone; reopening starts fresh.
    await tab(page, '用户管理').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL('**/admin/role');
    await expect.poll(() => page.locator('[data-tab="/admin/user"]').count()).toBe(0);
    await openFromMenu(page, '系统管理', '用户管理');
    await expect.poll(() => userSearch(page).inputValue()).toBe('');
  });

  it('closes others and all from the right-click menu and the tab actions; home cannot be closed', async () => {
    const page = await signedIn();
    await openFromMenu(page, '系统管理', '用户管理');
    await openFromMenu(page, '系统管理', '角色管理');
    await openFromMenu(page, '系统管理', '部门管理');
    expect(await tabLabels(page)).toEqual(['首页', '用户管理', '角色管理', '部门管理']);
    expect(await tab(page, '首页').locator('.ant-tabs-tab-remove').count()).toBe(0);
    await tabMenu(page, '角色管理', '关闭其他');
    await page.waitForURL('**/admin/role');
    expect(await tabLabels(page)).toEqual(['首页', '角色管理']);
    await openFromMenu(page, '系统管理', '菜单管理');
    await tabMenu(page, '菜单管理', '关闭');
    await page.waitForURL('**/admin/role');
    expect(await tabLabels(page)).toEqual(['首页', '角色管理']);
    await openFromMenu(page, '系统管理', '令牌管理');
    await page.getByTestId('tag-actions').click();
    await page.locator('.ant-dropdown:visible').getByText('关闭全部', { exact: true }).click();
    await page.waitForURL('**/wel/index');
    expect(await tabLabels(page)).toEqual(['首页']);
    await expect.poll(() => page.locator('.page-pane').count()).toBe(1);
  });

  it('finds menu entries by a case-insensitive label prefix and opens them (in either language)', async () => {
    const page = await signedIn();
    const search = page.getByTestId('menu-search');
    const options = page.locator('.ant-select-dropdown:visible [data-testid=search-option]');
    // The dropdown re-renders while it opens, so read its labels until they settle.
    const labels = async () => (await options.allInnerTexts()).map((s) => s.split('/')[0]!.trim());
    await search.fill('用户');
    await expect.poll(labels).toEqual(['用户管理', '用户标签', '用户消息']);
    await options.filter({ hasText: '用户标签' }).click();
    await page.waitForURL('**/wxmp/wxusertags');
    // English labels: a lower-case prefix still matches.
    await page.getByTestId('language-button').click();
    await page.locator('.ant-dropdown:visible').getByText('English').click();
    await sideMenu(page).getByText('System', { exact: true }).waitFor();
    await search.fill('user');
    await expect.poll(labels).toEqual(['Users']);
    await search.fill('ORD');
    await options.filter({ hasText: 'Order list' }).click();
    await page.waitForURL('**/order/list');
    await expect.poll(() => page.title()).toBe('Order list——Canteen');
  });

  it('collapses the sidebar and remembers it', async () => {
    const page = await signedIn();
    const sider = page.getByTestId('sider');
    expect(await sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
    await page.getByTestId('collapse').click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    // The width animates after the class flips, so wait for it to settle.
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
    await page.reload();
    await expect.poll(() => page.getByTestId('sider').getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await page.getByTestId('collapse').click();
    await expect.poll(() => sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
  });

  it('follows each screen-size class, with a menu drawer on small screens', async () => {
    const page = await signedIn();
    const shell = page.getByTestId('shell');
    for (const [width, cls] of [[1300, '3'], [1200, '3'], [1100, '2'], [992, '2'], [900, '1'], [768, '1'], [700, '0'], [375, '0']] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => shell.getAttribute('data-screen')).toBe(cls);
    }
    expect(await page.getByTestId('sider').count()).toBe(0);
    await page.getByTestId('collapse').click();
    const drawer = page.locator('.shell-drawer');
    await drawer.getByText('系统管理', { exact: true }).click();
    await drawer.getByText('角色管理', { exact: true }).click();
    await page.waitForURL('**/admin/role');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => shell.getAttribute('data-screen')).toBe('3');
    await page.getByTestId('sider').waitFor();
  });

  it('applies every theme at once, remembers it, and applies a theme colour', async () => {
    const page = await signedIn();
    await openFromMenu(page, '系统管理', '用户管理');
    for (const name of ['colourful', 'black', 'gradient', 'default']) {
      await page.getByTestId('theme-button').click();
      await page.getByTestId(`theme-${name}`).click();
      await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe(name);
      await page.keyboard.press('Escape');
      await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' });
      // One picture per theme, to look at (test-results/ is not committed).
      await page.screenshot({ path: path.join(repoRoot, 'test-results', `theme-${name}.png`) });
    }
    await page.getByTestId('theme-button').click();
    await page.getByTestId('theme-black').click();
    await page.reload();
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe('black');
    await page.getByTestId('theme-button').click();
    await page.getByTestId('theme-default').click();
    // The theme menu closed first, as above: a click meant for the colour button while it is
    // still open closes it instead, and on a loaded machine the preset then went unclicked.
    await page.keyboard.press('Escape');
    await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' });
    // Colour: the default #409EFF, then a preset, at once and remembered.
    const selected = sideMenu(page).locator('.ant-menu-item-selected');
    // The menu animates its colours after a theme change, so wait for them to settle.
    await expect.poll(() => background(selected)).toBe('rgb(64, 158, 255)');
    await page.getByTestId('color-button').click();
    const presets = page.locator('.ant-color-picker-presets-color:visible');
    await presets.nth(5).waitFor();
    await animationsDone(page);
    await presets.nth(5).click();
    await expect.poll(() => background(selected)).toBe('rgb(245, 34, 45)');
    expect(await storageItem(page, 'local', 'settings')).toContain('#F5222D');
    await page.reload();
    await expect.poll(() => background(sideMenu(page).locator('.ant-menu-item-selected'))).toBe('rgb(245, 34, 45)');
  });

  it('locks the screen with a password, keeps only /lock reachable until it is entered, then goes back to the page that was open', async () => {
    const page = await signedIn();
    await page.goto('/admin/user');
    await page.getByTestId('tag-bar').getByText('用户管理').waitFor();
    await page.getByTestId('lock-button').click();
    const dialog = page.getByTestId('lock-dialog');
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    await dialog.getByTestId('lock-password').fill('s3cret');
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await page.waitForURL('**/lock');
    await page.getByTestId('lock-page').waitFor();
    for (const path of ['/wel/index', '/admin/user', '/login', '/404']) {
      await page.goto(path);
      await page.waitForURL('**/lock');
    }
    await page.getByPlaceholder('请输入锁屏密码').fill('wrong');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.getByText('解锁密码错误,请重新输入').waitFor();
    await page.getByPlaceholder('请输入锁屏密码').fill('s3cret');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.waitForURL('**/admin/user');
    await page.goto('/lock');
    await page.waitForURL('**/wel/index');
  });

  it('has the eight settings switches, on by default, applied at once and remembered', async () => {
    const page = await signedIn();
    await page.getByTestId('settings-button').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.getByText('系统信息').waitFor();
    await expect(drawer.getByTestId('app-version').innerText()).resolves.toMatch(/^v\d+\.\d+\.\d+/);
    const keys = ['showTag', 'showDebug', 'showTheme', 'showColor', 'showFullScren', 'showLock', 'showSearch', 'showCollapse'];
    for (const key of keys) expect(await drawer.getByTestId(`switch-${key}`).getAttribute('aria-checked')).toBe('true');
    const parts: Record<string, string> = {
      showTag: 'tag-bar', showDebug: 'log-button', showTheme: 'theme-button', showColor: 'color-button', showFullScren: 'fullscreen', showLock: 'lock-button', showSearch: 'menu-search', showCollapse: 'collapse',
    };
    for (const key of keys) {
      await expect.poll(() => page.getByTestId(parts[key]!).count()).toBe(1);
      await drawer.getByTestId(`switch-${key}`).click();
      await expect.poll(() => page.getByTestId(parts[key]!).count()).toBe(0);
    }
    await page.reload();
    for (const key of keys) expect(await page.getByTestId(parts[key]!).count()).toBe(0);
    await page.getByTestId('settings-button').click();
    await drawer.getByTestId('switch-showTag').click();
    await tabBar(page).waitFor();
  });

  it('logs an uncaught error and a rejection with every field, uploads and clears the log', async () => {
    const page = await signedIn();
    await page.evaluate("setTimeout(() => { throw new Error('e2e uncaught boom'); }, 0); Promise.reject(new Error('e2e unhandled rejection')); 0");
    const badge = page.getByTestId('log-badge');
    await expect.poll(() => badge.locator('.ant-badge-count').innerText()).toBe('2');
    await page.getByTestId('log-button').click();
    const dialog = page.getByTestId('log-dialog');
    const rows = dialog.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const boom = rows.filter({ hasText: 'e2e uncaught boom' });
    const cells = (await boom.locator('td').allInnerTexts()).map((s) => s.trim());
    expect(cells[0]).toBe('error');
    expect(cells[1]).toContain('e2e uncaught boom');
    expect(await boom.locator('td').nth(2).textContent()).toContain('Error: e2e uncaught boom');
    expect(cells[3]).toContain('window.onerror');
    expect(cells[4]).toContain('/wel/index');
    expect(cells[5]).toMatch(/\d{4}/);
    await expect(rows.filter({ hasText: 'e2e unhandled rejection' }).locator('td').nth(3).innerText()).resolves.toContain('unhandledrejection');
    await dialog.getByRole('button', { name: '上传服务器' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定上传本地日志到服务器?').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('发送成功!').waitFor();
    // What was uploaded leaves the local log; a new error is then cleared by hand.
    await expect.poll(() => rows.count()).toBe(0);
    await page.evaluate("setTimeout(() => { throw new Error('e2e later boom'); }, 0); 0");
    await expect.poll(() => rows.count()).toBe(1);
    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    await confirm.getByText('确定清空本地日志记录?').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('清空成功!').waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    await expect.poll(() => badge.locator('.ant-badge-count:visible').count()).toBe(0);
  });

  it('opens an external menu entry inside the layout through /myiframe', async () => {
    const external = `${session.server.url}/health/ready`;
    await addMenuForAdmin('E2E Docs', external, 900);
    const page = await signedIn();
    await sideMenu(page).getByText('E2E Docs', { exact: true }).click();
    await page.waitForURL('**/myiframe/**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/myiframe/urlPath');
    expect(url.searchParams.get('src')).toBe(external);
    const frame = page.getByTestId('page-iframe');
    expect(await frame.getAttribute('src')).toBe(external);
    expect(await tabLabels(page)).toEqual(['首页', 'E2E Docs']);
    await expect.poll(() => page.title()).toBe('E2E Docs——Canteen');
    await expect.poll(async () => (await page.frames().find((f) => f.url() === external)?.content()) ?? '').toContain('ready');
  });
});
