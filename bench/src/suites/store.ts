import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openPglite, type Database } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, ratioAtLeast, type Figure } from '../figures.js';
import { load, type Load } from '../load.js';
import { freePort, removeDir, startProgram } from '../processes.js';

/**
 * The store side's catalogue (issue 11) on PGlite, through the whole built server over HTTP:
 *
 * - the ordering menu (`GET /store/menu`) of a store with 300 dishes (12 categories, a third
 *   with three SKUs, half with two option groups of four options, 10 combos): requests per
 *   second against the bare-Fastify baseline (budget ≥ 40 %) and p99 (budget ≤ 10 ms). The
 *   client takes brotli and gzip, as every browser does; the answer is the cached, pre-compressed
 *   envelope (about 12 KB of 260 KB of JSON).
 * - the dish list (`GET /store/dish/page`, 20 a page) of a store with 10,000 dishes: p99 over a
 *   mix of pages (default order down to the last page, a category, a name search, shelf and
 *   sold-out filters, a price order), budget ≤ 20 ms; and, for information, paging once through
 *   all of them (no page's records kept yet).
 *
 * An answer of 12 KB costs the load generator more than the baseline's 17 bytes (autocannon, in
 * the bench process, far more than wrk: load.ts): bare Fastify sending the same number of bytes is
 * measured beside it, and so is the hello-world again (the machine's load moves during a run).
 *
 * The data is written straight into a fresh database in this process, then the built server
 * serves it from the same folder (as the messaging suite's material page does).
 */

const DISH_NAMES = [
  '宫保鸡丁', '水煮牛肉', '回锅肉', '麻婆豆腐', '鱼香肉丝', '辣子鸡', '夫妻肺片', '口水鸡', '毛血旺', '酸菜鱼',
  '干煸四季豆', '蒜泥白肉', '糖醋里脊', '东坡肘子', '担担面', '钟水饺', '龙抄手', '红糖糍粑', '冰粉', '蛋炒饭',
  '番茄炒蛋', '青椒肉丝', '清炒时蔬', '香辣虾', '啤酒鸭', '剁椒鱼头', '小炒黄牛肉', '农家小炒肉', '手撕包菜', '地三鲜',
  '可乐鸡翅', '红烧排骨', '梅菜扣肉', '白切鸡', '烧鹅', '叉烧', '肠粉', '虾饺', '奶茶', '柠檬茶',
];
const names = `(array[${DISH_NAMES.map((n) => `'${n}'`).join(',')}])`;

/** One store's menu: categories, four option groups, `dishes` dishes (SKUs, groups attached, some daily stock), `combos` combos. */
export async function fillStore(database: Database, name: string, dishes: number, dishCategories: number, combos: number): Promise<string> {
  return database.exclusive(async (exec) => {
    const [row] = await exec(`insert into store (name, notice, business_hours) values ($1, '欢迎光临，扫码点餐', '[]') returning id`, [name]);
    const id = String(row!.id);
    await exec(`insert into store_category (store_id, name, kind, sort)
      select ${id}, case when i <= ${dishCategories} then '分类' || i else '套餐' || (i - ${dishCategories}) end,
        case when i <= ${dishCategories} then 'dish' else 'combo' end, i
      from generate_series(1, ${dishCategories + 2}) i`);
    await exec(`insert into store_spec_group (store_id, name, selection, min_select, max_select, sort)
      select ${id}, (array['辣度','口味','加料','温度'])[g], case when g = 3 then 'multiple' else 'single' end, case when g = 1 then 1 else 0 end, case when g = 3 then 3 else 1 end, g
      from generate_series(1, 4) g`);
    await exec(`insert into store_spec_option (group_id, name, price_delta, is_default, sort)
      select sg.id, sg.name || '选项' || o, case when sg.name = '加料' then o * 200 else 0 end, o = 1, o
      from store_spec_group sg cross join generate_series(1, 4) o where sg.store_id = ${id}`);
    await exec(`create temporary table bench_categories as
      select row_number() over (order by sort) - 1 as k, id from store_category where store_id = ${id} and kind = 'dish'`);
    await exec(`insert into store_dish (store_id, category_id, name, images, description, price, member_price, stock_mode, stock, daily_stock, sold_out, on_shelf, tags, sort)
      select ${id}, c.id, ${names}[1 + i % ${DISH_NAMES.length}] || ' ' || i, array['dish/' || md5(i::text) || '.jpg'],
        '精选食材，现点现做：' || ${names}[1 + i % ${DISH_NAMES.length}], 1800 + (i % 50) * 100, 1600 + (i % 50) * 100,
        case when i % 5 = 0 then 'daily' else 'unlimited' end, case when i % 5 = 0 then 30 + i % 20 end, case when i % 5 = 0 then 50 end,
        i % 37 = 0, i % 53 <> 0, case when i % 7 = 0 then array['招牌','辣'] else array['推荐'] end, i
      from generate_series(1, ${dishes}) i join bench_categories c on c.k = i % ${dishCategories}`);
    await exec(`insert into store_dish_sku (dish_id, name, price, member_price, stock, daily_stock, sort)
      select d.id, s.name, d.price + s.delta, d.member_price + s.delta,
        case when d.stock_mode = 'daily' then 20 end, case when d.stock_mode = 'daily' then 20 end, s.sort
      from store_dish d cross join (values ('小份', -300, 1), ('中份', 0, 2), ('大份', 600, 3)) s(name, delta, sort)
      where d.store_id = ${id} and d.sort % 3 = 0`);
    await exec(`insert into store_dish_spec_group (dish_id, group_id, sort)
      select d.id, g.id, g.sort from store_dish d join store_spec_group g on g.store_id = ${id} and g.sort <= 2
      where d.store_id = ${id} and d.sort % 2 = 0`);
    await exec(`drop table bench_categories`);
    const comboCategory = String((await exec(`select id from store_category where store_id = ${id} and kind = 'combo' order by sort limit 1`))[0]!.id);
    const pick = await exec(`select id from store_dish where store_id = ${id} and sort % 3 <> 0 and on_shelf order by sort limit ${combos * 6}`);
    for (let c = 0; c < combos; c++) {
      const [combo] = await exec(`insert into store_combo (store_id, category_id, name, images, price, member_price, sort)
        values (${id}, ${comboCategory}, '超值套餐 ' || ${c + 1}, array['dish/combo' || md5(${c}::text) || '.jpg'], 5800, 5200, ${c}) returning id`);
      const [fixed] = await exec(`insert into store_combo_group (combo_id, name, kind, min_choose, max_choose, sort) values (${String(combo!.id)}, '主菜', 'fixed', 2, 2, 1) returning id`);
      const [choice] = await exec(`insert into store_combo_group (combo_id, name, kind, min_choose, max_choose, sort) values (${String(combo!.id)}, '小食任选2', 'optional', 2, 2, 2) returning id`);
      const dishIds = pick.slice(c * 6, c * 6 + 6).map((r) => String(r.id));
      for (const [k, dishId] of dishIds.entries()) {
        await exec(`insert into store_combo_item (group_id, dish_id, extra_price, sort) values (${String((k < 2 ? fixed : choice)!.id)}, ${dishId}, ${k < 3 ? 0 : 300}, ${k})`);
      }
    }
    for (const table of ['store_category', 'store_dish', 'store_dish_sku', 'store_dish_spec_group', 'store_spec_group', 'store_spec_option', 'store_combo', 'store_combo_group', 'store_combo_item']) {
      await exec(`vacuum analyze ${table}`);
    }
    return id;
  });
}

/**
 * CPU time of the serving process per answer (menu, hello-world, same bytes): what the server
 * costs, however busy the machine; hello ÷ menu is the share of the baseline the server alone
 * would allow if the load generator and everything else cost nothing.
 */
function serverCpuFigures(menu: Load, hello: Load, sameBytes: Load): Figure[] {
  if (menu.serverCpuUs === undefined || hello.serverCpuUs === undefined || sameBytes.serverCpuUs === undefined) return [];
  const share = Math.round((hello.serverCpuUs / menu.serverCpuUs) * 100);
  return [
    info(`GET /store/menu server CPU per answer (bare hello-world ${hello.serverCpuUs} µs, bare same bytes ${sameBytes.serverCpuUs} µs: the server alone allows ${share} % of baseline)`, menu.serverCpuUs, 'µs'),
  ];
}

/** The menu's answer to `headers` as sent under load: its Content-Encoding and size on the wire (fetch would decode it). */
async function menuAnswerAsBrowsersGetIt(url: string, headers: Record<string, string>): Promise<{ encoding: string; bytes: number }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path: pathname + search, headers }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('end', () => {
        if (answer.statusCode !== 200) reject(new Error(`GET /store/menu under the load's headers: ${answer.statusCode}`));
        else resolve({ encoding: String(answer.headers['content-encoding'] ?? 'identity'), bytes });
      });
    }).on('error', reject);
  });
}

export async function store({ baseline }: BenchContext): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-store-'));
  const config = loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on', LOG_LEVEL: 'silent', DATA_DIR: dataDir, AUTH_CAPTCHA: 'off', WECHAT_API_BASE: 'http://127.0.0.1:9', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  let token: string;
  let menuStore: string;
  let bigStore: string;
  let categories: string[];
  const database = await openPglite(dataDir);
  try {
    await migrate(database);
    await seed(database, config, seeders);
    menuStore = await fillStore(database, '压测·三百道菜', 300, 12, 10);
    bigStore = await fillStore(database, '压测·一万道菜', 10_000, 50, 0);
    categories = (await database.exclusive((exec) => exec(`select id from store_category where store_id = ${bigStore} and kind = 'dish' order by sort`))).map((r) => String(r.id));
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
    const authorization = `Bearer ${token}`;
    const menuUrl = `${server.url}/store/menu?storeId=${menuStore}`;
    const plainAnswer = await fetch(menuUrl, { headers: { authorization, 'accept-encoding': 'identity' } });
    if (!plainAnswer.ok) throw new Error(`GET /store/menu: ${plainAnswer.status} ${await plainAnswer.text()}`);
    const plainBytes = (await plainAnswer.arrayBuffer()).byteLength;
    // What a browser (the cashier's and the 菜品 screens) sends: it takes brotli and gzip.
    const headers = { authorization, 'accept-encoding': 'gzip, deflate, br' };
    await load(menuUrl, { headers, seconds: 4 }); // warm-up (and the answer's brotli recompressed at its best quality)
    const compressedBytes: Record<string, number> = {};
    for (const encoding of ['gzip', 'br']) {
      const answer = await fetch(menuUrl, { headers: { authorization, 'accept-encoding': encoding } });
      compressedBytes[encoding] = Number(answer.headers.get('content-length') ?? 0);
      await answer.arrayBuffer();
    }
    // The answer under load is the one a browser gets: check which encoding (and size) it is, and name it.
    const served = await menuAnswerAsBrowsersGetIt(menuUrl, headers);
    const encodingName = { br: 'brotli', gzip: 'gzip', identity: 'uncompressed' }[served.encoding] ?? served.encoding;

    const menu = await load(menuUrl, { headers, serverPid: server.child.pid! });
    const plain = await load(menuUrl, { headers: { authorization } });
    // Bare Fastify sending an answer of the same size: the ceiling the load generator and loopback
    // set for 12 KB answers on this machine (the hello-world baseline's answer is 17 bytes). And the
    // baseline's hello-world again, right beside the menu: on a shared machine the load moves during
    // a run, and this shows how far the run's baseline is from this moment.
    const bare = await startProgram([process.execPath, 'bench/src/baseline-server.mjs'], {}, '/', await freePort());
    let sameBytes: Load;
    let helloBeside: Load;
    try {
      sameBytes = await load(`${bare.url}/bytes?n=${served.bytes}`, { headers, serverPid: bare.child.pid! });
      helloBeside = await load(`${bare.url}/`, { serverPid: bare.child.pid! });
    } finally {
      await bare.stop();
    }

    // The dish list at 10,000 dishes: a mix of what the 菜品 screen asks.
    const base = `/store/dish/page?storeId=${bigStore}&size=20`;
    const pages = [
      ...Array.from({ length: 10 }, (_, i) => `${base}&current=${1 + i * 55}`),
      `${base}&current=500`,
      ...categories.slice(0, 10).map((c, i) => `${base}&categoryId=${c}&current=${1 + (i % 3)}`),
      ...['鸡', '牛肉', '宫保鸡丁', '奶茶 9', '12'].map((q) => `${base}&name=${encodeURIComponent(q)}`),
      `${base}&onShelf=false`, `${base}&soldOut=true`, `${base}&descs=price&current=3`, `${base}&ascs=name&current=7`,
    ];
    let k = 0;
    const run = (duration: number) => autocannon({
      url: server.url,
      headers: { authorization },
      duration,
      connections: 4,
      requests: [{ setupRequest: (request) => ({ ...request, path: pages[k++ % pages.length]! }) }],
    });
    await run(1); // warm-up: plans and caches
    const list = await run(5);
    // Every page of the default order once, 4 at a time: each page's records read from the database.
    let p = 0;
    const cold = await autocannon({
      url: server.url,
      headers: { authorization },
      amount: 500,
      connections: 4,
      requests: [{ setupRequest: (request) => ({ ...request, path: `${base}&current=${1 + (p++ % 500)}` }) }],
    });

    const figures: Figure[] = [
      ratioAtLeast(`GET /store/menu (300 dishes, ${encodingName} as browsers take it) requests per second`, menu.rps, 'req/s', baseline.rps, 0.4),
      info(`bare Fastify hello-world again, right beside the menu's load (/store/menu reaches ${Math.round((menu.rps / helloBeside.rps) * 100)} % of it)`, helloBeside.rps, 'req/s'),
      info(`bare Fastify sending a pre-built answer of the same ${Math.round(served.bytes / 1024)} KB, requests per second (${Math.round((sameBytes.rps / baseline.rps) * 100)} % of baseline; /store/menu reaches ${Math.round((menu.rps / sameBytes.rps) * 100)} % of it)`, sameBytes.rps, 'req/s'),
      ...serverCpuFigures(menu, helloBeside, sameBytes),
      atMost(`GET /store/menu (300 dishes, ${encodingName}) p99 latency`, menu.p99, 'ms', 10),
      info(`GET /store/menu (300 dishes) answer size: JSON ${Math.round(plainBytes / 1024)} KB, gzip ${Math.round(compressedBytes.gzip! / 1024)} KB, brotli`, Math.round(compressedBytes.br! / 1024), 'KB'),
      info('GET /store/menu (300 dishes, uncompressed) requests per second', plain.rps, 'req/s'),
      info('GET /store/menu (300 dishes, uncompressed) p99 latency', plain.p99, 'ms'),
      atMost('GET /store/dish/page p99 at 10,000 dishes (PGlite, 4 connections, mixed pages and filters)', list.latency.p99, 'ms', 20),
      info('GET /store/dish/page requests per second at 10,000 dishes', Math.round(list.requests.average), 'req/s'),
      info('GET /store/dish/page p99 paging once through all 10,000 dishes (every record read from the database)', cold.latency.p99, 'ms'),
    ];
    const failures = menu.errors + plain.errors + sameBytes.errors + helloBeside.errors + list.non2xx + list.errors + cold.non2xx + cold.errors;
    if (failures) figures.push(info('store suite: failed requests during the runs', failures, 'requests'));
    return figures;
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
