import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { clientRoutes } from './clients/routes.js';
import { createUpmsContext } from './context.js';
import { deptRoutes } from './depts/routes.js';
import { registerOperationLog } from './logs/hook.js';
import { logRoutes } from './logs/routes.js';
import { menuRoutes } from './menus/routes.js';
import { roleRoutes } from './roles/routes.js';
import { profileRoutes } from './users/profile-routes.js';
import { userRoutes } from './users/routes.js';

/** The system-management screens' routes (users, roles, menus, departments, clients, logs). */
export const upmsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = createUpmsContext(app);
  await app.register(profileRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(roleRoutes, { ctx });
  await app.register(menuRoutes, { ctx });
  await app.register(deptRoutes, { ctx });
  await app.register(clientRoutes);
  await app.register(logRoutes);
};

/**
 * The operation log's hooks, on every route of the app: the module's setup, registered right
 * after access control and before any route.
 */
export const upmsSetup = fp(async (app) => {
  registerOperationLog(app);
}, { name: 'upms-setup', dependencies: ['identity-access'] });
