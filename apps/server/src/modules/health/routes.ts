import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, fail, ok } from '@canteen/contract';
import { z } from 'zod';

const status = envelopeSchema(z.object({ status: z.string(), database: z.string().optional() }).nullable());

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
  app.get('/health/ready', { config: { public: true }, schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_request, reply) => {
    try {
      await databaseReady();
      return ok({ status: 'ready', database: app.database.kind });
    } catch {
      return reply.status(503).send(fail('数据库不可用'));
    }
  });
};
