import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openPostgres, type Database, type Db } from '../../../apps/server/src/db/client.js';
import { migrate } from '../../../apps/server/src/db/migrate.js';
import { seed } from '../../../apps/server/src/db/seed.js';
import { memberPage } from '../../../apps/server/src/modules/customer/members/service.js';
import { member, memberBalanceLedger, memberLevel } from '../../../apps/server/src/modules/customer/tables.js';
import { checkIntegrity } from '../../../apps/server/src/modules/customer/wallet/integrity.js';
import { Wallet } from '../../../apps/server/src/modules/customer/wallet/service.js';
import { seeders } from '../../../apps/server/src/modules/index.js';
import { store } from '../../../apps/server/src/modules/store/tables.js';
import { sysUser } from '../../../apps/server/src/modules/upms/tables.js';
import type { BenchContext } from '../context.js';
import { atMost, info, type Figure } from '../figures.js';
import { freePort, removeDir, startProgram } from '../processes.js';
import { postgresUrl } from '../postgres.js';

/**
 * The customer side's money core (issue 12) on PostgreSQL (a scratch database):
 *
 * - member search by phone prefix at 1,000,000 members: the 会员 list's query as the counter
 *   types a phone (3 to 11 digits; the page of 10 with its capped count), through the whole
 *   server over HTTP (4 connections), p99 budget ≤ 20 ms; the same by the phone's last four
 *   digits (尾号, issue 25), same budget; and the service call alone, one at a time, for information.
 * - balance charges per second on one hot member: workers charging 1 fen each in their own
 *   transaction (member row locked, guarded update, ledger row) for a few seconds; the figure is
 *   reported, and afterwards the balance must equal the start less every successful charge and
 *   the ledger's sum must equal the balance (lost updates, budget 0).
 */

const MEMBERS = 1_000_000;
const SEARCH_BUDGET_MS = 20;
const CHARGE_WORKERS = 8;
const CHARGE_SECONDS = 5;
const PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158', '159', '166', '176', '177', '180', '181', '185', '186', '187', '188', '189'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏';
const GIVEN = ['伟', '强', '磊', '军', '洋', '芳', '娜', '敏', '静', '丽', '子轩', '浩然', '欣怡', '梓涵', '雨桐', '思远', '一诺', '俊杰'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * A million members: distinct mobile phones over the carriers' prefixes (i·7919 mod 10^8 is
 * one-to-one below 10^8), member numbers 2xxxxxxx, Chinese names; no balances (a balance comes with its ledger rows).
 */
async function fill(database: Database, levelId: string): Promise<void> {
  const prefixes = `(array[${PREFIXES.map((p) => `'${p}'`).join(',')}])`;
  const surnames = `(array[${[...SURNAMES].map((s) => `'${s}'`).join(',')}])`;
  const given = `(array[${GIVEN.map((g) => `'${g}'`).join(',')}])`;
  await database.exclusive(async (exec) => {
    await exec(`insert into member (member_no, phone, name, gender, level_id, total_spent, source, created_at, updated_at)
      select (20000000 + i)::text,
        ${prefixes}[1 + i % ${PREFIXES.length}] || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
        ${surnames}[1 + i % ${SURNAMES.length}] || ${given}[1 + (i / 7) % ${GIVEN.length}],
        case i % 3 when 0 then 'male' when 1 then 'female' else 'unknown' end, ${levelId},
        case when i % 10 = 0 then 10000 else 0 end, 'import',
        now() - make_interval(secs => i), now()
      from generate_series(1, ${MEMBERS}) i
      on conflict do nothing`);
    await exec('vacuum analyze member');
  });
}

/** Charges of 1 fen on one member by `workers` loops for `seconds`: how many went through. */
async function chargeLoad(db: Db, memberId: string, storeId: string, workers: number, seconds: number): Promise<{ ok: number; failed: number }> {
  const wallet = new Wallet();
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  let order = 1;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (performance.now() < until) {
      try {
        await db.transaction((t) => wallet.charge(t as unknown as Db, { memberId, amount: 1, storeId, orderId: String(order++) }));
        ok++;
      } catch {
        failed++;
      }
    }
  }));
  return { ok, failed };
}

export async function customer(_ctx: BenchContext): Promise<Figure[]> {
  const adminUrl = await postgresUrl();
  if (!adminUrl) return [info('customer: member search at 1,000,000 members skipped (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)', 0, '')];
  const name = `canteen_bench_customer_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exclusive((exec) => exec(`create database ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canteen-bench-customer-'));
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
    const db = database.db;
    const [entry] = await db.select({ id: memberLevel.id }).from(memberLevel).orderBy(asc(memberLevel.rank)).limit(1);
    const filling = performance.now();
    await fill(database, entry!.id);
    const fillSeconds = Math.round((performance.now() - filling) / 100) / 10;
    app = await buildApp(config, { database });
    const [user] = await db.select({ id: sysUser.id }).from(sysUser).limit(1);
    const token = (await app.identity.tokens.issue({ userId: user!.id, username: 'admin', clientId: 'admin', grantType: 'bench', scope: 'server', accessSeconds: 3600, refreshSeconds: 7200 })).access_token;
    await app.close();
    app = undefined;

    // What the counter types: prefixes of real phones, 3 to 11 digits.
    const answer: unknown = await db.execute(sql`select phone from member tablesample system (1) limit 300`);
    const sample = answer as { rows: Array<{ phone: string }> };
    const keywords = sample.rows.map((r, i) => r.phone.slice(0, 3 + (i % 9)));
    const paths = keywords.map((k) => `/customer/member/page?current=1&size=10&keyword=${k}`);
    // And what a member tells the cashier: the phone's last four (尾号), about a hundred members each.
    const lastFourPaths = sample.rows.map((r) => `/customer/member/page?current=1&size=10&keyword=${r.phone.slice(-4)}`);
    // The built server in its own process, as in production (the load generator does not share its event loop).
    const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { DATABASE_URL: u.toString(), WECHAT_API_BASE: 'http://127.0.0.1:9' }, '/health/ready', await freePort(), dataDir);
    const base = server.url;
    let k = 0;
    const run = (duration: number, list = paths) => autocannon({
      url: base, headers: { authorization: `Bearer ${token}` }, duration, connections: 4,
      requests: [{ setupRequest: (request) => ({ ...request, path: list[k++ % list.length]! }) }],
    });
    let search: autocannon.Result;
    let lastFour: autocannon.Result;
    try {
      for (const probePath of [paths[5]!, lastFourPaths[5]!]) {
        const probe = await fetch(`${base}${probePath}`, { headers: { authorization: `Bearer ${token}` } });
        if (!probe.ok) throw new Error(`GET /customer/member/page: ${probe.status} ${await probe.text()}`);
      }
      await run(1); // warm-up
      search = await run(5);
      lastFour = await run(5, lastFourPaths);
    } finally {
      await server.stop();
    }
    const times: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t = performance.now();
      await memberPage(db, { current: 1, size: 10, keyword: keywords[i % keywords.length] });
      times.push(performance.now() - t);
    }
    const serviceP99 = Math.round(percentile(times.sort((a, b) => a - b), 99) * 10) / 10;

    // One hot member: charges from several counters at once.
    const [shop] = await db.select({ id: store.id }).from(store).limit(1);
    const [hot] = await db.select({ id: member.id }).from(member).where(eq(member.phone, sample.rows[0]!.phone));
    const start = 100_000_000;
    await db.transaction((t) => new Wallet().adjust(t as unknown as Db, hot!.id, { principal: start, bonus: start / 4, points: 0, reason: '压测储值' }, { id: null, name: 'bench' }));
    const before = (await db.select().from(member).where(eq(member.id, hot!.id)))[0]!;
    const charges = await chargeLoad(db, hot!.id, shop!.id, CHARGE_WORKERS, CHARGE_SECONDS);
    const after = (await db.select().from(member).where(eq(member.id, hot!.id)))[0]!;
    const taken = before.balancePrincipal + before.balanceBonus - (after.balancePrincipal + after.balanceBonus);
    const [rows] = (await db.select({ n: sql<string>`count(*)` }).from(memberBalanceLedger)
      .where(sql`${memberBalanceLedger.memberId} = ${hot!.id} and ${memberBalanceLedger.kind} = 'consume'`));
    const integrity = await checkIntegrity(db, [hot!.id]);
    const lost = Math.abs(taken - charges.ok) + Math.abs(Number(rows!.n) - charges.ok) + integrity.mismatches.length;
    if (lost) console.error('customer bench: lost-update check', { ok: charges.ok, taken, consumeRows: Number(rows!.n), mismatches: integrity.mismatches });

    const figures: Figure[] = [
      info(`customer: ${MEMBERS.toLocaleString('en')} members generated on PostgreSQL in`, fillSeconds, 's'),
      atMost('customer: GET /customer/member/page search by phone prefix (3–11 digits, page of 10 with capped count) p99 at 1,000,000 members over HTTP, 4 connections (PostgreSQL)', search.latency.p99, 'ms', SEARCH_BUDGET_MS),
      info('customer: member search requests per second', Math.round(search.requests.average), 'req/s'),
      atMost('customer: GET /customer/member/page search by the phone\'s last four digits (尾号, page of 10 with capped count) p99 at 1,000,000 members over HTTP, 4 connections (PostgreSQL)', lastFour.latency.p99, 'ms', SEARCH_BUDGET_MS),
      info('customer: member search, the service call alone, one at a time, p99', serviceP99, 'ms'),
      info(`customer: balance charges per second on one hot member (${CHARGE_WORKERS} counters at once, each its own transaction, PostgreSQL)`, Math.round(charges.ok / CHARGE_SECONDS), 'charges/s'),
      atMost('customer: lost updates after the hot-member charges (balance change, consume rows and ledger sums against the successful charges)', lost, 'differences', 0),
    ];
    if (charges.failed) figures.push(info('customer: charges that failed during the run', charges.failed, 'charges'));
    const failed = search.non2xx + search.errors + lastFour.non2xx + lastFour.errors;
    if (failed) figures.push(info('customer: failed search requests', failed, 'requests'));
    return figures;
  } finally {
    await app?.close();
    await database?.close();
    await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
    await admin.close();
    removeDir(dataDir);
  }
}
