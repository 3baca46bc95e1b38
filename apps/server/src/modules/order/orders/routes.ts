import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cashierEndpoints, IDEMPOTENCY_HEADER, orderEndpoints as api, type OrderRecord } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { notFound } from '../../../http/errors.js';
import { assertStore, storeCondition } from '../../store/service.js';
import { order } from '../tables.js';
import { orderCounts, orderPage } from './list.js';
import type { OrderService } from './order-service.js';
import { orderRecord } from './records.js';
import type { OrderOperator } from './service.js';

/** The signed-in user acting on an order. */
export const operatorOf = (request: FastifyRequest): OrderOperator => ({ id: request.user?.id ?? null, name: request.user?.username ?? '' });

/** The request's Idempotency-Key (its format was checked by the global guard). */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

/**
 * 订单列表 (order:order) and the counter's quote and create (order:cashier). Orders carry their
 * store: a user reaches only their stores' orders, and another store's answers 404.
 */
export function orderRoutes(service: OrderService): FastifyPluginAsync {
  return async (app) => {
    const db = app.database.db;

    /** The order as the request may see it (404 for none, or another store's). */
    const recordFor = (request: FastifyRequest, id: string): Promise<OrderRecord> => orderRecord(db, and(eq(order.id, id), storeCondition(request, order.storeId))!);
    const assertOrder = async (request: FastifyRequest, id: string): Promise<void> => {
      const [found] = await db.select({ id: order.id }).from(order).where(and(eq(order.id, id), storeCondition(request, order.storeId)));
      if (!found) throw notFound('订单不存在');
    };

    serve(app, api.page, async ({ query }, request) => {
      if (query.storeId) assertStore(request, query.storeId);
      return orderPage(db, query, storeCondition(request, order.storeId));
    });

    serve(app, api.counts, async ({ query }, request) => {
      if (query.storeId) assertStore(request, query.storeId);
      return orderCounts(db, query.storeId, storeCondition(request, order.storeId));
    });

    serve(app, api.get, ({ params }, request) => recordFor(request, params.id));

    serve(app, api.accept, async ({ params }, request) => {
      await assertOrder(request, params.id);
      await service.accept(params.id, operatorOf(request));
      return recordFor(request, params.id);
    });

    serve(app, api.finish, async ({ params }, request) => {
      await assertOrder(request, params.id);
      await service.finish(params.id, operatorOf(request));
      return recordFor(request, params.id);
    });

    serve(app, api.cancel, async ({ params, body }, request) => {
      await assertOrder(request, params.id);
      await service.cancel(params.id, body.reason, operatorOf(request));
      return recordFor(request, params.id);
    });

    serve(app, api.bill, async ({ params }, request) => {
      await assertOrder(request, params.id);
      await service.requestBill(params.id, operatorOf(request));
      return recordFor(request, params.id);
    });

    // 加菜 at the counter: the table's open order gains a round (its id from openTab below).
    serve(app, cashierEndpoints.addLines, async ({ params, body }, request) => {
      await assertOrder(request, params.id);
      await service.addRound({ orderId: params.id, lines: body.lines, remark: body.remark, source: 'cashier', operator: operatorOf(request), idempotencyKey: idempotencyKeyOf(request) });
      return recordFor(request, params.id);
    }, { ownIdempotency: true });

    serve(app, cashierEndpoints.openTab, async ({ params }, request) => {
      const tab = await service.openTab(params.id);
      if (!tab) return null;
      const [visible] = await db.select({ id: order.id }).from(order).where(and(eq(order.id, tab.id), storeCondition(request, order.storeId)));
      return visible ? recordFor(request, tab.id) : null;
    });

    serve(app, cashierEndpoints.quote, async ({ body }, request) => {
      assertStore(request, body.storeId);
      return service.quote(body, { source: 'cashier' });
    });

    // A retry with the same Idempotency-Key answers the order the first try made (not a 409).
    serve(app, cashierEndpoints.create, async ({ body }, request) => {
      assertStore(request, body.storeId);
      const key = idempotencyKeyOf(request);
      const { viewToken: _, ...record } = await service.create({ cart: body, source: 'cashier', operator: operatorOf(request), ...(key ? { idempotencyKey: key } : {}) });
      return record;
    }, { ownIdempotency: true });
  };
}
