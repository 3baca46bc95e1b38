import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { menuRoutes } from './menu/routes.js';
import { comboRoutes } from './combos/routes.js';
import { dishRoutes } from './dishes/routes.js';
import { buildMenu } from './menu/build.js';
import { MenuCache } from './menu/cache.js';
import { specRoutes } from './specs/routes.js';
import { StoreScope } from './scope.js';
import { categoryRoutes } from './categories/routes.js';
import { CatalogueReferences } from './references.js';
import { shopRoutes } from './stores/routes.js';
import { tableRoutes } from './tables/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store side's shared services, for later modules (customers, orders, printing, reports). */
    store: {
      scope: StoreScope;
      /** The ordering menu cache: call `menu.changed(storeId)` after committing a write that bumped the menu version. */
      menu: MenuCache;
      /** Later modules register what of theirs names dishes and combos (kept archived, never deleted). */
      references: CatalogueReferences;
    };
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
  await app.register(tableRoutes);
  await app.register(specRoutes);
  await app.register(dishRoutes);
  await app.register(comboRoutes);
  await app.register(menuRoutes);
};

export const storePlugin = fp(async (app) => {
  const menu = new MenuCache(app.database.db, (storeId) => buildMenu(app.database.db, storeId));
  app.decorate('store', { scope: new StoreScope(app.database.db), menu, references: new CatalogueReferences() });
  app.addHook('onClose', async () => menu.close());
  await app.register(storeRoutes);
}, { name: 'store' });
