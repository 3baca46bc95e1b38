import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER, statusMessagesZh } from '@canteen/contract';
import { requestKey } from '../db/tables.js';
import { AppError, badRequest } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route keeps its own record of keys (order creation, payments, refunds store the key on
     * the row they make and answer a retry with that row): the guard checks the key's format and
     * lets a repeated key through to the handler instead of refusing it.
     */
    ownIdempotency?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,64}$/;
/** How long a key is remembered: far longer than any retry of the same attempt. */
const KEEP_HOURS = 24;

/**
 * The server's half of the repeat-request guard (status 000): a mutating request that carries an
 * `Idempotency-Key` the server has already taken is refused with 409 and 操作太频繁，请勿重复请求,
 * on every instance (the keys are rows of `request_key`). The web app sends a fresh key with each
 * mutating call, so a replayed request (a proxy's retry, a double submit) never acts twice.
 * Requests without the header pass: the callback and API clients keep working. Routes that
 * declare `ownIdempotency` in their config answer a retry themselves (see above).
 */
export function registerIdempotencyGuard(app: FastifyInstance) {
  const { db } = app.database;
  let takenSinceCleanup = 0;
  const guard = async (request: FastifyRequest, header: string | string[]) => {
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_FORMAT.test(key)) throw badRequest(`${IDEMPOTENCY_HEADER} 必须是8到64个字母、数字、_ 或 -`);
    if (request.routeOptions.config.ownIdempotency) return;
    const taken = await db.insert(requestKey).values({ key }).onConflictDoNothing().returning({ key: requestKey.key });
    if (!taken.length) throw new AppError(409, statusMessagesZh['000']);
    if (++takenSinceCleanup >= 500) {
      takenSinceCleanup = 0;
      await db.delete(requestKey).where(lt(requestKey.createdAt, sql`now() - ${KEEP_HOURS}::int * interval '1 hour'`));
    }
  };
  // A callback hook: a read, or a write without a key, passes with no promise made.
  app.addHook('preHandler', (request, _reply, done) => {
    const header = MUTATING.has(request.method) ? request.headers[IDEMPOTENCY_HEADER] : undefined;
    if (header === undefined) {
      done();
      return;
    }
    guard(request, header).then(() => done(), done);
  });
}
