-- Issue 22 #5: a table's QR code alone no longer holds stock or reaches the table's tab.
--
-- stock_on_pay: a diner's pay-first order (扫码, 先付后吃) holds no stock while unpaid; its lines
-- say what it will take (stock_taken) and the payment that makes it paid takes it then (a guarded
-- update, as creating does for every other order). Paid when the stock ran out meanwhile, it is
-- cancelled and its money goes back the way it came.
alter table orders add column stock_on_pay boolean not null default false;

-- tab_secret_hash: the SHA-256 (hex) of the secret the device that opened a pay-later tab was
-- given; reading the tab, adding a round and asking for the bill from the diners' page need it.
-- Tabs opened before have none: only staff act on them.
alter table orders add column tab_secret_hash text;
