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
