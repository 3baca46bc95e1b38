-- Idempotency keys of mutating requests (http/idempotency.ts): a key seen once refuses the
-- same key again, on every instance, for a day.
create table request_key (
  key text primary key,
  created_at timestamptz not null default now()
);
create index request_key_created on request_key (created_at);
