import type { KitchenLine, KitchenState, KitchenTicket } from '@canteen/contract';

/** How late a ticket is: under the amber threshold, past it, past the red one. */
export type AgeLevel = 'normal' | 'amber' | 'red';

export interface TicketAge {
  /** Whole seconds since the ticket reached the kitchen (never negative). */
  seconds: number;
  /** mm:ss (minutes go past 59: 75:03). */
  text: string;
  level: AgeLevel;
}

/**
 * A ticket's age at `now` (both epoch ms, or `since` as ISO), turning amber at `amberMinutes`
 * and red at `redMinutes`. A clock a little behind the server's reads 00:00, not a negative age.
 */
export function ticketAge(since: string | number, now: number, amberMinutes: number, redMinutes: number): TicketAge {
  const start = typeof since === 'number' ? since : Date.parse(since);
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  const text = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const level: AgeLevel = seconds >= redMinutes * 60 ? 'red' : seconds >= amberMinutes * 60 ? 'amber' : 'normal';
  return { seconds, text, level };
}

/**
 * How far this device's clock is behind the server's: the board's `asOf` against when its answer
 * came in. Ages count on the server's clock, so a tablet set a few minutes wrong still turns red on time.
 */
export const clockOffset = (asOf: string, receivedAt: number): number => Date.parse(asOf) - receivedAt;

/** The state a tap moves a line to: 制作中, 已出餐, then 已上菜 (划菜); none once served. */
export function nextState(state: KitchenState): Exclude<KitchenState, 'waiting'> | null {
  switch (state) {
    case 'waiting': return 'making';
    case 'making': return 'ready';
    case 'ready': return 'served';
    case 'served': return null;
  }
}

const open = (l: KitchenLine) => l.state === 'waiting' || l.state === 'making';

/** The lines 全部制作 (those not started) or 全部出餐 (those not yet out) of a ticket would mark. */
export function linesToMark(ticket: KitchenTicket, target: 'making' | 'ready'): string[] {
  return ticket.lines.filter((l) => (target === 'making' ? l.state === 'waiting' : open(l))).map((l) => l.id);
}

/** 催: a line still to make was rushed. */
export const isRushed = (ticket: KitchenTicket): boolean => ticket.lines.some((l) => open(l) && l.rushedAt !== null);

/** A line flagged 催菜 and not yet out. */
export const lineRushed = (line: KitchenLine): boolean => open(line) && line.rushedAt !== null;

/** The ticket's lines by round (加菜), in round order, each round's lines as the server sent them. */
export function byRound(lines: KitchenLine[]): Array<{ round: number; lines: KitchenLine[] }> {
  const rounds = new Map<number, KitchenLine[]>();
  for (const line of lines) rounds.set(line.round, [...(rounds.get(line.round) ?? []), line]);
  return [...rounds.entries()].sort(([a], [b]) => a - b).map(([round, ls]) => ({ round, lines: ls }));
}
