import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { createLogWriter } from './writer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who a sign-in request was for (there is no signed-in user yet); never a password. */
    auditUsername?: string | undefined;
    /** The failure's message, for the operation log. */
    auditError?: string | undefined;
  }
  interface FastifyInstance {
    /** The operation-log writer (`flush()` waits until every row so far is stored). */
    operationLog: ReturnType<typeof createLogWriter>;
  }
  interface FastifyContextConfig {
    /** `false`: not an operator's operation (the messaging platform's callback), not logged. */
    operationLog?: boolean;
  }
}

const CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const clip = (text: string | undefined, max: number) => (text && text.length > max ? `${text.slice(0, max)}…` : text);

/** A failure's text for the log: the client-facing message, never query parameters or SQL values. */
const describe = (error: Error & { validation?: unknown }): string => {
  if (error instanceof AppError || error.validation) return error.message;
  return `${error.name}: ${error.message.split('\nparams:')[0]}`;
};

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

/**
 * The operation log: one row per changing request (POST, PUT, DELETE) after its answer, with
 * the route's summary as title, '0' ok / '9' failure, method, path (no query string: it may
 * carry a password), address, user, duration and, for failures, the message.
 */
export function registerOperationLog(app: FastifyInstance) {
  app.addHook('onError', async (request, _reply, error) => {
    request.auditError = describe(error);
  });
  const writer = createLogWriter(app.database.db, app.log);
  app.addHook('onClose', async () => writer.flush());
  app.decorate('operationLog', writer);
  app.addHook('onResponse', async (request, reply) => {
    if (!CHANGING.has(request.method) || !request.routeOptions.url || request.routeOptions.config.operationLog === false) return;
    const failed = reply.statusCode >= 400;
    writer.write({
      type: failed ? '9' : '0',
      title: clip(request.routeOptions.schema?.summary ?? `${request.method} ${request.routeOptions.url}`, 200)!,
      method: request.method,
      requestUri: clip(pathOf(request), 500),
      remoteAddr: request.ip,
      userAgent: clip(request.headers['user-agent'], 300),
      username: clip(request.user?.username ?? request.auditUsername, 64),
      durationMs: Math.round(reply.elapsedTime),
      status: reply.statusCode,
      exception: failed ? clip(request.auditError ?? `HTTP ${reply.statusCode}`, 2000) : null,
    });
  });
}
