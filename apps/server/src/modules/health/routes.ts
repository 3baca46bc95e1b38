import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@canteen/contract';
import { z } from 'zod';

const dependency = z.enum(['up', 'down']);
const status = envelopeSchema(z.object({
  status: z.string(),
  database: z.string().optional(),
  /** Each dependency this instance needs to serve: the database, and the live bus (Redis when REDIS_URL is set, else in-process). */
  checks: z.object({ database: dependency, bus: dependency, busKind: z.enum(['memory', 'redis']) }).optional(),
}).nullable());

/** How long one successful database ping vouches for readiness. */
const READY_TTL_MS = 1000;

/** Liveness (the process answers) and readiness (the database answered within the last second). */
export const healthModule: FastifyPluginAsyncZod = async (app) => {
  let checkedAt = 0;
  let inFlight: Promise<void> | undefined;
  // Load balancers poll readiness hard; one ping at a time serves every caller for a second.
  const databaseReady = async () => {
    if (Date.now() - checkedAt < READY_TTL_MS) return;
    inFlight ??= app.database.ping().then(
      () => { checkedAt = Date.now(); inFlight = undefined; },
      (error: unknown) => { inFlight = undefined; throw error; },
    );
    await inFlight;
  };

  app.get('/health/live', { config: { public: true }, schema: { tags: ['health'], response: { 200: status } } }, async () => ok({ status: 'up' }));
  // Ready only when every dependency is: a load balancer then stops sending traffic to an
  // instance that cannot serve, and the answer names what is down. The messaging platform is not
  // one of them: it is the same for every instance, and its outage shows on the screens that use it.
  app.get('/health/ready', { config: { public: true }, schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_request, reply) => {
    const database = await databaseReady().then(() => 'up' as const, () => 'down' as const);
    const bus = app.live.bus.healthy() ? 'up' as const : 'down' as const;
    const checks = { database, bus, busKind: app.live.bus.kind };
    if (database === 'up' && bus === 'up') return ok({ status: 'ready', database: app.database.kind, checks });
    const down = [database === 'down' ? '数据库不可用' : null, bus === 'down' ? '消息总线(Redis)不可用' : null].filter(Boolean).join('，');
    return reply.status(503).send({ code: 1, msg: down, data: { status: 'not ready', database: app.database.kind, checks } });
  });
};
