import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deptBodySchema, deptNodeSchema, envelopeSchema, idParamsSchema, ok } from '@canteen/contract';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.js';
import type { UpmsContext } from '../context.js';
import { createDept, deleteDept, deptTree, getDept, updateDept } from './service.js';

const tags = ['upms:dept'];
const flat = envelopeSchema(z.object({ id: z.string(), parentId: z.string(), name: z.string(), sort: z.number().int(), createTime: z.string() }));
const done = envelopeSchema(z.boolean());

/** Departments (系统管理 › 部门管理), a tree. */
export const deptRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  app.get('/upms/dept/tree', {
    config: { permission: 'sys:dept:index' },
    schema: { tags, summary: '部门树', response: { 200: envelopeSchema(z.array(deptNodeSchema)) } },
  }, async () => ok(await deptTree(db)));

  app.get('/upms/dept/:id', {
    config: { permission: 'sys:dept:index' },
    schema: { tags, summary: '部门详情', params: idParamsSchema, response: { 200: flat } },
  }, async (request) => ok(await getDept(db, request.params.id)));

  app.post('/upms/dept', {
    config: { permission: 'sys:dept:add' },
    schema: { tags, summary: '新增部门', body: deptBodySchema, response: { 200: flat } },
  }, async (request) => ok(await getDept(db, await createDept(db, request.body))));

  app.put('/upms/dept', {
    config: { permission: 'sys:dept:edit' },
    schema: { tags, summary: '修改部门', body: deptBodySchema, response: { 200: flat } },
  }, async (request) => {
    const { id } = request.body;
    if (!id) throw badRequest('id: 修改部门需要 id');
    await updateDept(db, { ...request.body, id });
    ctx.infoJson.clear(); // department names appear in user info
    return ok(await getDept(db, id));
  });

  app.delete('/upms/dept/:id', {
    config: { permission: 'sys:dept:del' },
    schema: { tags, summary: '删除部门', params: idParamsSchema, response: { 200: done } },
  }, async (request) => {
    await deleteDept(db, request.params.id);
    return ok(true);
  });
};
