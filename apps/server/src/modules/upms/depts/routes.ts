import type { FastifyPluginAsync } from 'fastify';
import { deptEndpoints as api } from '@canteen/contract';
import { badRequest } from '../../../http/errors.js';
import { serve } from '../../../http/endpoint.js';
import type { UpmsContext } from '../context.js';
import { createDept, deleteDept, deptTree, getDept, updateDept } from './service.js';

/** Departments (系统管理 › 部门管理), a tree. */
export const deptRoutes: FastifyPluginAsync<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  serve(app, api.tree, () => deptTree(db));
  serve(app, api.get, ({ params }) => getDept(db, params.id));
  serve(app, api.create, async ({ body }) => getDept(db, await createDept(db, body)));
  serve(app, api.update, async ({ body }) => {
    const { id } = body;
    if (!id) throw badRequest('id: 修改部门需要 id');
    await updateDept(db, { ...body, id });
    ctx.infoJson.clear(); // department names appear in user info
    return getDept(db, id);
  });
  serve(app, api.remove, async ({ params }) => {
    await deleteDept(db, params.id);
    return true;
  });
};
