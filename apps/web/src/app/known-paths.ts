import { FIXED_PATHS } from './guards';
import { pageRegistry } from './page-registry';

let known: Set<string> | undefined;

/** Every path a page of the app can have: the fixed routes, and each registered page's route and its groups. */
function knownPaths(): Set<string> {
  if (known) return known;
  known = new Set(FIXED_PATHS);
  for (const component of Object.keys(pageRegistry)) {
    // The menu's convention: component `views/admin/user/index` is the page of path /admin/user (and /admin/user/index).
    const segments = component.replace(/^\/?views\//, '').split('/').filter(Boolean);
    for (let n = 1; n <= segments.length; n++) known.add(`/${segments.slice(0, n).join('/')}`);
  }
  return known;
}

/**
 * Whether a path may be a page of the app before anyone has signed in (the menu, which holds the
 * real routes, comes with the user): a fixed route, an embedded page, or a path a registered page
 * (or its group) has under the menu's naming. A signed-out visitor of any other path sees /404
 * (the specification's "any unknown path redirects to /404"); one of these goes to the login page
 * and comes back after signing in.
 */
export function isKnownPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path.startsWith('/myiframe/') || knownPaths().has(path);
}
