-- Our copies of temporary media (what followers send): found by media id for tempMaterialOther.
create index wx_msg_media on wx_msg (app_id, rep_media_id) where media_storage_key is not null;

-- One row per material sync run per account (the mirror's pull from the platform).
create table wx_material_sync (
  app_id text primary key references wx_app (app_id) on delete cascade on update cascade,
  state text not null check (state in ('running', 'done', 'failed')),
  total integer not null default 0,
  done integer not null default 0,
  message text,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz
);

-- Frees the name wx_msg_unread for the conversations' unread summary table.
alter index wx_msg_unread rename to wx_msg_unread_by_app;
