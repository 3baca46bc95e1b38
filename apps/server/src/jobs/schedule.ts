/**
 * When a recurring job runs: every N milliseconds (on multiples of N since the epoch, so every
 * instance computes the same occurrences), or daily at a wall-clock time in a time zone (a
 * store's cutoff hour; daylight-saving days keep the wall-clock time).
 */
export type ScheduleSpec =
  | { every: number }
  | { daily: { hour: number; minute?: number; timeZone: string } };

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time (given as if it were UTC) happens in the zone. */
function fromWallClock(wall: number, timeZone: string): number {
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/** Checks a spec (a bad time zone or hour fails at registration, not at the first run). */
export function validateSpec(spec: ScheduleSpec): void {
  if ('every' in spec) {
    if (!Number.isInteger(spec.every) || spec.every < 1) throw new Error(`schedule: every must be a positive whole number of ms, got ${spec.every}`);
    return;
  }
  const { hour, minute = 0, timeZone } = spec.daily;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isInteger(minute) || minute < 0 || minute > 59) {
    throw new Error(`schedule: daily time must be 0–23 h and 0–59 min, got ${hour}:${minute}`);
  }
  new Intl.DateTimeFormat('en-US', { timeZone }); // throws RangeError on an unknown zone
}

/** The first occurrence strictly after `after` (epoch ms). */
export function nextOccurrence(spec: ScheduleSpec, after: number): number {
  if ('every' in spec) return (Math.floor(after / spec.every) + 1) * spec.every;
  const { hour, minute = 0, timeZone } = spec.daily;
  const local = after + offsetAt(after, timeZone);
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  for (let day = 0; day < 3; day++) {
    const at = fromWallClock(midnight + day * DAY_MS + (hour * 60 + minute) * 60_000, timeZone);
    if (at > after) return at;
  }
  throw new Error('schedule: no occurrence found'); // unreachable for valid zones
}
