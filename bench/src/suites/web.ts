import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { freePort, removeDir, startProgram } from '../processes.js';

export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Ten screens of the admin menu, opened as keep-alive tabs: [group, item, path]. */
const TEN_TABS: Array<[string, string, string]> = [
  ['系统管理', '用户管理', '/admin/user'], ['系统管理', '角色管理', '/admin/role'], ['系统管理', '菜单管理', '/admin/menu'], ['系统管理', '部门管理', '/admin/dept'],
  ['系统管理', '终端管理', '/admin/client'], ['系统管理', '令牌管理', '/admin/token'], ['系统管理', '日志管理', '/admin/log'], ['门店管理', '门店信息', '/store/shop'],
  ['门店管理', '菜品', '/store/dish'], ['订单管理', '订单列表', '/order/list'],
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Gzipped bytes of every script and stylesheet the context loads from the product. */
export function countAssets(context: BrowserContext, origin: string) {
  const seen = new Map<string, number>();
  const reading: Array<Promise<unknown>> = [];
  context.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(origin)) return;
    reading.push(response.body().then(
      (body) => seen.set(response.url(), gzipSync(body).length),
      () => undefined,
    ));
  });
  // Called once the page is network-idle: every response has come, only their bodies may still be read.
  return async () => {
    await Promise.all(reading);
    return [...seen.values()].reduce((a, b) => a + b, 0) / 1024;
  };
}

/** A plain HTML page with the same three fields: the floor a login form can be shown at. */
const PLAIN_LOGIN = '<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head><body><form><input name="username" placeholder="用户名"><input name="password" type="password" placeholder="密码"><input name="code" placeholder="验证码"><button>登 录</button></form></body></html>';

/**
 * Milliseconds from navigation start to the first animation frame in which the password field is
 * visible: cold loads (cache disabled), CPU throttled `rate` times, median of five after one warm-up.
 */
async function passwordFieldShown(browser: Browser, baseURL: string, path: string, rate: number): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    await context.route('**/plain-login', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: PLAIN_LOGIN }));
    await context.addInitScript(`(() => {
      const tick = () => {
        const field = document.querySelector('input[type=password]');
        if (field && field.checkVisibility()) { window.__passwordShown = performance.now(); return; }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      await page.goto(path);
      await page.waitForFunction('window.__passwordShown !== undefined');
      const shown = await page.evaluate<number>('window.__passwordShown');
      if (i > 0) times.push(shown);
    }
    return median(times);
  } finally {
    await context.close();
  }
}

async function signIn(page: Page) {
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('请输入用户名').fill('admin');
  await form.getByPlaceholder('请输入密码').fill('123456');
  await form.getByPlaceholder('请输入验证码').fill('abcd');
  await form.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL('**/wel/index');
  await page.getByTestId('home-page').waitFor();
}

async function openFromMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const entry = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await entry.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await entry.click();
  await page.getByTestId('tag-bar').locator('.shell-tag-label').getByText(item, { exact: true }).waitFor();
}

/** Used JS heap after a forced collection, in MB. */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** Clicks a tab and answers the milliseconds until its page is visible and painted. */
const switchTo = (page: Page, path: string) =>
  page.evaluate<number>(`(async () => {
    const key = ${JSON.stringify(path)};
    const label = document.querySelector('[data-tab-key="' + key + '"]');
    const started = performance.now();
    label.click();
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    for (;;) {
      await frame();
      const pane = document.querySelector('.page-pane[data-tab="' + key + '"]');
      if (pane && pane.checkVisibility()) break;
    }
    await frame();
    return performance.now() - started;
  })()`);

async function openTen(page: Page) {
  for (const [group, item] of TEN_TABS) await openFromMenu(page, group, item);
}

async function closeAll(page: Page) {
  await page.getByTestId('tag-actions').click();
  await page.locator('.ant-dropdown:visible').getByText('关闭全部', { exact: true }).click();
  await page.waitForURL('**/wel/index');
  await page.waitForFunction("document.querySelectorAll('.page-pane').length === 1");
}

/**
 * The web app in headless Chromium against the production build: what /login and home cost to
 * load, how soon the login form is usable, and switching between ten keep-alive tabs.
 */
export async function web(_ctx: BenchContext): Promise<Figure[]> {
  const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { AUTH_CAPTCHA: 'off' }, '/health/ready', await freePort());
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_ARGS, headless: true });
    const fresh = () => browser!.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

    // Login page weight, and the time to a usable form (median of five cold loads).
    const loginTimes: number[] = [];
    let loginKb = 0;
    for (let i = 0; i < 5; i++) {
      const context = await fresh();
      const total = countAssets(context, server.url);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto('/login');
      const submit = page.getByTestId('login-form').getByRole('button', { name: '登 录' });
      await submit.waitFor({ state: 'visible' });
      await page.waitForFunction("!document.querySelector('[data-testid=login-form] button[type=submit]').disabled");
      loginTimes.push(performance.now() - started);
      await page.waitForLoadState('networkidle');
      loginKb = await total();
      await context.close();
    }

    // The login form as a user first sees it, against a plain HTML form on the same machine.
    const shown = { app: await passwordFieldShown(browser, server.url, '/login', 1), app4: await passwordFieldShown(browser, server.url, '/login', 4) };
    const plain = { at1: await passwordFieldShown(browser, server.url, '/plain-login', 1), at4: await passwordFieldShown(browser, server.url, '/plain-login', 4) };

    // Home after sign-in: everything loaded from /login through home.
    const context = await fresh();
    const total = countAssets(context, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await page.waitForLoadState('networkidle');
    const homeKb = await total();

    // Ten keep-alive tabs: open, switch (three rounds), close all. The first cycle warms caches
    // (code chunks, query data); the same cycle again must leave the heap where it was.
    const switches: number[] = [];
    const cycle = async () => {
      await openTen(page);
      for (let round = 0; round < 3; round++) for (const [, , path] of TEN_TABS) switches.push(await switchTo(page, path));
      await closeAll(page);
    };
    await cycle();
    const before = await heapMb(page);
    await cycle();
    const after = await heapMb(page);
    await context.close();

    return [
      atMost('web: gzipped JS+CSS loaded for /login', Math.round(loginKb), 'KB', 350),
      atMost('web: gzipped JS+CSS loaded for home after sign-in', Math.round(homeKb), 'KB', 800),
      info('web: navigation to a usable login form (median of 5 cold loads)', Math.round(median(loginTimes)), 'ms'),
      // The ratio's baseline here is a plain HTML page with the same three fields, loaded the same way.
      atMost('web: login password field visible, first frame (cold, cache off, median of 5)', Math.round(shown.app), 'ms', 400, { ratio: shown.app / plain.at1 }),
      atMost('web: login password field visible, first frame with the CPU throttled 4×', Math.round(shown.app4), 'ms', 1000, { ratio: shown.app4 / plain.at4 }),
      info('web: a plain HTML form\'s password field visible (same method; 1× and 4×)', Math.round(plain.at1), `ms, ${Math.round(plain.at4)} ms at 4×`),
      atMost('web: switching between ten open keep-alive tabs (median)', Number(median(switches).toFixed(1)), 'ms', 100),
      info('web: JS heap at home after opening and closing ten tabs (before)', Number(before.toFixed(1)), 'MB'),
      atMost('web: JS heap growth after another open-switch-close cycle of ten tabs', Number(Math.max(0, after - before).toFixed(1)), 'MB', 2),
    ];
  } finally {
    await browser?.close();
    await server.stop();
    removeDir(server.dataDir);
  }
}
