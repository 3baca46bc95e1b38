import type { FastifyPluginAsync } from 'fastify';
import { specGroupEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { specService } from './service.js';

/** 规格 (门店管理 › 规格): option groups with their options, scoped to the user's stores. */
export const specRoutes: FastifyPluginAsync = async (app) => {
  const specs = specService(app);
  serve(app, api.page, ({ query }, request) => specs.page(request, query));
  serve(app, api.get, ({ params }, request) => specs.get(request, params.id));
  serve(app, api.create, ({ body }, request) => specs.create(request, body));
  serve(app, api.update, ({ body }, request) => specs.update(request, body));
  serve(app, api.remove, async ({ params }, request) => {
    await specs.remove(request, params.id);
    return true;
  });
};
