import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientBodySchema, clientRecordSchema, envelopeSchema, idParamsSchema, ok, pageQuerySchema, pageSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { badRequest } from '../../../http/errors.js';
import { createClient, deleteClient, getClient, pageClients, updateClient } from './admin.js';

const tags = ['upms:client'];
const record = envelopeSchema(clientRecordSchema);

/** Registered OAuth clients (系统管理 › 终端管理); secrets are stored hashed and never answered. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const forget = () => app.identity.clients.forget();

  app.get('/upms/client/page', {
    config: { permission: 'sys:client:index' },
    schema: { tags, summary: '终端分页', querystring: pageQuerySchema, response: { 200: envelopeSchema(pageSchema(clientRecordSchema)) } },
  }, async (request) => ok(await pageClients(db, request.query)));

  app.get('/upms/client/:id', {
    config: { permission: 'sys:client:index' },
    schema: { tags, summary: '终端详情', params: idParamsSchema, response: { 200: record } },
  }, async (request) => ok(await getClient(db, request.params.id)));

  app.post('/upms/client', {
    config: { permission: 'sys:client:add' },
    schema: { tags, summary: '新增终端', body: clientBodySchema, response: { 200: record } },
  }, async (request) => ok(await getClient(db, await createClient(db, request.body))));

  app.put('/upms/client', {
    config: { permission: 'sys:client:edit' },
    schema: { tags, summary: '修改终端', body: clientBodySchema, response: { 200: record } },
  }, async (request) => {
    const { id } = request.body;
    if (!id) throw badRequest('id: 修改终端需要 id');
    await updateClient(db, { ...request.body, id });
    forget();
    return ok(await getClient(db, id));
  });

  app.delete('/upms/client/:id', {
    config: { permission: 'sys:client:del' },
    schema: { tags, summary: '删除终端', params: idParamsSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    await deleteClient(db, request.params.id, currentUser(request).clientId);
    forget();
    return ok(true);
  });
};
