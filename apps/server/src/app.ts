import Fastify, { LogController, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDocsOn, type Config } from './config.js';
import type { Database } from './db/client.js';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerIdempotencyGuard } from './http/idempotency.js';
import { requestSerializer } from './http/log-redact.js';
import { registerSpa } from './http/spa.js';
import { registerTextGuard } from './http/text-guard.js';
import { mediaStorageOf } from './storage/select.js';
import type { MediaStorage } from './storage/storage.js';
import { uploadsPlugin } from './storage/uploads.js';
import { jobsPlugin } from './jobs/plugin.js';
import { liveChannel } from './live/plugin.js';
import { modules } from './modules/index.js';

export interface AppDeps {
  database: Database;
  /** Media storage; the configured one (local folder DATA_DIR/media by default) when not given. */
  storage?: MediaStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type App = FastifyInstance;

/** Sent with every answer. */
const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'same-origin' } as const;

/** Trusts the nearest `hops` proxies (what Fastify does with a number, which its types do not take). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server from a validated config and its open dependencies; listens nowhere. */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const app = Fastify({
    bodyLimit: config.BODY_LIMIT_BYTES,
    logger: {
      level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer }, // no query string's password, code or token in a log line
    },
    // One line per request is noise in production; operation logs are kept in the database.
    logController: new LogController({ disableRequestLogging: config.NODE_ENV === 'production' }),
    // X-Forwarded-For only from the configured proxy hops: any caller can write the header.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    frameworkErrors, // the router's bad-URL and too-long-parameter answers in the envelope
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  registerErrorHandling(app);
  registerTextGuard(app); // NUL, lone surrogates and non-UTF-8 refused with a 400 naming the field, for every route
  // Every module's setup before any route: identity's access control first (every route must
  // declare its access, checked as it is added), then the hooks other modules put on all routes.
  for (const module of modules) if (module.setup) await app.register(module.setup);
  registerIdempotencyGuard(app); // after access control: a refused request takes no key
  await app.register(uploadsPlugin, { storage: deps.storage ?? (await mediaStorageOf(config)) }); // app.uploads: multipart, rules, media storage

  // A callback hook (no promise on every answer), the headers set in one call.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Canteen API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  // The API's map is no business of the public: off in production unless API_DOCS says so.
  if (apiDocsOn(config)) await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(jobsPlugin); // app.jobs, before the modules that register job kinds on it
  await app.register(liveChannel); // STOMP at /weixin/ws and app.live (DESIGN.md §5), for the modules to publish
  for (const module of modules) if (module.plugin) await app.register(module.plugin);
  await registerSpa(app, config.WEB_DIST_DIR);
  return app;
}
