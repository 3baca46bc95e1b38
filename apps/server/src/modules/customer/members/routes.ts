import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { memberEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { storeForReads as store } from '../../store/service.js';
import { operatorOf } from '../http.js';
import { memberBalanceLedger, memberPointsLedger } from '../tables.js';
import { checkIntegrity } from '../wallet/integrity.js';
import { createMember, memberPage, memberRecord, removeMember, setMemberStatus, updateMember } from './service.js';
import { inTx } from '../../../db/queries.js';
import { iso } from '../../../http/iso.js';

/**
 * 会员: the list (phones masked), one member in full, add and edit (never balances), delete of
 * a member without history, freeze, manual adjustment with a reason, the two ledgers and the
 * consistency check. Members belong to the brand: every store's staff see them.
 */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const wallet = app.customer.wallet;

  serve(app, api.page, ({ query }) => memberPage(db, query));
  serve(app, api.integrity, () => checkIntegrity(db));
  serve(app, api.get, ({ params }) => memberRecord(db, params.id));
  serve(app, api.create, async ({ body }) => memberRecord(db, await inTx(db, (tx) => createMember(tx, body))));
  serve(app, api.update, async ({ body }) => {
    await inTx(db, (tx) => updateMember(tx, body));
    return memberRecord(db, body.id);
  });
  serve(app, api.remove, async ({ params }) => {
    await inTx(db, (tx) => removeMember(tx, params.id));
    return true;
  });
  serve(app, api.status, async ({ params, body }) => {
    await setMemberStatus(db, params.id, body.status);
    return memberRecord(db, params.id);
  });
  serve(app, api.adjust, ({ params, body }, request) => inTx(db, (tx) => wallet.adjust(tx, params.id, body, operatorOf(request))));

  serve(app, api.balanceLedger, async ({ params, query }) => {
    await memberRecord(db, params.id);
    const where = eq(memberBalanceLedger.memberId, params.id);
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(memberBalanceLedger).where(where),
      db.select({ l: memberBalanceLedger, storeName: store.name }).from(memberBalanceLedger).leftJoin(store, eq(store.id, memberBalanceLedger.storeId))
        .where(where).orderBy(desc(memberBalanceLedger.id)).limit(query.size).offset((query.current - 1) * query.size),
    ]);
    const n = total?.n ?? 0;
    return {
      records: rows.map(({ l, storeName }) => ({
        id: l.id, memberId: l.memberId, kind: l.kind, principalChange: l.principalChange, bonusChange: l.bonusChange, principalAfter: l.principalAfter,
        bonusAfter: l.bonusAfter, storeId: l.storeId, storeName: storeName ?? null, rechargeId: l.rechargeId, orderId: l.orderId,
        operatorName: l.operatorName, reason: l.reason, createTime: iso(l.createdAt),
      })),
      total: n, size: query.size, current: query.current, pages: Math.ceil(n / query.size),
    };
  });

  serve(app, api.pointsLedger, async ({ params, query }) => {
    await memberRecord(db, params.id);
    const where = eq(memberPointsLedger.memberId, params.id);
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(memberPointsLedger).where(where),
      db.select({ l: memberPointsLedger, storeName: store.name }).from(memberPointsLedger).leftJoin(store, eq(store.id, memberPointsLedger.storeId))
        .where(where).orderBy(desc(memberPointsLedger.id)).limit(query.size).offset((query.current - 1) * query.size),
    ]);
    const n = total?.n ?? 0;
    return {
      records: rows.map(({ l, storeName }) => ({
        id: l.id, memberId: l.memberId, kind: l.kind, change: l.change, pointsAfter: l.pointsAfter, storeId: l.storeId, storeName: storeName ?? null,
        rechargeId: l.rechargeId, orderId: l.orderId, operatorName: l.operatorName, reason: l.reason, createTime: iso(l.createdAt),
      })),
      total: n, size: query.size, current: query.current, pages: Math.ceil(n / query.size),
    };
  });
};
