import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { PermissionCode } from '@canteen/contract';
import { forbidden, unauthorized } from './errors.js';

/** The signed-in user behind a request's bearer token. */
export interface AuthUser {
  id: string;
  username: string;
  /** Role codes, e.g. ROLE_ADMIN. */
  roles: string[];
  permissions: Set<string>;
  /** The token set this request was authenticated with. */
  tokenId: string;
  clientId: string;
  /** The user must change a password given to them first: only the routes access control lets through before it. */
  mustChangePassword?: boolean;
}

/** A route's access, declared in its `config`: exactly one of these. */
export interface RouteAccess {
  /** Needs a signed-in user holding this permission code. */
  permission?: PermissionCode;
  /** Needs any signed-in user. */
  signedIn?: boolean;
  /** Anyone, no token needed. */
  public?: boolean;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** Set by access control on routes that need a signed-in user; null elsewhere. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route with its access, as registered (collected by access control's onRoute hook). */
    routeAccess: RegisteredRoute[];
    /** Resolves a bearer token to its user (what access control was given), for other channels (the live socket). */
    resolveToken: ResolveToken;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | PermissionCode;
}

export type ResolveToken = (token: string) => Promise<AuthUser | null>;

export interface AccessControlOptions {
  resolve: ResolveToken;
  /**
   * The routes ('GET /path', as registered) a user who must change their password may call
   * (changing it, reading the own user info, signing out); every other protected one answers 403.
   */
  beforePasswordChange?: readonly string[];
}

/** The refusal a user who must change their password meets everywhere else. */
export const MUST_CHANGE_PASSWORD_MESSAGE = '请先修改初始密码：修改密码后才能继续使用';

/**
 * Routes the foundation registers through plugins that cannot declare access (the API
 * documentation UI under /docs and the web app's static files): public by nature.
 */
const foundationPublic = (route: RouteOptions) =>
  route.url === '/docs' || route.url.startsWith('/docs/') || (route.config !== undefined && 'rootPath' in route.config);

const accessOf = (route: RouteOptions): RegisteredRoute['access'] | undefined => {
  const config = route.config;
  if (config?.permission) return config.permission;
  if (config?.signedIn) return 'signedIn';
  if (config?.public || foundationPublic(route)) return 'public';
  return undefined;
};

/** The bearer token of a request, or undefined. */
export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header || header.length > 512) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
};

/** The signed-in user of a route declared signedIn or with a permission. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/**
 * Access control: every route must declare its access (a route without one fails the boot),
 * and each request to a protected route must carry a valid bearer token (else 401) whose
 * user holds the route's permission code (else 403). Register before any route.
 */
export const accessControl = fp<AccessControlOptions>(
  async (app, { resolve, beforePasswordChange = [] }) => {
    const routes: RegisteredRoute[] = [];
    const allowedBeforeChange = new Set(beforePasswordChange);
    app.decorate('routeAccess', routes);
    // Other channels (the live socket) have no route a user who must change their password may use.
    app.decorate('resolveToken', async (token: string) => {
      const user = await resolve(token);
      return user?.mustChangePassword ? null : user;
    });
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      const access = accessOf(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no access: set config.permission, config.signedIn or config.public`);
      }
      for (const method of methods) routes.push({ method, url: route.url, access });
    });

    const admit = async (request: FastifyRequest, permission: PermissionCode | undefined) => {
      const token = bearerToken(request);
      const user = token ? await resolve(token) : null;
      if (!user) throw unauthorized();
      if (user.mustChangePassword && !allowedBeforeChange.has(`${request.method} ${request.routeOptions.url}`)) throw forbidden(MUST_CHANGE_PASSWORD_MESSAGE);
      if (permission && !user.permissions.has(permission)) throw forbidden();
      request.user = user;
    };
    // A callback hook: a public route passes with no promise made; a protected one waits for its user.
    app.addHook('onRequest', (request, _reply, done) => {
      const config = request.routeOptions.config;
      if (!config.permission && !config.signedIn) {
        done();
        return;
      }
      admit(request, config.permission).then(() => done(), done);
    });
  },
  { name: 'access-control' },
);
