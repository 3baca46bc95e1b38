import { randomBytes, createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import autocannon from 'autocannon';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openPglite, openPostgres } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import { DEMO_ACCOUNT } from '../../../apps/server/src/modules/wxmp/seed.js';
import type { BenchContext } from '../context.js';
import { atLeast, atMost, info, type Figure } from '../figures.js';
import { freePort, removeDir, startProgram } from '../processes.js';
import { postgresUrl } from '../postgres.js';

const sign = (...parts: string[]) => createHash('sha1').update([...parts].sort().join('')).digest('hex');
const FOLLOWERS = 50;

/**
 * Signed plain-text pushes to the callback at full speed, each with a new MsgId (so each is
 * stored: a follower upsert and a message insert); counted when the server answered 200.
 */
async function pushThroughput(baseUrl: string, seconds = 5): Promise<{ rps: number; errors: number; p99: number; sent: number }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(1_000_000 + Math.floor(Math.random() * 1e6));
  const query = new URLSearchParams({ signature: sign(DEMO_ACCOUNT.token, timestamp, nonce), timestamp, nonce, openid: 'bench' }).toString();
  const run = randomBytes(3).readUIntBE(0, 3);
  let n = 0;
  const result = await autocannon({
    url: `${baseUrl}/weixin/portal/${DEMO_ACCOUNT.appId}?${query}`,
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    duration: seconds,
    connections: 32,
    requests: [{
      setupRequest: (request) => {
        n++;
        const msgId = `${run}${String(n).padStart(12, '0')}`;
        const from = `o_bench_${n % FOLLOWERS}`;
        request.body = `<xml><ToUserName><![CDATA[${DEMO_ACCOUNT.originalId}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[第${n}条消息：今天有什么菜？]]></Content><MsgId>${msgId}</MsgId></xml>`;
        return request;
      },
    }],
  });
  const ok = result['2xx'];
  return { rps: Math.round(ok / seconds), errors: result.errors + result.non2xx, p99: result.latency.p99, sent: n };
}

async function onPostgres(adminUrl: string): Promise<Figure[]> {
  const name = `canteen_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { DATABASE_URL: u.toString(), WECHAT_API_BASE: 'http://127.0.0.1:9' }, '/health/ready', await freePort());
    try {
      await pushThroughput(server.url, 1); // warm-up
      const result = await pushThroughput(server.url);
      const db = await openPostgres(u.toString());
      const stored = await db.exclusive((exec) => exec(`select count(*)::int as n from wx_msg where app_id = $1`, [DEMO_ACCOUNT.appId]));
      await db.close();
      return [
        atLeast('callback: signed plain-text pushes stored per second (PostgreSQL)', result.rps, 'msg/s', 2000),
        info('callback p99 latency under that load (PostgreSQL)', result.p99, 'ms'),
        info('callback messages in wx_msg after the PostgreSQL runs', Number(stored[0]!.n), 'rows'),
      ];
    } finally {
      await server.stop();
      removeDir(server.dataDir);
    }
  } finally {
    await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
    await admin.close();
  }
}

/**
 * The material page (`data.items`, `data.totalCount`) from the local mirror at 10,000 materials:
 * the data is made in this process, then the built server serves it from the same folder.
 */
async function materialPage(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-material-'));
  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  let token: string;
  const database = await openPglite(dataDir);
  try {
    await migrate(database);
    await seed(database, config, seeders);
    await database.exclusive((exec) => exec(`
      insert into wx_material (app_id, media_id, type, name, wx_url, storage_key, content_type, size_bytes, update_time)
      select '${DEMO_ACCOUNT.appId}', 'bench_media_' || i, case when i % 4 = 0 then 'voice' else 'image' end, 'dish-' || i || '.png',
        null, 'material/' || md5(i::text) || '.png', 'image/png', 20000 + i, now() - make_interval(secs => i)
      from generate_series(1, 10000) i`));
    const app = await buildApp(config, { database });
    try {
      const [admin] = await database.db.select({ id: sysUser.id }).from(sysUser).limit(1);
      token = (await app.identity.tokens.issue({ userId: admin!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 })).access_token;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { WECHAT_API_BASE: 'http://127.0.0.1:9' }, '/health/ready', await freePort(), dataDir);
  try {
    const pages = Array.from({ length: 20 }, (_, i) => `/weixin/wxmaterial/page?appId=${DEMO_ACCOUNT.appId}&type=image&current=${1 + i * 17}&size=20`);
    let k = 0;
    const run = (duration: number) => autocannon({
      url: server.url,
      headers: { authorization: `Bearer ${token}` },
      duration,
      connections: 4,
      requests: [{ setupRequest: (request) => ({ ...request, path: pages[k++ % pages.length]! }) }],
    });
    await run(1); // warm-up: plans, caches and the first sync check
    const result = await run(5);
    return [
      atMost('GET /weixin/wxmaterial/page p99 at 10,000 materials (PGlite, 4 connections)', result.latency.p99, 'ms', 20),
      info('GET /weixin/wxmaterial/page requests per second at 10,000 materials', Math.round(result.requests.average), 'req/s'),
      ...(result.non2xx + result.errors ? [info('material page failures during the run', result.non2xx + result.errors, 'requests')] : []),
    ];
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

export async function messaging({ server }: BenchContext): Promise<Figure[]> {
  await pushThroughput(server.url, 1); // warm-up (creates the followers)
  const pglite = await pushThroughput(server.url);
  const figures: Figure[] = [
    atLeast('callback: signed plain-text pushes stored per second (PGlite)', pglite.rps, 'msg/s', 500),
    info('callback p99 latency under that load (PGlite)', pglite.p99, 'ms'),
  ];
  if (pglite.errors) figures.push(info('callback failures during the PGlite run', pglite.errors, 'requests'));
  const pg = await postgresUrl();
  if (pg) figures.push(...(await onPostgres(pg)));
  else figures.push(info('callback on PostgreSQL skipped (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)', 0, ''));
  figures.push(...(await materialPage()));
  return figures;
}
