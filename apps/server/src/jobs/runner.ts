import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { nextOccurrence, validateSpec, type ScheduleSpec } from './schedule.js';
import { job, jobSchedule, type JobState } from './tables.js';

type JobRow = typeof job.$inferSelect;

/** A job as the API and its callers see it. */
export interface JobView {
  id: string;
  kind: string;
  key: string | null;
  payload: unknown;
  state: JobState;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  progress: { done: number; total: number; message: string | null };
  /** The last failed attempt's message (kept while it is retried, and once it has failed). */
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ProgressUpdate {
  done?: number;
  total?: number;
  message?: string | null;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  id: string;
  key: string | null;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Aborted when this runner lost the job's lease or stopped past its deadline: stop soon. */
  signal: AbortSignal;
  /** Records progress (readable through `latest`/`get`) and extends the lease; throws when the lease is lost. */
  progress(update: ProgressUpdate): Promise<void>;
}

export interface JobKindOptions<P> {
  handler: (payload: P, ctx: JobContext) => Promise<void>;
  /** Runs before giving up (default 5); a lost lease is not counted against the handler. */
  maxAttempts?: number;
  /** The first retry's delay; doubled on each further retry (default 1 s), up to maxBackoffMs (default 1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface EnqueueOptions {
  /** At most one queued or running job per key of a kind: enqueueing again answers the active one. */
  key?: string;
  /** When to run (default now); or `delayMs` from now. */
  runAt?: Date;
  delayMs?: number;
  maxAttempts?: number;
  /** A transaction to enqueue in, so that the job exists only if the caller's writes commit. */
  db?: Db;
}

export interface Enqueued {
  job: JobView;
  /** False when an active job with the same key was there already (that one is answered). */
  created: boolean;
}

/** A registered kind, for its module: enqueue and read its jobs without repeating the kind's name. */
export interface JobKind<P> {
  readonly name: string;
  enqueue(payload: P, options?: EnqueueOptions): Promise<Enqueued>;
  /** The newest job with this key (active or finished), or null. */
  latest(key: string): Promise<JobView | null>;
  /** Cancels the queued job with this key (a running one runs on); true when one was cancelled. */
  cancel(key: string): Promise<boolean>;
}

/** Thrown by a handler to fail at once, without retries (a problem that waiting will not mend). */
export class PermanentJobError extends Error {}

/** The abort reason of a job's signal when its runner stops: its run is handed back once the handler returns. */
export class RunnerStopped extends Error {
  constructor() {
    super('runner stopped');
  }
}

/** Thrown by `progress` when another runner has taken the job over. */
export class LeaseLostError extends Error {
  constructor() {
    super('job lease lost');
  }
}

interface Log {
  warn(obj: object, msg: string): void;
}

export interface RunnerOptions {
  database: Database;
  log?: Log;
  /** How often an idle runner looks for due jobs (default 1 s). Jobs enqueued here wake it at once. */
  pollMs?: number;
  /** How long a claim holds without a heartbeat (default 30 s); the heartbeat renews it every third of that. */
  leaseMs?: number;
  /** Jobs run at once by this runner (default 4). */
  concurrency?: number;
  /** Finished jobs are deleted after this long, except each key's newest (default 7 days). */
  retentionMs?: number;
  /** How long `stop` waits for running jobs by default (10 s). */
  stopDeadlineMs?: number;
  /** The clock (epoch ms); tests pass their own. */
  now?: () => number;
}

/** Lost leases (the instance died mid-run) a job survives beyond its attempts before it is failed. */
const LOST_LEASE_ALLOWANCE = 3;
const LOST_MESSAGE = '任务多次中断（实例停止），已放弃';
const ERROR_MAX = 2000;
const SWEEP_EVERY_MS = 3_600_000;
const ACTIVE: JobState[] = ['queued', 'running'];

const view = (row: JobRow): JobView => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  payload: row.payload,
  state: row.state,
  runAt: row.runAt,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
  error: row.lastError,
  createdAt: row.createdAt,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX) || 'error';
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

interface Registered {
  options: JobKindOptions<unknown>;
}

interface Schedule {
  name: string;
  kind: string;
  spec: ScheduleSpec;
  payload: unknown;
}

interface Running {
  /** Settles once the handler returned and its outcome is written. */
  done: Promise<void>;
  /** Settles once the handler returned (its outcome may still be being written). */
  returned: Promise<void>;
  hasReturned: boolean;
  controller: AbortController;
}

/**
 * Durable background jobs on the `job` table, the same on PGlite and PostgreSQL. Modules register
 * kinds with a handler and enqueue jobs; every instance runs a runner that claims due jobs with
 * `for update skip locked` under a lease (so exactly one runner has a job), renews the lease while
 * the handler runs, retries failures with exponential backoff, and claims again a job whose lease
 * ran out because its instance died. Recurring schedules enqueue one job per occurrence, whichever
 * instance sees it first.
 */
export class JobRunner {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly kinds = new Map<string, Registered>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly running = new Map<string, Running>();
  private readonly db: Db;
  private readonly log: Log;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly retentionMs: number;
  private readonly stopDeadlineMs: number;
  private readonly now: () => number;
  private schedulesSaved = false;
  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private wakeAgain = false;
  private lastSweep = 0;

  constructor(options: RunnerOptions) {
    this.db = options.database.db;
    this.log = options.log ?? { warn: () => undefined };
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.concurrency = options.concurrency ?? 4;
    this.retentionMs = options.retentionMs ?? 7 * 86_400_000;
    this.stopDeadlineMs = options.stopDeadlineMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Registers a kind (before or after start); its name is stored with each job, so keep it stable. */
  register<P>(name: string, options: JobKindOptions<P>): JobKind<P> {
    if (this.kinds.has(name)) throw new Error(`job kind ${name} is registered twice`);
    this.kinds.set(name, { options: options as JobKindOptions<unknown> });
    return {
      name,
      enqueue: (payload, enqueueOptions) => this.enqueue(name, payload, enqueueOptions),
      latest: (key) => this.latest(name, key),
      cancel: (key) => this.cancel(name, key),
    };
  }

  /** Runs `kind` with `payload` at every occurrence of `spec`; an occurrence missed while no instance ran is run once. */
  schedule(name: string, spec: ScheduleSpec, kind: string, payload: unknown = {}): void {
    validateSpec(spec);
    if (this.schedules.has(name)) throw new Error(`schedule ${name} is registered twice`);
    this.schedules.set(name, { name, kind, spec, payload });
    this.schedulesSaved = false;
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<Enqueued> {
    const registered = this.kinds.get(kind);
    if (!registered) throw new Error(`job kind ${kind} is not registered`);
    const db = options.db ?? this.db;
    const now = this.now();
    const runAt = options.runAt ?? new Date(now + (options.delayMs ?? 0));
    const values = {
      kind,
      key: options.key ?? null,
      payload: payload ?? {},
      runAt,
      maxAttempts: options.maxAttempts ?? registered.options.maxAttempts ?? 5,
      createdAt: new Date(now),
    };
    for (let tries = 0; tries < 5; tries++) {
      const [row] = await db.insert(job).values(values)
        .onConflictDoNothing({ target: [job.kind, job.key], where: sql.raw(`state in ('queued', 'running')`) })
        .returning();
      if (row) {
        if (runAt.getTime() <= now && !options.db) this.wake();
        return { job: view(row), created: true };
      }
      const [active] = await db.select().from(job)
        .where(and(eq(job.kind, kind), eq(job.key, values.key!), inArray(job.state, ACTIVE))).limit(1);
      if (active) return { job: view(active), created: false };
      // The active one finished between the two statements: try the insert again.
    }
    throw new Error(`job ${kind}/${values.key}: could not enqueue`);
  }

  async get(id: string): Promise<JobView | null> {
    const [row] = await this.db.select().from(job).where(eq(job.id, id));
    return row ? view(row) : null;
  }

  async latest(kind: string, key: string): Promise<JobView | null> {
    const [row] = await this.db.select().from(job).where(and(eq(job.kind, kind), eq(job.key, key))).orderBy(desc(job.id)).limit(1);
    return row ? view(row) : null;
  }

  async cancel(kind: string, key: string): Promise<boolean> {
    const rows = await this.db.update(job).set({ state: 'cancelled', finishedAt: new Date(this.now()) })
      .where(and(eq(job.kind, kind), eq(job.key, key), eq(job.state, 'queued'))).returning({ id: job.id });
    return rows.length > 0;
  }

  /** Starts polling (the app does this when it is ready). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.wake();
  }

  /**
   * Stops claiming and waits for the running jobs, up to the deadline. Past four fifths of it,
   * the jobs still running are told to stop (their signal) and get the last fifth to return: a
   * job that returns then is handed back (queued again at once, its lease released and the
   * interrupted run not counted), unless it finished its work anyway (done). One that has not
   * returned by the deadline is left to its lease, so that no other instance can run it while
   * this one might still be: it is claimed again once the lease runs out.
   */
  async stop(deadlineMs = this.stopDeadlineMs): Promise<void> {
    this.stopping = true;
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    const settleMs = Math.floor(deadlineMs / 5);
    if (!(await this.allWithin('done', deadlineMs - settleMs))) {
      const runs = [...this.running.entries()];
      for (const [, run] of runs) run.controller.abort(new RunnerStopped());
      await this.allWithin('returned', settleMs);
      // A handler that returned in time gets its outcome written whatever the deadline: that is one
      // database write of the runner's own, and leaving it half-done would keep the lease for nothing.
      await Promise.all(runs.map(async ([id, run]) => {
        if (run.hasReturned) await run.done;
        else this.log.warn({ jobId: id }, 'job still running at stop: left to its lease');
      }));
    }
  }

  /** Whether every running job reached `stage` within `ms`. */
  private async allWithin(stage: 'done' | 'returned', ms: number): Promise<boolean> {
    if (!this.running.size) return true;
    const all = Promise.allSettled([...this.running.values()].map((r) => r[stage]));
    let timeout: NodeJS.Timeout | undefined;
    const done = await Promise.race([all.then(() => true), new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(false), ms)))]);
    clearTimeout(timeout);
    return done;
  }

  /** How many jobs this runner is running now. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * One pass without the timer: fires due schedules, claims what is due (as many as there are free
   * slots) and resolves when those jobs have finished. For tests and tools; `start` loops on it.
   */
  async runOnce(): Promise<JobView[]> {
    const claimed = await this.pass(false);
    await Promise.allSettled(claimed.flatMap((c) => this.running.get(c.id)?.done ?? []));
    return Promise.all(claimed.map(async (c) => (await this.get(c.id)) ?? c));
  }

  private wake(): void {
    if (!this.started || this.stopping) return;
    if (this.ticking) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.started || this.stopping) return;
    this.wakeAgain = false;
    this.ticking = this.pass(true)
      .then(() => undefined, (error: unknown) => this.log.warn({ err: error }, 'job poll failed'))
      .finally(() => {
        this.ticking = undefined;
        if (!this.started || this.stopping) return;
        this.timer = setTimeout(() => this.tick(), this.wakeAgain ? 0 : this.pollMs);
        this.timer.unref?.();
      });
  }

  private async pass(loop: boolean): Promise<JobView[]> {
    await this.saveSchedules();
    await this.fireSchedules();
    await this.failAbandoned();
    if (this.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = this.now();
      await this.sweep();
    }
    const free = this.concurrency - this.running.size;
    if (free <= 0 || !this.kinds.size || (loop && this.stopping)) return [];
    const rows = await this.claim(free);
    for (const row of rows) this.execute(row);
    return rows.map(view);
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const now = this.now();
    const claimable = or(
      and(eq(job.state, 'queued'), lte(job.runAt, new Date(now))),
      and(eq(job.state, 'running'), lt(job.lockedUntil, new Date(now)), lt(job.attempts, sql`${job.maxAttempts} + ${LOST_LEASE_ALLOWANCE}`)),
    );
    const due = this.db.select({ id: job.id }).from(job)
      .where(and(inArray(job.kind, [...this.kinds.keys()]), claimable))
      .orderBy(asc(job.runAt), asc(job.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db.update(job).set({
      state: 'running',
      attempts: sql`${job.attempts} + 1`,
      lockedBy: this.id,
      lockedUntil: new Date(now + this.leaseMs),
      heartbeatAt: new Date(now),
      startedAt: sql`coalesce(${job.startedAt}, ${at(now)})`,
    }).where(inArray(job.id, due)).returning();
  }

  /** A job whose lease ran out once too often (its runs keep killing the instance): failed. */
  private async failAbandoned(): Promise<void> {
    const now = new Date(this.now());
    await this.db.update(job).set({ state: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: LOST_MESSAGE })
      .where(and(eq(job.state, 'running'), lt(job.lockedUntil, now), sql`${job.attempts} >= ${job.maxAttempts} + ${LOST_LEASE_ALLOWANCE}`));
  }

  /** Deletes finished jobs past the retention, keeping each key's newest (a sync's last result). */
  private async sweep(): Promise<void> {
    const cutoff = at(this.now() - this.retentionMs);
    await this.db.execute(sql`delete from job j where j.state in ('done', 'failed', 'cancelled') and j.finished_at < ${cutoff}
      and (j.key is null or exists (select 1 from job n where n.kind = j.kind and n.key = j.key and n.id > j.id))`);
  }

  private async saveSchedules(): Promise<void> {
    if (this.schedulesSaved) return;
    for (const s of this.schedules.values()) {
      const next = new Date(nextOccurrence(s.spec, this.now()));
      await this.db.insert(jobSchedule).values({ name: s.name, kind: s.kind, spec: s.spec, nextRunAt: next }).onConflictDoUpdate({
        target: jobSchedule.name,
        set: {
          kind: sql`excluded.kind`,
          spec: sql`excluded.spec`,
          // A changed spec starts over from its own next occurrence; an unchanged one keeps its place.
          nextRunAt: sql`case when ${jobSchedule.spec} = excluded.spec then ${jobSchedule.nextRunAt} else excluded.next_run_at end`,
        },
      });
    }
    this.schedulesSaved = true;
  }

  /** Moves each due schedule on and enqueues its occurrence, in one statement: one instance wins it. */
  private async fireSchedules(): Promise<void> {
    const now = this.now();
    for (const s of this.schedules.values()) {
      const registered = this.kinds.get(s.kind);
      if (!registered) continue;
      const next = nextOccurrence(s.spec, now);
      const result = await this.db.execute(sql`
        with fired as (
          update job_schedule set next_run_at = ${at(next)}, last_run_at = ${at(now)}
          where name = ${s.name} and next_run_at <= ${at(now)} returning name
        )
        insert into job (kind, key, payload, run_at, max_attempts, created_at)
        select ${s.kind}, ${`schedule:${s.name}`}, ${JSON.stringify(s.payload ?? {})}::jsonb, ${at(now)}, ${registered.options.maxAttempts ?? 5}, ${at(now)} from fired
        on conflict (kind, key) where state in ('queued', 'running') do nothing`);
      void result;
    }
  }

  private execute(row: JobRow): void {
    const registered = this.kinds.get(row.kind)!;
    const controller = new AbortController();
    const mine = and(eq(job.id, row.id), eq(job.lockedBy, this.id), eq(job.state, 'running'));
    const renew = async (extra: Partial<typeof job.$inferInsert> = {}) => {
      const now = this.now();
      const rows = await this.db.update(job).set({ ...extra, lockedUntil: new Date(now + this.leaseMs), heartbeatAt: new Date(now) })
        .where(mine).returning({ id: job.id });
      if (!rows.length) {
        controller.abort(new LeaseLostError());
        throw new LeaseLostError();
      }
    };
    const heartbeat = setInterval(() => void renew().catch(() => undefined), Math.max(10, Math.floor(this.leaseMs / 3)));
    heartbeat.unref?.();
    controller.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
    const ctx: JobContext = {
      id: row.id,
      key: row.key,
      attempt: row.attempts,
      signal: controller.signal,
      progress: async (update) => {
        if (controller.signal.aborted) throw new LeaseLostError();
        await renew({
          ...(update.done !== undefined ? { progressDone: update.done } : {}),
          ...(update.total !== undefined ? { progressTotal: update.total } : {}),
          ...(update.message !== undefined ? { progressMessage: update.message } : {}),
        });
      },
    };
    const finish = async (failure: { error: unknown } | null) => {
      clearInterval(heartbeat);
      const stopped = controller.signal.reason instanceof RunnerStopped;
      if (controller.signal.aborted && !stopped) return; // taken over: not ours to write
      const now = this.now();
      if (stopped && failure) {
        // Interrupted by the stop: handed back to run again at once (here after a restart, or on another instance), the run not counted.
        await this.db.update(job).set({ state: 'queued', runAt: new Date(now), attempts: sql`greatest(${job.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null }).where(mine);
        return;
      }
      if (!failure) {
        await this.db.update(job).set({ state: 'done', finishedAt: new Date(now), lockedBy: null, lockedUntil: null, lastError: null }).where(mine);
        return;
      }
      const { error } = failure;
      const message = messageOf(error);
      const { backoffMs = 1000, maxBackoffMs = 3_600_000 } = registered.options;
      if (row.attempts < row.maxAttempts && !(error instanceof PermanentJobError)) {
        const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (row.attempts - 1));
        await this.db.update(job).set({ state: 'queued', runAt: new Date(now + delay), lockedBy: null, lockedUntil: null, lastError: message }).where(mine);
      } else {
        await this.db.update(job).set({ state: 'failed', finishedAt: new Date(now), lockedBy: null, lockedUntil: null, lastError: message }).where(mine);
      }
    };
    const handled = Promise.resolve().then(() => registered.options.handler(row.payload, ctx));
    const returned = handled.then(() => undefined, () => undefined).then(() => {
      const run = this.running.get(row.id);
      if (run) run.hasReturned = true;
    });
    const done = handled
      .then(() => finish(null), (error: unknown) => {
        if (!(error instanceof LeaseLostError) && !(controller.signal.reason instanceof RunnerStopped)) this.log.warn({ err: error, jobId: row.id, kind: row.kind }, 'job failed');
        return finish({ error });
      })
      .catch((error: unknown) => this.log.warn({ err: error, jobId: row.id }, 'job state could not be written'))
      .finally(() => {
        this.running.delete(row.id);
        this.wake(); // a slot is free: more may be waiting
      });
    this.running.set(row.id, { done, returned, hasReturned: false, controller });
  }
}
