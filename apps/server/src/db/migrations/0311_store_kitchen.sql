-- Issue 24: a ticket on the kitchen display turns amber, then red, after these minutes.
alter table store add column kitchen_amber_min smallint not null default 10 check (kitchen_amber_min between 1 and 240);
alter table store add column kitchen_red_min smallint not null default 20 check (kitchen_red_min between 1 and 480);
