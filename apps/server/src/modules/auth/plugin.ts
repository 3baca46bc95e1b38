import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { accessControl } from '../../http/access.js';
import { routeRateLimits } from '../../http/route-limits.js';
import { createPrincipals, type Principals } from '../upms/service.js';
import { createCaptchas, type Captchas } from './captcha.js';
import { createClientAuth, type ClientAuth } from './client-auth.js';
import { createGrants, type Grants } from './grants.js';
import { authRoutes } from './routes.js';
import { publicSettingsRoutes } from './settings-routes.js';
import { tokenAdminRoutes } from './token-routes.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { createPhoneCodes, smsSenderFor, type PhoneCodes, type SmsSender } from './sms.js';
import { createTokenService, type TokenService } from './tokens.js';

/** What a user who must change their password may do first: change it (the profile edit), read the own info, sign out. */
const BEFORE_PASSWORD_CHANGE = ['PUT /upms/user/edit', 'GET /upms/user/info', 'DELETE /auth/token/logout'] as const;

export interface Identity {
  principals: Principals;
  tokens: TokenService;
  captchas: Captchas;
  limiter: RateLimiter;
  clients: ClientAuth;
  phoneCodes: PhoneCodes;
  grants: Grants;
  /** Where SMS codes go: the development sender (its outbox file), or none in a real deployment (`available` false). */
  sms: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

/**
 * Identity's services and access control: the module's setup, registered before every route
 * (modules/index.ts) so that each route's declared access and rate limit are checked.
 */
export const identityAccess = fp(
  async (app) => {
    const db = app.database.db;
    const principals = createPrincipals(db);
    const tokens = createTokenService(db, principals);
    const captchas = createCaptchas(db);
    const limiter = createRateLimiter(db);
    const phoneCodes = createPhoneCodes(db);
    const grants = createGrants({ db, config: app.config, tokens, captchas, limiter, phoneCodes });
    app.decorate('identity', { principals, tokens, captchas, limiter, clients: createClientAuth(db), phoneCodes, grants, sms: smsSenderFor(app.config, app.log) });
    await app.register(accessControl, { resolve: tokens.resolve, beforePasswordChange: BEFORE_PASSWORD_CHANGE });
    // After access control: limits count per user.
    if (app.config.RATE_LIMITS === 'on') await app.register(routeRateLimits, { take: limiter.take });
  },
  { name: 'identity-access' },
);

/** Identity's routes: sign-in, sign-out and the online tokens screen. */
export const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(tokenAdminRoutes);
  await app.register(publicSettingsRoutes);
};
