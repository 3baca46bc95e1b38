import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { removeDir } from './processes.js';

export interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** With `serverPid`: the server process's CPU time (user + system) per answer, in microseconds. */
  serverCpuUs?: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
  /**
   * The serving process, to read its CPU time per answer: unlike req/s, that figure hardly moves
   * with what else the machine is running (Linux only: from /proc).
   */
  serverPid?: number;
}

/** A process's CPU time so far (user + system), in seconds; undefined where /proc is missing. */
const cpuSeconds = (pid: number): number | undefined => {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
};

/**
 * The one load generator of a run, for the baseline and every figure alike (ratios compare like
 * with like): wrk when it is installed (`apt-get install wrk`), since it reads a 12 KB answer for
 * a fraction of what autocannon spends in JavaScript, which on a 2-core machine is CPU taken from
 * the server; otherwise autocannon (a fresh machine needs nothing more than npm install).
 * BENCH_LOAD=autocannon forces the fallback, to compare the two.
 */
export const generator: { name: 'wrk' | 'autocannon'; version: string } = findGenerator();

function findGenerator(): typeof generator {
  if (process.env.BENCH_LOAD !== 'autocannon') {
    // `wrk --version` prints its version and usage, and exits 1.
    const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
    const version = /^wrk\s+(\S+)/m.exec(probe.stdout ?? '');
    if (!probe.error && version) return { name: 'wrk', version: version[1]! };
  }
  const manifest = createRequire(import.meta.url).resolve('autocannon/package.json');
  return { name: 'autocannon', version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version };
}

/** How the run's load is generated, in words (printed and kept with the results). */
export const generatorText = () => {
  const how = `${generator.name} ${generator.version}`.trim();
  return generator.name === 'wrk'
    ? `${how} (1 thread, its own process)`
    : `${how} (in the bench process; install wrk for a load generator that costs the server's cores far less)`;
};

/** A fixed, bounded load against one URL on this machine (loopback only). */
export async function load(url: string, options: LoadOptions = {}): Promise<Load> {
  const before = options.serverPid === undefined ? undefined : cpuSeconds(options.serverPid);
  const { requests, ...result } = await (generator.name === 'wrk' ? wrk(url, options) : autocannonLoad(url, options));
  const after = options.serverPid === undefined ? undefined : cpuSeconds(options.serverPid);
  if (before === undefined || after === undefined || !requests) return result;
  return { ...result, serverCpuUs: Math.round(((after - before) / requests) * 1e7) / 10 };
}

type Run = Load & { requests: number };

async function autocannonLoad(url: string, options: LoadOptions): Promise<Run> {
  const result = await autocannon({
    url,
    headers: options.headers ?? {},
    duration: options.seconds ?? 5,
    connections: options.connections ?? 20,
    pipelining: 1,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx, requests: result.requests.total };
}

// wrk's own report is for people; this script prints the figures as one line of JSON at the end.
// Latencies are in microseconds; `status` counts answers of 400 and above.
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p99Us":%d,"failed":%d,"badStatus":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;

async function wrk(url: string, options: LoadOptions): Promise<Run> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-wrk-'));
  try {
    const script = path.join(dir, 'report.lua');
    writeFileSync(script, WRK_REPORT);
    const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = ['-t1', `-c${options.connections ?? 20}`, `-d${options.seconds ?? 5}s`, '-s', script, ...headers, url];
    const { stdout } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as { requests: number; durationUs: number; p99Us: number; failed: number; badStatus: number };
    return {
      rps: Math.round(report.requests / (report.durationUs / 1e6)),
      p99: Math.round(report.p99Us / 100) / 10,
      errors: report.failed + report.badStatus,
      requests: report.requests,
    };
  } finally {
    removeDir(dir);
  }
}
