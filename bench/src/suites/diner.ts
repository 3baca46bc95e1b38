import { chromium, type Browser } from 'playwright-core';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { signIn } from './identity.js';
import { BROWSER_ARGS, chromiumPath, countAssets, median } from './web.js';

/**
 * A phone: the diners' page is opened from a table's QR code. The page's CSP (script-src 'self',
 * no eval) would refuse Playwright's polled predicates; bypassing it changes nothing measured.
 */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', bypassCSP: true };

/** The address of a demo table's ordering page (its QR code's path), read as the admin. */
async function tablePath(base: string): Promise<string> {
  const headers = { authorization: `Bearer ${await signIn(base)}` };
  const stores = (await (await fetch(`${base}/store/shop/mine`, { headers })).json()) as { data: Array<{ id: string }> };
  for (const store of stores.data) {
    const tables = (await (await fetch(`${base}/store/table/page?storeId=${store.id}&current=1&size=1`, { headers })).json()) as { data: { records: Array<{ orderUrl: string }> } };
    const table = tables.data.records[0];
    if (table) return table.orderUrl;
  }
  throw new Error('diner bench: no demo table (is DEMO_DATA on?)');
}

/**
 * Milliseconds from navigation start to the first animation frame in which a dish's add button
 * is visible (the menu is there and can be ordered from): cold loads (cache off), CPU throttled
 * `rate` times, median of five after one warm-up — as the /login figure is measured (web.ts).
 */
async function menuUsable(browser: Browser, baseURL: string, path: string, rate: number): Promise<number> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  try {
    await context.addInitScript(`(() => {
      const tick = () => {
        const button = document.querySelector('[data-testid=diner-item] button');
        if (button && button.checkVisibility()) { window.__menuUsable = performance.now(); return; }
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
      await page.waitForFunction('window.__menuUsable !== undefined', undefined, { timeout: 30_000 });
      const usable = await page.evaluate<number>('window.__menuUsable');
      if (i > 0) times.push(usable);
    }
    return median(times);
  } finally {
    await context.close();
  }
}

/**
 * The diners' table ordering page (its own Vite entry, no antd) in headless Chromium as a
 * phone against the production build: what it loads, gzipped, and how soon its menu can be
 * ordered from at 1× and with the CPU throttled 4×.
 */
export async function diner({ server }: BenchContext): Promise<Figure[]> {
  const path = await tablePath(server.url);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_ARGS, headless: true });
    const context = await browser.newContext({ baseURL: server.url, ...PHONE });
    const total = countAssets(context, server.url);
    const page = await context.newPage();
    await page.goto(path);
    await page.getByTestId('diner-item').first().waitFor();
    await page.waitForLoadState('networkidle');
    const kb = await total();
    await context.close();
    const at1 = await menuUsable(browser, server.url, path, 1);
    const at4 = await menuUsable(browser, server.url, path, 4);
    return [
      atMost('diner: gzipped JS+CSS loaded for a table\'s ordering page', Math.round(kb), 'KB', 150),
      info('diner: ordering page usable (a dish\'s add button visible, cold, cache off, median of 5)', Math.round(at1), 'ms'),
      atMost('diner: ordering page usable with the CPU throttled 4×', Math.round(at4), 'ms', 1000),
    ];
  } finally {
    await browser?.close();
  }
}
