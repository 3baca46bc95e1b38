-- A new follower message adds to its follower's bell row instead of recounting every unread
-- message of that follower: the recount grew with the backlog and slowed each callback batch.
-- Read-state changes and deletions still recount (they are rare and shrink the backlog).

create or replace function wx_unread_inserted() returns trigger language plpgsql as $$
begin
  insert into wx_unread (wx_user_id, app_id, count_msg, last_time, last_msg_id)
  select distinct on (wx_user_id) wx_user_id, app_id, count(*) over (partition by wx_user_id), create_time, id
  from changed
  where type = '1' and read_flag = '0' and rep_type <> 'event'
  order by wx_user_id, create_time desc, id desc
  on conflict (wx_user_id) do update set
    app_id = excluded.app_id,
    count_msg = wx_unread.count_msg + excluded.count_msg,
    last_time = case when (excluded.last_time, excluded.last_msg_id) > (wx_unread.last_time, wx_unread.last_msg_id) then excluded.last_time else wx_unread.last_time end,
    last_msg_id = case when (excluded.last_time, excluded.last_msg_id) > (wx_unread.last_time, wx_unread.last_msg_id) then excluded.last_msg_id else wx_unread.last_msg_id end;
  return null;
end $$;
