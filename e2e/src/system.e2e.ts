import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { accessToken, apiToken, call, openFromMenu, sideMenu, signIn } from './shell-pages.js';

/** The page of the active tab (kept-alive tabs stay in the DOM, hidden). */
const activePage = (page: Page) => page.locator('[data-testid="resource-page"]:visible');
const rowOf = (page: Page, text: string) => activePage(page).locator('tr.ant-table-row').filter({ hasText: text });
const dialog = (page: Page) => page.locator('.ant-modal:visible').last();

/**
 * Opens an antd select or tree select by its form label and picks an entry by its title. A single
 * select closes its dropdown on the pick; a multiple one stays open and is closed with Escape (an
 * Escape with no dropdown open would close the dialog instead).
 */
async function pick(scope: Locator, page: Page, label: string, title: string, { multiple = false } = {}) {
  await scope.getByLabel(label, { exact: true }).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator(`[title="${title}"]`).first().click();
  if (multiple) await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

/** The popover that is open now: a closed one keeps fading out for a moment beside it. */
const openPopover = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave)');

async function confirmPopover(page: Page) {
  await openPopover(page).getByRole('button', { name: /确\s?定/ }).click();
}

/** Waits for a toast; an earlier toast with the same text may still be on screen. */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last().waitFor();

describe.skipIf(!hasBrowser())('system management screens', () => {
  // The development sender's outbox: where the 个人信息 phone change's SMS code arrives.
  const outbox = path.join(os.tmpdir(), `canteen-e2e-system-sms-${process.pid}.jsonl`);
  const session = useServerAndBrowser({ SMS_OUTBOX_FILE: outbox });
  afterAll(() => rmSync(outbox, { force: true }));
  const smsCode = (phone: string) =>
    existsSync(outbox)
      ? readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { phone: string; code: string }).findLast((sms) => sms.phone === phone)?.code
      : undefined;

  it('as admin creates a user with a role, finds it, locks it and deletes it', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    await openFromMenu(page, '系统管理', '用户管理');
    await rowOf(page, 'admin').waitFor();

    await activePage(page).getByTestId('resource-add').click();
    const form = dialog(page);
    await form.getByLabel('用户名', { exact: true }).fill('e2e_cashier');
    await form.getByLabel('密码', { exact: true }).fill('123');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await form.getByText('密码长度最少为6位').waitFor();
    await form.getByLabel('密码', { exact: true }).fill('123456');
    await form.getByLabel('昵称', { exact: true }).fill('收银员一号');
    await form.getByLabel('手机号', { exact: true }).fill('13900001111');
    await pick(form, page, '所属部门', '总部');
    await pick(form, page, '角色', '门店运营', { multiple: true });
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await toast(page, '新增成功');
    const row = rowOf(page, 'e2e_cashier');
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/收银员一号[\s\S]*13900001111[\s\S]*总部[\s\S]*门店运营[\s\S]*有效/);

    const search = activePage(page).getByTestId('resource-search');
    await search.getByLabel('用户名').fill('e2e_');
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    await expect.poll(() => activePage(page).locator('tr.ant-table-row').count()).toBe(1);
    await row.waitFor();

    await row.getByRole('button', { name: /锁\s?定/ }).click();
    await page.getByText('确定锁定该用户吗?').waitFor();
    await confirmPopover(page);
    await row.locator('.ant-tag').filter({ hasText: '锁定' }).waitFor();
    const token = await accessToken(page);
    const locked = await call<{ records: { username: string; lockFlag: string }[] }>(session.server.url, token, 'GET', '/upms/user/page?username=e2e_cashier');
    expect(locked.data.records[0]!.lockFlag).toBe('9');

    // The server refuses to delete the signed-in user and the page shows its message.
    await search.getByRole('button', { name: /清\s?空/ }).click();
    await rowOf(page, '管理员').getByRole('button', { name: /删\s?除/ }).click();
    await confirmPopover(page);
    await toast(page, /不能删除/);

    await rowOf(page, 'e2e_cashier').getByRole('button', { name: /删\s?除/ }).click();
    await confirmPopover(page);
    await toast(page, '删除成功');
    await expect.poll(() => rowOf(page, 'e2e_cashier').count()).toBe(0);
  });

  it('grants a role a permission in the menu-and-button tree and shows it granted', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    await openFromMenu(page, '系统管理', '角色管理');
    await rowOf(page, 'ROLE_OPERATOR').waitFor();

    await activePage(page).getByTestId('resource-add').click();
    const form = dialog(page);
    await form.getByLabel('角色名称').fill('前台');
    await form.getByLabel('角色编码').fill('ROLE_FRONT');
    await form.getByLabel('角色描述').fill('前台接待');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await toast(page, '新增成功');
    const row = rowOf(page, 'ROLE_FRONT');
    await row.waitFor();

    await row.getByRole('button', { name: /分配权限/ }).click();
    const tree = page.getByTestId('permission-tree');
    await tree.waitFor();
    const node = (name: string) => tree.locator('.ant-tree-treenode').filter({ has: page.locator(`.grant-name:text-is("${name}")`) });
    await node('桌台查看').locator('.ant-tree-checkbox').click();
    await node('桌台新增').locator('.ant-tree-checkbox').click();
    await expect(node('桌台').locator('.ant-tree-checkbox').getAttribute('class')).resolves.toContain('indeterminate');
    await dialog(page).getByRole('button', { name: /确\s?定/ }).click();
    await page.getByText('权限已保存').waitFor();

    const token = await accessToken(page);
    const roles = await call<{ records: { id: string; roleCode: string }[] }>(session.server.url, token, 'GET', '/upms/role/page?size=100');
    const roleId = roles.data.records.find((r) => r.roleCode === 'ROLE_FRONT')!.id;
    const all = await call<{ id: string; name: string; permission: string | null; children: unknown[] }[]>(session.server.url, token, 'GET', '/upms/menu/all/tree');
    const flat: { id: string; name: string; permission: string | null }[] = [];
    const walk = (nodes: { id: string; name: string; permission: string | null; children?: unknown[] }[]) =>
      nodes.forEach((n) => { flat.push(n); walk((n.children ?? []) as typeof nodes); });
    walk(all.data);
    const granted = await call<string[]>(session.server.url, token, 'GET', `/upms/menu/tree/${roleId}`);
    const names = flat.filter((m) => granted.data.includes(m.id)).map((m) => m.permission ?? m.name);
    expect(names).toEqual(expect.arrayContaining(['门店管理', '桌台', 'store:table:index', 'store:table:add']));
    expect(names).not.toContain('store:table:del');

    // Opened again, the dialog shows the grant.
    await row.getByRole('button', { name: /分配权限/ }).click();
    await tree.waitFor();
    await expect(node('桌台新增').locator('.ant-tree-checkbox').getAttribute('class')).resolves.toContain('checked');
    await expect(node('桌台删除').locator('.ant-tree-checkbox').getAttribute('class')).resolves.not.toContain('checked');
  });

  it('opens every system screen and the personal information page', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    // 菜单管理 opens collapsed to its top level (the groups).
    for (const [item, text] of [['菜单管理', '系统管理'], ['部门管理', '总部'], ['终端管理', 'admin'], ['令牌管理', 'admin'], ['日志管理', '/upms/']] as const) {
      await openFromMenu(page, '系统管理', item);
      await activePage(page).locator('tr.ant-table-row').filter({ hasText: text }).first().waitFor();
    }
    await page.goto('/info/index');
    const phone = page.getByLabel('手机号', { exact: true });
    await phone.waitFor();
    await phone.fill('1380000');
    await page.getByText('手机号码长度不为11位').waitFor();
    await phone.fill('13800138000');
    await page.getByLabel('昵称', { exact: true }).fill('超级店长');
    // A new number is saved only with the SMS code sent to it (issue 22 #9).
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await expect.poll(() => smsCode('13800138000')).toMatch(/^\d{6}$/);
    await page.getByLabel('短信验证码', { exact: true }).fill(smsCode('13800138000')!);
    await page.getByRole('button', { name: /保\s?存/ }).first().click();
    await page.getByText('修改成功').waitFor();
    const info = await call<{ sysUser: { nickname: string; phone: string } }>(session.server.url, await accessToken(page), 'GET', '/upms/user/info');
    expect(info.data.sysUser).toMatchObject({ nickname: '超级店长', phone: '13800138000' });
  });

  it('edits the menu tree: a menu with a picked icon, a button under it, deletion refused while it has children', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    await openFromMenu(page, '系统管理', '菜单管理');
    await rowOf(page, '门店管理').waitFor();
    // Collapsed to the groups at first; 展开全部 shows the buttons.
    expect(await rowOf(page, 'sys:user:add').count()).toBe(0);
    await activePage(page).getByTestId('resource-expand-all').click();
    await rowOf(page, 'sys:user:add').waitFor();
    await activePage(page).getByTestId('resource-expand-all').click();
    await expect.poll(() => rowOf(page, 'sys:user:add').count()).toBe(0);

    await activePage(page).getByTestId('resource-add').click();
    let form = dialog(page);
    await form.getByLabel('名称', { exact: true }).fill('测试菜单');
    await form.getByRole('button', { name: '选择图标' }).click();
    const picker = dialog(page);
    await picker.getByPlaceholder('搜索图标名').fill('smile');
    await picker.getByRole('button', { name: 'SmileOutlined', exact: true }).click();
    form = dialog(page);
    await expect(form.getByLabel('图标', { exact: true }).inputValue()).resolves.toBe('SmileOutlined');
    await form.getByLabel('路由地址', { exact: true }).fill('/admin/test');
    await form.getByLabel('组件', { exact: true }).fill('views/admin/test/index');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await toast(page, '新增成功');
    const menuRow = rowOf(page, '测试菜单');
    await menuRow.locator('.anticon-smile').waitFor();

    await menuRow.getByRole('button', { name: '新增下级' }).click();
    form = dialog(page);
    await form.getByText('按钮', { exact: true }).click();
    await expect(form.getByLabel('路由地址', { exact: true }).count()).resolves.toBe(0);
    await form.getByLabel('名称', { exact: true }).fill('测试按钮');
    await form.getByLabel('权限标识', { exact: true }).fill('sys:test:add');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await toast(page, '新增成功');
    const buttonRow = rowOf(page, 'sys:test:add');
    await buttonRow.waitFor();
    expect(await buttonRow.getByRole('button', { name: '新增下级' }).count()).toBe(0);
    expect(await buttonRow.locator('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)').count()).toBe(0);

    await rowOf(page, '测试菜单').first().getByRole('button', { name: /删\s?除/ }).click();
    await confirmPopover(page);
    await toast(page, /下级|子/);
    await rowOf(page, 'sys:test:add').getByRole('button', { name: /删\s?除/ }).click();
    await confirmPopover(page);
    await toast(page, '删除成功');
    await expect.poll(() => rowOf(page, 'sys:test:add').count()).toBe(0);
  });

  it('signs a user out by force from the online tokens', async () => {
    const operatorToken = await apiToken(session.server.url, 'operator');
    expect((await call(session.server.url, operatorToken, 'GET', '/upms/user/info')).status).toBe(200);
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    await openFromMenu(page, '系统管理', '令牌管理');
    const search = activePage(page).getByTestId('resource-search');
    await search.getByLabel('用户名').fill('operator');
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    const row = rowOf(page, 'operator').first();
    await row.waitFor();
    await row.getByRole('button', { name: '强制下线' }).click();
    await page.getByText('确定让该令牌的用户下线吗?').waitFor();
    await confirmPopover(page);
    await page.getByText('已强制下线').waitFor();
    await expect.poll(async () => (await call(session.server.url, operatorToken, 'GET', '/upms/user/info')).status).toBe(401);
  });

  it('keeps the operator out of the user screen', async () => {
    const page = await session.newPage('/login');
    await signIn(page, 'operator');
    await sideMenu(page).getByText('门店管理', { exact: true }).waitFor();
    expect(await sideMenu(page).getByText('用户管理').count()).toBe(0);
    expect((await call(session.server.url, await accessToken(page), 'GET', '/upms/user/page')).status).toBe(403);
    await page.goto('/admin/user');
    await page.waitForURL(/\/(404|403)$/);
    expect(await page.locator('[data-testid="resource-page"]').count()).toBe(0);
  });
});
