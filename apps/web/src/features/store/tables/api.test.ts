import { describe, expect, it } from 'vitest';
import { batchCodes } from './api';

describe('batch table codes', () => {
  it('pads the numbers to the digits after the prefix', () => {
    const codes = batchCodes({ prefix: 'A', from: 1, to: 20, digits: 2 });
    expect(codes).toHaveLength(20);
    expect([codes[0], codes.at(-1)]).toEqual(['A01', 'A20']);
    expect(batchCodes({ prefix: '', from: 8, to: 10, digits: 1 })).toEqual(['8', '9', '10']);
    expect(batchCodes({ from: 5, to: 1 })).toEqual([]);
    expect(batchCodes({ from: null, to: 3 })).toEqual([]);
  });
});
