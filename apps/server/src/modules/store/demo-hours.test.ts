import { describe, expect, it } from 'vitest';
import { isOpenAt } from '@canteen/contract';
import { localInstant, openPeriods, openTimeOf, pickIn, type DemoHours } from './demo-hours.js';
import { DEMO_STORES } from './seed-data.js';

const sichuan = DEMO_STORES[0]!;
const iso = (t: number) => new Date(t).toISOString();
const spans = (hours: DemoHours, date: string) => openPeriods(hours, date).map((p) => `${iso(p.from)} ${iso(p.to)}`);

describe('the demo stores\' open periods', () => {
  it('are a business date\'s stretches within the hours, the late Friday running into Saturday on Friday\'s date', () => {
    expect(sichuan.name).toContain('川菜馆');
    // Thursday 26 November 2026, Shanghai (UTC+8): 10:30–14:00 and 17:00–22:30.
    expect(spans(sichuan, '2026-11-26')).toEqual(['2026-11-26T02:30:00.000Z 2026-11-26T06:00:00.000Z', '2026-11-26T09:00:00.000Z 2026-11-26T14:30:00.000Z']);
    // Friday: dinner until Saturday 01:00, before the 04:00 cut-off, so Friday's.
    expect(spans(sichuan, '2026-11-27')).toEqual(['2026-11-27T02:30:00.000Z 2026-11-27T06:00:00.000Z', '2026-11-27T09:00:00.000Z 2026-11-27T17:00:00.000Z']);
    expect(spans(DEMO_STORES[1]!, '2026-11-28')).toEqual(['2026-11-28T01:00:00.000Z 2026-11-28T14:00:00.000Z']);
  });

  it('agree with isOpenAt minute by minute, on a daylight-saving day too, and across a cut-off inside a slot', () => {
    const cases: Array<[DemoHours, string]> = [
      [sichuan, '2026-11-27'],
      [sichuan, '2026-11-29'],
      [{ timeZone: 'Europe/Berlin', dayCutoffHour: 4, businessHours: [{ days: [6], open: '22:00', close: '06:00' }, { days: [7], open: '11:00', close: '15:00' }] }, '2026-03-29'],
      [{ timeZone: 'Europe/Berlin', dayCutoffHour: 4, businessHours: [{ days: [6], open: '22:00', close: '06:00' }] }, '2026-03-28'],
      [{ timeZone: 'UTC', dayCutoffHour: 0, businessHours: [] }, '2026-11-27'],
    ];
    for (const [hours, date] of cases) {
      const periods = openPeriods(hours, date);
      const start = localInstant(date, hours.dayCutoffHour * 60, hours.timeZone);
      const end = localInstant(date, hours.dayCutoffHour * 60 + 24 * 60, hours.timeZone);
      for (let t = start; t < end; t += 60_000) {
        const inside = periods.some((p) => p.from <= t && t < p.to);
        expect(inside, `${hours.timeZone} ${date} ${iso(t)}`).toBe(isOpenAt({ ...hours, isOpen: true }, new Date(t)));
      }
    }
    // Berlin's clocks go forward on 29 March 2026: Saturday's business date ends at Sunday 04:00 summer time, five hours after 22:00 winter time.
    const [night] = openPeriods(cases[3]![0], '2026-03-28');
    expect([iso(night!.from), iso(night!.to)]).toEqual(['2026-03-28T21:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    expect(iso(openPeriods(cases[2]![0], '2026-03-29')[0]!.from)).toBe('2026-03-29T02:00:00.000Z');
  });

  it('give instants with room after them, and none where there is no open time', () => {
    const periods = openPeriods(sichuan, '2026-11-26');
    expect(iso(pickIn(periods, 0)!)).toBe('2026-11-26T02:30:00.000Z');
    // The last minute that leaves 40 open minutes after it: 21:50 minus a moment.
    expect(pickIn(periods, 0.999_999, 40)!).toBeLessThan(Date.parse('2026-11-26T13:50:00Z'));
    expect(pickIn(periods, 0.999_999, 40)!).toBeGreaterThan(Date.parse('2026-11-26T13:49:00Z'));
    expect(pickIn(periods, 0.5, 600)).toBeNull();
    const open = openTimeOf(sichuan);
    // Between 15:00 and 16:59 on Thursday the store is closed; from 15:00 to 17:30 only 17:00–17:30 is open.
    expect(open.pick(Date.parse('2026-11-26T07:00:00Z'), Date.parse('2026-11-26T08:59:00Z'), 0.5)).toBeNull();
    expect(iso(open.pick(Date.parse('2026-11-26T07:00:00Z'), Date.parse('2026-11-26T09:30:00Z'), 0.5)!)).toBe('2026-11-26T09:15:00.000Z');
    // Over a week, every pick is open.
    for (let i = 0; i < 500; i++) {
      const at = open.pick(Date.parse('2026-11-20T00:00:00Z'), Date.parse('2026-11-27T00:00:00Z'), i / 500, 5)!;
      expect(isOpenAt({ ...sichuan, isOpen: true }, new Date(at)) && isOpenAt({ ...sichuan, isOpen: true }, new Date(at + 5 * 60_000))).toBe(true);
    }
  });
});
