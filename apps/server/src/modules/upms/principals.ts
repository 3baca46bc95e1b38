import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TtlCache } from '../../util/ttl-cache.js';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from './tables.js';

/** What access control needs to know about a user. */
export interface Principal {
  id: string;
  username: string;
  locked: boolean;
  /** A password given to the user (the first administrator's) is still to be changed. */
  mustChangePassword: boolean;
  roleIds: string[];
  roles: string[];
  permissions: Set<string>;
}

/** How long a user's roles and permissions are trusted before they are read again. */
export const PRINCIPAL_TTL_MS = 5000;

export type Principals = ReturnType<typeof createPrincipals>;

/** Users' roles and permission codes, cached a few seconds; cleared on any change on this instance. */
export function createPrincipals(db: Db) {
  const cache = new TtlCache<string, Principal | null>(PRINCIPAL_TTL_MS);

  async function read(userId: string): Promise<Principal | null> {
    const [user] = await db.select({ id: sysUser.id, username: sysUser.username, lockFlag: sysUser.lockFlag, mustChange: sysUser.passwordMustChange }).from(sysUser).where(eq(sysUser.id, userId));
    if (!user) return null;
    const roles = await db
      .select({ id: sysRole.id, code: sysRole.roleCode })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(eq(sysUserRole.userId, userId));
    const roleIds = roles.map((r) => r.id);
    const granted = roleIds.length
      ? await db
          .selectDistinct({ permission: sysMenu.permission })
          .from(sysRoleMenu)
          .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
          .where(and(inArray(sysRoleMenu.roleId, roleIds), isNotNull(sysMenu.permission)))
      : [];
    return {
      id: user.id,
      username: user.username,
      locked: user.lockFlag === '9',
      mustChangePassword: user.mustChange,
      roleIds,
      roles: roles.map((r) => r.code).sort(),
      permissions: new Set(granted.map((g) => g.permission!).filter(Boolean)),
    };
  }

  return {
    load: (userId: string) => cache.getOrLoad(userId, () => read(userId)),
    /** Forget everything cached (roles, grants or users changed). */
    invalidate: () => cache.clear(),
  };
}
