import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from '../util/columns.js';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One run request of a background job (migration 0002_jobs.sql). */
export const job = pgTable('job', {
  id: idColumn(),
  kind: text('kind').notNull(),
  key: text('key'),
  payload: jsonb('payload').$type<unknown>().notNull().default({}),
  state: text('state').$type<JobState>().notNull().default('queued'),
  runAt: time('run_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  lockedBy: text('locked_by'),
  lockedUntil: time('locked_until'),
  heartbeatAt: time('heartbeat_at'),
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total').notNull().default(0),
  progressMessage: text('progress_message'),
  lastError: text('last_error'),
  createdAt: time('created_at').notNull().defaultNow(),
  startedAt: time('started_at'),
  finishedAt: time('finished_at'),
});

/** A recurring schedule: the occurrence due next. */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  kind: text('kind').notNull(),
  spec: jsonb('spec').$type<unknown>().notNull(),
  nextRunAt: time('next_run_at').notNull(),
  lastRunAt: time('last_run_at'),
});
