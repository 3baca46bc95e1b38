import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema, menuBodySchema, menuNodeSchema, ok } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { badRequest } from '../../../http/errors.js';
import { encodeJson, sendJson, type UpmsContext } from '../context.js';
import { createMenu, deleteMenu, getMenu, menuTree, menuTreeForRoles, updateMenu } from './service.js';

const tags = ['upms:menu'];
const treeAnswer = envelopeSchema(z.array(menuNodeSchema));
const flatNode = envelopeSchema(z.object({
  id: z.string(), parentId: z.string(), name: z.string(), label: z.string(), path: z.string().nullable(), icon: z.string().nullable(),
  component: z.string().nullable(), sort: z.number().int(), keepAlive: z.enum(['0', '1']), type: z.enum(['0', '1']),
  permission: z.string().nullable(), meta: z.object({ roles: z.array(z.string()).optional() }),
}));
const done = envelopeSchema(z.boolean());

/** Menus (系统管理 › 菜单管理) and the signed-in user's menu tree. */
export const menuRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  app.get('/upms/menu', {
    config: { signedIn: true },
    schema: { tags, summary: '当前用户的菜单树', response: { 200: treeAnswer } },
  }, async (request, reply) => {
    const principal = await app.identity.principals.load(currentUser(request).id);
    const roleIds = principal?.roleIds ?? [];
    const json = await ctx.menuJson.getOrLoad(roleIds.join(','), async () => encodeJson(treeAnswer, ok(await menuTreeForRoles(db, roleIds))));
    return sendJson(reply, json);
  });

  app.get('/upms/menu/tree', {
    config: { permission: 'sys:menu:index' },
    schema: { tags, summary: '菜单树（不含按钮）', response: { 200: treeAnswer } },
  }, async () => ok(await menuTree(db, false)));

  app.get('/upms/menu/all/tree', {
    config: { permission: 'sys:menu:index' },
    schema: { tags, summary: '菜单树（含按钮）', response: { 200: treeAnswer } },
  }, async () => ok(await menuTree(db, true)));

  app.get('/upms/menu/:id', {
    config: { permission: 'sys:menu:index' },
    schema: { tags, summary: '菜单详情', params: idParamsSchema, response: { 200: flatNode } },
  }, async (request) => ok(await getMenu(db, request.params.id)));

  app.post('/upms/menu', {
    config: { permission: 'sys:menu:add' },
    schema: { tags, summary: '新增菜单', body: menuBodySchema, response: { 200: flatNode } },
  }, async (request) => {
    const id = await createMenu(db, request.body);
    ctx.changed();
    return ok(await getMenu(db, id));
  });

  app.put('/upms/menu', {
    config: { permission: 'sys:menu:edit' },
    schema: { tags, summary: '修改菜单', body: menuBodySchema, response: { 200: flatNode } },
  }, async (request) => {
    const { id } = request.body;
    if (!id) throw badRequest('id: 修改菜单需要 id');
    await updateMenu(db, { ...request.body, id });
    ctx.changed();
    return ok(await getMenu(db, id));
  });

  app.delete('/upms/menu/:id', {
    config: { permission: 'sys:menu:del' },
    schema: { tags, summary: '删除菜单', params: idParamsSchema, response: { 200: done } },
  }, async (request) => {
    await deleteMenu(db, request.params.id);
    ctx.changed();
    return ok(true);
  });
};
