// `npm test`: lint, typecheck, unit and integration tests, then browser tests. It says which
// suites it skipped and why, and ends with one line "N passed, N failed".
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { at, bin, run } from './lib.mjs';

const failures = [];
const skipped = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
const flakyReport = path.join(os.tmpdir(), `canteen-vitest-flaky-${process.pid}.txt`);
rmSync(flakyReport, { force: true });

const step = (name, code) => {
  if (code !== 0) failures.push(name);
  return code === 0;
};

if (run(process.execPath, [at('scripts/ensure-installed.mjs')]) !== 0) process.exit(1);

console.log('\n== lint');
step('lint', run(bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint', '.']));

console.log('\n== typecheck');
for (const project of ['packages/contract', 'packages/wechat-protocol', 'packages/wechat-sim', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  step(`typecheck ${project}`, run(bin('tsc'), ['--noEmit', '-p', project]));
}

/** Runs Vitest projects and adds their counts from the JSON report. */
function vitest(name, projects) {
  const report = path.join(os.tmpdir(), `canteen-vitest-${name}-${process.pid}.json`);
  rmSync(report, { force: true });
  const args = ['run', '--passWithNoTests', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${at('scripts/flaky-reporter.mjs')}`];
  const code = run(bin('vitest'), args, { env: { ...process.env, FLAKY_REPORT: flakyReport } });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests;
    counts.skipped += json.numPendingTests + json.numTodoTests;
  } else if (code !== 0) counts.failed += 1;
  step(name, code);
}

console.log('\n== unit and integration tests');
if (!process.env.TEST_DATABASE_URL) skipped.push('PostgreSQL runs of the integration suites (set TEST_DATABASE_URL to a database you may create databases with; they ran on PGlite instead)');
if (!process.env.TEST_REDIS_URL) skipped.push('multi-instance live-channel suites (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)');
vitest('unit', ['contract', 'wechat-protocol', 'wechat-sim', 'server', 'web']);

console.log('\n== browser tests');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (step('build', run(process.execPath, [at('scripts/build.mjs')]))) vitest('browser', ['e2e']);
} else {
  skipped.push(`browser suites (no Chromium at ${chromium}: install Debian's chromium or set CHROMIUM_PATH)`);
}

console.log('');
for (const s of skipped) console.log(`skipped: ${s}`);
if (existsSync(flakyReport)) console.log(`passed only on a retry (flaky, to be fixed):\n${readFileSync(flakyReport, 'utf8').trimEnd().replace(/^/gm, '  ')}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
