import type { FastifyPluginAsync } from 'fastify';
import { dishEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { menuWrite, reorder } from '../catalogue.js';
import { assertStore } from '../scope.js';
import { storeDish } from '../tables.js';
import { dishService } from './service.js';
import { registerDailyStockReset } from './stock.js';
import { serveUpload } from '../../../http/files.js';

/** 菜品 (门店管理 › 菜品): dishes with SKUs and option groups, batch actions, their order, photos, and the daily stock reset. */
export const dishRoutes: FastifyPluginAsync = async (app) => {
  const dishes = dishService(app);
  serve(app, api.page, ({ query }, request) => dishes.page(request, query));
  serve(app, api.get, ({ params }, request) => dishes.get(request, params.id));
  serve(app, api.create, ({ body }, request) => dishes.create(request, body));
  serve(app, api.update, ({ body }, request) => dishes.update(request, body));
  serve(app, api.remove, async ({ params }, request) => {
    await dishes.remove(request, params.id);
    return true;
  });
  serve(app, api.batch, ({ body }, request) => dishes.batch(request, body));
  serve(app, api.sort, async ({ body }, request) => {
    assertStore(request, body.storeId);
    await menuWrite(app, body.storeId, (tx) => reorder(tx, storeDish, '菜品', body.storeId, body.ids));
    return true;
  });
  serveUpload(app, api.image, async (request) => {
    const { media } = await app.uploads.receive(request, 'dishPhoto');
    return { key: media.key, url: media.url };
  });
  registerDailyStockReset(app);
};
