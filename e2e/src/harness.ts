import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
  stop: () => Promise<void>;
}

/**
 * A first boot seeds 90 days of demo business: seconds on an idle machine, over a minute on one
 * busy with other work. Below the suite's hook timeout (180 s).
 */
const READY_TIMEOUT_MS = 150_000;

/** The production server build on a free port with a fresh data folder, ready when it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    process.stdout.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before it was ready`))));
  const ready = vi
    .waitFor(async () => {
      if (child.exitCode !== null) return; // stop asking: `exited` has failed the race already
      const answer = await fetch(`${url}/health/ready`); // fails while it is not listening yet
      if (!answer.ok) throw new Error(`/health/ready answered ${answer.status}`);
    }, { timeout: READY_TIMEOUT_MS, interval: 100 })
    .catch((error: unknown) => {
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`, { cause: error });
    });
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
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
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

export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({ executablePath: inject('chromium'), args: BROWSER_ARGS, headless: true });
}

/** Whether this run has a browser; suites use `describe.skipIf(!hasBrowser)`. */
export const hasBrowser = () => inject('chromium') !== '';

/**
 * One server and one browser for a test file; each test gets a fresh context (no shared storage)
 * and page through `session.newPage()`.
 */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const session = {} as { server: RunningServer; browser: Browser; contexts: BrowserContext[]; newPage: (path?: string) => Promise<Page> };
  beforeAll(async () => {
    session.server = await startServer(env);
    session.browser = await launchBrowser();
    session.contexts = [];
    session.newPage = async (pathname = '/') => {
      const context = await session.browser.newContext({ baseURL: session.server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
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
