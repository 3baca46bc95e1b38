import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * The bench's one way to wait for something: asks `done` every `intervalMs` until it holds, and
 * answers whether it did within `timeoutMs` (an error thrown by `done` ends the wait at once).
 */
export async function pollUntil(done: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 20): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Waits until `url` answers 200 (and fails at once when `child` exits first). */
export async function waitFor(url: string, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
  const answered = await pollUntil(async () => {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      return (await fetch(url)).ok;
    } catch {
      return false; // not listening yet
    }
  }, timeoutMs, 25);
  if (!answered) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resident memory of a process in MB, from /proc. */
export const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

export interface Running {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts a Node program in its own process group and stops the whole group afterwards. */
export async function startProgram(args: string[], env: Record<string, string>, readyPath: string, port: number, dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-'))): Promise<Running> {
  const child = spawn(args[0]!, args.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(url + readyPath, 60_000, child);
  } catch (error) {
    // Not left running (it is detached, in a process group of its own) when it was too slow.
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    removeDir(dataDir);
    throw error;
  }
  return {
    url,
    child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
    },
  };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
