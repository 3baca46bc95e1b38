import { desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CLIENT_LOG_BODY_MAX_BYTES, logEndpoints as api } from '@canteen/contract';
import { currentUser } from '../../../http/access.js';
import { serve } from '../../../http/endpoint.js';
import { contains, defineResource } from '../../../http/resource.js';
import { sysLog } from '../tables.js';
import { saveClientLogs } from './service.js';
import { iso } from '../../../http/iso.js';

/** Operation logs (系统管理 › 日志管理): paged newest first, deleted one by one; and the web app's error-log upload. */
export const logRoutes: FastifyPluginAsync = async (app) => {
  defineResource({
    table: sysLog,
    label: '日志',
    endpoints: api,
    sortable: { id: sysLog.id, create_time: sysLog.createdAt, time: sysLog.durationMs, type: sysLog.type },
    order: [desc(sysLog.id)],
    filters: (q) => [
      q.type ? eq(sysLog.type, q.type) : undefined, contains(sysLog.username, q.username),
      q.startTime ? gte(sysLog.createdAt, q.startTime) : undefined, q.endTime ? lte(sysLog.createdAt, q.endTime) : undefined,
    ],
    toRecord: (l) => ({
      id: l.id, type: l.type, source: l.source, title: l.title, method: l.method, requestUri: l.requestUri, remoteAddr: l.remoteAddr,
      createBy: l.username, time: l.durationMs, status: l.status, exception: l.exception, createTime: iso(l.createdAt),
    }),
  }).serve(app);

  // The upload has a body limit of its own: a scope whose one route gets it.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = CLIENT_LOG_BODY_MAX_BYTES;
    });
    serve(scope, api.upload, async ({ body }, request) => {
      await saveClientLogs(app.database.db, body, currentUser(request).username, request.ip, request.headers['user-agent']);
      return true;
    });
  });
};
