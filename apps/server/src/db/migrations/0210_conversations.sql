-- Follower conversations: automatic replies, the custom menu, the send status of the account's
-- messages, and the indexes of the history page and the bell at a million messages.

-- 消息自动回复: type 1 on subscribe (one per account), 2 default reply per incoming message type
-- (one per type), 3 keyword (exact '1' or partial '2'; one rule per keyword).
create table wx_auto_reply (
  id bigint generated always as identity primary key,
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  type text not null check (type in ('1', '2', '3')),
  req_type text,                                  -- type 2: text, image, voice, video, shortvideo, location, link
  req_key text,                                   -- type 3: the keyword
  rep_mate text check (rep_mate in ('1', '2')),   -- type 3: 1 exact, 2 the follower's text contains the keyword
  rep_type text not null check (rep_type in ('text', 'image', 'voice', 'video', 'music', 'news')),
  rep_content text,
  rep_media_id text,
  rep_name text,
  rep_desc text,
  rep_url text,
  rep_hq_url text,
  rep_thumb_media_id text,
  rep_thumb_url text,
  content jsonb,                                  -- news: { articles: [...] }
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (type <> '2' or req_type is not null),
  check (type <> '3' or (req_key is not null and rep_mate is not null))
);
create unique index wx_auto_reply_subscribe on wx_auto_reply (app_id) where type = '1';
create unique index wx_auto_reply_req_type on wx_auto_reply (app_id, req_type) where type = '2';
create unique index wx_auto_reply_keyword on wx_auto_reply (app_id, req_key) where type = '3';
create index wx_auto_reply_page on wx_auto_reply (app_id, type, created_at desc, id desc);

-- 自定义菜单: the saved menu of an account (replaced as a whole on each publish). menu_key is
-- the platform's button key; a tap on a key that no longer exists answers that the menu was deleted.
create table wx_menu (
  id bigint generated always as identity primary key,
  app_id text not null references wx_app (app_id) on delete cascade on update cascade,
  parent_id bigint references wx_menu (id) on delete cascade,
  sort integer not null,
  menu_key text not null,
  type text,                                      -- null for a top button that opens sub-buttons
  name text not null,
  url text,
  ma_app_id text,
  ma_page_path text,
  rep_type text check (rep_type in ('text', 'image', 'voice', 'video', 'music', 'news')),
  rep_content text,
  rep_media_id text,
  rep_name text,
  rep_desc text,
  rep_url text,
  rep_hq_url text,
  rep_thumb_media_id text,
  rep_thumb_url text,
  content jsonb,
  created_at timestamptz not null default now(),
  unique (app_id, menu_key)
);
create index wx_menu_tree on wx_menu (app_id, parent_id, sort);

-- The account's own messages: 'sent', or 'failed' with the platform's message (never lost).
-- Null for the follower's messages and for passive (automatic) replies stored as 'sent'.
alter table wx_msg add column send_status text check (send_status in ('sent', 'failed'));
alter table wx_msg add column send_error text;

-- The bell: unread follower messages without events, grouped per follower (latest + count);
-- a small partial index, read index-only for the grouping.
create index wx_msg_bell on wx_msg (wx_user_id, create_time desc, id desc)
  where type = '1' and read_flag = '0' and rep_type <> 'event';
