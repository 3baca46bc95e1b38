-- The processed-callback key that stored a follower message (MsgId or sender + CreateTime),
-- so that pushes stored together in one statement find their own rows.
alter table wx_msg add column push_key text;
