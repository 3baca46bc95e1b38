/** Pages reachable without signing in (the specification's table). */
export const PUBLIC_PATHS = ['/login', '/register', '/lock', '/404', '/403', '/401', '/500', '/authredirect'];
export const HOME_PATH = '/wel/index';
export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
export const NOT_FOUND_PATH = '/404';
/** The in-shell routes of the specification's table that are not menu entries. */
export const FIXED_PATHS = ['/', '/wel', '/wel/index', '/info', '/info/index', '/views/wxmp/wxmsg/index'];
export const isFixedPath = (pathname: string) => FIXED_PATHS.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export interface GuardInput {
  path: string;
  hasToken: boolean;
  locked: boolean;
  /** Whether the user's roles (user info) are loaded. */
  rolesLoaded: boolean;
  /**
   * Whether the path may be a page of the app (`isKnownPath` of `./known-paths`); without a
   * token an unknown path goes to /404, as the specification's route table says. Default true.
   */
  known?: boolean;
}

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'loadUser' };

const isPublic = (path: string) => PUBLIC_PATHS.includes(path);

/**
 * The specification's section 4: no token → login (public pages stay open, an unknown path → /404);
 * token and locked → only /lock; token on the login page → home; token without roles → load the
 * user info first (a signed-in user's unknown path reaches /404 through the shell, which knows the menu).
 */
export function decide({ path, hasToken, locked, rolesLoaded, known = true }: GuardInput): GuardDecision {
  if (!hasToken) {
    if (isPublic(path)) return { action: 'allow' };
    return known ? { action: 'redirect', to: LOGIN_PATH } : { action: 'redirect', to: NOT_FOUND_PATH };
  }
  if (locked) return path === LOCK_PATH ? { action: 'allow' } : { action: 'redirect', to: LOCK_PATH };
  if (path === LOGIN_PATH || path === '/register' || path === LOCK_PATH) return { action: 'redirect', to: HOME_PATH };
  if (isPublic(path)) return { action: 'allow' };
  if (!rolesLoaded) return { action: 'loadUser' };
  return { action: 'allow' };
}
