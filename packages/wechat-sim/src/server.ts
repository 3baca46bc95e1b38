import Fastify, { type FastifyInstance } from 'fastify';
import { registerApi } from './api.js';
import { SimClock } from './clock.js';
import { consolePage } from './console-page.js';
import { DEFAULT_LIMITS, type MediaLimits, type SimContext } from './context.js';
import { registerControl } from './control.js';
import { registerPay } from './pay/index.js';
import { demoMerchant, NOTIFY_BACKOFF_MS } from './pay/state.js';
import type { EscposPrinterConfig } from './printer/hub.js';
import { registerPrinters } from './printer/index.js';
import { seedDemo } from './seed.js';
import { SimStore } from './state.js';

export interface SimOptions {
  /** Silence the request log (tests). */
  quiet?: boolean;
  /** Keep the state in `${dataDir}/wechat-sim.json` (default: memory only). */
  dataDir?: string | null;
  /** Create the demo account, followers, materials and menu on an empty state (default true). */
  seed?: boolean;
  /** Base URL written into media links; default: the Host the request came to. */
  publicUrl?: string | null;
  /** The product's base URL; the demo account's callback is `${productUrl}/weixin/portal/{appId}`. */
  productUrl?: string;
  /** How long a push waits for the callback (platform: 5000 ms). */
  callbackTimeoutMs?: number;
  /** Tries of a push in total (platform: 3). */
  callbackAttempts?: number;
  /** Upload size limits (bytes) and the longest voice clip (seconds). */
  limits?: Partial<MediaLimits>;
  /** How long one pay notification try waits for the merchant (default 5000 ms). */
  payNotifyTimeoutMs?: number;
  /** Waits between tries of an unacknowledged pay notification (default the platform's 15 s, 15 s, 30 s, 3 m … 6 h). */
  payNotifyBackoffMs?: number[];
  /** A refund stays PROCESSING this long, then succeeds (default 0: SUCCESS in the answer). */
  refundDelayMs?: number;
  /** Network ESC/POS printers to listen for (port 0: any free port); default none. */
  escposPrinters?: EscposPrinterConfig[];
}

/**
 * The messaging-platform simulator: a separate server that plays the platform's API
 * (`/cgi-bin/*`), pushes follower messages to the product's callback, offers a control API
 * (`/sim/*`) and a follower console page (`/`).
 */
export async function buildSimulator(options: SimOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.quiet ? false : { level: 'warn' }, bodyLimit: 25 * 1024 * 1024, forceCloseConnections: true });
  const clock = new SimClock();
  const store = new SimStore(clock, options.dataDir ?? null);
  const settings = {
    publicUrl: options.publicUrl ?? null,
    productUrl: options.productUrl ?? 'http://127.0.0.1:8080',
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5000,
    callbackAttempts: options.callbackAttempts ?? 3,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    payNotifyTimeoutMs: options.payNotifyTimeoutMs ?? 5000,
    payNotifyBackoffMs: options.payNotifyBackoffMs ?? NOTIFY_BACKOFF_MS,
    refundDelayMs: options.refundDelayMs ?? 0,
  };
  const ctx: SimContext = { store, clock, settings };
  if (!store.load() && options.seed !== false) seedDemo(store, settings.productUrl);
  // A state saved before the pay API existed gets the demo merchant too.
  else if (options.seed !== false && store.data.pay.merchants.length === 0) store.data.pay.merchants.push(demoMerchant());

  // The platform reads JSON whatever the Content-Type says; bad JSON is answered by the route.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = String(text);
    if (!raw.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(raw) as unknown);
    } catch {
      done(null, raw);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, data, done) => done(null, data));

  app.get('/health', async () => ({ status: 'up', name: 'wechat-sim' }));
  app.get('/', async (_request, reply) => reply.header('Content-Type', 'text/html; charset=utf-8').send(consolePage()));
  registerApi(app, ctx);
  registerControl(app, ctx);
  registerPay(app, ctx);
  registerPrinters(app, ctx, { seed: options.seed !== false, escposPrinters: options.escposPrinters ?? [], dataDir: options.dataDir ?? null });
  app.addHook('onClose', async () => store.saveNow());
  return app;
}
