import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { kitchenEndpoints, pickupEndpoints } from '@canteen/contract';
import { inTx } from '../../../db/queries.js';
import { serve } from '../../../http/endpoint.js';
import { notFound } from '../../../http/errors.js';
import { assertStore, publishFloor, storeCondition } from '../../store/service.js';
import { syncSessionOfOrder, type SessionSynced } from '../floor/sessions.js';
import type { OrderService } from '../orders/order-service.js';
import { orderRecord } from '../orders/records.js';
import { operatorOf } from '../orders/routes.js';
import { order } from '../tables.js';
import { kitchenBoard } from './board.js';
import { markLines } from './lines.js';
import { pickupBoard } from './pickup.js';
import { rushLines } from './rush.js';
import { voidLine } from './void.js';

/**
 * 厨房看板 (order:kitchen), 催菜 and 退菜 (order:floor), 取餐叫号 (order:pickup). Orders and lines
 * carry their store: another store's answer 404. Every change is one transaction; the floor's
 * live destination hears of it after the commit (screens refetch what they show).
 */
export function kitchenRoutes(service: OrderService): FastifyPluginAsync {
  return async (app) => {
    const db = app.database.db;

    /** The table map hears of the seatings the change moved (their tables, merged ones too). */
    const publishSynced = async (synced: ReadonlyArray<SessionSynced | null>, orderIds: string[]) => {
      for (const s of synced) if (s) await publishFloor(app, { storeId: s.storeId, kind: 'table', tableIds: s.tableIds, orderIds });
    };

    /** The order's store when the request may see it (404 otherwise). */
    const storeOfOrder = async (request: FastifyRequest, id: string): Promise<string> => {
      const [found] = await db.select({ storeId: order.storeId }).from(order).where(and(eq(order.id, id), storeCondition(request, order.storeId)));
      if (!found) throw notFound('订单不存在');
      return found.storeId;
    };

    serve(app, kitchenEndpoints.board, async ({ query }, request) => {
      assertStore(request, query.storeId);
      return kitchenBoard(db, service.kitchenStations, query);
    });

    serve(app, kitchenEndpoints.mark, async ({ body }, request) => {
      assertStore(request, body.storeId);
      const marked = await inTx(db, (tx) => markLines(tx, body.storeId, body.lineIds, body.state, operatorOf(request)));
      await publishFloor(app, { storeId: marked.storeId, kind: 'kitchen', tableIds: marked.tableIds, orderIds: marked.orderIds });
      await publishSynced(marked.synced, marked.orderIds);
      // The pickup board shows what is ready to collect and what was collected.
      await publishFloor(app, { storeId: marked.storeId, kind: 'pickup', tableIds: [], orderIds: marked.orderIds });
      return { asOf: new Date().toISOString() };
    });

    serve(app, kitchenEndpoints.rush, async ({ params, body }, request) => {
      await storeOfOrder(request, params.id);
      const rushed = await inTx(db, async (tx) => {
        const done = await rushLines(tx, service.hooks, params.id, body.lineIds, operatorOf(request));
        // The map shows a seating's 催菜 count.
        return { ...done, synced: done.lineIds.length ? await syncSessionOfOrder(tx, params.id) : null };
      });
      if (rushed.lineIds.length) {
        await publishFloor(app, { storeId: rushed.storeId, kind: 'kitchen', tableIds: rushed.tableId ? [rushed.tableId] : [], orderIds: [params.id] });
        await publishSynced([rushed.synced], [params.id]);
      }
      return orderRecord(db, eq(order.id, params.id));
    });

    serve(app, kitchenEndpoints.voidLine, async ({ params, body }, request) => {
      await storeOfOrder(request, params.id);
      const voided = await inTx(db, async (tx) => {
        const done = await voidLine(tx, { customer: app.customer, hooks: service.hooks }, {
          orderId: params.id, lineId: params.lineId, quantity: body.quantity, reason: body.reason, operator: operatorOf(request),
        });
        // The seating's amount and lines to make changed.
        return { ...done, synced: await syncSessionOfOrder(tx, params.id) };
      });
      if (voided.menuChanged) app.store.menu.changed(voided.storeId);
      const tableIds = voided.tableId ? [voided.tableId] : [];
      await publishFloor(app, { storeId: voided.storeId, kind: 'kitchen', tableIds, orderIds: [params.id] });
      if (voided.synced) await publishSynced([voided.synced], [params.id]);
      else await publishFloor(app, { storeId: voided.storeId, kind: 'table', tableIds, orderIds: [params.id] });
      return orderRecord(db, eq(order.id, params.id));
    });

    serve(app, pickupEndpoints.board, async ({ query }, request) => {
      assertStore(request, query.storeId);
      return pickupBoard(db, query.storeId);
    });
  };
}
