import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.js';
import { registerPayApi } from './api.js';
import { registerPayControl } from './control.js';
import { PayNotifier } from './notify.js';
import { registerPayPages } from './page.js';
import { createPayService } from './service.js';

/** The pay platform: the `/v3` API, the customer's pages under `/pay`, the control face under `/sim/pay`. */
export function registerPay(app: FastifyInstance, ctx: SimContext): void {
  const notifier = new PayNotifier(ctx);
  const service = createPayService(ctx, notifier);
  registerPayApi(app, ctx, service);
  registerPayPages(app, ctx, service);
  registerPayControl(app, ctx, service, notifier);
  app.addHook('onReady', async () => notifier.resume());
  app.addHook('onClose', async () => notifier.stop());
}
