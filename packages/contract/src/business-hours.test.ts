import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpeningAt, withinBusinessHours } from './business-hours.js';
import type { BusinessHours } from './store.js';

const FRI = 5;
const SAT = 6;
const SUN = 7;
const MON = 1;
const at = (hh: number, mm = 0) => hh * 60 + mm;

describe('withinBusinessHours', () => {
  const lunchAndDinner: BusinessHours = [
    { days: [1, 2, 3, 4, 5], open: '11:00', close: '14:00' },
    { days: [1, 2, 3, 4, 5], open: '17:00', close: '21:30' },
  ];

  it('a slot is [open, close) on its days', () => {
    expect(withinBusinessHours(lunchAndDinner, MON, at(11))).toBe(true);
    expect(withinBusinessHours(lunchAndDinner, MON, at(13, 59))).toBe(true);
    expect(withinBusinessHours(lunchAndDinner, MON, at(14))).toBe(false);
    expect(withinBusinessHours(lunchAndDinner, MON, at(10, 59))).toBe(false);
    expect(withinBusinessHours(lunchAndDinner, FRI, at(21, 29))).toBe(true);
    expect(withinBusinessHours(lunchAndDinner, FRI, at(21, 30))).toBe(false);
    expect(withinBusinessHours(lunchAndDinner, SAT, at(12))).toBe(false);
  });

  it('close ≤ open runs past midnight into the next day', () => {
    const late: BusinessHours = [{ days: [FRI], open: '17:00', close: '02:00' }];
    expect(withinBusinessHours(late, FRI, at(17))).toBe(true);
    expect(withinBusinessHours(late, FRI, at(23, 59))).toBe(true);
    expect(withinBusinessHours(late, SAT, at(1))).toBe(true);
    expect(withinBusinessHours(late, SAT, at(1, 59))).toBe(true);
    expect(withinBusinessHours(late, SAT, at(2))).toBe(false);
    expect(withinBusinessHours(late, SAT, at(18))).toBe(false);
    // The small hours of Friday belong to Thursday's slot, which there is none of.
    expect(withinBusinessHours(late, FRI, at(1))).toBe(false);
    expect(withinBusinessHours(late, FRI, at(16, 59))).toBe(false);
  });

  it('a Sunday night slot runs into Monday', () => {
    const sunday: BusinessHours = [{ days: [SUN], open: '20:00', close: '03:00' }];
    expect(withinBusinessHours(sunday, MON, at(2, 30))).toBe(true);
    expect(withinBusinessHours(sunday, SUN, at(2, 30))).toBe(false);
  });

  it('closing at 00:00 means until midnight', () => {
    const toMidnight: BusinessHours = [{ days: [SAT], open: '18:00', close: '00:00' }];
    expect(withinBusinessHours(toMidnight, SAT, at(23, 59))).toBe(true);
    expect(withinBusinessHours(toMidnight, SUN, at(0))).toBe(false);
  });

  it('no slots: no hours to keep', () => {
    expect(withinBusinessHours([], SAT, at(4))).toBe(true);
  });
});

describe('isOpenAt', () => {
  const store = { isOpen: true, timeZone: 'Asia/Shanghai', businessHours: [{ days: [FRI], open: '17:00', close: '02:00' }] };

  it('reads the store\'s wall clock: Saturday 01:00 in Shanghai is Friday 17:00 UTC', () => {
    // 2024-06-07 is a Friday.
    expect(isOpenAt(store, new Date('2024-06-07T17:00:00Z'))).toBe(true); // Sat 01:00 +08
    expect(isOpenAt(store, new Date('2024-06-07T18:00:00Z'))).toBe(false); // Sat 02:00 +08
    expect(isOpenAt(store, new Date('2024-06-07T09:00:00Z'))).toBe(true); // Fri 17:00 +08
    expect(isOpenAt(store, new Date('2024-06-07T08:59:00Z'))).toBe(false); // Fri 16:59 +08
    expect(isOpenAt({ ...store, timeZone: 'UTC' }, new Date('2024-06-07T17:00:00Z'))).toBe(true); // Fri 17:00 UTC
    expect(isOpenAt({ ...store, timeZone: 'UTC' }, new Date('2024-06-08T01:00:00Z'))).toBe(true); // Sat 01:00 UTC
  });

  it('the 休息中 switch closes the store whatever the hours', () => {
    expect(isOpenAt({ ...store, isOpen: false }, new Date('2024-06-07T17:00:00Z'))).toBe(false);
    expect(isOpenAt({ ...store, isOpen: false, businessHours: [] })).toBe(false);
    expect(isOpenAt({ ...store, businessHours: [] })).toBe(true);
  });
});

describe('nextOpeningAt', () => {
  // The demo 川菜馆: lunch and dinner every day, in Shanghai. 2026-11-28 is a Saturday.
  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  const store = { isOpen: true, timeZone: 'Asia/Shanghai', businessHours: [{ days: everyDay, open: '10:30', close: '14:00' }, { days: everyDay, open: '17:00', close: '22:30' }] };

  it('is the next slot start on the store\'s wall clock', () => {
    expect(nextOpeningAt(store, new Date('2026-11-27T19:30:00Z'))?.toISOString()).toBe('2026-11-28T02:30:00.000Z'); // Sat 03:30 → 10:30
    expect(nextOpeningAt(store, new Date('2026-11-28T07:10:00Z'))?.toISOString()).toBe('2026-11-28T09:00:00.000Z'); // Sat 15:10 → 17:00
    expect(nextOpeningAt(store, new Date('2026-11-28T15:00:00Z'))?.toISOString()).toBe('2026-11-29T02:30:00.000Z'); // Sat 23:00 → Sun 10:30
  });

  it('skips days without a slot, up to the same weekday a week later', () => {
    const fridays = { ...store, businessHours: [{ days: [FRI], open: '17:00', close: '02:00' }] };
    expect(nextOpeningAt(fridays, new Date('2026-11-27T19:30:00Z'))?.toISOString()).toBe('2026-12-04T09:00:00.000Z'); // Sat 03:30 → next Fri 17:00
    expect(nextOpeningAt(fridays, new Date('2026-11-27T08:59:30Z'))?.toISOString()).toBe('2026-11-27T09:00:00.000Z'); // Fri 16:59:30 → 17:00
  });

  it('follows a daylight-saving change: Berlin\'s clocks go forward on 2026-03-29', () => {
    const berlin = { isOpen: true, timeZone: 'Europe/Berlin', businessHours: [{ days: everyDay, open: '10:00', close: '20:00' }] };
    // Sun 01:00 CET (00:00 UTC); 10:00 that day is CEST, 08:00 UTC.
    expect(nextOpeningAt(berlin, new Date('2026-03-29T00:00:00Z'))?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('none while open, with the switch off, or without hours', () => {
    expect(nextOpeningAt(store, new Date('2026-11-28T04:00:00Z'))).toBeNull(); // Sat 12:00
    expect(nextOpeningAt({ ...store, isOpen: false }, new Date('2026-11-27T19:30:00Z'))).toBeNull();
    expect(nextOpeningAt({ ...store, businessHours: [] }, new Date('2026-11-27T19:30:00Z'))).toBeNull();
  });
});
