import Fastify, { type FastifyInstance } from 'fastify';
import { registerApi } from './api.js';
import { SimClock } from './clock.js';
import { consolePage } from './console-page.js';
import { DEFAULT_LIMITS, type MediaLimits, type SimContext } from './context.js';
import { registerControl } from './control.js';
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
  };
  const ctx: SimContext = { store, clock, settings };
  if (!store.load() && options.seed !== false) seedDemo(store, settings.productUrl);

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
  app.addHook('onClose', async () => store.saveNow());
  return app;
}
