import { asc, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { canSee, type StoreAccess } from '../store/scope.js';
import { storeForReads } from '../store/service.js';
import type { StoreSet } from './reports.js';

/** The stores a report covers and how they are named and dated. */
export interface ReportStores {
  set: StoreSet;
  /** The store's name, or 全部门店 (the export's filter row). */
  name: string;
  /** The time zone and cut-off of the store (of the first store in scope for 全部门店): what "today" is. */
  timeZone: string;
  dayCutoffHour: number;
}

const DEFAULT_DAY = { timeZone: 'Asia/Shanghai', dayCutoffHour: 4 };

/**
 * The report's stores for the request's user (STORE.md §1): a store they may not see answers
 * 404 as if it did not exist; no store means every store they may see (every store for an admin).
 */
export async function reportStores(db: Db, access: StoreAccess, storeId: string | undefined): Promise<ReportStores> {
  if (storeId !== undefined && !canSee(access, storeId)) throw notFound(`门店 ${storeId} 不存在`);
  const ids = storeId !== undefined ? [storeId] : access.all ? undefined : [...access.storeIds];
  const columns = { name: storeForReads.name, timeZone: storeForReads.timeZone, dayCutoffHour: storeForReads.dayCutoffHour };
  const [first] = ids?.length === 0 ? [] : await db.select(columns).from(storeForReads)
    .where(ids ? inArray(storeForReads.id, ids) : undefined).orderBy(asc(storeForReads.sort), asc(storeForReads.id)).limit(1);
  if (storeId !== undefined && !first) throw notFound(`门店 ${storeId} 不存在`);
  const day = first ? { timeZone: first.timeZone, dayCutoffHour: first.dayCutoffHour } : DEFAULT_DAY;
  return { set: ids ? { all: false, storeIds: ids } : { all: true }, name: storeId !== undefined ? first!.name : '全部门店', ...day };
}

export const requestAccess = (request: FastifyRequest): Promise<StoreAccess> => request.server.store.scope.of(request);
