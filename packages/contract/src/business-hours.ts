import { localParts } from './business-date.js';
import type { BusinessHours } from './store.js';

/**
 * Whether a store is open at an instant (STORE.md §1, reference §2.1): its 营业中 switch is on
 * and the instant falls within one of its weekly slots, read on the store's wall clock.
 *
 * A slot has ISO weekdays (1 = Monday … 7 = Sunday) and `open`/`close` times "HH:MM". When
 * `close` is after `open` the slot is [open, close) on each of its days. When `close` ≤ `open`
 * the slot runs past midnight: [open, 24:00) on its days and [00:00, close) on the day after
 * each of them, so a Friday 17:00–02:00 slot covers Saturday 01:00. A store with no slots
 * has no hours to keep: the switch alone decides.
 */
export interface OpeningState {
  isOpen: boolean;
  businessHours: BusinessHours;
  timeZone: string;
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The weekday before an ISO weekday (Monday → Sunday). */
const dayBefore = (weekday: number): number => (weekday === 1 ? 7 : weekday - 1);

/** True when the wall-clock time (ISO weekday, minutes after midnight) is inside the weekly hours. */
export function withinBusinessHours(hours: BusinessHours, weekday: number, minute: number): boolean {
  if (hours.length === 0) return true;
  return hours.some((slot) => {
    const open = minutesOf(slot.open);
    const close = minutesOf(slot.close);
    if (close > open) return slot.days.includes(weekday) && minute >= open && minute < close;
    // Overnight: the evening part on the slot's own days, the small hours on the next day.
    return (slot.days.includes(weekday) && minute >= open) || (slot.days.includes(dayBefore(weekday)) && minute < close);
  });
}

/** Open at `at` (now by default): switched on and within the weekly hours in the store's time zone. */
export function isOpenAt(store: OpeningState, at: Date = new Date()): boolean {
  if (!store.isOpen) return false;
  if (store.businessHours.length === 0) return true;
  const local = localParts(at, store.timeZone);
  return withinBusinessHours(store.businessHours, local.weekday, local.hour * 60 + local.minute);
}

/**
 * When a closed store next opens, for the diners' page (本店休息中, 下次营业 …): the first slot
 * start after `at` within a week, on the store's wall clock; null while it is open, when its
 * 营业中 switch is off (nobody knows when it comes back) or it has no hours.
 */
export function nextOpeningAt(store: OpeningState, at: Date = new Date()): Date | null {
  if (!store.isOpen || store.businessHours.length === 0 || isOpenAt(store, at)) return null;
  const local = localParts(at, store.timeZone);
  const nowMinute = local.hour * 60 + local.minute;
  let best: number | null = null;
  for (const slot of store.businessHours) {
    const open = minutesOf(slot.open);
    for (let days = 0; days <= 7; days += 1) {
      const weekday = ((local.weekday - 1 + days) % 7) + 1;
      if (!slot.days.includes(weekday) || (days === 0 && open <= nowMinute)) continue;
      const ahead = days * 24 * 60 + open - nowMinute;
      if (best === null || ahead < best) best = ahead;
      break;
    }
  }
  if (best === null) return null;
  // Whole wall-clock minutes ahead, from the start of this minute; a daylight-saving shift in
  // between moves the wall clock, so the answer is corrected once against it.
  const guess = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + best * 60_000);
  const seen = localParts(guess, store.timeZone);
  const wanted = (local.hour * 60 + local.minute + best) % (24 * 60);
  const drift = seen.hour * 60 + seen.minute - wanted;
  return drift === 0 || Math.abs(drift) > 120 ? guess : new Date(guess.getTime() - drift * 60_000);
}

/** What the diners' menu says of the hours at `at`: open now, or when it next opens (ISO, or null). */
export function openingNow(store: OpeningState, at: Date = new Date()): { openNow: boolean; nextOpenAt: string | null } {
  return { openNow: isOpenAt(store, at), nextOpenAt: nextOpeningAt(store, at)?.toISOString() ?? null };
}
