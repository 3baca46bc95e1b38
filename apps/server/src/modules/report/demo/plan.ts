/**
 * The shape of the demo business (pure, deterministic): how many orders a day (weekends
 * busier), when (a lunch and a dinner peak, a trickle between), which dishes (a few favourites,
 * a long tail), how they are paid and what goes wrong (about 1 % refunded, about 2 % cancelled).
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

/** Minutes after local midnight an order is placed: 45 % around 12:15, 40 % around 18:30, the rest 9:30–21:30. */
export function minuteOfOrder(random: Random): number {
  const roll = random.next();
  const minute = roll < 0.45 ? 735 + random.normal() * 35 : roll < 0.85 ? 1110 + random.normal() * 45 : random.int(570, 1290);
  return Math.min(1305, Math.max(570, Math.round(minute)));
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
