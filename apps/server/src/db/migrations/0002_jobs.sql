-- Durable background jobs (jobs/runner.ts): one row per run request, claimed by one runner at a
-- time under a lease that its heartbeat extends; a lease that runs out (the instance died) lets
-- another runner claim the job again.
create table job (
  id bigint generated always as identity primary key,
  kind text not null,
  -- At most one queued or running job per (kind, key): e.g. one follower sync per account.
  key text,
  payload jsonb not null default '{}'::jsonb,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed', 'cancelled')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts >= 1),
  locked_by text,
  locked_until timestamptz,
  heartbeat_at timestamptz,
  progress_done integer not null default 0,
  progress_total integer not null default 0,
  progress_message text,
  last_error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);

create unique index job_active_key on job (kind, key) where state in ('queued', 'running');
-- What a claim looks for: due queued jobs, and running ones whose lease ran out.
create index job_due on job (run_at, id) where state = 'queued';
create index job_lease on job (locked_until) where state = 'running';
-- The latest job of a key (a sync's progress), and the retention sweep.
create index job_kind_key on job (kind, key, id);
create index job_finished on job (finished_at) where finished_at is not null;

-- Recurring schedules: the runner that moves next_run_at on enqueues that occurrence's job.
create table job_schedule (
  name text primary key,
  kind text not null,
  spec jsonb not null,
  next_run_at timestamptz not null,
  last_run_at timestamptz
);
