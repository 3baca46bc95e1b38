import { describe, expect, it } from 'vitest';
import type { PickupBoard } from '@canteen/contract';
import { isFresh, newlyReady, spelled } from './board';

const called = (orderId: string, pickupNo: string, since: string) => ({ orderId, pickupNo, since, lineIds: [`${orderId}0`] });
const board = (ready: PickupBoard['ready'], making: PickupBoard['making'] = []): PickupBoard => ({ storeId: '1', storeName: '店', making, ready, asOf: '2026-12-01T04:10:00.000Z' });

describe('newlyReady', () => {
  it('calls nobody on the first answer', () => {
    expect(newlyReady(undefined, board([called('1', 'A001', '2026-12-01T04:00:00.000Z')]))).toEqual([]);
  });

  it('calls the numbers new on the ready side, oldest first, and none that stayed or left', () => {
    const before = board([called('1', 'A001', '2026-12-01T04:00:00.000Z'), called('2', 'A002', '2026-12-01T04:01:00.000Z')], [{ orderId: '3', pickupNo: 'A003', since: '2026-12-01T03:59:00.000Z' }]);
    const after = board([called('4', 'A004', '2026-12-01T04:06:00.000Z'), called('3', 'A003', '2026-12-01T04:05:00.000Z'), called('1', 'A001', '2026-12-01T04:00:00.000Z')]);
    expect(newlyReady(before, after).map((c) => c.pickupNo)).toEqual(['A003', 'A004']);
    expect(newlyReady(after, after)).toEqual([]);
  });

  it('highlights a number called in the last minute and spells numbers out', () => {
    expect(isFresh(called('1', 'A001', '2026-12-01T04:09:30.000Z'), '2026-12-01T04:10:00.000Z')).toBe(true);
    expect(isFresh(called('1', 'A001', '2026-12-01T04:09:00.000Z'), '2026-12-01T04:10:00.000Z')).toBe(false);
    expect(spelled('A012')).toBe('A 0 1 2');
  });
});
