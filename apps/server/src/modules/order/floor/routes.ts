import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { envelopeSchema, floorEndpoints as api, floorSchema, ok, storeFloorDestination } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { notFound } from '../../../http/errors.js';
import { accessOf, assertStore, canSee, floorTable, publishFloor, type FloorTableInfo } from '../../store/service.js';
import type { OrderHooks } from '../hooks.js';
import { operatorOf } from '../orders/routes.js';
import { FloorCache } from './cache.js';
import { clearTable, editSession, mergeTables, openTable, transferTable, type FloorMoved } from './service.js';
import { floorOf, panelOf } from './view.js';

/**
 * 桌台图 and a table's panel (order:floor, issue 24): the map, 开台, 改人数, 转台, 并台, 清台. A
 * table carries its store: another store's answers 404. Each move is published on the store's
 * floor destination after its commit; the answer is the table's panel as it is then.
 */
export function floorRoutes(hooks: OrderHooks): FastifyPluginAsync {
  return async (app) => {
    const db = app.database.db;
    const deps = { db, hooks };

    /** The table as the request may see it (404 for none, or another store's). */
    const tableFor = async (request: FastifyRequest, id: string): Promise<FloorTableInfo> => {
      const table = await floorTable(db, id);
      if (!table || !canSee(accessOf(request), table.storeId)) throw notFound('桌台不存在');
      return table;
    };
    const published = async (moved: FloorMoved) => {
      await publishFloor(app, { storeId: moved.storeId, kind: 'table', tableIds: moved.tableIds, orderIds: moved.orderIds });
    };

    // The map from the per-instance read model (cache.ts), forgotten by every floor publication.
    const answerSchema = envelopeSchema(floorSchema);
    const maps = new FloorCache({
      build: async (storeId) => Buffer.from(JSON.stringify(answerSchema.parse(ok(await floorOf(db, storeId))))),
      shared: () => app.live.bus.healthy(),
    });
    const floorStore = new RegExp(`^${storeFloorDestination('(\\d+)')}$`);
    const stopListening = app.live.onPublish((destinations) => {
      for (const destination of destinations) {
        const storeId = floorStore.exec(destination)?.[1];
        if (storeId) maps.changed(storeId);
      }
    });
    app.addHook('onClose', async () => stopListening());

    serve(app, api.floor, async ({ query }, request, reply) => {
      assertStore(request, query.storeId);
      const json = await maps.get(query.storeId);
      return reply.type('application/json; charset=utf-8').send(json);
    });

    serve(app, api.table, async ({ params }, request) => panelOf(db, await tableFor(request, params.id)));

    serve(app, api.open, async ({ params, body }, request) => {
      const table = await tableFor(request, params.id);
      await published(await openTable(deps, table, body, operatorOf(request)));
      return panelOf(db, table);
    });

    serve(app, api.edit, async ({ params, body }, request) => {
      const table = await tableFor(request, params.id);
      await published(await editSession(deps, table, body));
      return panelOf(db, table);
    });

    // The answer is the target table's panel: the party is there now.
    serve(app, api.transfer, async ({ params, body }, request) => {
      const table = await tableFor(request, params.id);
      await published(await transferTable(deps, table, body.toTableId, operatorOf(request)));
      return panelOf(db, await tableFor(request, body.toTableId));
    });

    serve(app, api.merge, async ({ params, body }, request) => {
      const table = await tableFor(request, params.id);
      await published(await mergeTables(deps, table, body.fromTableId, operatorOf(request)));
      return panelOf(db, table);
    });

    serve(app, api.clear, async ({ params }, request) => {
      const table = await tableFor(request, params.id);
      await published(await clearTable(deps, table, operatorOf(request)));
      return panelOf(db, table);
    });
  };
}
