import type { Secrets } from '../../platform/secrets.js';
import type { PrinterAddressPolicy } from './address-policy.js';
import type { PrintDispatcher } from './jobs/dispatcher.js';
import type { FeieClient } from './transport/feie-client.js';
import type { PrinterTransport } from './transport/transport.js';

/** `app.printing`: what the routes, the hooks' listeners and the tests share. */
export interface PrintingRuntime {
  secrets: Secrets;
  feie: FeieClient;
  /** Where a network printer may be: checked when one is saved and before every connection. */
  addresses: PrinterAddressPolicy;
  /** How jobs reach printers; tests put a fake in its place. */
  transport: PrinterTransport;
  dispatcher: PrintDispatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    printing: PrintingRuntime;
  }
}
