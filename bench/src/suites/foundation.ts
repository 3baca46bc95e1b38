import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../context.js';
import { atMost, info, ratioAtLeast, type Figure } from '../figures.js';
import { load } from '../load.js';
import { freePort, removeDir, repoRoot, rssMb, waitFor } from '../processes.js';

/** Time from `npm start` to a ready server on an already built tree, in seconds. */
async function timeNpmStart(dataDir: string): Promise<number> {
  const [port, simPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), SIM_PORT: String(simPort), DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/health/ready`, 60_000, child);
    return (performance.now() - started) / 1000;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

export async function foundation({ server, baseline }: BenchContext): Promise<Figure[]> {
  const idle = rssMb(server.child.pid!);
  const ready = await load(`${server.url}/health/ready`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-start-'));
  const first = await timeNpmStart(dataDir);
  const cold = await timeNpmStart(dataDir);
  removeDir(dataDir);
  return [
    ratioAtLeast('GET /health/ready requests per second', ready.rps, 'req/s', baseline.rps, 0.5),
    info('GET /health/ready p99 latency', ready.p99, 'ms'),
    atMost('server resident memory at idle (PGlite, existing data)', Math.round(idle), 'MB', 250),
    atMost('cold npm start to ready (built tree, existing data)', Number(cold.toFixed(2)), 's', 5),
    info('first npm start to ready (built tree, new data folder)', Number(first.toFixed(2)), 's'),
  ];
}
