import { sql } from 'drizzle-orm';
import type { PickupRule } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { executeNamed } from './order-writes.js';

/**
 * Readable numbers: the order number `yyMMdd` (business date) + the store's code (its id, three
 * digits at least) + the day's sequence (four digits at least), unique by construction; and the
 * pickup number (取餐号) the store's rule gives the same sequence: its prefix and the n-th number
 * from `start` to `end` that has none of the skipped digits, starting over after `end`.
 */

/** Draws the store's next number of the business day (one row per store and day; call it outside a long transaction: the row is locked until commit). */
export async function nextSequence(tx: Db, storeId: string, businessDate: string): Promise<number> {
  // A named statement (parsed once per connection): every order draws a number.
  const result = await executeNamed(tx, 'canteen_order_sequence', sql`insert into order_sequence (store_id, business_date, last_no)
    values (${storeId}::bigint, ${businessDate}::date, 1)
    on conflict (store_id, business_date) do update set last_no = order_sequence.last_no + 1 returning last_no`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ last_no: number }> }).rows) as Array<{ last_no: number }>;
  return Number(rows[0]!.last_no);
}

export const orderNoOf = (businessDate: string, storeId: string, sequence: number): string =>
  `${businessDate.slice(2, 4)}${businessDate.slice(5, 7)}${businessDate.slice(8, 10)}${storeId.padStart(3, '0')}${String(sequence).padStart(4, '0')}`;

const usable = new Map<string, number[]>();

/** The numbers a rule gives out, in order (cached per rule). */
function usableNumbers(rule: PickupRule): number[] {
  const key = JSON.stringify([rule.start, rule.end, [...rule.skip].sort()]);
  let list = usable.get(key);
  if (!list) {
    list = [];
    for (let n = rule.start; n <= rule.end; n++) if (!rule.skip.some((d) => String(n).includes(d))) list.push(n);
    if (usable.size > 100) usable.clear();
    usable.set(key, list);
  }
  return list;
}

/** The pickup number of the day's `sequence`-th order (1-based). */
export function pickupNoOf(rule: PickupRule, sequence: number): string {
  const list = usableNumbers(rule);
  const n = list.length ? list[(sequence - 1) % list.length]! : sequence;
  return `${rule.prefix}${n}`;
}
