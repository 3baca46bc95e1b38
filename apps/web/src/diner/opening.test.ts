import { describe, expect, it } from 'vitest';
import { nextOpeningText } from './opening';

describe('nextOpeningText', () => {
  // 2026-11-28 is a Saturday; 19:30 UTC the evening before is 03:30 in Shanghai.
  const shanghai = 'Asia/Shanghai';

  it('says today, tomorrow or the weekday on the store\'s wall clock, whatever the device\'s zone', () => {
    expect(nextOpeningText('2026-11-28T02:30:00Z', shanghai, new Date('2026-11-27T19:30:00Z'), 'zh')).toBe('今天 10:30');
    expect(nextOpeningText('2026-11-29T02:30:00Z', shanghai, new Date('2026-11-28T15:00:00Z'), 'zh')).toBe('明天 10:30');
    expect(nextOpeningText('2026-12-04T09:00:00Z', shanghai, new Date('2026-11-28T15:00:00Z'), 'zh')).toBe('周五 17:00');
    expect(nextOpeningText('2026-11-29T02:30:00Z', shanghai, new Date('2026-11-28T15:00:00Z'), 'en')).toBe('tomorrow 10:30');
    expect(nextOpeningText('2026-12-04T09:00:00Z', shanghai, new Date('2026-11-28T15:00:00Z'), 'en')).toBe('Fri 17:00');
  });
});
