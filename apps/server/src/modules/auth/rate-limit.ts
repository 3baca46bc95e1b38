import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TooManyRequests } from '../../http/errors.js';
import type { Limit } from '../../http/route-limits.js';
import { authRateLimit } from './tables.js';

export type { Limit } from '../../http/route-limits.js';

/**
 * Failed sign-ins. Refused (429) per account and address, and per address whatever the account:
 * never per account alone, or anyone could lock the owner out. Per account, past ACCOUNT_CAPTCHA
 * failures from any address, every sign-in of the account needs a captcha (even with
 * AUTH_CAPTCHA off), so guessing costs a person's work while the right password still passes.
 */
export const ACCOUNT_ADDRESS_FAILURES: Limit = { max: 5, windowSeconds: 15 * 60 };
export const ACCOUNT_CAPTCHA: Limit = { max: 5, windowSeconds: 15 * 60 };
export const ADDRESS_FAILURES: Limit = { max: 20, windowSeconds: 15 * 60 };
/** SMS codes: one per phone a minute, ten per address an hour. */
export const SMS_PER_PHONE: Limit = { max: 1, windowSeconds: 60 };
export const SMS_PER_ADDRESS: Limit = { max: 10, windowSeconds: 60 * 60 };

/**
 * Counters kept in the database, so every instance shares them (sign-in, SMS codes and the
 * costly routes: http/route-limits.ts). The window starts at the first hit and, once over,
 * the next hit starts a new one.
 */
export function createRateLimiter(db: Db) {
  const expired = (limit: Limit) => sql`${authRateLimit.windowStart} <= now() - ${limit.windowSeconds}::int * interval '1 second'`;

  /** Seconds until the window of a counter ends (at least 1). */
  const secondsLeft = (limit: Limit) =>
    sql<number>`greatest(1, ceil(extract(epoch from ${authRateLimit.windowStart} + ${limit.windowSeconds}::int * interval '1 second' - now())))::int`;

  async function hits(key: string, limit: Limit): Promise<{ hits: number; retryAfterSeconds: number }> {
    const [row] = await db
      .select({ hits: authRateLimit.hits, expired: sql<boolean>`${expired(limit)}`, retryAfterSeconds: secondsLeft(limit) })
      .from(authRateLimit)
      .where(eq(authRateLimit.key, key));
    return !row || row.expired ? { hits: 0, retryAfterSeconds: 0 } : { hits: row.hits, retryAfterSeconds: Number(row.retryAfterSeconds) };
  }

  let hitsSinceCleanup = 0;
  /** Counts one hit and answers the count in the current window and the seconds until it ends. */
  async function take(key: string, limit: Limit): Promise<{ hits: number; retryAfterSeconds: number }> {
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
      .returning({ hits: authRateLimit.hits, retryAfterSeconds: secondsLeft(limit) });
    return { hits: row!.hits, retryAfterSeconds: Number(row!.retryAfterSeconds) };
  }

  return {
    /** Counts one hit and answers the count in the current window. */
    async hit(key: string, limit: Limit): Promise<number> {
      return (await take(key, limit)).hits;
    },
    take,
    /** Throws 429 when any of the keys has used up its limit. */
    async check(checks: Array<[string, Limit]>, message = '登录失败次数过多，请稍后再试'): Promise<void> {
      for (const [key, limit] of checks) {
        const counted = await hits(key, limit);
        if (counted.hits >= limit.max) throw new TooManyRequests(counted.retryAfterSeconds, message);
      }
    },
    /** Whether the key is still under its limit (nothing counted). */
    async passes(key: string, limit: Limit): Promise<boolean> {
      return (await hits(key, limit)).hits < limit.max;
    },
    async clear(key: string): Promise<void> {
      await db.delete(authRateLimit).where(eq(authRateLimit.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
