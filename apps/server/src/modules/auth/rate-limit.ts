import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { authRateLimit } from './tables.js';

/** A fixed-window limit: at most `max` hits per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Failed sign-ins: per account, and per client address (every grant shares these). */
export const ACCOUNT_FAILURES: Limit = { max: 5, windowSeconds: 15 * 60 };
export const ADDRESS_FAILURES: Limit = { max: 20, windowSeconds: 15 * 60 };
/** SMS codes: one per phone a minute, ten per address an hour. */
export const SMS_PER_PHONE: Limit = { max: 1, windowSeconds: 60 };
export const SMS_PER_ADDRESS: Limit = { max: 10, windowSeconds: 60 * 60 };

/**
 * Counters kept in the database, so every instance shares them. The window starts at the
 * first hit and, once over, the next hit starts a new one.
 */
export function createRateLimiter(db: Db) {
  const expired = (limit: Limit) => sql`${authRateLimit.windowStart} <= now() - ${limit.windowSeconds}::int * interval '1 second'`;

  async function hits(key: string, limit: Limit): Promise<number> {
    const [row] = await db
      .select({ hits: authRateLimit.hits, expired: sql<boolean>`${expired(limit)}` })
      .from(authRateLimit)
      .where(eq(authRateLimit.key, key));
    return !row || row.expired ? 0 : row.hits;
  }

  let hitsSinceCleanup = 0;
  return {
    /** Counts one hit and answers the count in the current window. */
    async hit(key: string, limit: Limit): Promise<number> {
      // Now and then, forget counters whose window ended long ago (no window is longer than a day).
      if (++hitsSinceCleanup >= 200) {
        hitsSinceCleanup = 0;
        await db.delete(authRateLimit).where(sql`${authRateLimit.windowStart} < now() - interval '1 day'`);
      }
      const [row] = await db
        .insert(authRateLimit)
        .values({ key, hits: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: authRateLimit.key,
          set: {
            hits: sql`case when ${expired(limit)} then 1 else ${authRateLimit.hits} + 1 end`,
            windowStart: sql`case when ${expired(limit)} then now() else ${authRateLimit.windowStart} end`,
          },
        })
        .returning({ hits: authRateLimit.hits });
      return row!.hits;
    },
    /** Throws 429 when any of the keys has used up its limit. */
    async check(checks: Array<[string, Limit]>, message = '登录失败次数过多，请稍后再试'): Promise<void> {
      for (const [key, limit] of checks) {
        if ((await hits(key, limit)) >= limit.max) throw new AppError(429, message);
      }
    },
    async clear(key: string): Promise<void> {
      await db.delete(authRateLimit).where(eq(authRateLimit.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
