import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { StoreScope } from './scope.js';
import { categoryRoutes } from './categories/routes.js';
import { shopRoutes } from './stores/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store side's shared services, for later modules (customers, orders, printing, reports). */
    store: { scope: StoreScope };
  }
}

/**
 * 门店管理: stores, categories, option groups, dishes, combos, areas and tables, and the
 * ordering menu. Every route below runs after the store hook, which resolves the signed-in
 * user's stores once per request (`request.storeAccess`).
 */
const storeRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (request.user) await app.store.scope.of(request);
  });
  await app.register(shopRoutes);
  await app.register(categoryRoutes);
};

export const storePlugin = fp(async (app) => {
  app.decorate('store', { scope: new StoreScope(app.database.db) });
  await app.register(storeRoutes);
}, { name: 'store' });
