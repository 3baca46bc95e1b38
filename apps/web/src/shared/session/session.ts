import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import type { MenuNode as ServerMenuNode, PermissionCode, SysUser, TokenSet, UserInfo } from '@canteen/contract';
import { persist } from 'zustand/middleware';
import { productStateStorage } from '../storage/storage';

/**
 * One node of the signed-in user's menu tree as the shell keeps it: the contract's menu node
 * (`GET /upms/menu`), its path always a string ('' when the menu has none) and the fields a
 * node may come without optional.
 */
export type MenuNode = Pick<ServerMenuNode, 'id' | 'name' | 'label'> &
  Partial<Omit<ServerMenuNode, 'id' | 'name' | 'label' | 'path' | 'children'>> & { path: string; children?: MenuNode[] };

/** The menu as the server answers it, in the shell's form. */
export const toMenuNodes = (nodes: readonly ServerMenuNode[]): MenuNode[] =>
  nodes.map(({ path, children, ...node }) => ({ ...node, path: path ?? '', children: children.length ? toMenuNodes(children) : undefined }));

export type { SysUser };

/** What the session keeps of the token set the sign-in answered (`expires_in` counted down by the refresh timer, the specification's section 9). */
export type SessionTokens = Pick<TokenSet, 'access_token' | 'refresh_token' | 'expires_in'>;

interface SessionState {
  token?: SessionTokens;
  user?: SysUser;
  roles: string[];
  /** The specification's permission map: code → true. */
  permissions: Record<string, boolean>;
  menu: MenuNode[];
  /** The user must change a password given to them (the first administrator's) before anything else (user info says so). */
  mustChangePassword: boolean;
  setToken: (token: SessionTokens | undefined) => void;
  setUserInfo: (info: UserInfo) => void;
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
      mustChangePassword: false,
      setToken: (token) => set({ token }),
      setUserInfo: ({ sysUser, roles, permissions, mustChangePassword }) =>
        set({ user: sysUser, roles, permissions: Object.fromEntries(permissions.map((p) => [p, true])), mustChangePassword: mustChangePassword ?? false }),
      setMenu: (menu) => set({ menu }),
      clear: () => set({ token: undefined, user: undefined, roles: [], permissions: {}, menu: [], mustChangePassword: false }),
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
