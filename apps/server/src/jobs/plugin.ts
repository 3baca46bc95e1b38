import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: modules register their kinds (`app.jobs.register`) and schedules when they load. */
    jobs: JobRunner;
  }
}

/**
 * Decorates the app with its job runner, started once the app is ready and stopped when it closes
 * (before the other close hooks, so running jobs still have their module's resources).
 */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const runner = new JobRunner({
    database: app.database,
    log: app.log.child({ module: 'jobs' }),
    pollMs: app.config.JOB_POLL_MS,
    // Most of the shutdown's time (the rest closes sockets and the database): running jobs finish or are handed back.
    stopDeadlineMs: Math.floor(app.config.SHUTDOWN_TIMEOUT_MS * 0.8),
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.stop());
}, { name: 'jobs' });
