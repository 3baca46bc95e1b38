import { eq } from 'drizzle-orm';
import { businessDateOf } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { storeForReads } from '../../store/service.js';

/**
 * A refund counts on the business day it is made (the day the money goes out: that day's drawer
 * and reports), not on the order's day: the store's time zone and day cut-off decide it.
 */
export async function refundBusinessDate(tx: Db, storeId: string, at: Date = new Date()): Promise<string> {
  const [place] = await tx.select({ timeZone: storeForReads.timeZone, cutoff: storeForReads.dayCutoffHour }).from(storeForReads).where(eq(storeForReads.id, storeId));
  return businessDateOf(at, place?.timeZone ?? 'Asia/Shanghai', place?.cutoff ?? 4);
}
