import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema, tokenPageQuerySchema, tokenRecordSchema } from '../identity.js';
import { pageSchema } from '../paging.js';

const tag = 'upms:token';

/** Online tokens (系统管理 › 令牌管理): sign-ins still usable, and forced sign-out. */
export const tokenEndpoints = {
  page: endpoint({ method: 'GET', path: '/upms/token/page', tag, summary: '令牌分页', access: { permission: 'sys:token:index' }, query: tokenPageQuerySchema, data: pageSchema(tokenRecordSchema) }),
  remove: endpoint({ method: 'DELETE', path: '/upms/token/:id', tag, summary: '强制下线', access: { permission: 'sys:token:del' }, params: idParamsSchema, data: z.boolean() }),
};
