-- Issue 24: a table's state is derived from its open seating (table_session, 0505_floor.sql),
-- never typed by hand: the hand-kept status column goes.
alter table store_table drop column status;
