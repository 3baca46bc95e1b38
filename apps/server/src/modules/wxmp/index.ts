import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wechatApiBase } from '../../config.js';
import { createSecrets, loadSecretsKey } from '../../platform/secrets.js';
import { WechatClient } from '../../platform/wechat/client.js';
import { databaseTokenStore, redisTokenStore, type TokenStore } from '../../platform/wechat/token-store.js';
import type { MediaStorage } from '../../storage/storage.js';
import { Background, type WxmpContext } from './context.js';
import { accountRoutes } from './accounts/routes.js';
import { createAccountService } from './accounts/service.js';
import { followerRoutes } from './followers/routes.js';
import { createFollowerService } from './followers/service.js';
import { materialRoutes } from './materials/routes.js';
import { createMaterialService } from './materials/service.js';
import { portalRoutes } from './portal/routes.js';
import { createPortalService } from './portal/service.js';
import { tagRoutes } from './tags/routes.js';
import { createTagService } from './tags/service.js';

function buildServices(ctx: WxmpContext) {
  const accounts = createAccountService(ctx);
  const tags = createTagService(ctx, accounts);
  const followers = createFollowerService(ctx, accounts, tags);
  const materials = createMaterialService(ctx, accounts);
  const portal = createPortalService(ctx, accounts, followers, materials);
  return { accounts, followers, tags, materials, portal, client: ctx.client, storage: ctx.storage };
}

/** The messaging module's services, for other modules (conversations, live channel). */
export type WxmpServices = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    wxmp: WxmpServices;
  }
}

export interface WxmpOptions {
  /** Media storage; the server's one (`app.uploads.storage`) when not given. */
  storage?: MediaStorage;
}

/**
 * The messaging public account: accounts, followers, tags, materials and the platform's callback.
 * Decorates the instance with `wxmp` (its services) so that later modules plug in, e.g.
 * `app.wxmp.portal.onIncomingMessage(listener)`.
 */
export const wxmpModule = fp<WxmpOptions>(async (app: FastifyInstance, options) => {
  const config = app.config;
  const secrets = createSecrets(loadSecretsKey(config));
  let store: TokenStore = databaseTokenStore(app.database, secrets);
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (token cache)'));
    store = redisTokenStore(redis, secrets);
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  const log = app.log.child({ module: 'wxmp' });
  const background = new Background(log);
  // eslint-disable-next-line prefer-const -- the client needs the account service, created from the context
  let services: WxmpServices;
  const client = new WechatClient({
    baseUrl: wechatApiBase(config),
    timeoutMs: config.WECHAT_TIMEOUT_MS,
    store,
    secretOf: (appId) => services.accounts.secretOf(appId),
  });
  const ctx: WxmpContext = {
    config,
    database: app.database,
    secrets,
    client,
    storage: options.storage ?? app.uploads.storage,
    background,
    jobs: app.jobs,
    log,
  };
  services = buildServices(ctx);
  app.decorate('wxmp', services);
  app.addHook('onClose', async () => {
    services.portal.stop();
    await background.drain();
  });

  const routes: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(accountRoutes(services.accounts));
    await scope.register(followerRoutes(services.followers));
    await scope.register(tagRoutes(services.tags));
    await scope.register(materialRoutes(services.materials));
    await scope.register(portalRoutes(services.portal));
  };
  await app.register(routes);
}, { name: 'wxmp' });
