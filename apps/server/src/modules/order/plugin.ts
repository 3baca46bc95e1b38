import fp from 'fastify-plugin';
import { dinerRoutes } from './diner/routes.js';
import type { OrderServiceApi } from './orders/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders module's service (orders/service.ts): create, quote, get, settlePaid, releaseHeld, transition… */
    order: OrderServiceApi;
  }
}

const notImplemented = (): never => {
  throw new Error('not implemented');
};

/**
 * 订单管理 (issue 13): orders at the counter and from the table QR codes, the list, transitions,
 * the unpaid timeout and the live alert. Decorates `app.order` for payments, refunds, the diners'
 * page and later modules.
 */
export const orderPlugin = fp(async (app) => {
  const service: OrderServiceApi = {
    create: async () => notImplemented(),
    quote: async () => notImplemented(),
    get: async () => notImplemented(),
    getByViewToken: async () => notImplemented(),
    settlePaid: async () => notImplemented(),
    publishPaid: async () => notImplemented(),
    releaseHeld: async () => notImplemented(),
    transition: async () => notImplemented(),
  };
  app.decorate('order', service);
  await app.register(dinerRoutes); // the diners' page (diner/): public routes by table token
}, { name: 'order', dependencies: ['store', 'customer'] });
