import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { CatalogueIds } from '../store/references.js';
import { orderLine } from './tables.js';

/** The dishes and combos that lines of any order name (such ones stay archived when deleted). */
export async function namedByOrders(tx: Db, ids: CatalogueIds): Promise<CatalogueIds> {
  const conditions = [
    ids.dishIds.length ? inArray(orderLine.dishId, [...ids.dishIds]) : undefined,
    ids.comboIds.length ? inArray(orderLine.comboId, [...ids.comboIds]) : undefined,
  ].filter((c) => c !== undefined);
  if (!conditions.length) return { dishIds: [], comboIds: [] };
  const rows = await tx.selectDistinct({ dishId: orderLine.dishId, comboId: orderLine.comboId }).from(orderLine).where(or(...conditions));
  const asked = { dishIds: new Set(ids.dishIds), comboIds: new Set(ids.comboIds) };
  return {
    dishIds: [...new Set(rows.map((r) => r.dishId).filter((id): id is string => id !== null && asked.dishIds.has(id)))],
    comboIds: [...new Set(rows.map((r) => r.comboId).filter((id): id is string => id !== null && asked.comboIds.has(id)))],
  };
}
