// `npm test`: lint, typecheck, unit and integration tests, then browser tests, and the browser
// tests that depend on the time of day again under a shifted clock. It says which suites it
// skipped and why, ends with the time of each step and the ten slowest test files (also written
// to node_modules/.cache/canteen-test-profile.json), then one line "N passed, N failed".
//
// The steps run in two lanes side by side: lint, the typecheck and the unit tests keep the cores
// busy, while the browser tests mostly wait on a browser and a server (about half a core a run).
// Each step's output is printed whole when it ends, so the lanes never interleave their lines.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { at, bin, root, run } from './lib.mjs';
import { clockRuns, findFaketime, shiftedClockEnv } from './test-clock.mjs';

const started = performance.now();
const failures = [];
const skipped = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';
/** [step, wall seconds, CPU seconds], in the order they ended. */
const steps = [];
/** [file, seconds, run], every Vitest file of every run. */
const files = [];
const flakyReport = path.join(os.tmpdir(), `canteen-vitest-flaky-${process.pid}.txt`);
rmSync(flakyReport, { force: true });
/** More tests than this passing only on their retry fail the run: the retry is a safety net, not a habit. */
const FLAKY_ALLOWED = 1;
const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;

/** The marker of the line where bash reports the CPU time of a step's whole process tree. */
const CPU_MARK = '@@canteen-cpu';
/** `times`' children line ("0m12.5s 0m1.2s"), in seconds of user plus system time. */
const cpuSeconds = (line) => [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);

/**
 * Runs a command with its output kept; resolves to its exit code, output and CPU seconds (user and
 * system, of every process it waited for: workers, servers, browsers), which bash's `times` reports.
 */
function capture(command, args, env = process.env) {
  return new Promise((resolve) => {
    // `times` in the step's own shell (in a subshell it would report that subshell's children):
    // its second line is the children's user and system time.
    const script = `"$@"; code=$?; { echo ${CPU_MARK}; times; } >&2; exit $code`;
    const child = spawn('bash', ['-c', script, 'step', command, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const mark = output.lastIndexOf(CPU_MARK);
      if (mark < 0) return resolve({ code: code ?? 1, output, cpu: 0 });
      // The mark, the shell's own times, its children's times; a chunk of the other pipe may come after them.
      const [, , children = '', ...after] = output.slice(mark).split('\n');
      resolve({ code: code ?? 1, output: output.slice(0, mark) + after.join('\n'), cpu: cpuSeconds(children) });
    });
  });
}

/** Runs one step, timed, and prints its output when it ends; a non-zero exit marks it failed. */
async function step(name, command, args, env) {
  const t0 = performance.now();
  const { code, output, cpu } = await capture(command, args, env);
  const took = (performance.now() - t0) / 1000;
  steps.push([name, took, cpu]);
  if (code !== 0) failures.push(name);
  process.stdout.write(`\n== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${took.toFixed(0)} s (${cpu.toFixed(0)} CPU-s)\n${output}`);
  return code === 0;
}

/** Runs Vitest projects (and files) and adds their counts and per-file times from the JSON report. */
async function vitest(name, args, env = process.env) {
  const report = path.join(os.tmpdir(), `canteen-vitest-${name.replace(/\W+/g, '-')}-${process.pid}.json`);
  rmSync(report, { force: true });
  const all = ['run', '--passWithNoTests', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${at('scripts/flaky-reporter.mjs')}`];
  const ok = await step(name, bin('vitest'), all, { ...env, FLAKY_REPORT: flakyReport });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests;
    counts.skipped += json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults) {
      files.push([path.relative(at(), file.name), (file.endTime - file.startTime) / 1000, name]);
      // The end of the output is what a CI log shows: each failure is named there with its first line.
      const failed = file.assertionResults.filter((t) => t.status === 'failed');
      if (file.status === 'failed' && failed.length === 0) failedTests.push(`${path.relative(at(), file.name)}: ${firstLine(file.message)}`);
      for (const t of failed) failedTests.push(`${path.relative(at(), file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  } else if (!ok) counts.failed += 1;
  return ok;
}

const t0 = performance.now();
const installed = run(process.execPath, [at('scripts/ensure-installed.mjs')]) === 0;
steps.push(['install', (performance.now() - t0) / 1000, 0]);
if (!installed) process.exit(1);

if (!process.env.TEST_DATABASE_URL) skipped.push('PostgreSQL runs of the integration suites (set TEST_DATABASE_URL to a database you may create databases with; they ran on PGlite instead)');
if (!process.env.TEST_REDIS_URL) skipped.push('multi-instance live-channel suites (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)');

/** Lint, the typecheck, then the unit and integration tests. */
async function checksAndUnitTests() {
  await step('typecheck and lint', process.execPath, [at('scripts/check.mjs')]);
  await vitest('unit and integration tests', ['contract', 'wechat-protocol', 'wechat-sim', 'server', 'web', 'web-mocking'].flatMap((p) => ['--project', p]));
}

/**
 * The build, the browser tests, then their time-of-day runs, one after another: a browser run is
 * a server, a simulator and Chromium, and two at once beside the unit tests' two workers starved
 * the jsdom page tests on two cores (one took over 90 s).
 */
async function browserTests() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    skipped.push(`browser suites (no Chromium at ${chromium}: install Debian's chromium or set CHROMIUM_PATH)`);
    return;
  }
  if (!(await step('build', process.execPath, [at('scripts/build.mjs')]))) return;
  await vitest('browser tests', ['--project', 'e2e']);
  const faketime = findFaketime();
  if (!faketime) {
    skipped.push('browser tests at other times of day (no faketime: install Debian\'s faketime, or set FAKETIME_LIB to libfaketime.so.1)');
    return;
  }
  for (const clock of clockRuns()) await vitest(`browser tests ${clock.label}`, ['--project', 'e2e', ...clock.files], shiftedClockEnv(faketime, clock.start, clock.tz));
}

console.log('npm test: lint, typecheck, then unit and integration tests; beside them the build, the browser tests, then their time-of-day runs. Each step prints its output when it ends.');
await Promise.all([checksAndUnitTests(), browserTests()]);

const flaky = existsSync(flakyReport) ? readFileSync(flakyReport, 'utf8').trim().split('\n').filter(Boolean) : [];
if (flaky.length > FLAKY_ALLOWED) failures.push(`flaky tests (${flaky.length} passed only on a retry; at most ${FLAKY_ALLOWED} may)`);

const total = (performance.now() - started) / 1000;
const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 10);
const cpuTotal = steps.reduce((sum, [, , cpu]) => sum + cpu, 0);
mkdirSync(at('node_modules/.cache'), { recursive: true });
writeFileSync(at('node_modules/.cache/canteen-test-profile.json'), JSON.stringify({ date: new Date().toISOString(), totalSeconds: total, cpuSeconds: cpuTotal, steps, slowest, counts, failures }, null, 2));

console.log('\n== profile (the two lanes run side by side, so the steps add up to more than the whole; CPU is user plus system time of the step\'s processes)');
console.log(`${'wall'.padStart(9)}  ${'CPU'.padStart(9)}`);
for (const [name, s, cpu] of steps) console.log(`${seconds(s)}  ${seconds(cpu)}  ${name}`);
console.log(`${seconds(total)}  ${seconds(cpuTotal)}  in all (${os.availableParallelism()} cores)`);
console.log('slowest files:');
for (const [file, s, runName] of slowest) console.log(`${seconds(s)}  ${file} (${runName})`);
console.log('');
for (const s of skipped) console.log(`skipped: ${s}`);
if (flaky.length) console.log(`passed only on a retry (flaky, to be fixed):\n${flaky.map((line) => `  ${line}`).join('\n')}`);
if (failedTests.length) console.log(`failed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
