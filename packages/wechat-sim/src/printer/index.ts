import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.js';
import { registerPrinterControl } from './control.js';
import { registerFeieApi } from './feie-api.js';
import { PrinterHub, type EscposPrinterConfig } from './hub.js';
import { registerPrinterPages } from './page.js';
import { PrinterPersistence } from './persist.js';

/**
 * The printers: the 飞鹅-style cloud API (`POST /Api/Open/`), network ESC/POS printers listening on
 * their own TCP ports, the control face under `/sim/printer` and the paper pages under `/printer`.
 * State is kept in memory, and in `${dataDir}/printers.json` when the simulator has a data directory.
 */
export function registerPrinters(app: FastifyInstance, ctx: SimContext, options: { seed: boolean; escposPrinters: EscposPrinterConfig[]; dataDir: string | null }): PrinterHub {
  const hub = new PrinterHub(() => ctx.clock.now());
  const persistence = options.dataDir ? new PrinterPersistence(hub, options.dataDir) : null;
  if (persistence) {
    hub.onChange = () => persistence.changed();
    hub.restoredTickets = (port) => persistence.escposTickets(port);
  }
  if (!persistence?.load() && options.seed) hub.cloud.seedDemo();
  if (persistence) {
    // Calls that change printers, accounts or queues are saved a moment later.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && /^\/(Api\/Open|printer\/feie\/Api\/Open|sim\/printer)/.test(request.url)) persistence.changed();
    });
    app.addHook('onClose', async () => persistence.saveNow());
  }
  registerFeieApi(app, hub.cloud);
  registerPrinterControl(app, hub, options.seed);
  registerPrinterPages(app, hub);
  app.addHook('onReady', async () => {
    for (const config of options.escposPrinters) await hub.addEscpos(config);
  });
  app.addHook('onClose', async () => hub.close());
  return hub;
}
