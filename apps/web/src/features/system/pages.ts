import type { PageMap } from '../../shared/navigation/pages';

/** The system-management pages by menu `component` name, each its own lazily loaded chunk, with the code needed to see it. */
export const systemPages: PageMap = {
  'views/admin/user/index': { load: () => import('./users/UsersPage'), permission: 'sys:user:index' },
  'views/admin/role/index': { load: () => import('./roles/RolesPage'), permission: 'sys:role:index' },
  'views/admin/menu/index': { load: () => import('./menus/MenusPage'), permission: 'sys:menu:index' },
  'views/admin/dept/index': { load: () => import('./depts/DeptsPage'), permission: 'sys:dept:index' },
  'views/admin/client/index': { load: () => import('./clients/ClientsPage'), permission: 'sys:client:index' },
  'views/admin/token/index': { load: () => import('./tokens/TokensPage'), permission: 'sys:token:index' },
  'views/admin/log/index': { load: () => import('./logs/LogsPage'), permission: 'sys:log:index' },
};
