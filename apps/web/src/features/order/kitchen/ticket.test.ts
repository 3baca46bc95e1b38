import { describe, expect, it } from 'vitest';
import type { KitchenLine, KitchenTicket } from '@canteen/contract';
import { byRound, clockOffset, isRushed, linesToMark, nextState, ticketAge } from './ticket';

const since = '2026-12-01T04:00:00.000Z';
const at = (minutes: number, seconds = 0) => Date.parse(since) + (minutes * 60 + seconds) * 1000;

const line = (id: string, fields: Partial<KitchenLine> = {}): KitchenLine => ({
  id, name: `菜${id}`, specText: '', remark: '', quantity: 1, unit: '份', round: 1, comboName: null, state: 'waiting', rushedAt: null, stateAt: null, stateBy: '', ...fields,
});
const ticket = (lines: KitchenLine[]): KitchenTicket => ({
  orderId: '1', orderNo: 'N1', type: 'dine_in', source: 'cashier', status: 'paid', tableCode: 'A01', pickupNo: null, guests: 2, remark: '', since, lines,
});

describe('ticketAge', () => {
  it('counts mm:ss from since and turns amber and red at the thresholds', () => {
    expect(ticketAge(since, at(0, 5), 10, 20)).toEqual({ seconds: 5, text: '00:05', level: 'normal' });
    expect(ticketAge(since, at(9, 59), 10, 20).level).toBe('normal');
    expect(ticketAge(since, at(10), 10, 20)).toEqual({ seconds: 600, text: '10:00', level: 'amber' });
    expect(ticketAge(since, at(19, 59), 10, 20).level).toBe('amber');
    expect(ticketAge(since, at(20), 10, 20).level).toBe('red');
    expect(ticketAge(since, at(75, 3), 10, 20).text).toBe('75:03');
  });

  it('reads 00:00 for a clock behind the ticket, and takes a store\'s own thresholds', () => {
    expect(ticketAge(since, at(-1), 10, 20)).toEqual({ seconds: 0, text: '00:00', level: 'normal' });
    expect(ticketAge(Date.parse(since), at(5), 5, 8).level).toBe('amber');
  });

  it('measures how far the device clock is off the server\'s', () => {
    expect(clockOffset('2026-12-01T04:00:10.000Z', Date.parse('2026-12-01T04:00:00.000Z'))).toBe(10_000);
  });
});

describe('kitchen marks', () => {
  it('advances a line waiting → making → ready → served, then stops', () => {
    expect(nextState('waiting')).toBe('making');
    expect(nextState('making')).toBe('ready');
    expect(nextState('ready')).toBe('served');
    expect(nextState('served')).toBeNull();
  });

  it('全部制作 takes the lines not started, 全部出餐 every line not yet out', () => {
    const t = ticket([line('1'), line('2', { state: 'making' }), line('3', { state: 'ready' })]);
    expect(linesToMark(t, 'making')).toEqual(['1']);
    expect(linesToMark(t, 'ready')).toEqual(['1', '2']);
  });

  it('marks a ticket 催 only for a rushed line still to make', () => {
    expect(isRushed(ticket([line('1', { rushedAt: since })]))).toBe(true);
    expect(isRushed(ticket([line('1', { rushedAt: since, state: 'ready' }), line('2')]))).toBe(false);
  });

  it('groups lines by round in round order', () => {
    const rounds = byRound([line('1', { round: 2 }), line('2'), line('3', { round: 2 })]);
    expect(rounds.map((r) => [r.round, r.lines.map((l) => l.id)])).toEqual([[1, ['2']], [2, ['1', '3']]]);
  });
});
