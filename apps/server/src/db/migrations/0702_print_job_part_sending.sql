-- A job sent in several calls (0701) marks the call on its way: a sender that died between two
-- calls (none on its way) left nothing in doubt, and its job goes on from the next call; one that
-- died during a call leaves the job in doubt, as a single send does (issue 28).
alter table print_job add column part_sending boolean not null default false;
