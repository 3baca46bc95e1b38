import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_DESTINATIONS } from '@canteen/contract';
import { createSecrets, loadSecretsKey } from '../../platform/secrets.js';
import { canSee } from '../store/service.js';
import { addressPolicyOf } from './address-policy.js';
import { PrintDispatcher } from './jobs/dispatcher.js';
import { printOrders } from './listeners.js';
import { printingRoutes } from './routes.js';
import { kitchenStationsOf } from './stations.js';
import type { PrintingRuntime } from './runtime.js';
import { checkAllPrinters, recordStatus } from './status.js';
import { FeieClient } from './transport/feie-client.js';
import { networkTransport } from './transport/transport.js';

const STATUS_KIND = 'printing.status';
const STATUS_SCHEDULE = 'printing.status';
/** How often every printer is asked for its state (one instance does it: a scheduled job). */
const STATUS_EVERY_MS = 60_000;

/** The 飞鹅 API: FEIE_API_URL, or the simulator's (npm start runs it beside the server). */
export const feieApiUrl = (config: { FEIE_API_URL?: string | undefined; SIM_PORT: number }): string =>
  config.FEIE_API_URL ?? `http://127.0.0.1:${config.SIM_PORT}/printer/feie/Api/Open/`;

/**
 * 打印 (issue 14): printers, the outbox of print jobs written by the orders' hooks, the
 * dispatcher sending them after commit on every instance, the scheduled status check with its
 * live alert, and the routes. Decorates `app.printing`.
 */
export const printingPlugin = fp(async (app) => {
  const db = app.database.db;
  const secrets = createSecrets(loadSecretsKey(app.config));
  const feie = new FeieClient(feieApiUrl(app.config));
  // The ports this server listens on now (a test's or a second instance's may differ from PORT).
  const listening = () => {
    const address = app.server.listening ? app.server.address() : null;
    return address && typeof address === 'object' ? [address.port] : [];
  };
  const runtime = { secrets, feie, addresses: addressPolicyOf(app.config, listening) } as PrintingRuntime;
  // Through the runtime, so a policy put in its place (tests) is the one the connections use too.
  runtime.transport = networkTransport({ db, secrets, feie, addresses: { check: (host, port) => runtime.addresses.check(host, port) } });
  runtime.dispatcher = new PrintDispatcher({
    database: app.database,
    // Through the runtime, so a transport put in its place (tests) is the one used.
    transport: { send: (p, job, onPart) => runtime.transport.send(p, job, onPart), status: (p) => runtime.transport.status(p) },
    log: app.log.child({ module: 'printing' }),
    pollMs: app.config.JOB_POLL_MS,
    leaseMs: app.config.PRINT_LEASE_MS,
    onStatus: async (printerId, status, message) => void await recordStatus(app, db, printerId, status, message),
  });
  app.decorate('printing', runtime);
  app.addHook('onReady', async () => runtime.dispatcher.start());
  app.addHook('preClose', async () => runtime.dispatcher.stop());

  app.live.declare({
    pattern: LIVE_DESTINATIONS.storePrinters,
    permission: 'store:printer:index',
    summary: "a store's printers going offline, out of paper, or back online",
    allow: async (user, params) => canSee(await app.store.scope.of({ user } as never), params.storeId ?? ''),
  });
  app.jobs.register(STATUS_KIND, { handler: async () => void await checkAllPrinters(app, db, runtime.transport), maxAttempts: 1 });
  app.jobs.schedule(STATUS_SCHEDULE, { every: STATUS_EVERY_MS }, STATUS_KIND);

  printOrders(app);
  // The kitchen display's stations are the kitchen printers (given, not imported: printing imports orders).
  app.order.kitchenStations.provide(kitchenStationsOf);

  const routes: FastifyPluginAsync = async (scope) => {
    scope.addHook('preHandler', async (request) => {
      if (request.user) await app.store.scope.of(request);
    });
    await scope.register(printingRoutes);
  };
  await app.register(routes);
}, { name: 'printing', dependencies: ['store', 'order'] });
