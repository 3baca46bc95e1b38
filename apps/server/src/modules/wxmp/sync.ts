import type { z } from 'zod';
import type { syncProgressSchema } from '@canteen/contract';
import { AppError, conflict } from '../../http/errors.js';
import { PermanentJobError, type JobContext, type JobRunner, type JobView } from '../../jobs/runner.js';
import { PlatformError } from '../../platform/wechat/errors.js';
import { isoOrNull } from '../../http/iso.js';

export type SyncProgress = z.infer<typeof syncProgressSchema>;

/**
 * The job kinds of the account syncs. Stored with each job and named by migration
 * 0213_wx_sync_jobs.sql (which moved the old sync tables' rows into `job`): keep them.
 */
export const FOLLOWER_SYNC = 'wxmp.followerSync';
export const MATERIAL_SYNC = 'wxmp.materialSync';

/** Runs of a sync before it is reported failed; only a failure that waiting may mend is retried. */
const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 1000;

/** A busy, slow or unreachable platform, a frequency limit, or an unexpected error: worth another try. */
const worthRetrying = (error: unknown) =>
  !(error instanceof AppError) || error.status >= 500 || (error instanceof PlatformError && error.errcode === 45011);

/** The answer of the progress endpoints (the contract's `syncProgressSchema`) from an account's latest sync job. */
export function syncProgress(appId: string, job: JobView | null): SyncProgress {
  if (!job) return { appId, state: 'idle', total: 0, done: 0, percent: 0, message: null, startTime: null, finishTime: null };
  const state = job.state === 'queued' || job.state === 'running' ? 'running' : job.state === 'done' ? 'done' : 'failed';
  const { done, total } = job.progress;
  return {
    appId,
    state,
    total,
    done,
    percent: state === 'done' ? 100 : total ? Math.min(99, Math.floor((done / total) * 100)) : 0,
    message: state === 'failed' ? (job.error ?? '同步已取消') : job.progress.message,
    startTime: isoOrNull(job.createdAt),
    finishTime: isoOrNull(job.finishedAt),
  };
}

/**
 * One account's background sync from the platform as a job kind keyed by the app id: one sync
 * per account runs at a time across every instance, its progress and last result are readable
 * from any of them, and a sync whose instance stopped is taken up again by another.
 */
export function accountSync(jobs: Pick<JobRunner, 'register'>, kind: string, busyMessage: string, run: (appId: string, ctx: JobContext) => Promise<void>) {
  const job = jobs.register<{ appId: string }>(kind, {
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: BACKOFF_MS,
    handler: async ({ appId }, ctx) => {
      await ctx.progress({ done: 0, total: 0, message: null }); // a retry starts over
      try {
        await run(appId, ctx);
      } catch (error) {
        if (worthRetrying(error)) throw error;
        throw new PermanentJobError((error as Error).message, { cause: error });
      }
    },
  });
  return {
    /** Queues the account's sync; refuses while one is queued or running. */
    async start(appId: string): Promise<SyncProgress> {
      const { job: queued, created } = await job.enqueue({ appId }, { key: appId });
      if (!created) throw conflict(busyMessage);
      return syncProgress(appId, queued);
    },
    async progress(appId: string): Promise<SyncProgress> {
      return syncProgress(appId, await job.latest(appId));
    },
    /** Whether the account has had a sync (running, or finished in any way). */
    async everStarted(appId: string): Promise<boolean> {
      return (await job.latest(appId)) !== null;
    },
  };
}
