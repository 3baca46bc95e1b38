import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { TtlCache } from '../../util/ttl-cache.js';
import { storeUser } from './tables.js';

/**
 * Which stores a request may read and write (STORE.md §1): an admin every store, anyone else
 * the stores assigned to them. The server enforces it on every store-side query and write;
 * another store's row answers 404, never the row.
 */
export interface StoreAccess {
  all: boolean;
  storeIds: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for signed-in requests of store-side routes (see `storeAccessHook`). */
    storeAccess?: StoreAccess;
  }
}

export class StoreScope {
  // A user's assignments change rarely; a few seconds of staleness on another instance is fine
  // (this instance forgets at once on every change).
  private readonly cache = new TtlCache<string, StoreAccess>(5_000);

  constructor(private readonly db: Db) {}

  /** The stores of the request's user (cached for a few seconds). */
  async of(request: FastifyRequest): Promise<StoreAccess> {
    if (request.storeAccess) return request.storeAccess;
    const user = currentUser(request);
    let access = this.cache.get(user.id);
    if (!access) {
      access = user.roles.includes(ROLE_ADMIN)
        ? { all: true, storeIds: [] }
        : { all: false, storeIds: (await this.db.select({ id: storeUser.storeId }).from(storeUser).where(eq(storeUser.userId, user.id))).map((r) => r.id) };
      this.cache.set(user.id, access);
    }
    request.storeAccess = access;
    return access;
  }

  /** Drops cached assignments (after a store's users change). */
  forget(): void {
    this.cache.clear();
  }
}

/** The access resolved for this request by the store hook; throws when the hook did not run. */
export function accessOf(request: FastifyRequest): StoreAccess {
  if (!request.storeAccess) throw new Error('store access not resolved: the route is outside the store plugin');
  return request.storeAccess;
}

export const canSee = (access: StoreAccess, storeId: string): boolean => access.all || access.storeIds.includes(storeId);

/** A 404 unless the request may use `storeId` (never says whether the store exists). */
export function assertStore(request: FastifyRequest, storeId: string): void {
  if (!canSee(accessOf(request), storeId)) throw notFound(`门店 ${storeId} 不存在`);
}

/** The condition limiting `column` (a `store_id`) to the request's stores; undefined for admins. */
export function storeCondition(request: FastifyRequest, column: AnyPgColumn): SQL | undefined {
  const access = accessOf(request);
  if (access.all) return undefined;
  // No stores: a condition that matches nothing.
  return inArray(column, access.storeIds.length ? [...access.storeIds] : ['0']);
}
