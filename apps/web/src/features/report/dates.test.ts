import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { datesOf, daysIn, presetRange, rangeFits } from './dates';
import { changeOf, money, percent, quantity } from './format';

const now = dayjs('2026-03-05T10:00:00');

describe('report date presets', () => {
  it('gives each preset its inclusive range on the local calendar', () => {
    expect(presetRange('today', now)).toEqual({ dateFrom: '2026-03-05', dateTo: '2026-03-05' });
    expect(presetRange('yesterday', now)).toEqual({ dateFrom: '2026-03-04', dateTo: '2026-03-04' });
    expect(presetRange('last7', now)).toEqual({ dateFrom: '2026-02-27', dateTo: '2026-03-05' });
    expect(presetRange('last30', now)).toEqual({ dateFrom: '2026-02-04', dateTo: '2026-03-05' });
    expect(presetRange('thisMonth', now)).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-05' });
    expect(daysIn(presetRange('last7', now))).toBe(7);
    expect(daysIn(presetRange('last30', now))).toBe(30);
  });

  it('lists every date of a range, across a month end', () => {
    expect(datesOf({ dateFrom: '2026-02-27', dateTo: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('accepts ranges the server accepts: not reversed, at most 366 days', () => {
    expect(rangeFits({ dateFrom: '2024-01-01', dateTo: '2024-12-31' })).toBe(true);
    expect(rangeFits({ dateFrom: '2024-01-01', dateTo: '2025-01-01' })).toBe(false);
    expect(rangeFits({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toBe(false);
  });
});

describe('report formats', () => {
  it('shows money, shares, quantities and the change from the previous period', () => {
    expect(money(460000)).toBe('¥4600.00');
    expect(money(-250)).toBe('-¥2.50');
    expect(percent(45.6)).toBe('45.6%');
    expect(quantity(30)).toBe('30');
    expect(quantity(1.2500001)).toBe('1.25');
    expect(changeOf(460000, 400000)).toBe(15);
    expect(changeOf(40, 50)).toBe(-20);
    expect(changeOf(1, 3)).toBe(-66.7);
    expect(changeOf(10, 0)).toBeNull();
  });
});
