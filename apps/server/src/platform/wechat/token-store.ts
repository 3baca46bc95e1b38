import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.js';
import { wxAccessToken } from './tables.js';
import type { Secrets } from '../secrets.js';

export interface StoredToken {
  token: string;
  expiresAt: number;
}

/**
 * Where access tokens live so that every instance uses the same one: the database by default,
 * Redis when REDIS_URL is set. `lease` elects the one instance that asks the platform.
 */
export interface TokenStore {
  get(appId: string): Promise<StoredToken | null>;
  set(appId: string, value: StoredToken): Promise<void>;
  /** Drops the stored token only if it is still `token` (another instance may have refreshed). */
  expireIf(appId: string, token: string): Promise<void>;
  lease(appId: string, ms: number): Promise<boolean>;
  release(appId: string): Promise<void>;
}

export function databaseTokenStore(database: Database, secrets: Secrets): TokenStore {
  const { db } = database;
  const open = (sealed: string | null) => {
    if (!sealed) return null;
    try {
      return secrets.open(sealed);
    } catch {
      return null; // sealed with another key: treat as absent
    }
  };
  return {
    async get(appId) {
      const [row] = await db.select().from(wxAccessToken).where(eq(wxAccessToken.appId, appId));
      const token = open(row?.accessToken ?? null);
      return token && row?.expiresAt ? { token, expiresAt: row.expiresAt.getTime() } : null;
    },
    async set(appId, value) {
      const values = { accessToken: secrets.seal(value.token), expiresAt: new Date(value.expiresAt), updatedAt: new Date() };
      await db.insert(wxAccessToken).values({ appId, ...values }).onConflictDoUpdate({ target: wxAccessToken.appId, set: values });
    },
    async expireIf(appId, token) {
      const current = await this.get(appId);
      if (current?.token === token) {
        await db.update(wxAccessToken).set({ accessToken: null, expiresAt: null }).where(eq(wxAccessToken.appId, appId));
      }
    },
    async lease(appId, ms) {
      await db.insert(wxAccessToken).values({ appId }).onConflictDoNothing();
      const won = await db
        .update(wxAccessToken)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${ms / 1000})` })
        .where(and(eq(wxAccessToken.appId, appId), or(isNull(wxAccessToken.leaseUntil), lt(wxAccessToken.leaseUntil, sql`now()`))))
        .returning({ appId: wxAccessToken.appId });
      return won.length > 0;
    },
    async release(appId) {
      await db.update(wxAccessToken).set({ leaseUntil: null }).where(eq(wxAccessToken.appId, appId));
    },
  };
}

export function redisTokenStore(redis: Redis, secrets: Secrets, prefix = 'canteen:wx:token:'): TokenStore {
  const key = (appId: string) => `${prefix}${appId}`;
  return {
    async get(appId) {
      const raw = await redis.get(key(appId));
      if (!raw) return null;
      try {
        const parsed = JSON.parse(raw) as { sealed: string; expiresAt: number };
        return { token: secrets.open(parsed.sealed), expiresAt: parsed.expiresAt };
      } catch {
        return null;
      }
    },
    async set(appId, value) {
      const ttl = Math.max(1000, value.expiresAt - Date.now());
      await redis.set(key(appId), JSON.stringify({ sealed: secrets.seal(value.token), expiresAt: value.expiresAt }), 'PX', ttl);
    },
    async expireIf(appId, token) {
      const current = await this.get(appId);
      if (current?.token === token) await redis.del(key(appId));
    },
    async lease(appId, ms) {
      return (await redis.set(`${key(appId)}:lease`, '1', 'PX', ms, 'NX')) === 'OK';
    },
    async release(appId) {
      await redis.del(`${key(appId)}:lease`);
    },
  };
}
