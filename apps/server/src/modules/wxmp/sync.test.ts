import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { demoAccount, demoFollowers } from '@canteen/wechat-sim';
import { buildApp, type App } from '../../app.js';
import { createTestApp } from '../../../test/app.js';
import { signIn, type AuthHeader } from '../../../test/auth.js';
import { testConfig } from '../../../test/config.js';
import { startSimulator } from '../../../test/sim.js';
import { wrapPglite } from '../../db/client.js';
import { migrate, migrationsDir } from '../../db/migrate.js';
import { JobRunner } from '../../jobs/runner.js';
import { platformErrors } from '../../platform/wechat/errors.js';
import { FOLLOWER_SYNC, MATERIAL_SYNC, syncProgress } from './sync.js';

/**
 * The follower and material syncs are background jobs: two instances of the server on one
 * database (PostgreSQL when TEST_DATABASE_URL is set) share them, as a deployment behind a
 * load balancer would.
 */
const { url: simUrl, call: sim } = await startSimulator();
const overrides = { WECHAT_API_BASE: simUrl, JOB_POLL_MS: '20' };
const { app: a } = await createTestApp(overrides);
const b = await buildApp(testConfig(overrides), { database: a.database });
afterAll(() => b.close()); // before the first instance and the database (hooks run last-registered first)
const appId = demoAccount.appId;
const subscribed = demoFollowers.filter((f) => !('unsubscribed' in f)).length;
const auth = new Map<App, AuthHeader>();
const poll = { timeout: 15_000 };

beforeAll(async () => {
  auth.set(a, await signIn(a, 'admin'));
  auth.set(b, await signIn(b, 'admin'));
});

interface Progress {
  appId: string;
  state: 'idle' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  percent: number;
  message: string | null;
  startTime: string | null;
  finishTime: string | null;
}
const followers = '/weixin/wxuser/synchron';
const materials = '/weixin/wxmaterial/synchron';
const start = (app: App, path: string) => app.inject({ method: 'POST', url: path, headers: auth.get(app)!, payload: { appId } });
const progress = async (app: App, path: string): Promise<Progress> => {
  const res = await app.inject({ url: `${path}/progress?appId=${appId}`, headers: auth.get(app)! });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Progress }>().data;
};
const finished = async (path: string) => {
  await expect.poll(async () => (await progress(b, path)).state, poll).not.toBe('running');
  return progress(a, path);
};
interface JobRow { id: string; state: string; attempts: number; locked_by: string | null; last_error: string | null }
const latestJob = async (kind: string): Promise<JobRow> =>
  (await a.database.exclusive((exec) => exec('select id, state, attempts, locked_by, last_error from job where kind = $1 and key = $2 order by id desc limit 1', [kind, appId])))[0] as unknown as JobRow;

type Held = 'userInfoBatch' | 'batchGetMaterial' | 'getMaterial';
const gates: Array<() => void> = [];
/** Holds an instance's calls of a platform method (after the first `passFirst`) until released. */
function hold(app: App, method: Held, passFirst = 0) {
  const client = app.wxmp.client as unknown as Record<Held, (...args: unknown[]) => Promise<unknown>>;
  const original = client[method].bind(client);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  let calls = 0;
  vi.spyOn(client, method).mockImplementation(async (...args: unknown[]) => {
    if (++calls > passFirst) await gate;
    return original(...args);
  });
  return { held: () => calls > passFirst, calls: () => calls, release: open };
}
/** Counts an instance's calls of a platform method. */
const count = (app: App, method: 'userList') => vi.spyOn(app.wxmp.client, method);

afterEach(async () => {
  for (const open of gates.splice(0)) open();
  vi.restoreAllMocks();
  await sim('DELETE', '/sim/faults');
});

/**
 * Makes `instance` die mid-sync as far as the others can tell: its runner stops (the job told to
 * stop) and the lease it held runs out (at once here, instead of after LEASE_MS).
 */
async function die(instance: App, kind: string) {
  await instance.jobs.stop(0);
  const job = await latestJob(kind);
  await a.database.exclusive((exec) => exec(`update job set locked_until = now() - interval '1 second' where id = $1 and locked_by = $2`, [job.id, instance.jobs.id]));
}

describe('follower sync', () => {
  it('shows its progress on every instance, refuses a second start on either while it runs, and runs once', async () => {
    const gateA = hold(a, 'userInfoBatch');
    const gateB = hold(b, 'userInfoBatch');
    const lists = [count(a, 'userList'), count(b, 'userList')];
    expect(await progress(a, followers)).toEqual({ appId, state: 'idle', total: 0, done: 0, percent: 0, message: null, startTime: null, finishTime: null });

    const started = await start(a, followers);
    expect(started.statusCode).toBe(200);
    expect(started.json<{ data: Progress }>().data).toMatchObject({ appId, state: 'running', total: 0, done: 0, percent: 0, message: null, finishTime: null });
    await expect.poll(() => gateA.held() || gateB.held(), poll).toBe(true);
    await expect.poll(async () => (await progress(b, followers)).total, poll).toBe(subscribed);
    expect(await progress(a, followers)).toMatchObject({ state: 'running', total: subscribed, done: 0, percent: 0 });

    for (const app of [a, b]) {
      const again = await start(app, followers);
      expect([again.statusCode, again.json<{ msg: string }>().msg]).toEqual([409, '同步用户正在进行中，请勿重复提交']);
    }
    gateA.release();
    gateB.release();
    const done = await finished(followers);
    expect(done).toMatchObject({ state: 'done', total: subscribed, done: subscribed, percent: 100, message: null });
    expect(Date.parse(done.finishTime!)).toBeGreaterThanOrEqual(Date.parse(done.startTime!));
    expect(lists.filter((spy) => spy.mock.calls.length > 0)).toHaveLength(1); // one runner ran it, once (attempts: 1)
    expect(await latestJob(FOLLOWER_SYNC)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await start(b, followers)).statusCode).toBe(200); // finished: may run again
    expect((await finished(followers)).state).toBe('done');
  });

  it('records a refusal of the platform as failed with its message, without retrying it', async () => {
    await sim('POST', '/sim/faults', { path: 'user/get', appId, errcode: 48001, times: 1 });
    expect((await start(b, followers)).statusCode).toBe(200);
    const failed = await finished(followers);
    expect(failed).toMatchObject({ state: 'failed', message: `${platformErrors[48001]![1]}（微信错误码 48001）` });
    expect(failed.finishTime).not.toBeNull();
    expect(await latestJob(FOLLOWER_SYNC)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('tries again when the platform is busy', async () => {
    await sim('POST', '/sim/faults', { path: 'user/get', appId, errcode: -1, times: 1 });
    expect((await start(a, followers)).statusCode).toBe(200);
    expect(await finished(followers)).toMatchObject({ state: 'done', total: subscribed, done: subscribed, message: null });
    expect(await latestJob(FOLLOWER_SYNC)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
  });

  it('is taken up by another instance when the one running it stops', async () => {
    const gates = new Map([[a, hold(a, 'userInfoBatch')], [b, hold(b, 'userInfoBatch')]]);
    expect((await start(a, followers)).statusCode).toBe(200);
    await expect.poll(() => gates.get(a)!.held() || gates.get(b)!.held(), poll).toBe(true);
    const [gone, other] = gates.get(a)!.held() ? [a, b] : [b, a];
    gates.get(other)!.release();
    await die(gone, FOLLOWER_SYNC);
    expect(await finished(followers)).toMatchObject({ state: 'done', total: subscribed, done: subscribed });
    const job = await latestJob(FOLLOWER_SYNC);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    gates.get(gone)!.release(); // the stopped run goes on a little, then finds its lease lost: it writes nothing
    gone.jobs.start();
    await expect.poll(() => gone.jobs.busy, poll).toBe(0);
    expect(await latestJob(FOLLOWER_SYNC)).toMatchObject({ id: job.id, state: 'done', attempts: 2 });
  });
});

describe('material sync', () => {
  it('starts at the first listing, shows its progress, refuses a second start on either instance, then lists once', async () => {
    // Images are copied one by one: the second copy waits, the first image is counted done.
    const gateA = hold(a, 'getMaterial', 1);
    const gateB = hold(b, 'getMaterial', 1);
    expect((await progress(a, materials)).state).toBe('idle');
    expect((await a.inject({ url: `/weixin/wxmaterial/page?appId=${appId}&type=image`, headers: auth.get(a)! })).statusCode).toBe(200);
    await expect.poll(() => gateA.held() || gateB.held(), poll).toBe(true);
    const running = await progress(b, materials);
    expect(running).toMatchObject({ state: 'running', done: 1 });
    expect(running.total).toBeGreaterThan(1);
    expect(running.percent).toBe(Math.floor((1 / running.total) * 100));
    for (const app of [a, b]) {
      const again = await start(app, materials);
      expect([again.statusCode, again.json<{ msg: string }>().msg]).toEqual([409, '素材同步正在进行中，请勿重复提交']);
    }
    gateA.release();
    gateB.release();
    const done = await finished(materials);
    expect(done).toMatchObject({ state: 'done', percent: 100, message: null });
    expect(done.done).toBe(done.total);
    expect(done.total).toBeGreaterThan(running.total); // the images first, then voice, video and news
    const job = await latestJob(MATERIAL_SYNC);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    // Listed again, on either instance: synced once already, nothing starts.
    for (const app of [a, b]) expect((await app.inject({ url: `/weixin/wxmaterial/page?appId=${appId}&type=voice`, headers: auth.get(app)! })).statusCode).toBe(200);
    expect((await latestJob(MATERIAL_SYNC)).id).toBe(job.id);
  });

  it('records a refusal of the platform as failed with its message', async () => {
    await sim('POST', '/sim/faults', { path: 'material/batchget_material', appId, errcode: 48001, times: 1 });
    expect((await start(a, materials)).statusCode).toBe(200);
    expect(await finished(materials)).toMatchObject({ state: 'failed', message: `${platformErrors[48001]![1]}（微信错误码 48001）` });
    expect(await latestJob(MATERIAL_SYNC)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('is taken up by another instance when the one running it stops', async () => {
    // The images' page passes, the voice page waits.
    const gates = new Map([[a, hold(a, 'batchGetMaterial', 1)], [b, hold(b, 'batchGetMaterial', 1)]]);
    expect((await start(b, materials)).statusCode).toBe(200);
    await expect.poll(() => gates.get(a)!.held() || gates.get(b)!.held(), poll).toBe(true);
    const [gone, other] = gates.get(a)!.held() ? [a, b] : [b, a];
    gates.get(other)!.release();
    await die(gone, MATERIAL_SYNC);
    const done = await finished(materials);
    expect(done.state).toBe('done');
    expect(done.done).toBe(done.total);
    expect(await latestJob(MATERIAL_SYNC)).toMatchObject({ state: 'done', attempts: 2 });
    expect(gates.get(a)!.calls() > 0 && gates.get(b)!.calls() > 0).toBe(true); // both instances ran it, one after the other
    gates.get(gone)!.release();
    gone.jobs.start();
    await expect.poll(() => gone.jobs.busy, poll).toBe(0);
    expect(await latestJob(MATERIAL_SYNC)).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('migration 0213 (the sync tables into jobs)', () => {
  it('keeps each account\'s last sync as its job: result, times and failure message; a running one runs again', async () => {
    const database = await wrapPglite(await PGlite.create({ parsers: { 20: (v: string) => v } }));
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-0213-'));
      const files = readdirSync(migrationsDir).filter((f) => /^\d{4}_/.test(f) && f < '0214');
      for (const file of files.filter((f) => f < '0213')) copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
      await migrate(database, dir);
      await database.exclusive(async (exec) => {
        await exec(`insert into wx_app (app_id, name, weixin_sign, secret_enc, token_enc) values ('wxold1', '一', 'gh_1', 's', 't'), ('wxold2', '二', 'gh_2', 's', 't')`);
        await exec(`insert into wx_user_sync (app_id, state, total, done, started_at, finished_at) values
          ('wxold1', 'done', 5, 5, '2026-01-02T03:00:00Z', '2026-01-02T03:01:00Z'), ('wxold2', 'running', 9, 4, '2026-01-03T00:00:00Z', null)`);
        await exec(`insert into wx_material_sync (app_id, state, total, done, message, started_at, finished_at) values
          ('wxold1', 'failed', 8, 2, '公众号没有该接口的权限', '2026-01-04T00:00:00Z', '2026-01-04T00:02:00Z')`);
      });
      copyFileSync(path.join(migrationsDir, files.at(-1)!), path.join(dir, files.at(-1)!));
      expect(await migrate(database, dir)).toEqual(['0213_wx_sync_jobs.sql']);

      const jobs = new JobRunner({ database });
      expect(syncProgress('wxold1', await jobs.latest(FOLLOWER_SYNC, 'wxold1'))).toEqual({
        appId: 'wxold1', state: 'done', total: 5, done: 5, percent: 100, message: null, startTime: '2026-01-02T03:00:00.000Z', finishTime: '2026-01-02T03:01:00.000Z',
      });
      expect(syncProgress('wxold1', await jobs.latest(MATERIAL_SYNC, 'wxold1'))).toEqual({
        appId: 'wxold1', state: 'failed', total: 8, done: 2, percent: 25, message: '公众号没有该接口的权限', startTime: '2026-01-04T00:00:00.000Z', finishTime: '2026-01-04T00:02:00.000Z',
      });
      expect(await jobs.latest(MATERIAL_SYNC, 'wxold2')).toBeNull(); // never synced: its first listing syncs
      const rerun = await jobs.latest(FOLLOWER_SYNC, 'wxold2');
      expect(rerun).toMatchObject({ state: 'queued', attempts: 0, payload: { appId: 'wxold2' } });
      expect(syncProgress('wxold2', rerun).state).toBe('running');
      const left = await database.exclusive((exec) => exec(`select table_name from information_schema.tables where table_name in ('wx_user_sync', 'wx_material_sync')`, []));
      expect(left).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
