import { and, count, gt, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema, ok, pageQuerySchema, pageSchema, tokenRecordSchema } from '@canteen/contract';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { paginate } from '../../http/paging.js';
import { usernameOf } from '../upms/service.js';
import { sysToken } from './tables.js';

const tags = ['upms:token'];

/** Online tokens (系统管理 › 令牌管理): sign-ins still usable, and forced sign-out. */
export const tokenAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/upms/token/page', {
    config: { permission: 'sys:token:index' },
    schema: {
      tags, summary: '令牌分页',
      querystring: pageQuerySchema.extend({ username: z.string().max(64, 'username 不能超过64个字符').optional() }),
      response: { 200: envelopeSchema(pageSchema(tokenRecordSchema)) },
    },
  }, async (request) => {
    // The user's name comes from upms (its users are not this module's table).
    const username = usernameOf(sysToken.userId);
    const filters: SQL[] = [isNull(sysToken.revokedAt), gt(sysToken.refreshExpiresAt, new Date()), isNotNull(username)];
    if (request.query.username) filters.push(ilike(username, `%${request.query.username.replace(/[\\%_]/g, '\\$&')}%`));
    const where = and(...filters);
    const page = await paginate(request.query, { id: sysToken.id, create_time: sysToken.createdAt, username }, {
      count: async () => (await db.select({ n: count() }).from(sysToken).where(where))[0]!.n,
      rows: ({ order, limit, offset }) =>
        db.select({
          id: sysToken.id, userId: sysToken.userId, username: username.as('username'), clientId: sysToken.clientId, grantType: sysToken.grantType,
          remoteAddr: sysToken.remoteAddr, createdAt: sysToken.createdAt, expiresAt: sysToken.accessExpiresAt,
        }).from(sysToken).where(where).orderBy(...order).limit(limit).offset(offset),
    }, [sql`${sysToken.id} desc`]);
    return ok({
      ...page,
      records: page.records.map(({ createdAt, expiresAt, username, ...r }) => ({ ...r, username: username ?? '', createTime: createdAt.toISOString(), expiresAt: expiresAt.toISOString() })),
    });
  });

  app.delete('/upms/token/:id', {
    config: { permission: 'sys:token:del' },
    schema: { tags, summary: '强制下线', params: idParamsSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    if (!(await app.identity.tokens.revoke(request.params.id))) throw notFound(`令牌 ${request.params.id} 不存在或已失效`);
    return ok(true);
  });
};
