-- A menu entry's query parameters, external address and the roles that see it (the
-- specification's menu node: query, src beginning with http, meta.roles).

alter table sys_menu add column query jsonb;
alter table sys_menu add column src text;
alter table sys_menu add column roles text[] not null default '{}';
