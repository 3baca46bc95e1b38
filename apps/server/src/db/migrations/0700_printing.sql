-- 打印 (STORE.md §7, issue 14): a store's printers, the 飞鹅 account, and the print jobs.
--
-- A print job is written in the transaction of the order change that causes it (an outbox:
-- it exists exactly when the payment, acceptance, round or refund committed) and sent after
-- the commit by the dispatcher of any instance (printing/dispatch/). `source_key` makes it one
-- job per (order, printer, ticket, round | refund): a retried hook, a second emit or a second
-- instance writing the same job finds it there. A reprint (重打) and a test page have none.

create table printer (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  name text not null,
  brand text not null check (brand in ('feie', 'escpos')),
  feie_sn text,
  -- The printer's 飞鹅 key, sealed (platform/secrets.ts); never answered, only masked.
  feie_key_enc text,
  host text,
  port integer check (port between 1 and 65535),
  paper smallint not null default 58 check (paper in (58, 80)),
  tickets text[] not null default '{receipt,kitchen}',
  kitchen_split text not null default 'order' check (kitchen_split in ('order', 'dish')),
  -- Categories whose dishes its kitchen tickets carry; empty: all.
  category_ids bigint[] not null default '{}',
  copies smallint not null default 1 check (copies between 1 and 5),
  trigger text not null default 'on_paid' check (trigger in ('on_paid', 'on_accepted', 'manual')),
  enabled boolean not null default true,
  status text not null default 'unknown' check (status in ('unknown', 'online', 'offline', 'no_paper')),
  status_message text,
  status_checked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint printer_name unique (store_id, name)
);
-- One 飞鹅 printer is bound to one account once: the same SN twice would print everything twice.
create unique index printer_feie_sn on printer (feie_sn) where brand = 'feie';

-- The deployment's 飞鹅 account (one row, id 1): user and sealed UKEY.
create table printer_feie_account (
  id smallint primary key check (id = 1),
  feie_user text not null,
  ukey_enc text not null,
  updated_at timestamptz not null default now()
);

create table print_job (
  id bigint generated always as identity primary key,
  store_id bigint not null references store (id),
  -- Kept when the printer is deleted (the log stays); its name is a snapshot.
  printer_id bigint not null,
  printer_name text not null,
  order_id bigint references orders (id) on delete cascade,
  order_no text,
  ticket text not null check (ticket in ('receipt', 'kitchen', 'refund', 'test')),
  round smallint not null default 0,
  refund_id bigint,
  -- `order:printer:ticket:round|refund`; null for reprints and test pages.
  source_key text unique,
  reprint_of bigint references print_job (id) on delete set null,
  copies smallint not null default 1,
  -- The laid-out tickets (one or more: a kitchen ticket per dish), rendered for the brand when sent.
  content jsonb not null,
  paper smallint not null check (paper in (58, 80)),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  -- While sending: the claiming instance's lease; a lease that ran out means the sender died mid-send.
  lease_until timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
-- The dispatcher's claim: due jobs in order.
create index print_job_due on print_job (next_attempt_at, id) where status = 'pending';
create index print_job_sending on print_job (lease_until) where status = 'sending';
create index print_job_store on print_job (store_id, id desc);
create index print_job_order on print_job (order_id) where order_id is not null;
create index print_job_printer on print_job (printer_id, id desc);
