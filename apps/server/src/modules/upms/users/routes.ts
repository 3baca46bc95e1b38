import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema, ok, pageQuerySchema, pageSchema, userCreateSchema, userPageQuerySchema, userRecordSchema, userUpdateSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import type { UpmsContext } from '../context.js';
import { createUser, deleteUser, getUser, pageUsers, updateUser } from './service.js';

const tags = ['upms:user'];
const record = envelopeSchema(userRecordSchema);
const done = envelopeSchema(z.boolean());

/** User management (系统管理 › 用户管理). */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  app.get('/upms/user/page', {
    config: { permission: 'sys:user:index' },
    schema: { tags, summary: '用户分页', querystring: pageQuerySchema.extend(userPageQuerySchema.shape), response: { 200: envelopeSchema(pageSchema(userRecordSchema)) } },
  }, async (request) => ok(await pageUsers(db, request.query)));

  app.get('/upms/user/:id', {
    config: { permission: 'sys:user:index' },
    schema: { tags, summary: '用户详情', params: idParamsSchema, response: { 200: record } },
  }, async (request) => ok(await getUser(db, request.params.id)));

  app.post('/upms/user', {
    config: { permission: 'sys:user:add' },
    schema: { tags, summary: '新增用户', body: userCreateSchema, response: { 200: record } },
  }, async (request) => {
    const id = await createUser(db, request.body);
    ctx.changed();
    return ok(await getUser(db, id));
  });

  app.put('/upms/user', {
    config: { permission: 'sys:user:edit' },
    schema: { tags, summary: '修改用户', body: userUpdateSchema, response: { 200: record } },
  }, async (request) => {
    const { endSessions } = await updateUser(db, { ...request.body, password: request.body.password || undefined }, currentUser(request).id);
    if (endSessions) await app.identity.tokens.revokeUser(request.body.id);
    ctx.changed();
    return ok(await getUser(db, request.body.id));
  });

  app.delete('/upms/user/:id', {
    config: { permission: 'sys:user:del' },
    schema: { tags, summary: '删除用户', params: idParamsSchema, response: { 200: done } },
  }, async (request) => {
    await deleteUser(db, request.params.id, currentUser(request).id);
    ctx.changed();
    return ok(true);
  });
};
