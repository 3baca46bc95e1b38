import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rechargeEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { notFound } from '../../../http/errors.js';
import { accessOf, assertStore, canSee, storeCondition } from '../../store/scope.js';
import { operatorOf } from '../http.js';
import { recharge } from '../tables.js';
import { rechargeConditions, rechargeCount, rechargeOnce, rechargeRecords, refundRecharge } from './service.js';
import { inTx } from '../../../db/queries.js';

/**
 * 充值: at the counter (customer:member:recharge), the records (customer:rechargecard:index) and
 * their refund (customer:rechargecard:refund). A recharge belongs to the store it was made in:
 * a user sees and refunds only their stores' (another store's answers 404).
 */
export const rechargeRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  const recordOf = async (id: string, scope: ReturnType<typeof storeCondition>) => {
    const [found] = await rechargeRecords(db, and(eq(recharge.id, id), scope));
    if (!found) throw notFound(`充值记录 ${id} 不存在`);
    return found;
  };

  serve(app, api.create, async ({ body }, request) => {
    assertStore(request, body.storeId);
    const outcome = await inTx(db, (tx) => rechargeOnce(tx, app.customer, body, operatorOf(request)));
    return { recharge: await recordOf(outcome.rechargeId, undefined), created: outcome.created, balances: outcome.balances, couponIds: outcome.couponIds };
  });

  serve(app, api.page, async ({ query }, request) => {
    if (query.storeId) assertStore(request, query.storeId);
    const where = and(storeCondition(request, recharge.storeId), ...rechargeConditions(query));
    const [total, records] = await Promise.all([
      rechargeCount(db, where),
      rechargeRecords(db, where, { limit: query.size, offset: (query.current - 1) * query.size }),
    ]);
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  });

  serve(app, api.get, ({ params }, request) => recordOf(params.id, storeCondition(request, recharge.storeId)));

  serve(app, api.refund, async ({ params, body }, request) => {
    const access = accessOf(request);
    await inTx(db, (tx) => refundRecharge(tx, app.customer, params.id, body.reason, operatorOf(request), (storeId) => canSee(access, storeId)));
    return recordOf(params.id, undefined);
  });
};
