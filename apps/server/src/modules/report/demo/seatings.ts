import type { Period } from '../../store/demo-hours.js';
import type { Random } from './plan.js';

/**
 * The seatings of the demo history (issue 24): every dine-in order at a table sat at a cleared
 * table_session, so the 桌台 report's 翻台率 and 平均用餐 are real. The party sits down a few
 * minutes before ordering and leaves after a meal of 35 to 90 minutes, the table cleared a few
 * minutes after the payment; at a pay-later store the tab is paid at the end of the meal (买单,
 * then the payment), at a pay-first one the order is paid as it is placed. Everything falls in
 * the open period of the order, and no two seatings overlap at one table (a party finding every
 * table taken eats at the counter: no table). A cancelled order's table is free soon after.
 */

const MINUTE = 60_000;

export interface Seating {
  tableIndex: number;
  openedAt: number;
  /** 买单 and the payment of a tab (pay later); null for a pay-first or cancelled order. */
  billAt: number | null;
  payAt: number | null;
  clearedAt: number;
  /** The order is a pay-later tab (created dining, paid at the end). */
  tab: boolean;
}

/**
 * A seating for an order placed at `at` within `period`, at a table free then (`busyUntil`, by
 * table index, is kept up to date), or null when none is free. Orders come in time order.
 */
export function seatingOf(random: Random, input: {
  at: number; period: Period; payLater: boolean; cancelled: boolean; tables: number; busyUntil: number[];
  /** Seatings already there (the orders module's demo days), by table index. */
  taken?: ReadonlyMap<number, readonly Period[]>;
}): Seating | null {
  const { at, period, payLater, cancelled, tables, busyUntil, taken } = input;
  if (!tables) return null;
  const openedAt = Math.max(period.from, at - random.int(2, 6) * MINUTE);
  const end = period.to - MINUTE;
  const clearedAt = cancelled ? Math.min(end, at + 8 * MINUTE) : Math.min(end, openedAt + random.int(35, 90) * MINUTE);
  const start = random.int(0, tables - 1);
  let tableIndex = -1;
  const free = (t: number) => (busyUntil[t] ?? 0) <= openedAt && !(taken?.get(t) ?? []).some((s) => s.from < clearedAt && openedAt < s.to);
  for (let k = 0; k < tables && tableIndex < 0; k++) if (free((start + k) % tables)) tableIndex = (start + k) % tables;
  if (tableIndex < 0) return null;
  busyUntil[tableIndex] = clearedAt;
  const tab = payLater && !cancelled;
  // A tab is paid a few minutes before the table is cleared, the bill asked just before.
  const payAt = tab ? clearedAt - random.int(3, 6) * MINUTE : null;
  return { tableIndex, openedAt, billAt: payAt === null ? null : payAt - 2 * MINUTE, payAt, clearedAt, tab };
}
