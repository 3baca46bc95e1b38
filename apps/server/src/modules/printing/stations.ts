import { and, asc, eq, sql } from 'drizzle-orm';
import type { KitchenStation } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import { printer } from './tables.js';

/**
 * The kitchen display's stations (STORE.md §10): the store's enabled printers that print 后厨单,
 * each with the categories it serves (none: every category). Given to the orders module at
 * startup (order/kitchen/stations.ts says why it is given and not imported).
 */
export async function kitchenStationsOf(db: Db, storeId: string): Promise<KitchenStation[]> {
  const rows = await db.select({ id: printer.id, name: printer.name, categoryIds: printer.categoryIds }).from(printer)
    .where(and(eq(printer.storeId, storeId), eq(printer.enabled, true), sql`'kitchen' = any(${printer.tickets})`)).orderBy(asc(printer.id));
  return rows.map((r) => ({ id: r.id, name: r.name, categoryIds: r.categoryIds }));
}
