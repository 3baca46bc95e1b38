/**
 * A business date (营业日): the store's local date after its day-cutoff hour, so that a 01:30
 * sale belongs to the evening before (STORE.md §2). 'YYYY-MM-DD'.
 */
export function businessDateOf(at: Date, timeZone: string, cutoffHour: number): string {
  const parts = localParts(at, timeZone);
  const day = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (parts.hour < cutoffHour) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone (IANA name, e.g. Asia/Shanghai). */
export function localParts(at: Date, timeZone: string): LocalParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const get = (type: string) => f.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), hour: Number(get('hour')) % 24, minute: Number(get('minute')), weekday: weekdays[get('weekday')] ?? 1 };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
