import type { FastifyPluginAsync } from 'fastify';
import { orderingMenuEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { assertStore } from '../scope.js';

/**
 * The ordering menu read model (`GET /store/menu?storeId=`): served from the per-instance cache
 * (menu/cache.ts) as encoded JSON, compressed with brotli or gzip when the client takes it, with
 * an ETag so that a browser revalidating gets a 304 while the menu is unchanged.
 */
export const menuRoutes: FastifyPluginAsync = async (app) => {
  serve(app, api.ordering, async ({ query }, request, reply) => {
    assertStore(request, query.storeId);
    const cached = app.store.menu.get(query.storeId);
    const answer = 'json' in cached ? cached : await cached;
    reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
    return reply.send(answer.json);
  });
};
