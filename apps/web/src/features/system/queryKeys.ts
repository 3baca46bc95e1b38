/**
 * TanStack Query keys of system management, one factory per resource. Every key of a resource
 * starts with its root, the resource's API path (what its `ResourcePage` lists under), so
 * invalidating the root reads everything of the resource again: its list and its choices.
 */
const root = <P extends string>(path: P) => [path] as const;

const users = root('/upms/user');
const roles = root('/upms/role');
const menus = root('/upms/menu');
const depts = root('/upms/dept');

export const systemKeys = {
  users: { root: users },
  roles: {
    root: roles,
    /** Roles as choices by id (a user's roles). */
    options: () => [...roles, 'options'] as const,
    /** Roles as choices by code (a menu's visible roles). */
    codeOptions: () => [...roles, 'code-options'] as const,
  },
  menus: {
    root: menus,
    parentOptions: () => [...menus, 'parent-options'] as const,
    /** Menus and buttons, the tree a role's grant is chosen from. */
    allTree: () => [...menus, 'all-tree'] as const,
    roleGrant: (roleId: string | undefined) => [...menus, 'role-grant', roleId] as const,
  },
  depts: {
    root: depts,
    options: () => [...depts, 'options'] as const,
    parentOptions: () => [...depts, 'parent-options'] as const,
    /** The tree that filters the user list. */
    filter: () => [...depts, 'tree-filter'] as const,
  },
};
