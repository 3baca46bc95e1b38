import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium as playwright, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { repoRoot } from './paths.js';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** What the server has written to its standard output so far (its log lines), also echoed. */
  output: () => string;
  /** Stops the server (SIGTERM: it closes its database) and removes its folder, after `keep` copied what it needs. */
  stop: (options?: { keep?: (dataDir: string) => void }) => Promise<void>;
}

/**
 * A first boot seeds 90 days of demo business: seconds on an idle machine, over a minute on one
 * busy with other work. Below the suite's hook timeout (180 s).
 */
const READY_TIMEOUT_MS = 150_000;

/**
 * The production server build on a free port with a fresh data folder, ready when it answers.
 * With demo data (the default) the folder starts as a copy of the run's demo database, seeded
 * once by the global setup, instead of seeding 90 days again for every file.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const template = env.DEMO_DATA === 'off' ? '' : inject('demoDataDir');
  return spawnServer(env, template || undefined);
}

/** The server on a free port with a new data folder (a copy of `template` when given), ready when it answers. */
export async function spawnServer(env: Record<string, string>, template?: string, options: { echo?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', DATABASE_URL: '', PRINTER_ALLOW_LOOPBACK: 'on', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (options.echo !== false) process.stdout.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before it was ready`))));
  exited.catch(() => undefined); // lost the race once ready: not an unhandled rejection
  const ready = (async () => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let last: unknown;
    while (child.exitCode === null) {
      try {
        const answer = await fetch(`${url}/health/ready`); // fails while it is not listening yet
        if (answer.ok) return;
        last = new Error(`/health/ready answered ${answer.status}`);
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`, { cause: last });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill('SIGTERM'); // not left running when it was too slow
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    output: () => output,
    stop: async ({ keep } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      keep?.(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page script (the e2e project has no DOM types) adding the style that hides the printer alert. */
const HIDE_PRINTER_ALERT = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '.printer-alert { display: none !important; }';
  document.head.append(style);
});`;

/** A name that reaches this machine's loopback, as a LAN address would a back-office server: unlike localhost, no secure context. */
export const LAN_HOST = 'lan.canteen.test';

export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`];

/**
 * How far this run's clock is shifted by Debian's libfaketime (`npm test`'s clock runs set
 * FAKETIME to an offset in seconds for the whole Vitest process tree, servers and simulator
 * included), in milliseconds; 0 on the real clock.
 */
export const clockShiftMs = (): number => (/^[+-]\d+$/.test(process.env.FAKETIME ?? '') ? Number(process.env.FAKETIME) * 1000 : 0);

/**
 * Chromium itself never runs under the preload (its many processes spin on the shifted clock
 * calls): it starts without it, and each context's pages get the same shift for `Date` alone
 * (`newContext`); their timers run as usual.
 */
const browserEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME'))) as Record<string, string>;

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({ executablePath: inject('chromium'), args: BROWSER_ARGS, headless: true, env: browserEnv() });
}

/** A page script: `Date` reads the real clock moved by `shift` ms (a page script: the e2e project has no DOM types). */
const shiftedDate = (shift: number) => `(() => {
  const Real = Date;
  class Shifted extends Real {
    constructor(...args) { if (args.length === 0) super(Real.now() + ${shift}); else super(...args); }
    static now() { return Real.now() + ${shift}; }
  }
  globalThis.Date = Shifted;
})();`;

/**
 * A browser context on this run's clock (under a shifted clock its pages' `Date` is shifted
 * alike), whose user asks for reduced motion: the app then draws antd without animations, and
 * no click lands in a dialog or popup still zooming in (on a loaded machine such a click was
 * lost: a radio, a colour preset, a 取消).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  const shift = clockShiftMs();
  if (shift !== 0) await context.addInitScript({ content: shiftedDate(shift) });
  return context;
}

/** Whether this run has a browser; suites use `describe.skipIf(!hasBrowser)`. */
export const hasBrowser = () => inject('chromium') !== '';

/**
 * One server and one browser for a test file; each test gets a fresh context (no shared storage)
 * and page through `session.newPage()`.
 */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const session = {} as {
    server: RunningServer;
    browser: Browser;
    contexts: BrowserContext[];
    newPage: (path?: string) => Promise<Page>;
    /** Another context on the server (a diner's phone, …), closed with the file. */
    newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  };
  beforeAll(async () => {
    session.server = await startServer(env);
    session.browser = await launchBrowser();
    session.contexts = [];
    session.newContext = async (options = {}) => {
      const context = await newContext(session.browser, { baseURL: session.server.url, ...options });
      session.contexts.push(context);
      return context;
    };
    session.newPage = async (pathname = '/') => {
      const context = await newContext(session.browser, { baseURL: session.server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      // The demo printers have no simulator behind them here: a minute in, the status check finds
      // them offline, and the printer alert (it stays until dismissed) would sit over whatever a
      // test clicks at the bottom right of a page. No test is about that alert.
      await context.addInitScript({ content: HIDE_PRINTER_ALERT });
      session.contexts.push(context);
      const page = await context.newPage();
      await page.goto(pathname);
      return page;
    };
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
