-- The bell's summary: one row per follower with unread messages (follower messages, events
-- excluded), kept by statement-level triggers on wx_msg, so that the bell reads ten rows of a
-- small table instead of grouping every unread message at each request.

create table wx_unread (
  wx_user_id bigint primary key references wx_user (id) on delete cascade,
  app_id text not null,
  count_msg integer not null,
  last_time timestamptz not null,
  last_msg_id bigint not null
);
create index wx_unread_latest on wx_unread (last_time desc, wx_user_id desc);
create index wx_unread_app_latest on wx_unread (app_id, last_time desc, wx_user_id desc);

-- Recounts the given followers: their row is replaced, or removed when nothing is unread.
create function wx_unread_recount(users bigint[]) returns void language plpgsql as $$
begin
  if users is null or cardinality(users) = 0 then return; end if;
  delete from wx_unread s where s.wx_user_id = any (users)
    and not exists (select 1 from wx_msg m where m.wx_user_id = s.wx_user_id and m.type = '1' and m.read_flag = '0' and m.rep_type <> 'event');
  insert into wx_unread (wx_user_id, app_id, count_msg, last_time, last_msg_id)
  select l.wx_user_id, l.app_id, c.n, l.create_time, l.id
  from unnest(users) as t(wx_user_id)
  cross join lateral (
    select m.id, m.app_id, m.wx_user_id, m.create_time from wx_msg m
    where m.wx_user_id = t.wx_user_id and m.type = '1' and m.read_flag = '0' and m.rep_type <> 'event'
    order by m.create_time desc, m.id desc limit 1
  ) l
  cross join lateral (
    select count(*)::int as n from wx_msg m
    where m.wx_user_id = t.wx_user_id and m.type = '1' and m.read_flag = '0' and m.rep_type <> 'event'
  ) c
  on conflict (wx_user_id) do update set app_id = excluded.app_id, count_msg = excluded.count_msg, last_time = excluded.last_time, last_msg_id = excluded.last_msg_id;
end $$;

create function wx_unread_inserted() returns trigger language plpgsql as $$
begin
  perform wx_unread_recount(array(select distinct wx_user_id from changed where type = '1' and read_flag = '0' and rep_type <> 'event'));
  return null;
end $$;

create function wx_unread_updated() returns trigger language plpgsql as $$
begin
  perform wx_unread_recount(array(
    select distinct n.wx_user_id from changed n join previous o on o.id = n.id
    where n.type = '1' and (o.read_flag is distinct from n.read_flag or o.rep_type is distinct from n.rep_type or o.create_time is distinct from n.create_time)));
  return null;
end $$;

create function wx_unread_deleted() returns trigger language plpgsql as $$
begin
  perform wx_unread_recount(array(select distinct wx_user_id from changed where type = '1' and read_flag = '0'));
  return null;
end $$;

create trigger wx_unread_on_insert after insert on wx_msg referencing new table as changed
  for each statement execute function wx_unread_inserted();
create trigger wx_unread_on_update after update on wx_msg referencing old table as previous new table as changed
  for each statement execute function wx_unread_updated();
create trigger wx_unread_on_delete after delete on wx_msg referencing old table as changed
  for each statement execute function wx_unread_deleted();

-- The messages already stored.
select wx_unread_recount(array(select distinct wx_user_id from wx_msg where type = '1' and read_flag = '0' and rep_type <> 'event'));
