-- The follower and material syncs run as background jobs (modules/wxmp/sync.ts: kinds
-- wxmp.followerSync and wxmp.materialSync, keyed by the app id). Each account's last sync moves
-- into the job table, so that its result, time and failure message stay visible and an account
-- whose materials were synced once is not synced again at its next listing; then the sync tables go.
-- A sync that was running (its instance is being replaced by this version) is queued to run again.
insert into job (kind, key, payload, state, run_at, attempts, max_attempts, progress_done, progress_total,
                 last_error, created_at, started_at, finished_at)
select s.kind, s.app_id, jsonb_build_object('appId', s.app_id),
       case s.state when 'running' then 'queued' else s.state end,
       now(),
       case s.state when 'running' then 0 else 1 end,
       3,
       case s.state when 'running' then 0 else s.done end,
       case s.state when 'running' then 0 else s.total end,
       case s.state when 'failed' then coalesce(s.message, '同步失败') end,
       s.started_at,
       case s.state when 'running' then null else s.started_at end,
       case s.state when 'running' then null else coalesce(s.finished_at, s.heartbeat_at) end
  from (select 'wxmp.followerSync' as kind, app_id, state, total, done, message, started_at, heartbeat_at, finished_at from wx_user_sync
        union all
        select 'wxmp.materialSync', app_id, state, total, done, message, started_at, heartbeat_at, finished_at from wx_material_sync) s;

drop table wx_user_sync;
drop table wx_material_sync;
