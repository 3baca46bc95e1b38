import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openPglite } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { store, storeArea, storeTable } from '../../../apps/server/src/modules/store/tables.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { load } from '../load.js';
import { freePort, pollUntil, removeDir, startProgram } from '../processes.js';

/**
 * The service floor (issue 24) on PGlite, through the whole built server over HTTP:
 *
 * - the table map (`GET /order/floor/map`) of a store with 60 tables in three areas, 40 of them
 *   seated (开台) : p99 under load (budget ≤ 20 ms), quiet and while a table changes ten times a
 *   second (each change makes the map's read model build again).
 * - a table change reaching the screens: 50 STOMP clients (maps and kitchen displays) subscribed
 *   to the store's floor; one table is opened, then cleared, 100 times over, one change at a time;
 *   per change and screen, the time from sending the request to the screen's frame (p99 budget
 *   ≤ 100 ms; every frame must arrive).
 */

const TABLES = 60;
const SEATED = 40;
const SCREENS = 50;
const CHANGES = 200;
const MAP_BUDGET_MS = 20;
const FANOUT_BUDGET_MS = 100;
const CHANGE_EVERY_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10;
};

/** A STOMP client on the store's floor destination that calls `onEvent` with each event's table ids. */
function screen(url: string, token: string, storeId: string, onEvent: (tableIds: string[]) => void): Promise<WebSocket> {
  const socket = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(
      `CONNECT\naccept-version:1.2\nhost:canteen\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`
      + `SUBSCRIBE\nid:floor\ndestination:/store/floor${storeId}\nreceipt:ready\n\n\0`,
    ));
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('RECEIPT')) resolve(socket);
      else if (text.startsWith('ERROR')) reject(new Error(text.split('\n').find((l) => l.startsWith('message:')) ?? 'ERROR'));
      else if (text.startsWith('MESSAGE')) {
        const body = text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'));
        onEvent((JSON.parse(body) as { tableIds?: string[] }).tableIds ?? []);
      }
    });
  });
}

export async function floorSuite(_: BenchContext): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-floor-'));
  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on', DEMO_DATA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  let token: string;
  let storeId: string;
  let tableIds: string[];
  const database = await openPglite(dataDir);
  try {
    await migrate(database);
    await seed(database, config, seeders);
    const db = database.db;
    const [shop] = await db.insert(store).values({ name: `压测·六十桌${randomBytes(2).toString('hex')}` }).returning({ id: store.id });
    storeId = shop!.id;
    const areas = await db.insert(storeArea).values(['大厅', '二楼', '包间'].map((name, sort) => ({ storeId, name, sort }))).returning({ id: storeArea.id });
    const tables = await db.insert(storeTable).values(Array.from({ length: TABLES }, (_, i) => ({
      storeId, areaId: areas[i % 3]!.id, code: `${'ABC'[i % 3]}${String(Math.floor(i / 3) + 1).padStart(2, '0')}`, seats: 4, qrToken: randomBytes(18).toString('base64url'), sort: i,
    }))).returning({ id: storeTable.id });
    tableIds = tables.map((t) => t.id);
    const app = await buildApp(config, { database });
    try {
      const [admin] = await db.select({ id: sysUser.id }).from(sysUser).limit(1);
      token = (await app.identity.tokens.issue({ userId: admin!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 })).access_token;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }

  const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { WECHAT_API_BASE: 'http://127.0.0.1:9' }, '/health/ready', await freePort(), dataDir);
  const sockets: WebSocket[] = [];
  try {
    const authorization = `Bearer ${token}`;
    const post = async (pathname: string, body?: object) => {
      const answer = await fetch(`${server.url}${pathname}`, {
        method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`POST ${pathname}: ${answer.status} ${text}`);
    };
    for (const id of tableIds.slice(0, SEATED)) await post(`/order/floor/table/${id}/open`, { guests: 3 });

    const mapUrl = `${server.url}/order/floor/map?storeId=${storeId}`;
    await load(mapUrl, { headers: { authorization }, seconds: 3 }); // warm-up
    const map = await load(mapUrl, { headers: { authorization }, serverPid: server.child.pid! });
    // The same reads during service: a table opened or cleared every CHANGE_EVERY_MS, each change making every instance build the map again.
    const changing = tableIds[TABLES - 2]!;
    let stop = false;
    const changes = (async () => {
      for (let i = 0; !stop; i++) {
        await post(i % 2 === 0 ? `/order/floor/table/${changing}/open` : `/order/floor/table/${changing}/clear`, i % 2 === 0 ? { guests: 2 } : undefined);
        await new Promise((resolve) => setTimeout(resolve, CHANGE_EVERY_MS));
      }
    })();
    const mapInService = await load(mapUrl, { headers: { authorization } }).finally(() => { stop = true; });
    await changes;

    // 50 screens; a change is one table's 开台 or 清台, sent one at a time.
    const moving = tableIds[TABLES - 1]!;
    const latencies: number[] = [];
    let sentAt = 0;
    let arrived = 0;
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/weixin/ws`;
    for (let i = 0; i < SCREENS; i++) {
      sockets.push(await screen(wsUrl, token, storeId, (ids) => {
        if (!ids.includes(moving)) return;
        latencies.push(performance.now() - sentAt);
        arrived += 1;
      }));
    }
    let lost = 0;
    for (let i = 0; i < CHANGES; i++) {
      arrived = 0;
      sentAt = performance.now();
      await post(i % 2 === 0 ? `/order/floor/table/${moving}/open` : `/order/floor/table/${moving}/clear`, i % 2 === 0 ? { guests: 2 } : undefined);
      if (!(await pollUntil(() => arrived >= SCREENS, 2000, 1))) lost += SCREENS - arrived;
    }

    const figures: Figure[] = [
      atMost(`GET /order/floor p99, a store of ${TABLES} tables with ${SEATED} seated (PGlite, HTTP)`, map.p99, 'ms', MAP_BUDGET_MS),
      info('GET /order/floor requests per second', map.rps, 'req/s'),
      atMost(`GET /order/floor p99 while a table changes every ${CHANGE_EVERY_MS} ms`, mapInService.p99, 'ms', MAP_BUDGET_MS),
      info(`GET /order/floor requests per second while a table changes every ${CHANGE_EVERY_MS} ms`, mapInService.rps, 'req/s'),
      ...(map.serverCpuUs === undefined ? [] : [info("GET /order/floor: the server's CPU per answer", map.serverCpuUs, 'µs')]),
      atMost(`a table change (开台/清台) to the frame on ${SCREENS} open screens, p99 (request sent → frame)`, percentile(latencies, 99), 'ms', FANOUT_BUDGET_MS),
      info('a table change to the frame on the screens, median', percentile(latencies, 50), 'ms'),
      atMost('floor frames lost (every screen must hear every change)', lost, 'frames', 0),
    ];
    if (map.errors) figures.push(info('floor suite: failed requests during the map load', map.errors, 'requests'));
    return figures;
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
    removeDir(dataDir);
  }
}
