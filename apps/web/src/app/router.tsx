import { createBrowserRouter, Navigate, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadUserAndMenu, signOutLocally } from '../shared/session/auth';
import { useLock } from '../shared/session/lock';
import { useSession } from '../shared/session/session';
import { decide, HOME_PATH, isFixedPath, LOGIN_PATH, PUBLIC_PATHS } from './guards';
import { withChunkTimeout } from './lazy';
import { RouteErrorPage } from './pages/RouteErrorPage';

const decisionFor = (url: URL, known = true) => {
  const session = useSession.getState();
  const hasToken = Boolean(session.token);
  return decide({ path: url.pathname, hasToken, locked: useLock.getState().isLock, rolesLoaded: Boolean(session.user), known: hasToken || known });
};

/**
 * Whether a signed-out visitor's path may be a page (else /404). The registered pages' paths are
 * read only then, from a chunk of their own: the page registry stays out of what /login loads.
 */
async function knownWhenSignedOut(pathname: string): Promise<boolean> {
  if (useSession.getState().token || PUBLIC_PATHS.includes(pathname) || isFixedPath(pathname)) return true;
  return (await withChunkTimeout(() => import('./known-paths'))).isKnownPath(pathname);
}

/** The specification's section 4: on the first load, and before any navigation it would not allow as it is (`shouldRevalidate` below). */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = decisionFor(url, await knownWhenSignedOut(url.pathname));
  if (decision.action === 'redirect') {
    const back = decision.to === LOGIN_PATH && url.pathname !== '/' ? `?redirect=${encodeURIComponent(url.pathname + url.search)}` : '';
    throw redirect(decision.to + back);
  }
  if (decision.action === 'loadUser') {
    try {
      await loadUserAndMenu({ silent: true });
    } catch {
      signOutLocally();
      throw redirect(LOGIN_PATH);
    }
  }
  return null;
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await withChunkTimeout(load)).default });
const errorPage = (status: 404 | 403 | 401 | 500) => async () => {
  const module = await withChunkTimeout(() => import('./pages/ErrorPage'));
  return { Component: () => <module.ErrorPage status={status} /> };
};

/** The fixed routes of the specification; everything else is the shell, which builds pages from the menu. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    shouldRevalidate: ({ nextUrl }) => decisionFor(nextUrl).action !== 'allow',
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div />,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: '/register', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: '/authredirect', lazy: page(() => import('../features/auth/AuthRedirectPage')) },
      { path: '/lock', lazy: page(() => import('./pages/LockPage')) },
      { path: '/404', lazy: errorPage(404) },
      { path: '/403', lazy: errorPage(403) },
      { path: '/401', lazy: errorPage(401) },
      { path: '/500', lazy: errorPage(500) },
      { path: '/', element: <Navigate to="/wel" replace /> },
      { path: '/wel', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/info', element: <Navigate to="/info/index" replace /> },
      // Home, /info/index, /views/wxmp/wxmsg/index, /myiframe/* and the menu's pages; unknown paths → /404.
      { path: '*', lazy: page(() => import('./shell/Shell')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
