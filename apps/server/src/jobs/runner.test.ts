import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { JobRunner, LeaseLostError, PermanentJobError, type JobContext, type RunnerOptions } from './runner.js';

/**
 * The job runner on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Time is a
 * hand-moved clock, so backoff, leases, delays and schedules are exact; each test uses its own
 * job kinds, so runners of one test never claim another's jobs.
 */
const database = await createTestDatabase();
const runners: JobRunner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop(100)));
  await database.close();
});

let clock = Date.parse('2026-11-25T00:00:00Z');
const runner = (options: Partial<RunnerOptions> = {}) => {
  const r = new JobRunner({ database, now: () => clock, leaseMs: 60_000, ...options });
  runners.push(r);
  return r;
};

/** A promise to hold a handler at a point until the test lets it go. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

const stateOf = async (r: JobRunner, id: string) => (await r.get(id))!.state;

describe('claiming', () => {
  it('gives each job to exactly one of two runners on the same database', async () => {
    const ran = new Map<string, string[]>();
    const handler = (name: string) => async (payload: { n: number }) => {
      await new Promise((resolve) => setImmediate(resolve));
      ran.set(String(payload.n), [...(ran.get(String(payload.n)) ?? []), name]);
    };
    const a = runner({ concurrency: 3 });
    const b = runner({ concurrency: 3 });
    a.register('test.once', { handler: handler('a') });
    const kindB = b.register('test.once', { handler: handler('b') });
    for (let n = 0; n < 20; n++) await kindB.enqueue({ n });
    let passes = 0;
    while (ran.size < 20 && passes++ < 50) await Promise.all([a.runOnce(), b.runOnce()]);
    expect([...ran.values()].every((names) => names.length === 1)).toBe(true);
    expect(ran.size).toBe(20);
  });

  it('runs jobs with exactly one of two started runners, then each finds nothing left', async () => {
    const ran: number[] = [];
    const a = runner({ pollMs: 10 });
    const b = runner({ pollMs: 10 });
    const handler = async (payload: { n: number }) => void ran.push(payload.n);
    const kind = a.register('test.loop', { handler });
    b.register('test.loop', { handler });
    a.start();
    b.start();
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push((await kind.enqueue({ n })).job.id);
    await expect.poll(async () => (await Promise.all(ids.map((id) => stateOf(a, id)))).every((s) => s === 'done')).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
    expect(ran.sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
  });

  it('keeps one active job per key and answers the active one to a second enqueue', async () => {
    const r = runner();
    const kind = r.register('test.keyed', { handler: async () => undefined });
    const first = await kind.enqueue({}, { key: 'account-1' });
    const again = await kind.enqueue({}, { key: 'account-1' });
    const other = await kind.enqueue({}, { key: 'account-2' });
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, job: { id: first.job.id } });
    expect(other.created).toBe(true);
    await r.runOnce();
    const next = await kind.enqueue({}, { key: 'account-1' });
    expect(next.created).toBe(true);
    expect((await kind.latest('account-1'))!.id).toBe(next.job.id);
  });
});

describe('failures', () => {
  it('retries with exponential backoff, keeping the error, until the handler succeeds', async () => {
    let calls = 0;
    const r = runner();
    const kind = r.register('test.flaky', {
      maxAttempts: 3,
      backoffMs: 1000,
      handler: async () => {
        if (++calls < 3) throw new Error(`platform down (${calls})`);
      },
    });
    const { job } = await kind.enqueue({});
    await r.runOnce();
    expect(await r.get(job.id)).toMatchObject({ state: 'queued', attempts: 1, error: 'platform down (1)', runAt: new Date(clock + 1000) });
    clock += 999;
    expect(await r.runOnce()).toEqual([]);
    clock += 1;
    await r.runOnce();
    expect(await r.get(job.id)).toMatchObject({ state: 'queued', attempts: 2, error: 'platform down (2)', runAt: new Date(clock + 2000) });
    clock += 1999;
    expect(await r.runOnce()).toEqual([]);
    clock += 1;
    await r.runOnce();
    expect(await r.get(job.id)).toMatchObject({ state: 'done', attempts: 3, error: null, finishedAt: new Date(clock) });
  });

  it('fails after the last attempt with the error message kept, and at once on a permanent error', async () => {
    const r = runner();
    const kind = r.register('test.broken', { maxAttempts: 2, backoffMs: 10, handler: async (p: { permanent?: boolean }) => {
      throw p.permanent ? new PermanentJobError('公众号不存在') : new Error('invalid appsecret');
    } });
    const { job } = await kind.enqueue({});
    await r.runOnce();
    clock += 10;
    await r.runOnce();
    expect(await r.get(job.id)).toMatchObject({ state: 'failed', attempts: 2, error: 'invalid appsecret', finishedAt: new Date(clock) });
    clock += 1_000_000;
    expect(await r.runOnce()).toEqual([]);

    const permanent = await kind.enqueue({ permanent: true });
    await r.runOnce();
    expect(await r.get(permanent.job.id)).toMatchObject({ state: 'failed', attempts: 1, error: '公众号不存在' });
  });
});

describe('leases', () => {
  it('gives a job whose runner died (its lease ran out) to another runner, and ignores the dead one later', async () => {
    const stuck = gate();
    let deadCtx: JobContext | undefined;
    const dead = runner();
    const alive = runner();
    const kind = dead.register('test.lease', { maxAttempts: 1, handler: async (_p, ctx) => {
      deadCtx = ctx;
      await stuck.opened;
      await ctx.progress({ done: 99 });
    } });
    let aliveRuns = 0;
    alive.register('test.lease', { handler: async (_p, ctx) => {
      aliveRuns++;
      await ctx.progress({ done: 1, total: 1 });
    } });
    const { job } = await kind.enqueue({});
    const deadRun = dead.runOnce();
    await expect.poll(() => deadCtx).toBeDefined();
    expect(await stateOf(alive, job.id)).toBe('running');
    expect(await alive.runOnce()).toEqual([]); // the lease holds
    clock += 60_001;
    await alive.runOnce();
    expect(aliveRuns).toBe(1);
    expect(await alive.get(job.id)).toMatchObject({ state: 'done', attempts: 2, progress: { done: 1, total: 1 } });
    // The "dead" runner wakes up: it has lost the job, and writes nothing.
    stuck.open();
    await deadRun;
    expect(deadCtx!.signal.aborted).toBe(true);
    expect(deadCtx!.signal.reason).toBeInstanceOf(LeaseLostError);
    expect(await alive.get(job.id)).toMatchObject({ state: 'done', progress: { done: 1 } });
  });
});

describe('progress', () => {
  it('is readable while the job runs, by key', async () => {
    const steps = [gate(), gate()];
    const r = runner();
    const kind = r.register('test.progress', { handler: async (_p, ctx) => {
      await ctx.progress({ total: 2, done: 0 });
      await steps[0]!.opened;
      await ctx.progress({ done: 1, message: '第 1 页' });
      await steps[1]!.opened;
      await ctx.progress({ done: 2 });
    } });
    await kind.enqueue({}, { key: 'wx1' });
    const run = r.runOnce();
    await expect.poll(async () => (await kind.latest('wx1'))!.progress).toEqual({ done: 0, total: 2, message: null });
    steps[0]!.open();
    await expect.poll(async () => (await kind.latest('wx1'))!.progress).toEqual({ done: 1, total: 2, message: '第 1 页' });
    expect((await kind.latest('wx1'))!.state).toBe('running');
    steps[1]!.open();
    await run;
    expect(await kind.latest('wx1')).toMatchObject({ state: 'done', progress: { done: 2, total: 2 } });
  });
});

describe('delayed jobs', () => {
  it('run at their time, and a cancelled one never runs', async () => {
    const ran: string[] = [];
    const r = runner();
    const kind = r.register('test.timeout', { handler: async (p: { order: string }) => void ran.push(p.order) });
    const due = await kind.enqueue({ order: 'A' }, { key: 'order-A', delayMs: 15 * 60_000 });
    await kind.enqueue({ order: 'B' }, { key: 'order-B', runAt: new Date(clock + 15 * 60_000) });
    expect(await r.runOnce()).toEqual([]);
    expect(await kind.cancel('order-B')).toBe(true);
    clock += 15 * 60_000 - 1;
    expect(await r.runOnce()).toEqual([]);
    clock += 1;
    await r.runOnce();
    expect(ran).toEqual(['A']);
    expect(await stateOf(r, due.job.id)).toBe('done');
    expect((await kind.latest('order-B'))!.state).toBe('cancelled');
    expect(await kind.cancel('order-A')).toBe(false);
  });
});

describe('recurring jobs', () => {
  it('enqueue one job per occurrence across two runners, and run a missed occurrence once', async () => {
    clock = Math.ceil(clock / 60_000) * 60_000;
    const ran: string[] = [];
    const a = runner();
    const b = runner();
    for (const [name, r] of [['a', a], ['b', b]] as const) {
      r.register('test.tick', { handler: async () => void ran.push(name) });
      r.schedule('test-every-minute', { every: 60_000 }, 'test.tick', { what: 'expire coupons' });
    }
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran).toEqual([]);
    clock += 60_000;
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]); // the job may have been enqueued after the other's claim
    expect(ran).toHaveLength(1);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran).toHaveLength(1);
    clock += 10 * 60_000; // no instance ran for ten minutes
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran).toHaveLength(2);
    const [row] = await database.exclusive((exec) => exec(`select payload from job where kind = 'test.tick' order by id desc limit 1`, []));
    expect(row!.payload).toEqual({ what: 'expire coupons' });
  });
});

describe('stopping', () => {
  it('stops claiming at once and waits for the running job', async () => {
    const hold = gate();
    const started: number[] = [];
    const r = runner({ pollMs: 10 });
    const kind = r.register('test.stop', { handler: async (p: { n: number }) => {
      started.push(p.n);
      if (p.n === 1) await hold.opened;
    } });
    r.start();
    const first = await kind.enqueue({ n: 1 });
    await expect.poll(() => started).toEqual([1]);
    const stopping = r.stop(60_000);
    const second = await kind.enqueue({ n: 2 });
    expect(await stateOf(r, first.job.id)).toBe('running');
    hold.open();
    await stopping;
    expect(await stateOf(r, first.job.id)).toBe('done');
    expect(await stateOf(r, second.job.id)).toBe('queued');
    expect(started).toEqual([1]);
    expect(r.busy).toBe(0);
  });

  it('at the deadline tells the job to stop and hands it back when it returns: queued at once, lease released, the run not counted', async () => {
    let signal: AbortSignal | undefined;
    const r = runner({ pollMs: 10 });
    const kind = r.register('test.stuck', { handler: (_p, ctx) => new Promise<void>((_resolve, reject) => {
      signal = ctx.signal;
      ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
    }) });
    r.start();
    const { job } = await kind.enqueue({});
    await expect.poll(() => signal).toBeDefined();
    await r.stop(50);
    expect(signal!.aborted).toBe(true);
    expect(r.busy).toBe(0);
    expect(await r.get(job.id)).toMatchObject({ state: 'queued', attempts: 0, error: null });
    // Another runner (another instance, or this one restarted) runs it at once, without waiting for a lease to run out.
    const next = runner();
    next.register('test.stuck', { handler: async () => undefined });
    await next.runOnce();
    expect(await next.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('keeps a job that finishes its work after being told to stop as done (not run again)', async () => {
    let ran = 0;
    const r = runner({ pollMs: 10 });
    const kind = r.register('test.late', { handler: (_p, ctx) => new Promise<void>((resolve) => {
      ran++;
      ctx.signal.addEventListener('abort', () => setTimeout(resolve, 5));
    }) });
    r.start();
    const { job } = await kind.enqueue({});
    await expect.poll(() => ran).toBe(1);
    await r.stop(100);
    expect(await r.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
    const next = runner();
    next.register('test.late', { handler: async () => void ran++ });
    await next.runOnce();
    expect(ran).toBe(1);
  });

  it('leaves a job that ignores the stop to its lease: nobody else runs it while it may still be running', async () => {
    const hold = gate();
    let started = 0;
    const r = runner({ pollMs: 10 });
    const kind = r.register('test.deaf', { handler: async () => {
      started++;
      await hold.opened;
      throw new Error('interrupted late');
    } });
    r.start();
    const { job } = await kind.enqueue({});
    await expect.poll(() => started).toBe(1);
    await r.stop(20);
    expect(await r.get(job.id)).toMatchObject({ state: 'running', attempts: 1 });
    const next = runner();
    next.register('test.deaf', { handler: async () => void started++ });
    await next.runOnce();
    expect(started).toBe(1); // still leased to the stopped runner
    hold.open();
    await expect.poll(() => r.busy).toBe(0);
    clock += 60_001;
    await next.runOnce();
    expect(await next.get(job.id)).toMatchObject({ state: 'done' });
    expect(started).toBe(2);
  });
});
