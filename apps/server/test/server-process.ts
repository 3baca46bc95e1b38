import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverRoot } from '../src/config.js';
import { TEST_SECRETS_KEY } from './config.js';

/**
 * src/main.ts in a process of its own, as operators run it, for tests that kill a server
 * (SIGKILL: nothing of it runs afterwards) or run several on one database. Quiet, captcha and
 * rate limits off, the platform unreachable, the test apps' secrets key (so it opens what the
 * seeded template sealed); `env` adds or overrides settings (DATABASE_URL, REDIS_URL, …).
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Answers 200 on /health/ready (rejects when the process exits first). */
  ready: Promise<void>;
  /** The exit code, or null when killed by a signal. */
  exited: Promise<number | null>;
  /** kill -9, and waits until the process is gone; its data folder is removed. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful shutdown), and waits until it exited; its data folder is removed. */
  stop(): Promise<void>;
  /** What it wrote so far on stdout (its log) and stderr (also passed on to the test's), the first MB of it. */
  output(): string;
}

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * `count` ports of [from, to] that can be listened on now: a test's ports come from a range of
 * its own. Ranges lie below Linux's ephemeral ports (32768-60999): a child server listens only
 * after it booted (a minute of seeding under load), and meanwhile any client socket could take a
 * free ephemeral port (seen: EADDRINUSE on 47400).
 */
export async function portsIn(from: number, to: number, count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < count; port++) if (await bindable(port)) ports.push(port);
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in ${from}-${to}`);
  return ports;
}

async function waitReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the process and answers at once (its dispatcher and jobs start before it listens: `ready` says when it does). */
export function spawnServerProcess(port: number, env: Record<string, string> = {}, readyTimeoutMs = 120_000): ServerProcess {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-child-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '',
      DEMO_MODE: 'on', AUTH_CAPTCHA: 'off', RATE_LIMITS: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9', WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SECRETS_KEY: TEST_SECRETS_KEY, PRINTER_ALLOW_LOOPBACK: 'on', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for tests that read the log (at most the first MB: a runaway log must not fill memory).
  let output = '';
  const keep = (text: string) => {
    if (output.length < 1_000_000) output += text;
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    keep(text);
    process.stderr.write(text);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const ready = waitReady(child, `${url}/health/ready`, readyTimeoutMs);
  ready.catch(() => undefined); // a process killed before it was ready is no failure of its own
  return {
    child, port, url, ready, exited,
    output: () => output,
    async kill9() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    async stop() {
      if (!gone()) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the process and waits until it is ready (killed when it is not within the time). */
export async function startServerProcess(port: number, env: Record<string, string> = {}, readyTimeoutMs = 120_000): Promise<ServerProcess> {
  const running = spawnServerProcess(port, env, readyTimeoutMs);
  try {
    await running.ready;
  } catch (error) {
    await running.kill9();
    throw error;
  }
  return running;
}
