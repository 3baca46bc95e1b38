import { createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { freePort, pollUntil, removeDir, rssMb, startProgram } from '../processes.js';

/** Connections the server must hold within the memory budget. */
const CONNECTIONS = 10_000;
const MEMORY_BUDGET_MB = 1024;
/** Connections opened at once. */
const BATCH = 250;
const RATE_PER_S = 200;
const LATENCY_SECONDS = 10;
const LATENCY_BUDGET_MS = 100;

/** The sign-in form's password cipher (AES-128-CBC, zero padding, key = IV), as the web app sends it. */
function encryptPassword(plain: string, key = 'thanks,pig4cloud'): string {
  const data = Buffer.from(plain, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 16) * 16 || 16);
  data.copy(padded);
  const k = Buffer.from(key, 'latin1');
  const cipher = createCipheriv('aes-128-cbc', k, k).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

async function signIn(base: string): Promise<string> {
  const query = new URLSearchParams({ username: 'admin', password: encryptPassword('123456'), grant_type: 'password', scope: 'server' });
  const res = await fetch(`${base}/auth/oauth/token?${query.toString()}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** This process's soft limit on open files, from /proc. */
const openFileLimit = () => Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 1024);

const now = () => performance.timeOrigin + performance.now();

interface Subscriber {
  socket: WebSocket;
  /** Resolves at the RECEIPT of the subscriptions. */
  ready: Promise<void>;
}

/** A raw STOMP client: CONNECT, then SUBSCRIBE to the bell and one conversation, with a receipt. */
function subscriber(url: string, token: string, conversation: string, onMessage?: (frame: string) => void): Subscriber {
  const socket = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed ${code} before the receipt`)));
    socket.once('open', () => {
      socket.send(
        `CONNECT\naccept-version:1.2\nhost:canteen\nheart-beat:0,10000\nAuthorization:Bearer ${token}\n\n\0` +
          `SUBSCRIBE\nid:bell\ndestination:/weixin/wx_msg\n\n\0` +
          `SUBSCRIBE\nid:c\ndestination:/weixin/wx_msg${conversation}\nreceipt:ready\n\n\0`,
      );
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('RECEIPT')) resolve();
      else if (text.startsWith('ERROR')) reject(new Error(text.split('\n').find((l) => l.startsWith('message:')) ?? 'ERROR'));
      else if (onMessage && text.startsWith('MESSAGE')) onMessage(text);
    });
  });
  return { socket, ready };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Latency {
  p50: number;
  p99: number;
  max: number;
  lost: number;
}

const summary = (values: number[], total: number): Latency => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN), lost: total - values.length };
};

/** A subscriber on one conversation that records, per MESSAGE, now − the body's time fields. */
async function latencyProbe(url: string, token: string, conversation: string) {
  const fromRequest: number[] = [];
  const fromBus: number[] = [];
  const probe = subscriber(url, token, conversation, (frame) => {
    const arrived = Date.now();
    const body = frame.slice(frame.indexOf('\n\n') + 2, frame.lastIndexOf('\0'));
    const { sentAt, publishedAt } = JSON.parse(body) as { sentAt?: number; publishedAt: number };
    if (sentAt !== undefined) fromRequest.push(arrived - sentAt);
    fromBus.push(arrived - publishedAt);
  });
  await probe.ready;
  const settle = async (total: number) => {
    await pollUntil(() => fromBus.length >= total, 5000); // what has not come by then counts as lost
    probe.socket.terminate();
  };
  return { fromRequest, fromBus, settle };
}

const publish = (base: string, token: string, body: object) =>
  fetch(`${base}/live/test/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => {
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`publish answered ${r.status}`);
  });

/**
 * The live channel alone: the server publishes on its bus at a steady rate (the test hook's
 * repeat) and stamps `publishedAt` with its clock, the same wall clock as this process's Date.now().
 */
async function busLatency(base: string, url: string, token: string): Promise<Latency> {
  const total = RATE_PER_S * LATENCY_SECONDS;
  const probe = await latencyProbe(url, token, 'bench-bus');
  const message = { id: 'b', wxUserId: 'bench-bus', type: '1', repType: 'text', repContent: '消息' };
  await publish(base, token, { destinations: ['/weixin/wx_msgbench-bus'], message, stampField: 'publishedAt', repeat: total, ratePerSecond: RATE_PER_S });
  await sleep(LATENCY_SECONDS * 1000);
  await probe.settle(total);
  return summary(probe.fromBus, total);
}

/**
 * End to end through HTTP: one POST per message at a steady rate (request, access control, the
 * operation log, bus, frame).
 */
async function httpLatency(base: string, url: string, token: string): Promise<{ http: Latency; bus: Latency }> {
  const total = RATE_PER_S * LATENCY_SECONDS;
  const probe = await latencyProbe(url, token, 'bench-http');
  const interval = 1000 / RATE_PER_S;
  const started = now();
  const posts: Array<Promise<unknown>> = [];
  let failed = 0;
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - now();
    if (wait > 1) await sleep(wait);
    const message = { id: String(i), wxUserId: 'bench-http', type: '1', repType: 'text', repContent: `消息 ${i}`, sentAt: Date.now() };
    posts.push(publish(base, token, { destinations: ['/weixin/wx_msgbench-http'], message, stampField: 'publishedAt' }).catch(() => failed++));
  }
  await Promise.all(posts);
  if (failed) console.log(`live: ${failed} of ${total} publish requests failed (server overloaded?)`);
  await probe.settle(total);
  return { http: summary(probe.fromRequest, total), bus: summary(probe.fromBus, total) };
}

/**
 * The live channel: publish → frame p99 at 200 messages/s, and the memory of one instance
 * holding 10,000 subscribed STOMP connections. Runs its own server (NODE_ENV=test for
 * the publish test hook, captcha off so the bench can sign in), with its open-file limit raised.
 */
export async function live(_ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const limit = openFileLimit();
  const target = Math.min(CONNECTIONS, limit - 200);
  if (target < CONNECTIONS) console.log(`live: open-file limit ${limit} (ulimit -n) allows only ${target} connections from the bench process; raise it to measure ${CONNECTIONS}`);
  const port = await freePort();
  // The shell raises the server's soft open-file limit to the hard one, then becomes the server.
  const server = await startProgram(
    ['sh', '-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, 'apps/server/dist/main.js'],
    { NODE_ENV: 'test', AUTH_CAPTCHA: 'off', LOG_LEVEL: 'warn' },
    '/health/ready',
    port,
  );
  const sockets: WebSocket[] = [];
  try {
    const base = server.url;
    const url = `ws://127.0.0.1:${port}/weixin/ws`;
    const token = await signIn(base);

    const bus = await busLatency(base, url, token);
    figures.push(atMost(`live: bus publish → STOMP frame p99 at ${RATE_PER_S} messages/s (server-scheduled publishes, no other load)`, bus.p99, 'ms', LATENCY_BUDGET_MS));
    figures.push(info('live: bus publish → STOMP frame p50', bus.p50, 'ms'));
    const http = await httpLatency(base, url, token);
    figures.push(info(`live: HTTP POST → STOMP frame p99 at ${RATE_PER_S} POST/s (test hook over HTTP: access control, operation log, bus, frame; PGlite server)`, http.http.p99, 'ms'));
    figures.push(info('live: HTTP POST → STOMP frame p50', http.http.p50, 'ms'));
    figures.push(info(`live: bus publish → STOMP frame p99 while serving ${RATE_PER_S} POST/s`, http.bus.p99, 'ms'));
    const lost = bus.lost + http.http.lost;
    if (lost) figures.push(info('live: messages that never arrived', lost, 'messages'));

    await sleep(1000);
    const before = rssMb(server.child.pid!);
    const opening = now();
    for (let i = 0; i < target; i += BATCH) {
      const batch: Subscriber[] = [];
      for (let j = i; j < Math.min(target, i + BATCH); j++) batch.push(subscriber(url, token, `b${j}`));
      sockets.push(...batch.map((s) => s.socket));
      await Promise.all(batch.map((s) => s.ready));
    }
    const openSeconds = (now() - opening) / 1000;
    await sleep(2000);
    const held = rssMb(server.child.pid!);
    figures.push(atMost(`live: server resident memory holding ${target} subscribed STOMP connections`, Math.round(held), 'MB', MEMORY_BUDGET_MB));
    figures.push(info('live: server memory per connection (2 subscriptions each)', Math.round(((held - before) * 1024) / target), 'KB'));
    figures.push(info(`live: time to open and subscribe ${target} connections (batches of ${BATCH})`, Number(openSeconds.toFixed(2)), 's'));

    // One bell message to every connection: the time until the last frame arrives.
    let delivered = 0;
    const fanned = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.on('message', (data: Buffer) => {
          if (data.subarray(0, 7).toString() === 'MESSAGE' && ++delivered === sockets.length) resolve();
        });
      }
    });
    const fanStart = now();
    await fetch(`${base}/live/test/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ destinations: ['/weixin/wx_msg'], message: { id: 'bell', type: '1', repType: 'text', repContent: '铃' } }),
    });
    await Promise.race([fanned, sleep(30_000)]);
    figures.push(info(`live: one bell message to ${target} subscribers, time to the last frame (${delivered} delivered)`, Math.round(now() - fanStart), 'ms'));
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
    removeDir(server.dataDir);
  }
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (redisUrl) {
    try {
      figures.push(...(await overRedis(redisUrl)));
    } catch (error) {
      console.log(`live: the Redis bus figure failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  else console.log('live: the Redis bus figure is skipped (set BENCH_REDIS_URL or TEST_REDIS_URL)');
  return figures;
}

/** The same bus latency with the server on Redis pub/sub (REDIS_URL), a channel of its own. */
async function overRedis(redisUrl: string): Promise<Figure[]> {
  const port = await freePort();
  const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], {
    NODE_ENV: 'test', AUTH_CAPTCHA: 'off', LOG_LEVEL: 'warn', REDIS_URL: redisUrl, LIVE_REDIS_CHANNEL: `canteen:bench:${process.pid}`,
  }, '/health/ready', port);
  try {
    const token = await signIn(server.url);
    const bus = await busLatency(server.url, `ws://127.0.0.1:${port}/weixin/ws`, token);
    return [
      atMost(`live: bus publish → STOMP frame p99 at ${RATE_PER_S} messages/s over Redis pub/sub`, bus.p99, 'ms', LATENCY_BUDGET_MS),
      info('live: bus publish → STOMP frame p50 over Redis pub/sub', bus.p50, 'ms'),
    ];
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}
