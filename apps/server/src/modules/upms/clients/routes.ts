import type { FastifyPluginAsync } from 'fastify';
import { clientEndpoints } from '@canteen/contract';
import { currentUser } from '../../../http/access.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { defineResource } from '../../../http/resource.js';
import { hashPassword } from '../../../util/passwords.js';
import { sysOauthClient } from '../tables.js';
import { iso } from '../../../http/iso.js';

const grantTypes = (text: string) => [...new Set(text.split(',').map((g) => g.trim()).filter(Boolean))].join(',');

/** Registered OAuth clients (系统管理 › 终端管理); secrets are stored hashed and never answered. */
export const clientRoutes: FastifyPluginAsync = async (app) => {
  defineResource({
    table: sysOauthClient,
    label: '终端',
    endpoints: clientEndpoints,
    sortable: { id: sysOauthClient.id, client_id: sysOauthClient.clientId, create_time: sysOauthClient.createdAt },
    toRecord: (c) => ({
      id: c.id, clientId: c.clientId, scope: c.scope, authorizedGrantTypes: c.authorizedGrantTypes,
      accessTokenValidity: c.accessTokenValidity, refreshTokenValidity: c.refreshTokenValidity, createTime: iso(c.createdAt),
    }),
    insert: async ({ id: _, clientSecret, ...input }) => {
      if (!clientSecret) throw badRequest('clientSecret: 终端密钥不能为空');
      return { ...input, clientSecret: await hashPassword(clientSecret), authorizedGrantTypes: grantTypes(input.authorizedGrantTypes) };
    },
    change: async (input) => ({
      clientId: input.clientId, scope: input.scope, authorizedGrantTypes: grantTypes(input.authorizedGrantTypes),
      accessTokenValidity: input.accessTokenValidity, refreshTokenValidity: input.refreshTokenValidity,
      ...(input.clientSecret ? { clientSecret: await hashPassword(input.clientSecret) } : {}),
    }),
    unique: { sys_oauth_client_client_id: (clientId) => `终端ID ${clientId} 已存在` },
    beforeDelete: (client, { request }) => {
      if (client.clientId === currentUser(request).clientId) throw conflict('不能删除当前登录所用的终端');
    },
    afterWrite: ({ action }) => {
      if (action !== 'create') app.identity.clients.forget();
    },
  }).serve(app);
};
