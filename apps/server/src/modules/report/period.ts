/** Business dates (YYYY-MM-DD) as whole days: ranges, the comparison period, every date of a range. */

const DAY = 86_400_000;
const dayOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOf(dayOf(date) + days);

/** How many business dates the inclusive range holds. */
export const daysIn = (from: string, to: string): number => dayOf(to) - dayOf(from) + 1;

/** The period of the same length just before the range (营业概况's comparison). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysIn(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Every date of the inclusive range, in order (a daily series shows days without sales as zeros). */
export function datesIn(from: string, to: string): string[] {
  const first = dayOf(from);
  return Array.from({ length: daysIn(from, to) }, (_, i) => dateOf(first + i));
}
