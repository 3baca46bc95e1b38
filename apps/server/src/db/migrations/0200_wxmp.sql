-- Messaging public account: accounts, followers, tags, materials, conversation messages,
-- processed-callback keys and the shared access-token cache.

create table wx_app (
  id bigint generated always as identity primary key,
  app_id text not null unique,
  name text not null,
  weixin_type text not null default '2',          -- 0 订阅号, 1 升级订阅号, 2 服务号
  verify_type text not null default '0',          -- -1 未认证, 0 微信认证, ...
  weixin_sign text not null,                      -- original ID (gh_...), the ToUserName of pushes
  secret_enc text not null,                       -- AES-256-GCM sealed AppSecret
  token_enc text not null,                        -- sealed callback token
  aes_key_enc text,                               -- sealed EncodingAESKey (43 characters)
  msg_mode text not null default 'plain' check (msg_mode in ('plain', 'compatible', 'safe')),
  logo text,
  principal_name text,
  remarks text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table wx_user (
  id bigint generated always as identity primary key,
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  open_id text not null,
  union_id text,
  subscribe text not null default '1' check (subscribe in ('0', '1', '2')),
  subscribe_scene text,
  subscribe_time timestamptz,
  subscribe_num integer not null default 0,
  cancel_subscribe_time timestamptz,
  nick_name text,
  headimg_url text,
  sex text,
  country text,
  province text,
  city text,
  language text,
  remark text,
  tagid_list integer[] not null default '{}',
  qr_scene_str text,
  latitude double precision,
  longitude double precision,
  precision double precision,
  last_interaction_at timestamptz,               -- the follower's latest message or event (48-hour window)
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (app_id, open_id)
);
create index wx_user_list on wx_user (app_id, subscribe_time desc nulls last, id desc);
create index wx_user_tags on wx_user using gin (tagid_list);

-- The platform owns tags; this is its mirror, refreshed on every list and write.
create table wx_user_tag (
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  tag_id integer not null,
  name text not null,
  fans_count integer not null default 0,
  synced_at timestamptz not null default now(),
  primary key (app_id, tag_id)
);

-- One row per follower sync run per account: its progress is readable from any instance.
create table wx_user_sync (
  app_id text primary key references wx_app (app_id) on delete cascade on update cascade,
  state text not null check (state in ('running', 'done', 'failed')),
  total integer not null default 0,
  done integer not null default 0,
  message text,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz
);

-- Local mirror of permanent materials (lists are fast and survive a slow platform).
create table wx_material (
  id bigint generated always as identity primary key,
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  media_id text not null,
  type text not null check (type in ('image', 'voice', 'video', 'thumb', 'news')),
  name text,
  title text,
  introduction text,
  wx_url text,                                    -- the platform's own URL (images only)
  storage_key text,                               -- our copy of the bytes (storage layer)
  content_type text,
  size_bytes bigint,
  articles jsonb,                                 -- news: [{ title, thumbMediaId, author, digest, content, contentSourceUrl, ... }]
  update_time timestamptz not null default now(),
  created_at timestamptz not null default now(),
  unique (app_id, media_id)
);
create index wx_material_page on wx_material (app_id, type, update_time desc, id desc);

-- Conversation messages: '1' follower → account, '2' account → follower.
create table wx_msg (
  id bigint generated always as identity primary key,
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  wx_user_id bigint not null references wx_user (id) on delete cascade,
  open_id text not null,
  type text not null check (type in ('1', '2')),
  rep_type text not null,
  rep_event text,
  rep_content text,
  rep_media_id text,
  rep_name text,
  rep_desc text,
  rep_url text,
  rep_hq_url text,
  content jsonb,
  rep_thumb_media_id text,
  rep_thumb_url text,
  rep_location_x double precision,
  rep_location_y double precision,
  rep_scale double precision,
  read_flag text not null default '1' check (read_flag in ('0', '1')),
  msg_id text,                                    -- the platform's MsgId (64-bit, kept as text)
  event_key text,
  media_storage_key text,                         -- our copy of temporary media the follower sent
  nick_name text,                                 -- snapshots taken at write time
  headimg_url text,
  app_name text,
  app_logo text,
  create_time timestamptz not null default now()
);
-- Conversation history: one follower, newest first (page size 14).
create index wx_msg_history on wx_msg (wx_user_id, create_time desc, id desc);
-- Message list of an account, newest first.
create index wx_msg_app_time on wx_msg (app_id, create_time desc, id desc);
-- The bell and mark-read: only unread follower messages (a small set) are indexed.
create index wx_msg_unread on wx_msg (app_id, create_time desc) where type = '1' and read_flag = '0' and rep_type <> 'event';
create index wx_msg_unread_user on wx_msg (wx_user_id) where read_flag = '0';

-- Pushes already processed (MsgId, or FromUserName + CreateTime for events): retries are
-- answered with the stored reply and never stored twice. Old rows are swept.
create table wx_callback_seen (
  app_id text not null,
  dedup_key text not null,
  reply text,
  created_at timestamptz not null default now(),
  primary key (app_id, dedup_key)
);
create index wx_callback_seen_age on wx_callback_seen (created_at);

-- Access tokens shared by every instance (when REDIS_URL is unset), with a refresh lease so
-- only one instance asks the platform at a time.
create table wx_access_token (
  app_id text primary key,
  access_token text,
  expires_at timestamptz,
  lease_until timestamptz,
  updated_at timestamptz not null default now()
);
