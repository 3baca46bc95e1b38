import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, ok, type Endpoint, type EndpointRequest, type PageQuery } from '@canteen/contract';
import type { RouteAccess } from '../../http/access.js';
import { serve } from '../../http/endpoint.js';
import type { Resource, ResourceContext, ResourceTable } from '../../http/resource.js';
import { assertStore } from './scope.js';

/** ISO 8601 for JSON. */
export const iso = (at: Date): string => at.toISOString();

const touched = new WeakMap<FastifyRequest, Set<string>>();

/**
 * Notes that the request's transaction bumped a store's menu version; `menuChanged` tells this
 * instance's ordering-menu cache once the transaction has committed.
 */
export function menuTouched(request: FastifyRequest, storeId: string): void {
  const stores = touched.get(request) ?? new Set<string>();
  stores.add(storeId);
  touched.set(request, stores);
}

/** After the commit: the ordering-menu cache forgets the stores the request changed. */
export function menuChanged(app: FastifyInstance, request: FastifyRequest): void {
  const stores = touched.get(request);
  if (!stores) return;
  touched.delete(request);
  for (const storeId of stores) app.store.menu.changed(storeId);
}

/**
 * Serves a store-side resource: the kit's operations, with two rules of the store side added.
 * A page query naming a store the user may not see is a 404 (not an empty page), and every
 * write runs in one transaction with its hooks, so the menu version bumped in `afterWrite`
 * (and any rows a hook writes) commit or roll back with the row itself; after the commit the
 * ordering-menu cache hears of the stores a hook marked with `menuTouched`.
 */
export function serveStoreResource<T extends ResourceTable, Rec, Q extends PageQuery, B, U extends { id?: string | null | undefined }>(
  app: FastifyInstance,
  resource: Resource<T, Rec, Q, B, U>,
): void {
  const db = app.database.db;
  const e = resource.spec.endpoints;
  const inTransaction = async <R>(request: FastifyRequest, work: (ctx: ResourceContext) => Promise<R>): Promise<R> => {
    try {
      return await db.transaction((tx) => work({ db: tx, request }));
    } finally {
      // A rolled-back write changed nothing, but forgetting a cached menu is harmless.
      menuChanged(app, request);
    }
  };
  if (e.page) {
    serve(app, e.page, ({ query }, request) => {
      const storeId = (query as { storeId?: string }).storeId;
      if (storeId) assertStore(request, storeId);
      return resource.page({ db, request }, query);
    });
  }
  if (e.get) serve(app, e.get, ({ params }, request) => resource.get({ db, request }, params.id));
  if (e.create) serve(app, e.create, ({ body }, request) => inTransaction(request, (ctx) => resource.create(ctx, body)));
  if (e.update) serve(app, e.update, ({ body }, request) => inTransaction(request, (ctx) => resource.update(ctx, body)));
  if (e.remove) {
    serve(app, e.remove, async ({ params }, request) => {
      await inTransaction(request, (ctx) => resource.remove(ctx, params.id));
      return true;
    });
  }
}

/** The parts of an endpoint the helpers below register a route from. */
const routeOf = (endpoint: Endpoint) => ({
  method: endpoint.method,
  url: endpoint.path,
  config: { ...endpoint.access } as RouteAccess,
  schema: {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
  },
});

/**
 * An upload endpoint: the route takes multipart/form-data (read through `app.uploads`) and
 * answers the envelope of what the handler returns.
 */
export function serveUpload<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: (request: FastifyRequest) => Promise<unknown>): void {
  const route = routeOf(endpoint);
  app.route({
    ...route,
    schema: { ...route.schema, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(endpoint.data) } },
    handler: async (request) => ok(await handler(request)),
  });
}

/** A file to answer: its bytes, content type and the name a browser saves it under. */
export interface FileAnswer {
  bytes: Buffer;
  type: string;
  fileName: string;
  /** `attachment` (download) or `inline` (show); inline by default. */
  disposition?: 'inline' | 'attachment';
}

/** `filename` for ASCII browsers and `filename*` (RFC 5987) for the real, possibly Chinese, name. */
export const contentDisposition = (disposition: string, fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * A file endpoint (`raw`, declared with a binary `data`): the handler answers the bytes; a
 * failure it throws still answers the JSON envelope through the error handler.
 */
export function serveFile<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointRequest<E>, request: FastifyRequest) => Promise<FileAnswer>,
): void {
  const route = routeOf(endpoint);
  app.route({
    ...route,
    // For the API document only: a Buffer answer is sent as it is, never serialized.
    schema: { ...route.schema, response: { 200: endpoint.data } },
    handler: async (request, reply: FastifyReply) => {
      const input = { params: request.params, query: request.query, body: request.body } as EndpointRequest<E>;
      const file = await handler(input, request);
      return reply
        .type(file.type)
        .header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.fileName))
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  });
}
