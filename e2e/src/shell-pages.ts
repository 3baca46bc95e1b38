import { createCipheriv } from 'node:crypto';
import type { Page } from 'playwright-core';

/** Page objects and API helpers for the sign-in page and the shell. */
export const USERS = { admin: { username: 'admin', password: '123456' }, operator: { username: 'operator', password: '123456' } } as const;

export const loginForm = (page: Page) => page.getByTestId('login-form');

/** Fills the user sign-in form (the captcha is off in tests, any 4 characters pass) and submits. */
export async function submitLogin(page: Page, username: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  const form = loginForm(page);
  await form.getByPlaceholder('请输入用户名').fill(username);
  await form.getByPlaceholder('请输入密码').fill(password);
  await form.getByPlaceholder('请输入验证码').fill('abcd');
  await form.getByRole('button', { name: '登 录' }).click();
}

/** Signs in through the page and waits for home. */
export async function signIn(page: Page, user: keyof typeof USERS = 'admin') {
  await submitLogin(page, USERS[user].username, USERS[user].password);
  await page.waitForURL('**/wel/index');
  await page.getByTestId('home-page').waitFor();
}

export const sideMenu = (page: Page) => page.getByTestId('side-menu');

/**
 * Waits until the page's running animations have finished (antd's modals and popups zoom and
 * slide in; spinners, which never end, are left out): on a loaded machine a click during an
 * opening animation could be lost, and the dialog stayed open over the next click.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))).then(() => true)`);
}

/** Opens a page through the sidebar: group, then item. */
export async function openFromMenu(page: Page, group: string, item: string) {
  const menu = sideMenu(page);
  const entry = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await entry.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await entry.click();
  await tabBar(page).locator('.shell-tag-label').getByText(item, { exact: true }).waitFor();
}

export const tabBar = (page: Page) => page.getByTestId('tag-bar');
export const tab = (page: Page, label: string) => tabBar(page).locator('.ant-tabs-tab').filter({ hasText: label });
export const tabLabels = async (page: Page) => (await tabBar(page).locator('.shell-tag-label').allInnerTexts()).map((s) => s.trim());

/** Clicks an item of a tab's right-click menu. */
export async function tabMenu(page: Page, label: string, action: '刷新' | '关闭' | '关闭其他' | '关闭全部') {
  await tab(page, label).locator('.shell-tag-label').click({ button: 'right' });
  const item = page.locator('.ant-dropdown:visible').getByText(action, { exact: true });
  await item.waitFor();
  await page.waitForTimeout(300); // let the menu finish appearing
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/** A product value from the page's storage (`local` or `session`), raw. */
export const storageItem = (page: Page, area: 'local' | 'session', name: string) =>
  page.evaluate<string | null>(`${area}Storage.getItem(${JSON.stringify(`canteen-${name}`)})`);

/** The signed-in browser's access token, as the app stored it. */
export async function accessToken(page: Page): Promise<string> {
  const raw = await storageItem(page, 'local', 'session');
  const value = raw ? (JSON.parse(raw) as { content: { state: { token?: { access_token: string } } } }) : undefined;
  return value?.content.state.token?.access_token ?? '';
}

export const encrypt = (text: string) => {
  const key = Buffer.from('thanks,pig4cloud', 'latin1');
  const plain = Buffer.from(text, 'utf8');
  const padded = Buffer.alloc(Math.ceil(plain.length / 16) * 16);
  plain.copy(padded);
  const cipher = createCipheriv('aes-128-cbc', key, key);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
};

/** Signs in over HTTP (no browser) and answers the access token. */
export async function apiToken(baseUrl: string, user: keyof typeof USERS = 'admin'): Promise<string> {
  const query = new URLSearchParams({ username: USERS[user].username, password: encrypt(USERS[user].password), randomStr: 'e2e', code: 'abcd', grant_type: 'password', scope: 'server' });
  const response = await fetch(`${baseUrl}/auth/oauth/token?${query.toString()}`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** An API call with a bearer token; answers the envelope. */
export async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; code: number; msg: string | null; data: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string | null; data: T };
  return { status: response.status, ...envelope };
}

/** A POST that creates something through the API and must succeed: answers its `data` (a refusal fails the test with its message). */
export const creator = (baseUrl: string, token: string) => async <T extends { id: string }>(path: string, body: Record<string, unknown>): Promise<T> => {
  const answer = await call<T>(baseUrl, token, 'POST', path, body);
  if (answer.status !== 200 || answer.code !== 0) throw new Error(`POST ${path} answered ${answer.status}: ${answer.msg ?? ''}`);
  return answer.data;
};

/**
 * Binds a phone number to a user as the administrator does in 用户管理 (PUT /upms/user): a user's
 * own change in 个人信息 needs the SMS code sent to the new number (issue 22 #9).
 */
export async function bindPhone(baseUrl: string, username: string, phone: string): Promise<void> {
  const admin = await apiToken(baseUrl, 'admin');
  const page = await call<{ records: { id: string; username: string }[] }>(baseUrl, admin, 'GET', `/upms/user/page?username=${encodeURIComponent(username)}`);
  const user = page.data.records.find((r) => r.username === username);
  if (!user) throw new Error(`bindPhone: no user ${username}`);
  const saved = await call(baseUrl, admin, 'PUT', '/upms/user', { id: user.id, phone });
  if (saved.status !== 200) throw new Error(`bindPhone: ${saved.msg}`);
}
