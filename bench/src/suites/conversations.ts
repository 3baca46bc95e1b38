import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { buildInboundXml, encryptPush } from '@canteen/wechat-protocol';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openPostgres, type Database } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import { DEMO_ACCOUNT } from '../../../apps/server/src/modules/wxmp/seed.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { freePort, pollUntil, removeDir, startProgram } from '../processes.js';
import { postgresUrl } from '../postgres.js';

const MESSAGES = 1_000_000;
const FOLLOWERS = 20_000;
/** The newest 2 % of follower messages are unread (the bell's working set). */
const UNREAD_FROM = Math.round(MESSAGES * 0.98);
const HISTORY_BUDGET_MS = 20;
const BELL_BUDGET_MS = 30;
const PUSH_RATE = 200;
const PUSH_SECONDS = 10;
const PUSH_BUDGET_MS = 100;

/** 20,000 followers and a million messages over ~12 days (70 % from followers, some events), the newest 2 % unread. */
async function fill(database: Database) {
  const app = DEMO_ACCOUNT.appId;
  await database.exclusive(async (exec) => {
    await exec(`insert into wx_user (app_id, open_id, subscribe, subscribe_num, subscribe_time, nick_name, last_interaction_at)
      select '${app}', 'o_bench_' || i, '1', 1, now() - make_interval(days => i % 365), '粉丝' || i, now() from generate_series(1, ${FOLLOWERS}) i`);
    await exec(`create temporary table bench_fans as select row_number() over (order by id) - 1 as k, id from wx_user where app_id = '${app}' and open_id like 'o_bench_%'`);
    await exec(`insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_event, rep_content, read_flag, nick_name, app_name, create_time, send_status)
      select '${app}', f.id, 'o_bench_' || (f.k + 1),
        case when i % 10 < 7 then '1' else '2' end,
        case when i % 50 = 0 then 'event' when i % 17 = 0 then 'image' else 'text' end,
        case when i % 50 = 0 then 'CLICK' end,
        '第' || i || '条消息：今天有什么菜？',
        case when i % 10 < 7 and i > ${UNREAD_FROM} then '0' else '1' end,
        '粉丝' || (f.k + 1), '${DEMO_ACCOUNT.name}',
        now() - make_interval(secs => (${MESSAGES} - i)),
        case when i % 10 >= 7 then 'sent' end
      from generate_series(1, ${MESSAGES}) i join bench_fans f on f.k = i % ${FOLLOWERS}`);
    await exec('vacuum analyze wx_msg');
    await exec('vacuum analyze wx_user');
    await exec('vacuum analyze wx_unread');
  });
}

async function p99Of(base: string, token: string, paths: string[], seconds = 5) {
  let k = 0;
  const result = await autocannon({
    url: base,
    headers: { authorization: `Bearer ${token}` },
    duration: seconds,
    connections: 4,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[k++ % paths.length]! }) }],
  });
  return { p99: result.latency.p99, rps: Math.round(result.requests.average), failures: result.non2xx + result.errors };
}

/** The conversation service's own call (SQL round trips, no HTTP), one at a time: p99 in ms. */
async function serviceP99(work: (i: number) => Promise<unknown>, runs = 400) {
  for (let i = 0; i < 20; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  const sorted = times.sort((a, b) => a - b);
  return Math.round(percentile(sorted, 99) * 10) / 10;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A push through the real callback (safe mode, signed and encrypted as the platform does) to
 * the STOMP frame on the bell, at a steady rate: storage, the automatic-reply lookup, the live
 * publish and the frame.
 */
async function pushToFrame(base: string, token: string): Promise<{ p50: number; p99: number; lost: number }> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const socket = new WebSocket(`${base.replace('http', 'ws')}/weixin/ws`, ['v12.stomp'], { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(`CONNECT\naccept-version:1.2\nhost:canteen\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0SUBSCRIBE\nid:bell\ndestination:/weixin/wx_msg\nreceipt:ready\n\n\0`));
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('RECEIPT')) return resolve();
      if (!text.startsWith('MESSAGE')) return;
      const seq = /bench-push-(\d+)/.exec(text)?.[1];
      const at = seq === undefined ? undefined : sentAt.get(seq);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
  });
  const credentials = { appId: DEMO_ACCOUNT.appId, token: DEMO_ACCOUNT.token, encodingAesKey: DEMO_ACCOUNT.encodingAesKey };
  const run = randomBytes(3).readUIntBE(0, 3);
  const total = PUSH_RATE * PUSH_SECONDS;
  const posts: Array<Promise<unknown>> = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / PUSH_RATE;
    while (performance.now() < due) await sleep(Math.max(0, Math.min(4, due - performance.now())));
    const openid = `o_push_${i % 50}`;
    const xml = buildInboundXml({ toUserName: DEMO_ACCOUNT.originalId, fromUserName: openid, createTime: Math.floor(Date.now() / 1000), msgType: 'text', content: `bench-push-${i}`, msgId: `${run}${String(i).padStart(10, '0')}` });
    const push = encryptPush(xml, credentials, { toUserName: DEMO_ACCOUNT.originalId, openid });
    sentAt.set(String(i), performance.now());
    posts.push(fetch(`${base}/weixin/portal/${DEMO_ACCOUNT.appId}?${new URLSearchParams(push.query as unknown as Record<string, string>).toString()}`, {
      method: 'POST', headers: { 'content-type': 'text/xml' }, body: push.body,
    }).then((r) => r.arrayBuffer()).catch(() => undefined));
  }
  await Promise.all(posts);
  await pollUntil(() => latencies.length >= total, 5000); // what has not come by then counts as lost
  socket.terminate();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), lost: total - latencies.length };
}

/**
 * The conversation panel's history page and the bell at a million stored messages on
 * PostgreSQL (a scratch database), through the whole server over HTTP; then the time from a
 * push reaching the callback to its STOMP frame.
 */
export async function conversations(_ctx: BenchContext): Promise<Figure[]> {
  const adminUrl = await postgresUrl();
  if (!adminUrl) return [info('conversations: history page and bell at 1,000,000 messages skipped (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)', 0, '')];
  const name = `canteen_bench_conv_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-conv-'));
  let database: Database | undefined;
  let app: App | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'), DATABASE_URL: u.toString(),
    });
    database = await openPostgres(u.toString());
    await migrate(database);
    await seed(database, config, seeders);
    const filling = performance.now();
    await fill(database);
    const fillSeconds = Math.round((performance.now() - filling) / 100) / 10;
    app = await buildApp(config, { database });
    const [user] = await database.db.select({ id: sysUser.id }).from(sysUser).limit(1);
    const set = await app.identity.tokens.issue({ userId: user!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const token = set.access_token;

    const bellPath = '/weixin/wxmsg/page?current=1&size=10&descs=create_time&notInRepType=event&type=1&readFlag=0';
    await p99Of(base, token, [bellPath], 1); // warm-up
    const bell = await p99Of(base, token, [bellPath]);
    const fans = await database.exclusive((exec) => exec(`select id from wx_user where app_id = $1 and open_id like 'o_bench_%' order by random() limit 200`, [DEMO_ACCOUNT.appId]));
    const history = fans.flatMap((f, i) => [`/weixin/wxmsg/page?appId=${DEMO_ACCOUNT.appId}&wxUserId=${String(f.id)}&current=${1 + (i % 3)}&size=14&descs=create_time`]);
    await p99Of(base, token, history, 1);
    const page = await p99Of(base, token, history);
    const service = app.conversations.messages;
    const bellQuery = { current: 1, size: 10, descs: 'create_time', ascs: undefined, type: '1', readFlag: '0', notInRepType: 'event' } as const;
    const bellService = await serviceP99(() => service.page(bellQuery));
    const ids = fans.map((f) => String(f.id));
    const historyService = await serviceP99((i) => service.page({ current: 1 + (i % 3), size: 14, descs: 'create_time', ascs: undefined, appId: DEMO_ACCOUNT.appId, wxUserId: ids[i % ids.length] }));
    // The push → frame figure needs the server in its own process, as in production: here the
    // load generator, its encryption and the STOMP client would share the server's event loop.
    await app.close();
    app = undefined;
    // The same data folder: it holds the key that seals the account's secrets.
    const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { DATABASE_URL: u.toString(), WECHAT_API_BASE: 'http://127.0.0.1:9' }, '/health/ready', await freePort(), dataDir);
    let push: Awaited<ReturnType<typeof pushToFrame>>;
    try {
      push = await pushToFrame(server.url, token);
    } finally {
      await server.stop();
    }
    const figures: Figure[] = [
      info(`conversations: ${MESSAGES.toLocaleString('en')} messages of ${FOLLOWERS.toLocaleString('en')} followers generated on PostgreSQL in`, fillSeconds, 's'),
      atMost('conversations: history page query (one follower, 14 per page, mark-read + count + page; the service call, one at a time) p99 at 1,000,000 messages (PostgreSQL)', historyService, 'ms', HISTORY_BUDGET_MS),
      atMost('conversations: bell query (one row per follower, latest unread + countMsg, ~14,000 unread; the service call, one at a time) p99 at 1,000,000 messages (PostgreSQL)', bellService, 'ms', BELL_BUDGET_MS),
      info('conversations: GET /weixin/wxmsg/page history over HTTP p99 (4 connections)', page.p99, 'ms'),
      info('conversations: history page requests per second', page.rps, 'req/s'),
      info('conversations: GET /weixin/wxmsg/page bell over HTTP p99 (4 connections)', bell.p99, 'ms'),
      info('conversations: bell requests per second', bell.rps, 'req/s'),
      atMost(`conversations: push to the callback (safe mode) → STOMP frame on the bell p99 at ${PUSH_RATE} pushes/s (PostgreSQL)`, push.p99, 'ms', PUSH_BUDGET_MS),
      info('conversations: push → STOMP frame p50', push.p50, 'ms'),
    ];
    if (page.failures + bell.failures) figures.push(info('conversations: failed page requests', page.failures + bell.failures, 'requests'));
    if (push.lost) figures.push(info('conversations: pushes whose frame never arrived', push.lost, 'pushes'));
    return figures;
  } finally {
    await app?.close();
    await database?.close();
    await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
    await admin.close();
    removeDir(dataDir);
  }
}
