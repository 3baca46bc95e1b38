import type { FastifyPluginAsync } from 'fastify';
import { deptEndpoints as api } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { defineResource } from '../../../http/resource.js';
import type { UpmsContext } from '../context.js';
import { sysDept, sysUser } from '../tables.js';
import { checkParent, deptTree, deptValues, toDept } from './service.js';

/** Departments (系统管理 › 部门管理): the tree, and one department's get / create / update / delete. */
export const deptRoutes: FastifyPluginAsync<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  serve(app, api.tree, () => deptTree(app.database.db));
  defineResource({
    table: sysDept,
    label: '部门',
    endpoints: api,
    toRecord: toDept,
    validate: (body, { db, existing }) => checkParent(db, body, existing?.id),
    insert: deptValues,
    change: deptValues,
    referencedBy: [
      { column: sysDept.parentId, what: '下级部门', message: (n) => `该部门下还有 ${n} 个下级部门，请先删除下级` },
      { column: sysUser.deptId, what: '用户', message: (n) => `该部门还有 ${n} 个用户，请先调整用户所属部门` },
    ],
    afterWrite: ({ action }) => {
      if (action === 'update') ctx.infoJson.clear(); // department names appear in user info
    },
  }).serve(app);
};
