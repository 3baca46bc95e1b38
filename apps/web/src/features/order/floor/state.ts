import type { FloorTable, TableState } from '@canteen/contract';

/**
 * The colours of the table states: distinct hues a waiter tells apart at a glance, always shown
 * with the state's name too (never colour alone). Background light, border and text strong.
 */
export const STATE_COLOURS: Record<TableState, { background: string; border: string; text: string }> = {
  idle: { background: '#f6ffed', border: '#95de64', text: '#237804' },
  opened: { background: '#e6f4ff', border: '#69b1ff', text: '#0958d9' },
  dining: { background: '#fff7e6', border: '#ffa940', text: '#ad4e00' },
  billing: { background: '#fff0f6', border: '#f759ab', text: '#9e1068' },
  to_clear: { background: '#f5f5f5', border: '#8c8c8c', text: '#434343' },
};

/** Whole minutes from `since` to `now` (never negative: a clock a little ahead of the server's). */
export const minutesSince = (since: string, now: number): number => Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

/** The tables of an area (all: every area), of a state (none: every state), in code order. */
export const tablesShown = (tables: FloorTable[], areaId: string, state: TableState | undefined): FloorTable[] =>
  tables
    .filter((t) => (areaId === 'all' || t.areaId === areaId) && (state === undefined || t.state === state))
    .sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));

/** Tables another party could move to (转台): free ones other than this. */
export const freeTables = (tables: FloorTable[], exceptId: string) => tables.filter((t) => t.id !== exceptId && t.state === 'idle');
/** Tables whose party may join this one (并台): occupied, not this one, not already merged elsewhere. */
export const mergeableTables = (tables: FloorTable[], exceptId: string) =>
  tables.filter((t) => t.id !== exceptId && t.state !== 'idle' && t.state !== 'to_clear' && !t.session?.mergedIntoId);
