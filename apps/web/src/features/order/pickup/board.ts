import type { PickupBoard } from '@canteen/contract';

type Called = PickupBoard['ready'][number];

/**
 * The numbers that moved to 请取餐 since the previous answer, oldest first (the order to call them
 * in). The first answer calls nobody: what is already on the board when it is switched on has
 * been called before.
 */
export function newlyReady(previous: PickupBoard | undefined, next: PickupBoard): Called[] {
  if (!previous) return [];
  const before = new Set(previous.ready.map((r) => r.orderId));
  return next.ready.filter((r) => !before.has(r.orderId)).sort((a, b) => a.since.localeCompare(b.since));
}

/** A number called within this long shows highlighted, for a diner who just looked up. */
export const FRESH_MS = 60_000;

export const isFresh = (called: Called, asOf: string): boolean => Date.parse(asOf) - Date.parse(called.since) < FRESH_MS;

/** A number as the voice should read it: one character at a time (A012 → "A 0 1 2", not "A twelve"). */
export const spelled = (pickupNo: string): string => [...pickupNo].join(' ');
