-- A user whose password was set for them (the first administrator's initial or one-time password)
-- must change it before anything else: until then every route but changing the own password,
-- reading the own user info and signing out answers 403 (issue 22 #2).
alter table sys_user add column password_must_change boolean not null default false;
