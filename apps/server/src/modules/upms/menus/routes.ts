import type { FastifyPluginAsync } from 'fastify';
import { envelopeSchema, menuEndpoints as api, ok } from '@canteen/contract';
import { currentUser } from '../../../http/access.js';
import { serve } from '../../../http/endpoint.js';
import { defineResource } from '../../../http/resource.js';
import { encodeJson, sendJson, type UpmsContext } from '../context.js';
import { sysMenu } from '../tables.js';
import { checkMenu, menuTree, menuTreeForRoles, menuValues, toMenu } from './service.js';

const mine = envelopeSchema(api.mine.data);

/** Menus (系统管理 › 菜单管理): the trees, the signed-in user's menu tree, and one menu's get / create / update / delete. */
export const menuRoutes: FastifyPluginAsync<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  serve(app, api.mine, async (_, request, reply) => {
    const roleIds = (await app.identity.principals.load(currentUser(request).id))?.roleIds ?? [];
    const json = await ctx.menuJson.getOrLoad(roleIds.join(','), async () => encodeJson(mine, ok(await menuTreeForRoles(db, roleIds))));
    return sendJson(reply, json);
  });
  serve(app, api.tree, () => menuTree(db, false));
  serve(app, api.allTree, () => menuTree(db, true));
  defineResource({
    table: sysMenu,
    label: '菜单',
    endpoints: api,
    toRecord: toMenu,
    validate: (body, { db, existing }) => checkMenu(db, body, existing?.id),
    insert: menuValues,
    change: menuValues,
    referencedBy: [{ column: sysMenu.parentId, what: '下级菜单或按钮', message: (n) => `该菜单下还有 ${n} 个下级菜单或按钮，请先删除下级` }],
    afterWrite: () => ctx.changed(),
  }).serve(app);
};
