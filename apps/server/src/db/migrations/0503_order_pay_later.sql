-- Whether the order was a pay-later tab (先吃后付: created `dining`), as a fact of the order: the
-- list and the drawer offer 完成 for a paid tab (paid → finished, no 接单) from the row itself,
-- instead of the admin reading each paid dine-in row's log. Set once when the order is written
-- (creating, the demo seeds); a tab never stops having been one.
alter table orders add column pay_later boolean not null default false;

-- Orders written before: a tab's log has its `create` to dining (the rule the finish check reads).
update orders o set pay_later = true
where exists (select 1 from order_log l where l.order_id = o.id and l.to_status = 'dining');
