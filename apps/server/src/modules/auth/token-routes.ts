import { and, desc, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { tokenEndpoints as api } from '@canteen/contract';
import { serve } from '../../http/endpoint.js';
import { notFound } from '../../http/errors.js';
import { contains, defineResource } from '../../http/resource.js';
import { usernameOf } from '../upms/service.js';
import { sysToken } from './tables.js';

/** Online tokens (系统管理 › 令牌管理): sign-ins still usable, and forced sign-out. */
export const tokenAdminRoutes: FastifyPluginAsync = async (app) => {
  // The user's name comes from upms (its users are not this module's table).
  const username = usernameOf(sysToken.userId);
  defineResource({
    table: sysToken,
    label: '令牌',
    endpoints: { page: api.page },
    // Only usable sign-ins of existing users are listed.
    scope: () => ({ where: and(isNull(sysToken.revokedAt), gt(sysToken.refreshExpiresAt, new Date()), isNotNull(username)) }),
    sortable: { id: sysToken.id, create_time: sysToken.createdAt, username },
    order: [desc(sysToken.id)],
    filters: (q) => [contains(username, q.username)],
    toRecords: async (rows, { db }) => {
      const names = rows.length ? await db.select({ id: sysToken.id, username }).from(sysToken).where(inArray(sysToken.id, rows.map((r) => r.id))) : [];
      const nameOf = new Map(names.map((n) => [n.id, n.username]));
      return rows.map((t) => ({
        id: t.id, userId: t.userId, username: nameOf.get(t.id) ?? '', clientId: t.clientId, grantType: t.grantType,
        remoteAddr: t.remoteAddr, createTime: t.createdAt.toISOString(), expiresAt: t.accessExpiresAt.toISOString(),
      }));
    },
  }).serve(app);

  // A forced sign-out revokes the token set (the row stays for its chain): not a delete of the kit's.
  serve(app, api.remove, async ({ params }) => {
    if (!(await app.identity.tokens.revoke(params.id))) throw notFound(`令牌 ${params.id} 不存在或已失效`);
    // Its live sockets close now too, not at their next re-check.
    await app.live.revoke({ tokenIds: [params.id] });
    return true;
  });
};
