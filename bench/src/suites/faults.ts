import { openPostgres } from '../../../apps/server/src/db/client.js';
import { startTcpProxy } from '../../../apps/server/test/tcp-proxy.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { pollUntil, removeDir, startProgram, type Running } from '../processes.js';
import { signIn } from './identity.js';
import { postgresUrl } from '../postgres.js';

/**
 * Faults (issue 17), against the built server in its own process:
 *
 * - acknowledged writes lost across kill -9: writers create departments over HTTP while the
 *   server is killed with SIGKILL three times and started again on the same data; afterwards
 *   every department the server answered 200 for must be there (budget 0). On PGlite, and on
 *   PostgreSQL when it answers (BENCH_DATABASE_URL or the local server; a scratch database).
 * - a PostgreSQL outage: the server reaches PostgreSQL through a TCP proxy the bench cuts for a
 *   few seconds under the same writers (PostgreSQL itself keeps running: other work shares it).
 *   Reported: the time from PostgreSQL's return to /health/ready answering 200 again, the writes
 *   refused meanwhile (503 naming the database), any other failure (500s, sockets) and the
 *   acknowledged writes lost (budget 0).
 */

const KILLS = 3;
const RUN_BETWEEN_KILLS_MS = 2000;
const OUTAGE_MS = 3000;
const WRITERS = 4;
/** The ports the bench's own servers use (the helpers' agreed range). */
const PORTS = { pglite: 4362, postgres: 4363, outage: 4364 };

interface Tally {
  acknowledged: string[];
  /** Refusals by status (0: no answer, the connection failed). */
  refused: Map<number, number>;
}

/** Writers creating departments against whatever `target()` is now, until stopped. */
function writeLoad(target: () => { url: string; token: string } | undefined, prefix: string) {
  const tally: Tally = { acknowledged: [], refused: new Map() };
  let running = true;
  const writer = async (w: number) => {
    for (let i = 0; running; i++) {
      const now = target();
      if (!now) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const name = `${prefix}-${w}-${i}`;
      let status: number;
      try {
        const res = await fetch(`${now.url}/upms/dept`, {
          method: 'POST',
          headers: { authorization: `Bearer ${now.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      if (status === 200) tally.acknowledged.push(name);
      else {
        tally.refused.set(status, (tally.refused.get(status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const all = Array.from({ length: WRITERS }, (_, w) => writer(w));
  return {
    tally,
    async stop() {
      running = false;
      await Promise.all(all);
      return tally;
    },
  };
}

/** Names of every department, through the API. */
async function storedDepartments(url: string, token: string): Promise<Set<string>> {
  const res = await fetch(`${url}/upms/dept/tree`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: Array<{ name: string; children?: unknown[] }> };
  const names = new Set<string>();
  const walk = (nodes: Array<{ name: string; children?: unknown[] }>) => {
    for (const node of nodes) {
      names.add(node.name);
      if (node.children) walk(node.children as typeof nodes);
    }
  };
  walk(body.data);
  return names;
}

const server = (env: Record<string, string>, port: number, dataDir?: string) =>
  startProgram([process.execPath, 'apps/server/dist/main.js'], { AUTH_CAPTCHA: 'off', ...env }, '/health/ready', port, dataDir);

const killHard = async (running: Running) => {
  const exited = new Promise((r) => running.child.once('exit', r));
  process.kill(-running.child.pid!, 'SIGKILL');
  await exited;
};

const lostOf = (acknowledged: string[], stored: Set<string>) => acknowledged.filter((name) => !stored.has(name)).length;
const describeRefusals = (refused: Map<number, number>) => [...refused].map(([status, n]) => `${status || 'no answer'}×${n}`).join(', ') || 'none';

/** Writers across KILLS kill -9 restarts; answers the acknowledged writes and how many are missing afterwards. */
async function killNine(env: Record<string, string>, port: number, label: string): Promise<Figure[]> {
  let running = await server(env, port);
  let current: { url: string; token: string } | undefined = { url: running.url, token: await signIn(running.url) };
  const load = writeLoad(() => current, `kill9-${label}`);
  try {
    for (let kill = 0; kill < KILLS; kill++) {
      await new Promise((r) => setTimeout(r, RUN_BETWEEN_KILLS_MS));
      current = undefined;
      await killHard(running);
      running = await server(env, port, running.dataDir);
      current = { url: running.url, token: await signIn(running.url) };
    }
    await new Promise((r) => setTimeout(r, RUN_BETWEEN_KILLS_MS));
    const tally = await load.stop();
    const stored = await storedDepartments(running.url, current.token);
    const lost = lostOf(tally.acknowledged, stored);
    console.log(`  kill -9 (${label}): ${tally.acknowledged.length} writes acknowledged across ${KILLS} kills, ${lost} lost; refused: ${describeRefusals(tally.refused)}`);
    return [
      info(`writes acknowledged across ${KILLS} kill -9 restarts (${label})`, tally.acknowledged.length, 'writes'),
      atMost(`acknowledged writes lost across ${KILLS} kill -9 restarts (${label})`, lost, 'writes', 0),
    ];
  } finally {
    await load.stop();
    await running.stop();
    removeDir(running.dataDir);
  }
}

/** A scratch database on the PostgreSQL server for one measurement; dropped afterwards. */
async function scratchDatabase(adminUrl: string, name: string) {
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url,
    drop: async () => {
      await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`)).catch(() => undefined);
      await admin.close();
    },
  };
}

/** PostgreSQL going away for OUTAGE_MS under the writers, through a proxy. */
async function outage(adminUrl: string): Promise<Figure[]> {
  const scratch = await scratchDatabase(adminUrl, 'h6_bench_faults_outage');
  const proxy = await startTcpProxy({ host: scratch.url.hostname, port: Number(scratch.url.port || 5432) });
  const proxied = new URL(scratch.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  let running: Running | undefined;
  try {
    running = await server({ DATABASE_URL: proxied.toString() }, PORTS.outage);
    const target = { url: running.url, token: await signIn(running.url) };
    const ready = async () => (await fetch(`${target.url}/health/ready`)).status === 200;
    const load = writeLoad(() => target, 'outage');
    await new Promise((r) => setTimeout(r, 1500));
    const before = new Map(load.tally.refused);
    proxy.cut();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    proxy.restore();
    const restoredAt = performance.now();
    await pollUntil(ready, 60_000, 10);
    const readyAfterMs = Math.round(performance.now() - restoredAt);
    await new Promise((r) => setTimeout(r, 1500));
    const tally = await load.stop();
    const during = new Map([...tally.refused].map(([status, n]) => [status, n - (before.get(status) ?? 0)] as const));
    const refused503 = during.get(503) ?? 0;
    const otherFailures = [...during].filter(([status]) => status !== 503).reduce((sum, [, n]) => sum + n, 0);
    const lost = lostOf(tally.acknowledged, await storedDepartments(target.url, target.token));
    console.log(`  PostgreSQL outage of ${OUTAGE_MS} ms: ready ${readyAfterMs} ms after it was back; refused during it: ${describeRefusals(during)}; ${tally.acknowledged.length} acknowledged, ${lost} lost`);
    return [
      info(`time to ready again after a ${OUTAGE_MS / 1000} s PostgreSQL outage`, readyAfterMs, 'ms'),
      info(`writes refused with 503 during the ${OUTAGE_MS / 1000} s PostgreSQL outage`, refused503, 'writes'),
      info('writes failing otherwise during the PostgreSQL outage (500 or no answer)', otherFailures, 'writes'),
      atMost('acknowledged writes lost across the PostgreSQL outage', lost, 'writes', 0),
    ];
  } finally {
    await running?.stop();
    if (running) removeDir(running.dataDir);
    await proxy.close();
    await scratch.drop();
  }
}

export async function faults(_ctx: BenchContext): Promise<Figure[]> {
  const figures = await killNine({}, PORTS.pglite, 'PGlite');
  const postgres = await postgresUrl();
  if (!postgres) {
    console.log('  faults: no PostgreSQL answers (BENCH_DATABASE_URL or 127.0.0.1:5432): the PostgreSQL figures are skipped');
    return figures;
  }
  const scratch = await scratchDatabase(postgres, 'h6_bench_faults_kill9');
  try {
    figures.push(...(await killNine({ DATABASE_URL: scratch.url.toString() }, PORTS.postgres, 'PostgreSQL')));
  } finally {
    await scratch.drop();
  }
  figures.push(...(await outage(postgres)));
  return figures;
}
