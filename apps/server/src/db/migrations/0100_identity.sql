-- Identity and access: departments, users, roles, menus and their grants, OAuth clients,
-- tokens (hashes only), operation logs, and the short-lived sign-in state (captcha, codes,
-- failure counters) kept in the database so every instance sees it.

create table sys_dept (
  id bigint generated always as identity primary key,
  parent_id bigint not null default -1,
  name text not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sys_dept_parent on sys_dept (parent_id);

create table sys_user (
  id bigint generated always as identity primary key,
  username text not null,
  password text not null,
  nickname text,
  phone text,
  avatar text,
  dept_id bigint references sys_dept (id) on delete set null,
  lock_flag char(1) not null default '0' check (lock_flag in ('0', '9')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index sys_user_username on sys_user (username);
create unique index sys_user_phone on sys_user (phone) where phone is not null;

create table sys_role (
  id bigint generated always as identity primary key,
  role_name text not null,
  role_code text not null,
  role_desc text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index sys_role_code on sys_role (role_code);

create table sys_menu (
  id bigint generated always as identity primary key,
  parent_id bigint not null default -1,
  name text not null,
  permission text,
  path text,
  icon text,
  component text,
  sort integer not null default 0,
  keep_alive char(1) not null default '0' check (keep_alive in ('0', '1')),
  type char(1) not null default '0' check (type in ('0', '1')),
  -- The seed's own key for this row, so a boot adds only what is missing.
  seed_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sys_menu_parent on sys_menu (parent_id);
create unique index sys_menu_seed_key on sys_menu (seed_key) where seed_key is not null;

create table sys_user_role (
  user_id bigint not null references sys_user (id) on delete cascade,
  role_id bigint not null references sys_role (id) on delete cascade,
  primary key (user_id, role_id)
);
create index sys_user_role_role on sys_user_role (role_id);

create table sys_role_menu (
  role_id bigint not null references sys_role (id) on delete cascade,
  menu_id bigint not null references sys_menu (id) on delete cascade,
  primary key (role_id, menu_id)
);
create index sys_role_menu_menu on sys_role_menu (menu_id);

create table sys_oauth_client (
  id bigint generated always as identity primary key,
  client_id text not null,
  client_secret text not null,
  scope text not null default 'server',
  authorized_grant_types text not null default 'password,refresh_token',
  access_token_validity integer not null default 43200,
  refresh_token_validity integer not null default 2592000,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index sys_oauth_client_client_id on sys_oauth_client (client_id);

create table sys_token (
  id bigint generated always as identity primary key,
  -- Every token set that came from one sign-in by refreshing shares the first set's chain.
  chain_id text not null,
  user_id bigint not null references sys_user (id) on delete cascade,
  client_id text not null,
  grant_type text not null,
  access_hash text not null,
  refresh_hash text not null,
  access_expires_at timestamptz not null,
  refresh_expires_at timestamptz not null,
  refreshed_at timestamptz,
  revoked_at timestamptz,
  remote_addr text,
  created_at timestamptz not null default now()
);
create unique index sys_token_access on sys_token (access_hash);
create unique index sys_token_refresh on sys_token (refresh_hash);
create index sys_token_chain on sys_token (chain_id);
create index sys_token_user on sys_token (user_id);

create table sys_log (
  id bigint generated always as identity primary key,
  type char(1) not null default '0',
  source text not null default 'server',
  title text not null,
  method text,
  request_uri text,
  remote_addr text,
  user_agent text,
  username text,
  duration_ms integer,
  status integer,
  exception text,
  created_at timestamptz not null default now()
);
create index sys_log_created on sys_log (created_at);

create table auth_captcha (
  random_str text primary key,
  code text not null,
  expires_at timestamptz not null
);

-- One-time codes: SMS sign-in codes (by phone) and third-party provider codes.
create table auth_code (
  id bigint generated always as identity primary key,
  purpose text not null,
  phone text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index auth_code_lookup on auth_code (purpose, phone);
create index auth_code_hash on auth_code (code_hash);

-- Fixed-window counters (failed sign-ins per account and per address, SMS sends).
create table auth_rate_limit (
  key text primary key,
  hits integer not null,
  window_start timestamptz not null
);
