import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamptz } from '../db/columns.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One run request of a background job (migration 0002_jobs.sql). */
export const job = pgTable('job', {
  id: idColumn(),
  kind: text('kind').notNull(),
  key: text('key'),
  payload: jsonb('payload').$type<unknown>().notNull().default({}),
  state: text('state').$type<JobState>().notNull().default('queued'),
  runAt: timestamptz('run_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  lockedBy: text('locked_by'),
  lockedUntil: timestamptz('locked_until'),
  heartbeatAt: timestamptz('heartbeat_at'),
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total').notNull().default(0),
  progressMessage: text('progress_message'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
});

/** A recurring schedule: the occurrence due next. */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  kind: text('kind').notNull(),
  spec: jsonb('spec').$type<unknown>().notNull(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
});
