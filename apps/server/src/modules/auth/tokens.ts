import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access.js';
import { unauthorized } from '../../http/errors.js';
import { randomToken, sha256 } from '../../util/hash.js';
import { TtlCache } from '../../util/ttl-cache.js';
import type { Principals } from '../upms/service.js';
import { sysToken } from './tables.js';

/** The raw token set of the OAuth answer. */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: string;
  user_id: string;
  username: string;
}

export interface IssueRequest {
  userId: string;
  username: string;
  clientId: string;
  grantType: string;
  scope: string;
  accessSeconds: number;
  refreshSeconds: number;
  remoteAddr?: string | undefined;
  chainId?: string;
}

interface CachedToken {
  tokenId: string;
  userId: string;
  clientId: string;
  expiresAt: number;
}

/** How long a resolved access token is trusted before the database is asked again. */
export const TOKEN_CACHE_TTL_MS = 5000;

/** How many bearer tokens' hashes are remembered (the oldest go first). */
const ACCESS_HASHES_KEPT = 10_000;

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * Opaque random tokens stored only as SHA-256 hashes. Resolving a token is cached a few
 * seconds in this process; revocation here clears the cache at once (other instances
 * notice within TOKEN_CACHE_TTL_MS).
 */
export function createTokenService(db: Db, principals: Principals) {
  const cache = new TtlCache<string, CachedToken | null>(TOKEN_CACHE_TTL_MS);
  const hashesById = new Map<string, string>();

  async function lookup(hash: string): Promise<CachedToken | null> {
    const [row] = await db
      .select({ id: sysToken.id, userId: sysToken.userId, clientId: sysToken.clientId, expiresAt: sysToken.accessExpiresAt })
      .from(sysToken)
      .where(and(eq(sysToken.accessHash, hash), isNull(sysToken.revokedAt)));
    if (!row) return null;
    hashesById.set(row.id, hash);
    if (hashesById.size > 20_000) hashesById.delete(hashesById.keys().next().value!);
    return { tokenId: row.id, userId: row.userId, clientId: row.clientId, expiresAt: row.expiresAt.getTime() };
  }

  const forget = (tokenIds: string[]) => {
    // A lookup of one of these may be on its way with the row as it was (its hash not known yet).
    cache.fence();
    for (const id of tokenIds) {
      const hash = hashesById.get(id);
      if (hash) cache.delete(hash);
      hashesById.delete(id);
    }
  };

  // Bearer tokens seen lately with their SHA-256: hashing cost more than all the rest of a
  // cached resolve. Only the hash is memoised; lookup, expiry and revocation are unchanged.
  const accessHashes = new Map<string, string>();
  const accessHashOf = (token: string): string => {
    let hash = accessHashes.get(token);
    if (hash === undefined) {
      hash = sha256(token);
      if (accessHashes.size >= ACCESS_HASHES_KEPT) accessHashes.delete(accessHashes.keys().next().value!);
      accessHashes.set(token, hash);
    }
    return hash;
  };

  async function resolve(token: string): Promise<AuthUser | null> {
    const hash = accessHashOf(token);
    const found = await cache.getOrLoad(hash, () => lookup(hash));
    if (!found || found.expiresAt <= Date.now()) return null;
    const principal = await principals.load(found.userId);
    if (!principal || principal.locked) return null;
    return { id: principal.id, username: principal.username, roles: principal.roles, permissions: principal.permissions, tokenId: found.tokenId, clientId: found.clientId, mustChangePassword: principal.mustChangePassword };
  }

  let issuedSinceCleanup = 0;
  async function issue(request: IssueRequest): Promise<TokenSet> {
    // Now and then, drop token sets that can no longer be used or refreshed (kept a day for reuse detection).
    if (++issuedSinceCleanup >= 500) {
      issuedSinceCleanup = 0;
      await db.delete(sysToken).where(sql`${sysToken.refreshExpiresAt} < now() - interval '1 day'`);
    }
    const access = randomToken();
    const refresh = randomToken();
    const now = Date.now();
    await db.insert(sysToken).values({
      chainId: request.chainId ?? randomUUID(),
      userId: request.userId,
      clientId: request.clientId,
      grantType: request.grantType,
      accessHash: sha256(access),
      refreshHash: sha256(refresh),
      accessExpiresAt: new Date(now + request.accessSeconds * 1000),
      refreshExpiresAt: new Date(now + request.refreshSeconds * 1000),
      remoteAddr: request.remoteAddr ?? null,
    });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: request.accessSeconds,
      token_type: 'bearer',
      scope: request.scope,
      user_id: request.userId,
      username: request.username,
    };
  }

  /** Revokes every token set of a chain (reuse of a rotated refresh token, force sign-out). */
  async function revokeChain(chainId: string): Promise<void> {
    const rows = await db.update(sysToken).set({ revokedAt: sql`coalesce(${sysToken.revokedAt}, now())` }).where(eq(sysToken.chainId, chainId)).returning({ id: sysToken.id });
    forget(rows.map((r) => r.id));
  }

  /** Revokes one token set by id; false when it does not exist or was already revoked. */
  async function revoke(tokenId: string): Promise<boolean> {
    const rows = await db.update(sysToken).set({ revokedAt: new Date() }).where(and(eq(sysToken.id, tokenId), isNull(sysToken.revokedAt))).returning({ id: sysToken.id });
    forget([tokenId]);
    return rows.length > 0;
  }

  /** Revokes every token set of a user (locked, deleted, password changed), except one if given; the ids revoked. */
  async function revokeUser(userId: string, exceptTokenId?: string): Promise<string[]> {
    const rows = await db
      .update(sysToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(sysToken.userId, userId), isNull(sysToken.revokedAt), exceptTokenId ? ne(sysToken.id, exceptTokenId) : undefined))
      .returning({ id: sysToken.id });
    const ids = rows.map((r) => r.id);
    forget(ids);
    return ids;
  }

  /**
   * Rotates a refresh token: the presented set is retired and a new one issued on the same
   * chain. A refresh token presented a second time revokes its whole chain.
   */
  async function refresh(refreshToken: string, clientId: string, issueFor: (row: { userId: string; chainId: string }) => Promise<TokenSet>): Promise<TokenSet> {
    const invalid = () => unauthorized('刷新令牌无效或已过期，请重新登录');
    const [row] = await db.select().from(sysToken).where(eq(sysToken.refreshHash, sha256(refreshToken)));
    if (!row || row.clientId !== clientId) throw invalid();
    if (row.refreshedAt) {
      await revokeChain(row.chainId);
      throw unauthorized('刷新令牌已被使用，该登录已全部注销，请重新登录');
    }
    if (row.revokedAt || row.refreshExpiresAt.getTime() <= Date.now()) throw invalid();
    const retired = await db
      .update(sysToken)
      .set({ refreshedAt: new Date(), revokedAt: new Date() })
      .where(and(eq(sysToken.id, row.id), isNull(sysToken.refreshedAt), isNull(sysToken.revokedAt)))
      .returning({ id: sysToken.id });
    if (!retired.length) {
      await revokeChain(row.chainId);
      throw unauthorized('刷新令牌已被使用，该登录已全部注销，请重新登录');
    }
    forget([row.id]);
    return issueFor({ userId: row.userId, chainId: row.chainId });
  }

  return { resolve, issue, refresh, revoke, revokeChain, revokeUser };
}
