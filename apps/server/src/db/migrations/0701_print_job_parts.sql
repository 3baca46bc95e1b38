-- A 飞鹅 job whose content is over Open_printMsg's limit (5,000 bytes, one QR code) goes out in
-- several calls; parts_sent records how many the cloud took, so a retry begins with the next one
-- and never prints a part twice (issue 28).
alter table print_job add column parts_sent integer not null default 0;
