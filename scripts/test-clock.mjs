// The browser tests that depend on the time of day, run again on a shifted clock (Debian's
// libfaketime): no test may pass only while the demo stores are open or before a business-date
// cutoff. The whole Vitest process tree (test files, simulator, servers and their embedded
// database) sees one clock shifted by a fixed offset; Chromium gets the same time through
// Playwright's clock (e2e/src/harness.ts), since it does not run well under the preload.
import { existsSync } from 'node:fs';

const LIBRARIES = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'];

/** libfaketime's path, or undefined when it is not installed. */
export function findFaketime() {
  return [process.env.FAKETIME_LIB, ...LIBRARIES].find((p) => p && existsSync(p));
}

/** The files that order, pay, report or read "today" (the rest do not look at the clock). */
const CLOCK_FILES = [
  'src/orders-diner.e2e.ts', 'src/orders-cashier.e2e.ts', 'src/orders-list.e2e.ts', 'src/orders-tab.e2e.ts', 'src/floor.e2e.ts',
  'src/reports.e2e.ts', 'src/customers.e2e.ts', 'src/printing.e2e.ts', 'src/smoke.e2e.ts',
];

/** An instant given as a wall-clock time in Shanghai on today's Shanghai date. */
function shanghaiToday(hhmmss) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(`${date}T${hhmmss}+08:00`);
}

/**
 * The runs: at 03:30 in Shanghai, when every demo store is closed and "today" is still the
 * business day before (on a machine whose zone is Los Angeles, so neither the time of day nor the
 * zone can help); and from 03:59, so that the 04:00 cutoff passes while the tests order and report.
 */
export function clockRuns() {
  return [
    { label: 'at 03:30 Asia/Shanghai, machine in America/Los_Angeles', start: shanghaiToday('03:30:00'), files: CLOCK_FILES, tz: 'America/Los_Angeles' },
    { label: 'from 03:59 Asia/Shanghai, across the 04:00 cutoff', start: shanghaiToday('03:59:00'), files: CLOCK_FILES },
  ];
}

/** The environment of a process tree whose clock reads `start` now and runs on from there. */
export function shiftedClockEnv(library, start, tz) {
  const offset = Math.round((start.getTime() - Date.now()) / 1000);
  return {
    ...process.env,
    LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(' '),
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`,
    // Timers and timeouts keep the real monotonic clock: only the wall clock moves.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    ...(tz ? { TZ: tz } : {}),
  };
}
