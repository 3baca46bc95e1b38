// `npm test`: lint, typecheck, unit and integration tests, then browser tests, and the browser
// tests that depend on the time of day again under a shifted clock. It says which suites it
// skipped and why, ends with the time of each step and the ten slowest test files (also written
// to node_modules/.cache/canteen-test-profile.json), then one line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { at, bin, run } from './lib.mjs';
import { clockRuns, findFaketime, shiftedClockEnv } from './test-clock.mjs';

const started = performance.now();
const failures = [];
const skipped = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
/** [step, seconds], in order. */
const steps = [];
/** [file, seconds, run], every Vitest file of every run. */
const files = [];
const flakyReport = path.join(os.tmpdir(), `canteen-vitest-flaky-${process.pid}.txt`);
rmSync(flakyReport, { force: true });
/** More tests than this passing only on their retry fail the run: the retry is a safety net, not a habit. */
const FLAKY_ALLOWED = 1;

/** Runs one step, timed; a non-zero exit marks it failed. */
function step(name, work) {
  const t0 = performance.now();
  const code = work();
  steps.push([name, (performance.now() - t0) / 1000]);
  if (code !== 0) failures.push(name);
  return code === 0;
}

if (!step('install', () => run(process.execPath, [at('scripts/ensure-installed.mjs')]))) process.exit(1);

// Lint and typecheck are single-threaded: run side by side, they use both cores of a small machine.
console.log('\n== lint and typecheck');
step('lint and typecheck', () => run(process.execPath, [at('scripts/check.mjs')]));

/** Runs Vitest projects (and files) and adds their counts and per-file times from the JSON report. */
function vitest(name, args, env = process.env) {
  const report = path.join(os.tmpdir(), `canteen-vitest-${name.replace(/\W+/g, '-')}-${process.pid}.json`);
  rmSync(report, { force: true });
  const all = ['run', '--passWithNoTests', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${at('scripts/flaky-reporter.mjs')}`];
  return step(name, () => {
    const code = run(bin('vitest'), all, { env: { ...env, FLAKY_REPORT: flakyReport } });
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      counts.passed += json.numPassedTests;
      counts.failed += json.numFailedTests;
      counts.skipped += json.numPendingTests + json.numTodoTests;
      for (const file of json.testResults) files.push([path.relative(at(), file.name), (file.endTime - file.startTime) / 1000, name]);
    } else if (code !== 0) counts.failed += 1;
    return code;
  });
}

console.log('\n== unit and integration tests');
if (!process.env.TEST_DATABASE_URL) skipped.push('PostgreSQL runs of the integration suites (set TEST_DATABASE_URL to a database you may create databases with; they ran on PGlite instead)');
if (!process.env.TEST_REDIS_URL) skipped.push('multi-instance live-channel suites (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)');
vitest('unit and integration tests', ['contract', 'wechat-protocol', 'wechat-sim', 'server', 'web'].flatMap((p) => ['--project', p]));

console.log('\n== browser tests');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (step('build', () => run(process.execPath, [at('scripts/build.mjs')]))) {
    vitest('browser tests', ['--project', 'e2e']);
    const faketime = findFaketime();
    if (faketime) {
      for (const clock of clockRuns()) {
        console.log(`\n== browser tests that depend on the time of day, ${clock.label}`);
        vitest(`browser tests ${clock.label}`, ['--project', 'e2e', ...clock.files], shiftedClockEnv(faketime, clock.start, clock.tz));
      }
    } else {
      skipped.push('browser tests at other times of day (no faketime: install Debian\'s faketime, or set FAKETIME_LIB to libfaketime.so.1)');
    }
  }
} else {
  skipped.push(`browser suites (no Chromium at ${chromium}: install Debian's chromium or set CHROMIUM_PATH)`);
}

const flaky = existsSync(flakyReport) ? readFileSync(flakyReport, 'utf8').trim().split('\n').filter(Boolean) : [];
if (flaky.length > FLAKY_ALLOWED) failures.push(`flaky tests (${flaky.length} passed only on a retry; at most ${FLAKY_ALLOWED} may)`);

const total = (performance.now() - started) / 1000;
const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 10);
mkdirSync(at('node_modules/.cache'), { recursive: true });
writeFileSync(at('node_modules/.cache/canteen-test-profile.json'), JSON.stringify({ date: new Date().toISOString(), totalSeconds: total, steps, slowest, counts, failures }, null, 2));

const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;
console.log('\n== profile');
for (const [name, s] of steps) console.log(`${seconds(s)}  ${name}`);
console.log(`${seconds(total)}  in all`);
console.log('slowest files:');
for (const [file, s, runName] of slowest) console.log(`${seconds(s)}  ${file} (${runName})`);
console.log('');
for (const s of skipped) console.log(`skipped: ${s}`);
if (flaky.length) console.log(`passed only on a retry (flaky, to be fixed):\n${flaky.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
