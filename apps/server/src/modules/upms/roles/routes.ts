import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema, idSchema, ok, pageQuerySchema, pageSchema, roleBodySchema, roleMenuSchema, roleRecordSchema } from '@canteen/contract';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.js';
import type { UpmsContext } from '../context.js';
import { createRole, deleteRole, getRole, grantMenus, listRoles, pageRoles, roleMenuIds, updateRole } from './service.js';

const tags = ['upms:role'];
const record = envelopeSchema(roleRecordSchema);
const done = envelopeSchema(z.boolean());

/** Role management (系统管理 › 角色管理) and the grant of menus and buttons to a role. */
export const roleRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  app.get('/upms/role/page', {
    config: { permission: 'sys:role:index' },
    schema: { tags, summary: '角色分页', querystring: pageQuerySchema, response: { 200: envelopeSchema(pageSchema(roleRecordSchema)) } },
  }, async (request) => ok(await pageRoles(db, request.query)));

  app.get('/upms/role/list', {
    config: { permission: 'sys:role:index' },
    schema: { tags, summary: '全部角色', response: { 200: envelopeSchema(z.array(roleRecordSchema)) } },
  }, async () => ok(await listRoles(db)));

  app.get('/upms/role/:id', {
    config: { permission: 'sys:role:index' },
    schema: { tags, summary: '角色详情', params: idParamsSchema, response: { 200: record } },
  }, async (request) => ok(await getRole(db, request.params.id)));

  app.post('/upms/role', {
    config: { permission: 'sys:role:add' },
    schema: { tags, summary: '新增角色', body: roleBodySchema, response: { 200: record } },
  }, async (request) => ok(await getRole(db, await createRole(db, request.body))));

  app.put('/upms/role', {
    config: { permission: 'sys:role:edit' },
    schema: { tags, summary: '修改角色', body: roleBodySchema, response: { 200: record } },
  }, async (request) => {
    const { id } = request.body;
    if (!id) throw badRequest('id: 修改角色需要 id');
    await updateRole(db, { ...request.body, id });
    ctx.changed();
    return ok(await getRole(db, id));
  });

  app.delete('/upms/role/:id', {
    config: { permission: 'sys:role:del' },
    schema: { tags, summary: '删除角色', params: idParamsSchema, response: { 200: done } },
  }, async (request) => {
    await deleteRole(db, request.params.id);
    ctx.changed();
    return ok(true);
  });

  app.get('/upms/menu/tree/:roleId', {
    config: { permission: 'sys:role:perm' },
    schema: { tags, summary: '角色已授权的菜单', params: z.object({ roleId: idSchema }), response: { 200: envelopeSchema(z.array(z.string())) } },
  }, async (request) => ok(await roleMenuIds(db, request.params.roleId)));

  app.put('/upms/role/menu', {
    config: { permission: 'sys:role:perm' },
    schema: { tags, summary: '角色授权菜单', body: roleMenuSchema, response: { 200: done } },
  }, async (request) => {
    await grantMenus(db, request.body.roleId, request.body.menuIds);
    ctx.changed();
    return ok(true);
  });
};
