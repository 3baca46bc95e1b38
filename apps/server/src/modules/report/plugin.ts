import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { Reports } from './reports.js';
import { reportRoutes } from './routes.js';
import { rollupsPlugin } from './rollups/routes.js';

/**
 * 营业报表 (issue 15): the reports over the daily roll-ups, their .xlsx export and the home
 * page's today. The roll-ups are kept by listeners on the orders' and customers' hooks (rollups/).
 */
export const reportPlugin = fp(async (app) => {
  const reports = new Reports(app.database.db);
  const routes: FastifyPluginAsync = async (scope) => {
    await scope.register(reportRoutes(reports));
  };
  await app.register(routes);
  await app.register(rollupsPlugin); // the roll-ups' listeners and 重算报表 (rollups/)
}, { name: 'report', dependencies: ['store', 'order'] });
