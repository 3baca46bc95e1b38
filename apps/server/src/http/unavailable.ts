import { AppError } from './errors.js';

/** Socket failures: the dependency refused, dropped or never answered the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own "cannot serve now": connection exceptions (class 08), the server shutting
 * down or restarting (57P01–57P03) and too many connections (53300).
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300';

/** node-postgres' messages for a connection lost or never made (they carry no code). */
const PG_CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not open|terminating connection/i;

/** ioredis: the connection is down and the command was given up (or queued with no retry allowed). */
const isRedisDown = (e: Record<string, unknown>) =>
  e.name === 'MaxRetriesPerRequestError' || (typeof e.message === 'string' && /^Connection is closed\.?$|Stream isn't writeable|enableOfflineQueue options is false/.test(e.message));

export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后重试';
export const REDIS_UNAVAILABLE = '缓存服务(Redis)暂时不可用，请稍后重试';

/**
 * A failure because a dependency (the database, Redis) is down or unreachable: a 503 that
 * names it, so the user reads "try again shortly" rather than an unknown error, and a load
 * balancer may retry elsewhere. Undefined for anything else. Follows `cause` (drizzle wraps).
 */
export function unavailableDependency(error: unknown): AppError | undefined {
  for (let e = error as Record<string, unknown> | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as typeof e, i++) {
    if (isRedisDown(e)) return new AppError(503, REDIS_UNAVAILABLE);
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return new AppError(503, DATABASE_UNAVAILABLE);
    if (typeof e.message === 'string' && PG_CONNECTION_LOST.test(e.message)) return new AppError(503, DATABASE_UNAVAILABLE);
    // A bare socket error reaches a handler only from the database pool here: the platform
    // client and Redis wrap theirs (a socket error from elsewhere is still a 503, not a 500).
    if (SOCKET_CODES.has(code)) return new AppError(503, DATABASE_UNAVAILABLE);
  }
  return undefined;
}
