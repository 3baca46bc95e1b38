import dayjs, { type Dayjs } from 'dayjs';
import { REPORT_RANGE_MAX_DAYS } from '@canteen/contract';

/** The date presets of 营业报表; `custom` keeps the range picked in the calendar. */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** An inclusive range of business dates, YYYY-MM-DD. */
export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * A preset's range on `now`'s calendar (the browser's local date, which is the store's business
 * date for a store open by day). 近7天 and 近30天 end today and include it.
 */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, now: Dayjs = dayjs()): DateRange {
  switch (preset) {
    case 'today':
      return { dateFrom: day(now), dateTo: day(now) };
    case 'yesterday':
      return { dateFrom: day(now.subtract(1, 'day')), dateTo: day(now.subtract(1, 'day')) };
    case 'last7':
      return { dateFrom: day(now.subtract(6, 'day')), dateTo: day(now) };
    case 'last30':
      return { dateFrom: day(now.subtract(29, 'day')), dateTo: day(now) };
    case 'thisMonth':
      return { dateFrom: day(now.startOf('month')), dateTo: day(now) };
  }
}

/** Days in a range, both ends included. */
export const daysIn = (range: DateRange) => dayjs(range.dateTo).diff(dayjs(range.dateFrom), 'day') + 1;

/** A custom range the server accepts: not reversed, at most REPORT_RANGE_MAX_DAYS days. */
export const rangeFits = (range: DateRange) => range.dateFrom <= range.dateTo && daysIn(range) <= REPORT_RANGE_MAX_DAYS;

/** Every date of a range in order (the x axis of a daily chart, with the days without business). */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = [];
  for (let d = dayjs(range.dateFrom); !d.isAfter(dayjs(range.dateTo), 'day'); d = d.add(1, 'day')) dates.push(day(d));
  return dates;
}
