import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_LOG_BODY_MAX_BYTES, clientLogBatchSchema, envelopeSchema, idParamsSchema, logRecordSchema, ok, pageQuerySchema, pageSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { deleteLog, pageLogs, saveClientLogs } from './service.js';

const tags = ['upms:log'];
const time = (name: string) =>
  z
    .string()
    .max(40, `${name} 不能超过40个字符`)
    .transform((v, ctx) => {
      const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.replace(' ', 'T')}+08:00` : v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${name} 须为日期时间（ISO 8601 或 yyyy-MM-dd HH:mm:ss）` });
        return z.NEVER;
      }
      return date;
    })
    .optional();

const logQuery = pageQuerySchema.extend({
  type: z.enum(['0', '9'], { error: 'type 只能是 0（正常）或 9（异常）' }).optional(),
  username: z.string().max(64, 'username 不能超过64个字符').optional(),
  startTime: time('startTime'),
  endTime: time('endTime'),
});

/** Operation logs (系统管理 › 日志管理) and the web app's error-log upload. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/upms/log/page', {
    config: { permission: 'sys:log:index' },
    schema: { tags, summary: '日志分页', querystring: logQuery, response: { 200: envelopeSchema(pageSchema(logRecordSchema)) } },
  }, async (request) => ok(await pageLogs(db, request.query)));

  app.delete('/upms/log/:id', {
    config: { permission: 'sys:log:del' },
    schema: { tags, summary: '删除日志', params: idParamsSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    await deleteLog(db, request.params.id);
    return ok(true);
  });

  app.post('/upms/log/logs', {
    config: { signedIn: true },
    bodyLimit: CLIENT_LOG_BODY_MAX_BYTES,
    schema: { tags, summary: '上传前端错误日志', body: clientLogBatchSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    await saveClientLogs(db, request.body, currentUser(request).username, request.ip, request.headers['user-agent']);
    return ok(true);
  });
};
