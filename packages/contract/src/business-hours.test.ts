import { describe, expect, it } from 'vitest';
import { isOpenAt, withinBusinessHours } from './business-hours.js';
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
