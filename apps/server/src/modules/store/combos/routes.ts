import type { FastifyPluginAsync } from 'fastify';
import { comboEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { menuWrite, reorder } from '../catalogue.js';
import { assertStore } from '../scope.js';
import { storeCombo } from '../tables.js';
import { comboService } from './service.js';
import { serveUpload } from '../../../http/files.js';

/** 套餐 (门店管理 › 套餐): combos with their groups and items, their order, and combo photos. */
export const comboRoutes: FastifyPluginAsync = async (app) => {
  const combos = comboService(app);
  serve(app, api.page, ({ query }, request) => combos.page(request, query));
  serve(app, api.get, ({ params }, request) => combos.get(request, params.id));
  serve(app, api.create, ({ body }, request) => combos.create(request, body));
  serve(app, api.update, ({ body }, request) => combos.update(request, body));
  serve(app, api.remove, async ({ params }, request) => {
    await combos.remove(request, params.id);
    return true;
  });
  serve(app, api.sort, async ({ body }, request) => {
    assertStore(request, body.storeId);
    await menuWrite(app, body.storeId, (tx) => reorder(tx, storeCombo, '套餐', body.storeId, body.ids));
    return true;
  });
  serveUpload(app, api.image, async (request) => {
    const { media } = await app.uploads.receive(request, 'dishPhoto');
    return { key: media.key, url: media.url };
  });
};
