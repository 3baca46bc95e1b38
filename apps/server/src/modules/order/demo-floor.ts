import type { KitchenState } from '@canteen/contract';

/**
 * Today's floor in service for the demo (issue 24), as scenes in minutes before now: seatings in
 * every table state (已开台, 就餐中 with tabs of one to three rounds, 待结账, 待清台) and the counter's
 * takeaway orders, each line with its kitchen state, some of them 2, 15 or 25 minutes in the
 * kitchen (the display's amber and red) and a few 催菜. What each table's state is follows the
 * floor's rules from its orders: opened, nothing ordered; dining, an unpaid tab or lines still to
 * make; billing, a tab pending after 买单; to_clear, all paid and every line out. An order's status
 * follows its lines: paid with lines started is making, all out is finished.
 *
 * Pure: the seeder (seed.ts) prices, numbers and writes them.
 */

/** A line of a live order: its kitchen state and whether it was rushed (催菜). */
export interface SceneLine {
  state: KitchenState;
  rushed?: boolean;
}

/** A round of lines sent to the kitchen (a tab's 加菜), minutes ago. */
export interface SceneRound {
  ago: number;
  lines: SceneLine[];
}

export type LiveStatus = 'pending' | 'dining' | 'paid' | 'making' | 'finished';

export interface SceneOrder {
  type: 'dine_in' | 'takeaway';
  status: LiveStatus;
  /** A pay-later tab (先吃后付): created dining, its rounds reach the kitchen as they are sent. */
  tab: boolean;
  rounds: SceneRound[];
  billAgo?: number;
  paidAgo?: number;
  finishedAgo?: number;
}

export type SeatState = 'opened' | 'dining' | 'billing' | 'to_clear';

export interface Scene {
  /** The seating at a table (none: a counter order). */
  seat?: { state: SeatState; openedAgo: number };
  order?: SceneOrder;
}

const w = (state: KitchenState, rushed = false): SceneLine => (rushed ? { state, rushed } : { state });

/** The counter's takeaway orders of both stores: to pay, paid, being made (one red and rushed, one amber) and one ready to collect. */
const COUNTER: Scene[] = [
  { order: { type: 'takeaway', status: 'pending', tab: false, rounds: [{ ago: 6, lines: [w('waiting'), w('waiting')] }] } },
  { order: { type: 'takeaway', status: 'paid', tab: false, paidAgo: 8, rounds: [{ ago: 9, lines: [w('waiting')] }] } },
  { order: { type: 'takeaway', status: 'making', tab: false, paidAgo: 25, rounds: [{ ago: 26, lines: [w('making', true), w('waiting')] }] } },
  { order: { type: 'takeaway', status: 'making', tab: false, paidAgo: 15, rounds: [{ ago: 16, lines: [w('ready'), w('making')] }] } },
  { order: { type: 'takeaway', status: 'finished', tab: false, paidAgo: 19, finishedAgo: 3, rounds: [{ ago: 20, lines: [w('ready'), w('ready')] }] } },
];

/** 川菜馆 (pay later): tabs of one, two and three rounds, one asking for the bill, one paid and waiting to be cleared. */
const PAY_LATER: Scene[] = [
  { seat: { state: 'opened', openedAgo: 3 } },
  { seat: { state: 'dining', openedAgo: 6 }, order: { type: 'dine_in', status: 'dining', tab: true, rounds: [{ ago: 2, lines: [w('waiting'), w('waiting')] }] } },
  { seat: { state: 'dining', openedAgo: 29 }, order: { type: 'dine_in', status: 'dining', tab: true, rounds: [
    { ago: 25, lines: [w('served'), w('ready'), w('making', true)] }, { ago: 15, lines: [w('waiting', true), w('waiting')] }] } },
  { seat: { state: 'dining', openedAgo: 52 }, order: { type: 'dine_in', status: 'dining', tab: true, rounds: [
    { ago: 48, lines: [w('served'), w('served')] }, { ago: 33, lines: [w('served')] }, { ago: 14, lines: [w('making'), w('waiting')] }] } },
  { seat: { state: 'billing', openedAgo: 64 }, order: { type: 'dine_in', status: 'pending', tab: true, billAgo: 4, rounds: [{ ago: 60, lines: [w('served'), w('served'), w('served')] }] } },
  { seat: { state: 'to_clear', openedAgo: 75 }, order: { type: 'dine_in', status: 'finished', tab: true, billAgo: 14, paidAgo: 12, finishedAgo: 12, rounds: [
    { ago: 71, lines: [w('served'), w('served')] }, { ago: 50, lines: [w('served')] }] } },
];

/**
 * 茶饮 (pay first): orders paid at the table's order, so a seating is dining while its lines are
 * made and to be cleared once all are out; no tab, hence no 待结账.
 */
const PAY_FIRST: Scene[] = [
  { seat: { state: 'opened', openedAgo: 2 } },
  { seat: { state: 'dining', openedAgo: 5 }, order: { type: 'dine_in', status: 'paid', tab: false, paidAgo: 2, rounds: [{ ago: 3, lines: [w('waiting'), w('waiting')] }] } },
  { seat: { state: 'dining', openedAgo: 18 }, order: { type: 'dine_in', status: 'making', tab: false, paidAgo: 15, rounds: [{ ago: 16, lines: [w('making'), w('waiting', true)] }] } },
  { seat: { state: 'dining', openedAgo: 29 }, order: { type: 'dine_in', status: 'making', tab: false, paidAgo: 25, rounds: [{ ago: 27, lines: [w('ready'), w('making', true)] }] } },
  { seat: { state: 'to_clear', openedAgo: 45 }, order: { type: 'dine_in', status: 'finished', tab: false, paidAgo: 41, finishedAgo: 20, rounds: [{ ago: 42, lines: [w('served'), w('served')] }] } },
];

/** The scenes of a store open now. */
export const scenesOf = (payLater: boolean): Scene[] => [...(payLater ? PAY_LATER : PAY_FIRST), ...COUNTER];

/** The longest a scene goes back, in minutes. */
export const oldestOf = (scenes: readonly Scene[]): number =>
  Math.max(...scenes.map((s) => Math.max(s.seat?.openedAgo ?? 0, ...(s.order?.rounds.map((r) => r.ago) ?? [0]))));

/** How far along its way a line's state was reached, from reaching the kitchen to now (when it was marked). */
export const KITCHEN_PROGRESS: Record<KitchenState, number | null> = { waiting: null, making: 0.3, ready: 0.6, served: 0.8 };
