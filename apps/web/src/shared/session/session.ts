import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import type { PermissionCode } from '@canteen/contract';
import { persist } from 'zustand/middleware';
import { productStateStorage } from '../storage/storage';

/** One node of the signed-in user's menu tree, as `GET /upms/menu` answers it. */
export interface MenuNode {
  id: string;
  parentId?: string;
  name: string;
  label: string;
  path: string;
  icon?: string;
  component?: string;
  /** '0' keeps the page alive in its tab (the specification: 0 means keep alive). */
  keepAlive?: string;
  sort?: number;
  /** '0' menu, '1' button. */
  type?: string;
  permission?: string | null;
  /** External page address: entries whose src begins with http open through /myiframe. */
  src?: string;
  query?: Record<string, string>;
  group?: string[];
  meta?: { roles?: string[] };
  children?: MenuNode[];
}

export interface SysUser {
  id: string;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  phone?: string | null;
  deptId?: string | null;
  deptName?: string | null;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  /** Seconds left, counted down by the refresh timer (the specification's section 9). */
  expires_in: number;
}

interface SessionState {
  token?: TokenSet;
  user?: SysUser;
  roles: string[];
  /** The specification's permission map: code → true. */
  permissions: Record<string, boolean>;
  menu: MenuNode[];
  setToken: (token: TokenSet | undefined) => void;
  setUserInfo: (info: { sysUser: SysUser; roles: string[]; permissions: string[] }) => void;
  setMenu: (menu: MenuNode[]) => void;
  /** Forgets everything about the signed-in user (tabs and lock are cleared by their own stores). */
  clear: () => void;
}

/**
 * The signed-in user's session, shared by every feature: tokens, user, roles, permission
 * flags and menu. Kept in product-prefixed storage so a reload stays signed in.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      roles: [],
      permissions: {},
      menu: [],
      setToken: (token) => set({ token }),
      setUserInfo: ({ sysUser, roles, permissions }) =>
        set({ user: sysUser, roles, permissions: Object.fromEntries(permissions.map((p) => [p, true])) }),
      setMenu: (menu) => set({ menu }),
      clear: () => set({ token: undefined, user: undefined, roles: [], permissions: {}, menu: [] }),
    }),
    { name: 'session', storage: productStateStorage('local') },
  ),
);

/** Whether the signed-in user holds a permission code (the server checks again). */
export const hasPermission = (code: PermissionCode) => useSession.getState().permissions[code] === true;

/** React hook form of `hasPermission`, re-rendering when permissions change. */
export const usePermission = (code: PermissionCode) => useSession((s) => s.permissions[code] === true);

/**
 * For a list of things each guarded by its own code: a check (no code: allowed) that changes, and
 * so re-renders the component, when the user's permissions change.
 */
export function usePermissionCheck(): (code: PermissionCode | null | undefined) => boolean {
  const permissions = useSession((s) => s.permissions);
  return useCallback((code) => code === undefined || code === null || permissions[code] === true, [permissions]);
}

/** Every code the signed-in user holds, sorted (for showing them; checks use the helpers above). */
export function useHeldPermissions(): string[] {
  const permissions = useSession((s) => s.permissions);
  return useMemo(() => Object.keys(permissions).filter((code) => permissions[code] === true).sort(), [permissions]);
}
