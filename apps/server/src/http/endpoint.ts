import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, ok, type Endpoint, type EndpointData, type EndpointRequest } from '@canteen/contract';

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointRequest<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointData<E> | FastifyReply> | EndpointData<E> | FastifyReply;

export interface ServeOptions {
  /** The handler answers a repeated Idempotency-Key itself (http/idempotency.ts): the global guard lets it through. */
  ownIdempotency?: boolean;
}

/**
 * Registers a route from its contract endpoint: method, path, schemas (validated, and in the
 * OpenAPI document), access and summary all come from the declaration the web app calls. The
 * handler returns the envelope's `data` (or, for a `raw` endpoint, the whole answer), or the
 * reply after sending an answer it keeps encoded.
 */
export function serve<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: ServeOptions = {}): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...endpoint.access, ...(options.ownIdempotency ? { ownIdempotency: true } : {}) },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.raw ? endpoint.data : envelopeSchema(endpoint.data) },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as EndpointRequest<E>;
      const data = await handler(input, request, reply);
      // A handler that sent the answer itself (one kept encoded, validated when it was cached) returns the reply;
      // the reply is a thenable, so awaiting it yields undefined once sent: `reply.sent` tells.
      if (data === reply || reply.sent) return reply;
      return endpoint.raw ? data : ok(data);
    },
  });
}
