import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import type { Database } from './db/client.js';
import { serverRoot } from './config.js';
import { encryptPassword } from './modules/auth/cipher.js';
import { DEMO_PASSWORD } from './modules/upms/seed.js';
import { shutdown } from './shutdown.js';
import { testConfig } from '../test/config.js';
import { createTestDatabase } from '../test/database.js';
import { signIn } from '../test/auth.js';
import { connectFrame, RawStomp } from '../test/stomp.js';
import { header } from './live/frames.js';

/**
 * Graceful shutdown (issue 17, item 4). The server as operators run it (src/main.ts in a child
 * process on the embedded database): requests in flight when SIGTERM arrives complete with 200
 * and their writes are there after a restart; live sockets get the reconnect hint; exit code 0.
 * Then a rolling restart of two instances on one PostgreSQL database (TEST_DATABASE_URL), in
 * process with the shutdown main.ts calls: every acknowledged write is kept, and a job running
 * on the instance that stops is finished there or handed back and finished elsewhere, never twice.
 */

const PORT = 4106;
const base = `http://127.0.0.1:${PORT}`;

interface Answer { status: number; body: string }

/** One request on its own connection; `hold` sends the headers (Expect: 100-continue) and waits for the go-ahead before the body. */
function post(port: number, url: string, token: string, body: unknown, hold = false) {
  const payload = JSON.stringify(body);
  let sendBody!: () => void;
  let answer!: Promise<Answer>;
  const dispatched = new Promise<void>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: url, agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), connection: 'close', ...(hold ? { expect: '100-continue' } : {}) },
    });
    sendBody = () => req.end(payload);
    // The server answers 100 Continue once it has the headers and has handed the request to the app.
    req.once('continue', () => resolve());
    req.once('error', reject);
    answer = new Promise<Answer>((done, fail) => {
      req.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      });
      req.once('error', fail);
    });
    if (hold) req.flushHeaders();
    else {
      sendBody();
      resolve();
    }
  });
  return { dispatched, finish: () => sendBody(), answer: () => answer };
}

async function waitReady(child: ChildProcess, url: string) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** src/main.ts in its own process, as `npm start` runs the built one. */
async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env, NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '',
      AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9', WEB_DIST_DIR: path.join(dataDir, 'no-web'), SHUTDOWN_TIMEOUT_MS: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitReady(child, `${base}/health/ready`);
  return { child, exited };
}

async function passwordToken(): Promise<string> {
  const query = new URLSearchParams({ username: 'admin', password: encryptPassword(DEMO_PASSWORD, 'thanks,pig4cloud'), grant_type: 'password', scope: 'server' });
  const res = await fetch(`${base}/auth/oauth/token?${query.toString()}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, isToken: 'false' } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

const namesOf = (nodes: { name: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((n) => [n.name, ...namesOf((n.children ?? []) as { name: string; children?: unknown[] }[])]);

describe('SIGTERM on the server process (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-shutdown-'));
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight (200, written), closes live sockets with a reconnect hint, exits 0; the writes are there after a restart', { timeout: 300_000 }, async () => {
    running = await startServer(dataDir);
    const token = await passwordToken();
    const live = await RawStomp.open(`ws://127.0.0.1:${PORT}/weixin/ws`);
    live.send(connectFrame(token));
    expect((await live.frame(0)).command).toBe('CONNECTED');

    // Three writes whose headers the server has taken (100 Continue), bodies not yet sent.
    const inflight = [1, 2, 3].map((n) => post(PORT, '/upms/dept', token, { name: `在途-${n}`, parentId: '-1' }, true));
    await Promise.all(inflight.map((r) => r.dispatched));

    running.child.kill('SIGTERM');
    // The shutdown has begun: the live socket is told to reconnect and closed with 1012 (service restart).
    const hint = await live.frame(1, 15_000);
    expect(hint.command).toBe('ERROR');
    expect(header(hint, 'message')).toBe('server restarting: reconnect');
    expect(Number(header(hint, 'reconnect-after-ms'))).toBeGreaterThan(0);
    expect((await live.closed).code).toBe(1012);

    // A request that comes now is not taken (503, or no longer accepted), and writes nothing.
    const late = post(PORT, '/upms/dept', token, { name: '关闭后', parentId: '-1' });
    const lateAnswer = await late.dispatched.then(() => late.answer()).catch((error: unknown) => ({ status: 0, body: String(error) }));
    expect([0, 503]).toContain(lateAnswer.status);

    // The requests in flight get their bodies only now, and complete.
    for (const r of inflight) r.finish();
    const answers = await Promise.all(inflight.map((r) => r.answer()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (JSON.parse(a.body) as { code: number }).code)).toEqual([0, 0, 0]);
    expect(await running.exited).toBe(0);

    running = await startServer(dataDir);
    const again = await passwordToken();
    const tree = (await (await fetch(`${base}/upms/dept/tree`, { headers: { authorization: `Bearer ${again}` } })).json()) as { data: { name: string }[] };
    const names = namesOf(tree.data);
    expect(names).toEqual(expect.arrayContaining(['在途-1', '在途-2', '在途-3']));
    expect(names).not.toContain('关闭后');
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a rolling restart of two instances on one PostgreSQL database (TEST_DATABASE_URL)', () => {
  let database: Database;
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await database?.close();
  });

  /** Jobs of the test kind: each run is recorded; a job holds until the test releases it or its runner stops it. */
  const runs: { n: number; instance: string; attempt: number; outcome?: 'done' | 'stopped' }[] = [];
  const active = new Set<number>();
  const overlaps: string[] = [];
  const releases = new Map<number, () => void>();
  const released = new Map<number, Promise<void>>();
  const gateFor = (n: number) => {
    if (!released.has(n)) released.set(n, new Promise<void>((resolve) => releases.set(n, resolve)));
    return released.get(n)!;
  };
  const release = (n: number) => {
    void gateFor(n);
    releases.get(n)!();
  };

  async function instance(name: string, port: number): Promise<App> {
    const app = await buildApp(testConfig({ JOB_POLL_MS: '20', SHUTDOWN_TIMEOUT_MS: '3000' }), { database });
    app.jobs.register('test.rolling', {
      handler: async (payload: { n: number }, ctx) => {
        const { n } = payload;
        if (active.has(n)) overlaps.push(`job ${n} started on ${name} while running elsewhere`);
        active.add(n);
        const run: (typeof runs)[number] = { n, instance: name, attempt: ctx.attempt };
        runs.push(run);
        try {
          const stopped = new Promise<'stopped'>((resolve) => ctx.signal.addEventListener('abort', () => resolve('stopped'), { once: true }));
          run.outcome = await Promise.race([gateFor(n).then(() => 'done' as const), stopped]);
          if (run.outcome === 'stopped') throw new Error('stopped');
        } finally {
          active.delete(n);
        }
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
    apps.push(app);
    return app;
  }

  it('keeps every acknowledged write, and runs each job to the end exactly once', { timeout: 120_000 }, async () => {
    database = await createTestDatabase();
    const a = await instance('A', 4107);
    const jobs: string[] = [];
    for (const n of [1, 2, 3]) jobs.push((await a.jobs.enqueue('test.rolling', { n })).job.id);
    await expect.poll(() => runs.filter((r) => r.instance === 'A').length).toBe(3); // all three running on A
    const b = await instance('B', 4108);
    const token = (await signIn(a, 'admin')).authorization.slice(7);

    // Writers behind a load balancer: each write goes to an instance that is up, or the other when refused.
    const ports = [4107, 4108];
    const acknowledged: string[] = [];
    let writing = true;
    let sent = 0;
    const writer = (async () => {
      while (writing) {
        const name = `滚动-${sent++}`;
        for (const port of [ports[sent % 2]!, ports[(sent + 1) % 2]!]) {
          const r = post(port, '/upms/dept', token, { name, parentId: '-1' });
          const answer = await r.dispatched.then(() => r.answer()).catch(() => undefined);
          if (answer?.status === 200) {
            acknowledged.push(name);
            break;
          }
          if (answer && answer.status !== 503) throw new Error(`write ${name}: ${answer.status} ${answer.body}`);
        }
        await new Promise((r) => setTimeout(r, 5)); // a steady trickle, not a flood
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThan(5);

    // A stops: job 1 finishes there during the shutdown; jobs 2 and 3 are told to stop and handed back to B.
    const stoppingA = shutdown(a, { timeoutMs: 3000 });
    release(1);
    expect(await stoppingA).toBe(0);
    await expect.poll(() => runs.filter((r) => r.instance === 'B').map((r) => r.n).sort()).toEqual([2, 3]);

    // A comes back (A2 on the same port); then B stops, handing jobs 2 and 3 to A2.
    const a2 = await instance('A2', 4107);
    await expect.poll(() => acknowledged.length).toBeGreaterThan(10);
    expect(await shutdown(b, { timeoutMs: 3000 })).toBe(0);
    await expect.poll(() => runs.filter((r) => r.instance === 'A2').map((r) => r.n).sort()).toEqual([2, 3]);
    release(2);
    release(3);
    await expect.poll(async () => (await Promise.all(jobs.map(async (id) => (await a2.jobs.get(id))!.state)))).toEqual(['done', 'done', 'done']);
    writing = false;
    await writer;

    // Each job ran to the end exactly once, and never on two instances at a time.
    expect(overlaps).toEqual([]);
    const finished = runs.filter((r) => r.outcome === 'done').map((r) => `${r.n}@${r.instance}`).sort();
    expect(finished).toEqual(['1@A', '2@A2', '3@A2']);
    expect(runs.filter((r) => r.outcome === 'stopped').map((r) => `${r.n}@${r.instance}`).sort()).toEqual(['2@A', '2@B', '3@A', '3@B']);
    // Handed back, not counted: every run was the job's first attempt.
    expect(runs.every((r) => r.attempt === 1)).toBe(true);

    // Every acknowledged write is in the database.
    const rows = await database.exclusive((exec) => exec('select name from sys_dept'));
    const stored = new Set(rows.map((r) => String(r.name)));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    await shutdown(a2, { timeoutMs: 3000 });
  });
});
