import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, ok, type Endpoint, type EndpointRequest } from '@canteen/contract';
import type { RouteAccess } from './access.js';

/** Routes that take an upload or answer a file instead of the JSON envelope. */

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
