import fp from 'fastify-plugin';
import { reportEndpoints } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { reportStores, requestAccess } from '../scope.js';
import { countOrdersIntoRollups } from './listeners.js';
import { rebuildRollups, type Rebuilt } from './rebuild.js';

/**
 * The roll-ups' part of the report module: the listeners that keep them (listeners.ts) and
 * 重算报表 (reportEndpoints.rebuild, report:sales:rebuild) over a store or every store the user
 * may see; another store's id answers 404.
 */
export const rollupsPlugin = fp(async (app) => {
  countOrdersIntoRollups(app);
  const db = app.database.db;
  serve(app, reportEndpoints.rebuild, async ({ query }, request) => {
    const { set } = await reportStores(db, await requestAccess(request), query.storeId);
    const range = { from: query.dateFrom, to: query.dateTo };
    if (set.all) return rebuildRollups(db, range);
    let total: Rebuilt = { days: 0, orders: 0 };
    for (const storeId of set.storeIds) {
      const done = await rebuildRollups(db, { ...range, storeId });
      total = { days: done.days, orders: total.orders + done.orders };
    }
    return total;
  });
}, { name: 'report-rollups', dependencies: ['order'] });
