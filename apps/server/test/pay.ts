import { afterAll } from 'vitest';
import { buildSimulator } from '@canteen/wechat-sim';
import type { App } from '../src/app.js';
import { createTestApp } from './app.js';

export interface PayTestAppOptions {
  /** The port the app listens on: the simulator posts its payment notifications there. */
  port: number;
  /** The simulator's waits between notification attempts. */
  notifyBackoffMs?: number[];
  /** More settings of the app. */
  config?: Record<string, string>;
  /** Runs once the app is built, before it listens. */
  beforeListen?: (app: App) => void;
}

/**
 * A test app paying through the simulator's WeChat Pay over real HTTP: the simulator listens on
 * a port of its own, the app on `port`, where the simulator's signed, encrypted notifications
 * arrive as the platform's would. Both close after the file.
 */
export async function payTestApp({ port, notifyBackoffMs = [100], config = {}, beforeListen }: PayTestAppOptions) {
  const sim = await buildSimulator({ quiet: true, payNotifyBackoffMs: notifyBackoffMs, payNotifyTimeoutMs: 3000 });
  const simUrl = await sim.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => sim.close());
  const { app } = await createTestApp({ SIM_PORT: new URL(simUrl).port, WXPAY_NOTIFY_URL: `http://127.0.0.1:${port}/order/pay/wechat/notify`, ...config });
  beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, sim, simUrl };
}
