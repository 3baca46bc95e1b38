import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.js';
import { registerPrinterControl } from './control.js';
import { registerFeieApi } from './feie-api.js';
import { PrinterHub, type EscposPrinterConfig } from './hub.js';
import { registerPrinterPages } from './page.js';

/**
 * The printers: the 飞鹅-style cloud API (`POST /Api/Open/`), network ESC/POS printers listening on
 * their own TCP ports, the control face under `/sim/printer` and the paper pages under `/printer`.
 * State is kept in memory (a restart starts from the demo account and printers again).
 */
export function registerPrinters(app: FastifyInstance, ctx: SimContext, options: { seed: boolean; escposPrinters: EscposPrinterConfig[] }): PrinterHub {
  const hub = new PrinterHub(() => ctx.clock.now());
  if (options.seed) hub.cloud.seedDemo();
  registerFeieApi(app, hub.cloud);
  registerPrinterControl(app, hub, options.seed);
  registerPrinterPages(app, hub);
  app.addHook('onReady', async () => {
    for (const config of options.escposPrinters) await hub.addEscpos(config);
  });
  app.addHook('onClose', async () => hub.close());
  return hub;
}
