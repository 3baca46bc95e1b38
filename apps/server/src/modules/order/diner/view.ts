import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { tableQrToken } from '../../store/service.js';
import { order } from '../tables.js';

/** The order a diner's view token reaches, and the QR token of its table now (for the page it returns to). */
export async function orderIdByViewToken(db: Db, viewToken: string): Promise<{ id: string; storeId: string; tableToken: string | null } | null> {
  const [row] = await db.select({ id: order.id, storeId: order.storeId, tableId: order.tableId }).from(order).where(eq(order.viewToken, viewToken));
  if (!row) return null;
  return { id: row.id, storeId: row.storeId, tableToken: row.tableId ? await tableQrToken(db, row.tableId) : null };
}
