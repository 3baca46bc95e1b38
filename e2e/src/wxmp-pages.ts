import { buildSimulator, makeDishPng } from '@canteen/wechat-sim';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort } from './harness.js';
import { openFromMenu, signIn } from './shell-pages.js';

/**
 * The messaging-platform simulator for a browser test file, started before the server so that
 * the server's platform calls reach it: pass the returned `env` to `useServerAndBrowser` (it is
 * filled in before the server starts).
 */
export function useSimulator() {
  const env: Record<string, string> = {};
  const state = { url: '' };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const sim = await buildSimulator({ quiet: true, seed: true });
    const port = await freePort();
    state.url = await sim.listen({ port, host: '127.0.0.1' });
    env.WECHAT_API_BASE = state.url;
    env.SIM_PORT = String(port);
    close = () => sim.close();
  });
  afterAll(async () => {
    await close?.();
  });
  /** The simulator's control API (`/sim/...`); a failure names the call and the answer. */
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${state.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { env, state, call };
}

export const DEMO_ACCOUNT_NAME = '食堂示范公众号';

/** A small real PNG (the simulator's sample-image generator). */
export const samplePng = (seed = 0) =>
  makeDishPng([
    [200, 80 + seed * 20, 60],
    [240, 200, 90 + seed * 30],
    [90, 160, 80],
  ]);

/** Chooses a file for an upload control by its test id. */
export async function chooseFile(page: Page, testId: string, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
}

/** Waits until the account tree has selected the demo account. */
export async function demoAccountSelected(page: Page) {
  await page.getByTestId('account-tree').locator('.ant-tree-node-selected').getByText(DEMO_ACCOUNT_NAME).waitFor();
}

/**
 * Signs in as admin and opens a 公众号管理 screen from the menu: answers the page and the
 * screen (by its test id) once the account tree has selected the demo account.
 */
export async function openAccountScreen(session: { newPage: (path?: string) => Promise<Page> }, item: string, testId: string) {
  const page = await session.newPage('/login');
  await signIn(page, 'admin');
  await openFromMenu(page, '公众号管理', item);
  const screen = page.getByTestId(testId);
  await screen.waitFor();
  await demoAccountSelected(page);
  return { page, screen };
}
