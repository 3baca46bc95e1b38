import { isOpenAt, localParts, withinBusinessHours, type BusinessHours } from '@canteen/contract';

/**
 * When the demo business may happen (issue 27 #18): the stretches of a store's business date
 * that fall within its weekly hours, as instants, so that every order, payment, refund,
 * recharge and coupon use the demo seeders write lands while the store is open. Open or not is
 * the contract's own answer (`withinBusinessHours`, what `isOpenAt` and the diners' 本店休息中
 * go by), read on the store's wall clock from the business date's cut-off to the next one's: a
 * Friday 17:00–01:00 slot gives Friday's business date its 00:00–01:00 on Saturday.
 *
 * The store's 营业中 switch is left aside: it says whether the store takes orders now, not when
 * it did in the past.
 */

export interface DemoHours {
  timeZone: string;
  dayCutoffHour: number;
  businessHours: BusinessHours;
}

/** A stretch of open time, [from, to) in epoch milliseconds. */
export interface Period {
  from: number;
  to: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' moved by whole days. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The zone's last offset seen (ms), a first guess for the next date: usually right the first time. */
const offsets = new Map<string, number>();
/** Boundaries already worked out, by zone, date and minute (a business date's end is the next one's start). */
const instants = new Map<string, number>();

/** The instant at which the wall clock of `timeZone` shows `minute` minutes past midnight of `date` (past 1440: the next day). */
export function localInstant(date: string, minute: number, timeZone: string): number {
  const key = `${timeZone} ${date} ${minute}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  let at = wall - (offsets.get(timeZone) ?? 0);
  // Corrected by what the clock shows there (twice more at most, across a daylight-saving switch).
  for (let i = 0; i < 3; i++) {
    const p = localParts(new Date(at), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    if (shown === wall) break;
    at += wall - shown;
  }
  offsets.set(timeZone, wall - at);
  if (instants.size > 50_000) instants.clear();
  instants.set(key, at);
  return at;
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** ISO weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD'. */
const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The open periods of `store` on business date `date`, in order (none on a day it is closed). */
export function openPeriods(store: DemoHours, date: string): Period[] {
  const cutoff = store.dayCutoffHour * 60;
  const start = localInstant(date, cutoff, store.timeZone);
  const end = localInstant(shiftDate(date, 1), cutoff, store.timeZone);
  const periods: Period[] = [];
  const add = (from: number, to: number) => {
    const last = periods.at(-1);
    if (last && last.to === from) last.to = to;
    else periods.push({ from, to });
  };
  if (end - start === DAY) {
    // A plain day: open or closed changes only where a slot opens or closes, so the hours are
    // asked once for each stretch between those minutes (wall-clock minutes after the date's midnight).
    const marks = new Set([cutoff, cutoff + 24 * 60]);
    for (const slot of store.businessHours) {
      for (const m of [minutesOf(slot.open), minutesOf(slot.close)]) for (const at of [m, m + 24 * 60]) if (at > cutoff && at < cutoff + 24 * 60) marks.add(at);
    }
    const sorted = [...marks].sort((a, b) => a - b);
    const weekday = weekdayOf(date);
    for (let i = 0; i + 1 < sorted.length; i++) {
      const m = sorted[i]!;
      const day = m >= 24 * 60 ? (weekday % 7) + 1 : weekday;
      if (withinBusinessHours(store.businessHours, day, m % (24 * 60))) add(start + (m - cutoff) * MINUTE, start + (sorted[i + 1]! - cutoff) * MINUTE);
    }
    return periods;
  }
  // A day with a daylight-saving switch: asked minute by minute on the real clock.
  const state = { isOpen: true, businessHours: store.businessHours, timeZone: store.timeZone };
  for (let at = start; at < end; at += MINUTE) if (isOpenAt(state, new Date(at))) add(at, at + MINUTE);
  return periods;
}

/**
 * Open periods shortened by `tail` minutes at their end, clipped to [a, b): where an event can
 * take place that has `tail` more minutes of its own to follow while still open (an order's
 * payment, its kitchen, its refund).
 */
function room(periods: readonly Period[], a: number, b: number, tail: number): Period[] {
  return periods
    .map((p) => ({ from: Math.max(p.from, a), to: Math.min(p.to - tail * MINUTE, b) }))
    .filter((p) => p.to > p.from);
}

/** The instant a fraction `u` (0 ≤ u < 1) of the way through the open time of `periods` (see `room`); null when there is none. */
export function pickIn(periods: readonly Period[], u: number, tail = 0, a = -Infinity, b = Infinity): number | null {
  const open = room(periods, a, b, tail);
  const total = open.reduce((sum, p) => sum + p.to - p.from, 0);
  if (!total) return null;
  let x = Math.floor(Math.min(Math.max(u, 0), 1 - Number.EPSILON) * total);
  for (const p of open) {
    if (x < p.to - p.from) return p.from + x;
    x -= p.to - p.from;
  }
  return open.at(-1)!.to - 1;
}

export interface OpenTime {
  readonly hours: DemoHours;
  /** The open periods of a business date (computed once per date). */
  periods(date: string): Period[];
  /** The open periods overlapping [a, b), business date by business date. */
  between(a: number, b: number): Period[];
  /** An instant a fraction `u` of the way through the open time in [a, b) with `tail` open minutes after it; null when there is none. */
  pick(a: number, b: number, u: number, tail?: number): number | null;
}

/** The open time of one store, for a seeder to draw its instants from. */
export function openTimeOf(hours: DemoHours): OpenTime {
  // By UTC day number: the periods of the business date of that number (computed once).
  const byDay = new Map<number, Period[]>();
  const ofDay = (day: number) => {
    let found = byDay.get(day);
    if (!found) byDay.set(day, (found = openPeriods(hours, new Date(day * DAY).toISOString().slice(0, 10))));
    return found;
  };
  const between = (a: number, b: number): Period[] => {
    if (!(b > a)) return [];
    // The business dates that can hold an instant between a and b, whatever the zone's offset and
    // cut-off: from two days before a's UTC date to the day after b's.
    const out: Period[] = [];
    for (let day = Math.floor(a / DAY) - 2, last = Math.floor(b / DAY) + 1; day <= last; day++) {
      for (const p of ofDay(day)) if (p.to > a && p.from < b) out.push(p);
    }
    return out;
  };
  return {
    hours,
    periods: (date) => ofDay(Date.parse(`${date}T00:00:00Z`) / DAY),
    between,
    pick: (a, b, u, tail = 0) => pickIn(between(a, b), u, tail, a, b),
  };
}
