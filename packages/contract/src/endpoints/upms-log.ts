import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { clientLogBatchSchema } from '../client-log.js';
import { idParamsSchema, logPageQuerySchema, logRecordSchema } from '../identity.js';
import { pageSchema } from '../paging.js';

const tag = 'upms:log';

/** Operation logs (系统管理 › 日志管理) and the web app's error-log upload. */
export const logEndpoints = {
  page: endpoint({ method: 'GET', path: '/upms/log/page', tag, summary: '日志分页', access: { permission: 'sys:log:index' }, query: logPageQuerySchema, data: pageSchema(logRecordSchema) }),
  remove: endpoint({ method: 'DELETE', path: '/upms/log/:id', tag, summary: '删除日志', access: { permission: 'sys:log:del' }, params: idParamsSchema, data: z.boolean() }),
  upload: endpoint({ method: 'POST', path: '/upms/log/logs', tag, summary: '上传前端错误日志', access: { signedIn: true, rateLimit: 'upload' }, body: clientLogBatchSchema, data: z.boolean() }),
};
