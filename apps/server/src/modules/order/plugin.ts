import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { namedByOrders } from './catalogue-references.js';
import { dinerRoutes } from './diner/routes.js';
import { paymentsPlugin } from './payments/plugin.js';
import { orderDestinations } from './orders/live.js';
import { floorDestinations } from './floor/live.js';
import { listenForSeatings } from './floor/hooks.js';
import { floorRoutes } from './floor/routes.js';
import { kitchenRoutes } from './kitchen/routes.js';
import { OrderService } from './orders/order-service.js';
import { orderRoutes } from './orders/routes.js';
import type { OrderServiceApi } from './orders/service.js';
import { registerUnpaidTimeout } from './orders/timeout.js';
import { CatalogueSource } from './pricing/source.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders module's service (orders/service.ts): create, quote, get, settlePaid, releaseHeld, transition… */
    order: OrderServiceApi;
  }
}

/**
 * 订单管理 (issue 13): orders at the counter and from the table QR codes, the list, transitions,
 * the unpaid timeout and the live alert. Decorates `app.order` for payments, refunds, the diners'
 * page and later modules (payments and refunds, registered after it, set `refundAll` and
 * `payOnline` on it).
 */
export const orderPlugin = fp(async (app) => {
  const service = new OrderService(app, new CatalogueSource(app.store.menu), app.config.ORDER_UNPAID_TIMEOUT_MIN);
  app.decorate('order', service);
  listenForSeatings(service.hooks); // a table's seating follows its orders (floor/sessions.ts)
  app.store.references.register(namedByOrders);
  app.live.declare(...orderDestinations(app));
  app.live.declare(...floorDestinations(app));
  registerUnpaidTimeout(app);

  const routes: FastifyPluginAsync = async (scope) => {
    // The signed-in user's stores, resolved once per request (the diners' routes have no user).
    scope.addHook('preHandler', async (request) => {
      if (request.user) await app.store.scope.of(request);
    });
    await scope.register(orderRoutes(service));
    await scope.register(floorRoutes(service.hooks)); // floor/: the table map, 开台, 转台, 并台, 清台
    await scope.register(kitchenRoutes(service)); // kitchen/: the kitchen display, 催菜, 退菜, the pickup board
    await scope.register(paymentsPlugin); // payments/ and refunds/: pay, notify, refund; sets payOnline and refundAll
  };
  await app.register(routes);
  await app.register(dinerRoutes); // the diners' page (diner/): public routes by table token
}, { name: 'order', dependencies: ['store', 'customer'] });
