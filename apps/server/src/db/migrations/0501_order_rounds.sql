-- 加菜 (pay-later tabs, STORE.md §6): a table's open order is found by its table (dining, or
-- pending after 买单), and a round added with an Idempotency-Key is added once: the key is kept on
-- the round's 'add' log row, unique per order.
create index orders_open_tab on orders (table_id, id desc) where table_id is not null and status in ('dining', 'pending');
alter table order_log add column idempotency_key text;
create unique index order_log_idempotency on order_log (order_id, idempotency_key) where idempotency_key is not null;
