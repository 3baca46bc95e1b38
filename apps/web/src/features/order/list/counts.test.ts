import { describe, expect, it } from 'vitest';
import { ORDER_COUNT_CAP } from '@canteen/contract';
import { atLeast } from './counts';

describe('atLeast', () => {
  it('shows a count the server stopped at as "2000+", any other as it is', () => {
    expect(atLeast(0)).toBe('0');
    expect(atLeast(ORDER_COUNT_CAP - 1)).toBe(String(ORDER_COUNT_CAP - 1));
    expect(atLeast(ORDER_COUNT_CAP)).toBe(`${ORDER_COUNT_CAP}+`);
  });
});
