import { describe, expect, it } from 'vitest';
import { nextOccurrence, validateSpec } from './schedule.js';

const iso = (ms: number) => new Date(ms).toISOString();
const t = (s: string) => Date.parse(s);

describe('schedules', () => {
  it('every N ms: the next multiple of N, the same on every instance', () => {
    expect(iso(nextOccurrence({ every: 60_000 }, t('2026-11-25T00:00:30.500Z')))).toBe('2026-11-25T00:01:00.000Z');
    expect(iso(nextOccurrence({ every: 60_000 }, t('2026-11-25T00:01:00.000Z')))).toBe('2026-11-25T00:02:00.000Z');
  });

  it('daily at an hour in a time zone: today when still ahead, else tomorrow', () => {
    const cutoff = { daily: { hour: 4, timeZone: 'Asia/Shanghai' } };
    expect(iso(nextOccurrence(cutoff, t('2026-11-24T19:59:59Z')))).toBe('2026-11-24T20:00:00.000Z'); // 03:59:59 in Shanghai
    expect(iso(nextOccurrence(cutoff, t('2026-11-24T20:00:00Z')))).toBe('2026-11-25T20:00:00.000Z');
    expect(iso(nextOccurrence({ daily: { hour: 23, minute: 30, timeZone: 'Asia/Shanghai' } }, t('2026-11-24T16:00:00Z')))).toBe('2026-11-25T15:30:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    const nine = { daily: { hour: 9, timeZone: 'America/New_York' } };
    expect(iso(nextOccurrence(nine, t('2026-03-07T15:00:00Z')))).toBe('2026-03-08T13:00:00.000Z'); // EDT from 8 March
    expect(iso(nextOccurrence(nine, t('2026-03-06T15:00:00Z')))).toBe('2026-03-07T14:00:00.000Z'); // EST before
  });

  it('refuses a bad spec when it is registered', () => {
    expect(() => validateSpec({ every: 0 })).toThrow();
    expect(() => validateSpec({ daily: { hour: 24, timeZone: 'UTC' } })).toThrow();
    expect(() => validateSpec({ daily: { hour: 4, timeZone: 'Mars/Olympus' } })).toThrow();
    expect(() => validateSpec({ daily: { hour: 4, timeZone: 'Asia/Shanghai' } })).not.toThrow();
  });
});
