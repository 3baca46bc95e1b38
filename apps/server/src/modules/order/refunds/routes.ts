import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, orderEndpoints } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { canSee } from '../../store/scope.js';
import type { Refunds } from './service.js';

const keyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

/** 退款 (order:order:refund): another store's order is a 404; the same Idempotency-Key answers the same refund. */
export function refundRoutes(refunds: Refunds): FastifyPluginAsync {
  return async (app) => {
    serve(app, orderEndpoints.refund, async ({ params, body }, request) => {
      const access = await app.store.scope.of(request);
      return refunds.refund({
        orderId: params.id,
        body,
        operator: { id: request.user?.id ?? null, name: request.user?.username ?? '' },
        idempotencyKey: keyOf(request),
        canSee: (storeId) => canSee(access, storeId),
      });
    }, { ownIdempotency: true });
  };
}
