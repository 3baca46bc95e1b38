import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, statusMessage } from '@canteen/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translateDbError } from './db-errors.js';
import { AppError, TooManyRequests } from './errors.js';
import { unavailableDependency } from './unavailable.js';

// Zod's own messages (a rule a schema gives no message of its own) in Chinese, like every other
// answer: "数值过大：期望 int <=…", not "Too big: expected int to be <=…".
z.config(z.locales.zhCN());

const where: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** Turns one validation issue into "字段 name: rule" so the user sees which field and why. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const part = where[error.validationContext ?? ''] ?? '';
    return `${part}${field ? ` ${field}` : ''}: ${first.message}`.trim();
  }
  return error.message;
}

/** Known Fastify failures and their clear messages; anything else unexpected is a 500 with no detail. */
const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求体不是合法的 JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求体为空，需要 JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求体过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_REQ_FILE_TOO_LARGE: [413, '上传文件过大'],
  FST_ERR_BAD_URL: [400, '请求地址不合法：路径含有无法解码的 % 转义（解码后不是合法的 UTF-8 文本）'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址中的路径参数过长'],
};

/**
 * The router's own failures (a path whose %-escapes do not decode, a path parameter too long),
 * answered before any route or error handler: Fastify's `frameworkErrors` option, so they too
 * get the envelope and a Chinese message instead of Fastify's English JSON.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = fastifyCodes[error.code] ?? [error.statusCode && error.statusCode < 500 ? error.statusCode : 400, statusMessage(400)];
  void reply.status(status).send(fail(message));
}

/** A refused body that pauses this long after its 413 is cut off (nginx's lingering_timeout). */
const LINGER_IDLE_MS = 5000;
/** However it keeps coming, the connection is cut this long after the 413 (nginx's lingering_time). */
const LINGER_MAX_MS = 30_000;

/**
 * A body refused as too large while it streams: the rest is not read into memory but discarded,
 * and the connection is cut once the client stops sending, pauses LINGER_IDLE_MS, or LINGER_MAX_MS
 * after the answer. Cutting it at once (Connection: close) would make the kernel reset the
 * connection over the unread bytes, and the client could lose the 413 itself (the lingering
 * close web servers do). The pause counts from the last bytes, not from the answer, so a client
 * slowed down (a busy machine) still reads its answer before it is cut.
 */
function closeAfterLinger(request: FastifyRequest) {
  const socket = request.raw.socket;
  if (typeof socket?.destroy !== 'function') return; // an injected request has no connection
  const cut = () => {
    clearTimeout(idle);
    clearTimeout(max);
    socket.destroy();
  };
  const idle = setTimeout(cut, LINGER_IDLE_MS);
  const max = setTimeout(cut, LINGER_MAX_MS);
  idle.unref();
  max.unref();
  request.raw.on('data', () => idle.refresh());
  request.raw.once('end', cut);
  socket.once('close', () => {
    clearTimeout(idle);
    clearTimeout(max);
  });
  request.raw.resume();
}

export function registerErrorHandling(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 413 && !request.raw.complete) closeAfterLinger(request);
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(fail(error.message));
    }
    if (error.validation) {
      return reply.status(400).send(fail(validationMessage(error)));
    }
    const unavailable = unavailableDependency(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      return reply.status(503).send(fail(unavailable.message));
    }
    const database = translateDbError(error);
    if (database) return reply.status(database.status).send(fail(database.message));
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known[0]).send(fail(known[1]));
    if (error instanceof SyntaxError) return reply.status(400).send(fail('请求体不是合法的 JSON'));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(statusMessage(status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(statusMessage('default')));
  });
}
