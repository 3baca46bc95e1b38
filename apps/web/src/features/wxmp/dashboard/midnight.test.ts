import { describe, expect, it } from 'vitest';
import { localMidnightIso } from './midnight';

describe('the summary call’s since', () => {
  it('is the browser’s local midnight', () => {
    const since = localMidnightIso(new Date(2026, 2, 5, 17, 45, 12));
    expect(new Date(since).getTime()).toBe(new Date(2026, 2, 5, 0, 0, 0, 0).getTime());
    expect(since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
