/**
 * The shape of the demo business (pure, deterministic): how many orders a day (weekends
 * busier), when (a lunch and a dinner peak, a trickle between, all within the store's hours),
 * which dishes (a few favourites, a long tail), how they are paid and what goes wrong (about
 * 1 % refunded, about 2 % cancelled).
 */

/** mulberry32: the same demo every time. */
export function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    /** Roughly normal (sum of three uniforms), mean 0, deviation about 1. */
    normal: () => (next() + next() + next() - 1.5) * 2,
  };
}
export type Random = ReturnType<typeof randomOf>;

/** Days of history before today (today is the orders module's own demo: live states). */
export const DEMO_DAYS = 90;

/** Orders on a weekday of a store of this size; Friday to Sunday busier. */
export function ordersOfDay(base: number, weekday: number, random: Random): number {
  const busy = weekday === 0 || weekday === 6 ? 1.5 : weekday === 5 ? 1.25 : 1;
  return Math.max(5, Math.round(base * busy * (0.85 + random.next() * 0.3)));
}

/** A stretch of a business date's open time, in minutes after its local midnight: [from, to), past 1440 the small hours after it. */
export interface OpenSpan {
  from: number;
  to: number;
}

/** The lunch and dinner peaks: around 12:15 and 18:30, with their spread in minutes. */
const PEAKS = [{ share: 0.45, at: 735, spread: 35 }, { share: 0.4, at: 1110, spread: 45 }] as const;

/**
 * Minutes after local midnight an order is placed, within the store's open time that day
 * (`spans`: its open periods, already shortened by what must follow the order before closing):
 * 45 % around 12:15 and 40 % around 18:30 within the period holding that time (a peak the store
 * is closed at joins the trickle), the rest spread evenly over the open time. Null on a day
 * without open time.
 */
export function minuteOfOrder(random: Random, spans: readonly OpenSpan[]): number | null {
  const open = spans.filter((s) => s.to > s.from);
  if (!open.length) return null;
  const roll = random.next();
  let share = 0;
  for (const peak of PEAKS) {
    share += peak.share;
    if (roll >= share) continue;
    const span = open.find((s) => peak.at >= s.from && peak.at < s.to);
    if (!span) break;
    // Drawn again when it falls outside the period (cut at its ends, the peak would pile up there).
    for (let i = 0; i < 8; i++) {
      const minute = Math.round(peak.at + random.normal() * peak.spread);
      if (minute >= span.from && minute < span.to) return minute;
    }
    return random.int(span.from, span.to - 1);
  }
  let x = Math.floor(random.next() * open.reduce((sum, s) => sum + s.to - s.from, 0));
  for (const s of open) {
    if (x < s.to - s.from) return s.from + x;
    x -= s.to - s.from;
  }
  return open.at(-1)!.to - 1;
}

/**
 * Picks an index of `size` items with a skewed popularity (Zipf-like, exponent 1.1): the first
 * few sell most. `weights` is computed once per pool.
 */
export function popularity(size: number): (random: Random) => number {
  const weights = Array.from({ length: size }, (_, i) => 1 / (i + 1) ** 1.1);
  const total = weights.reduce((s, w) => s + w, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return (random) => {
    const roll = random.next();
    const index = cumulative.findIndex((c) => roll < c);
    return index < 0 ? size - 1 : index;
  };
}

export type DemoOutcome = 'finished' | 'refunded' | 'cancelled';
export const outcomeOf = (random: Random): DemoOutcome => {
  const roll = random.next();
  return roll < 0.01 ? 'refunded' : roll < 0.03 ? 'cancelled' : 'finished';
};
