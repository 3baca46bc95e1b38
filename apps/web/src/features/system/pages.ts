import type { ComponentType } from 'react';

/** The system-management pages by menu `component` name, each its own lazily loaded chunk. */
export const systemPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  'views/admin/user/index': () => import('./users/UsersPage'),
  'views/admin/role/index': () => import('./roles/RolesPage'),
  'views/admin/menu/index': () => import('./menus/MenusPage'),
  'views/admin/dept/index': () => import('./depts/DeptsPage'),
  'views/admin/client/index': () => import('./clients/ClientsPage'),
  'views/admin/token/index': () => import('./tokens/TokensPage'),
  'views/admin/log/index': () => import('./logs/LogsPage'),
};
