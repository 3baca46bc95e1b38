import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import type { StockEntry } from '../../store/for-orders.js';
import type { PricedCart } from '../pricing/price.js';
import { order, orderLine, orderLog, type OrderRowData } from '../tables.js';

/**
 * An order's rows written in one statement (one round trip instead of one per row): the order,
 * its lines (combo items naming their combo line) and its first log row, optionally with its
 * stock taken in the same statement. Plain parameterised SQL with the rows passed as JSON: the
 * query builder's insert building cost more than the database's work on this path.
 *
 * Stock in the statement (STORE.md §3, §6), so that a creation outside an explicit transaction
 * is still all or nothing: the counted dish rows, then the SKU rows, are locked in id order
 * (the lock order takeStock keeps too), the guarded updates (`stock >= quantity`) run only when
 * every entry has enough, and the order is written only then. Otherwise nothing is changed and
 * the statement answers the first entry short with what is left of it. The locks are held for
 * this one statement only.
 */

type LineRow = typeof orderLine.$inferSelect;
type LogRow = typeof orderLog.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Runs `query` as a named prepared statement: parsed and planned once per connection instead of
 * at every call (drizzle's `execute` names none). The text must be the same at every call of a
 * name: everything that varies is a parameter.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const internal = db as unknown as {
    dialect: { sqlToQuery(sql: SQL): unknown };
    session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  };
  return internal.session.prepareQuery(internal.dialect.sqlToQuery(query), undefined, name, false).execute();
}

/** A row as the driver answered it (snake_case names, driver values) as the table's drizzle row. */
function mapRow<T>(table: PgTable, raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

// Ids as text: a JSON number would lose digits above 2^53.
const LINE_COLUMNS = sql.raw(`id::text as id, order_id::text as order_id, parent_id::text as parent_id, kind, dish_id::text as dish_id,
  combo_id::text as combo_id, sku_id::text as sku_id, category_id::text as category_id, name, spec_text, spec_json, image, unit, unit_price,
  quantity, line_amount, discount_amount, packing_fee, stock_taken, refunded_quantity, remark, round, sort, created_at`);
// Named, not `o.*`: a prepared statement whose answer's columns change (a migration adding one) fails until reconnected.
const ORDER_COLUMNS = sql.raw(Object.values(getTableColumns(order)).map((c) => `o.${c.name}`).join(', '));
const LOG_COLUMNS = sql.raw(`id::text as id, order_id::text as order_id, action, from_status, to_status, remark, operator_id::text as operator_id,
  operator_name, created_at, idempotency_key`);

/** The lines of one round as the statement's JSON parameters: the top lines, and combo items with their combo's sort. */
function linesJson(priced: PricedCart, sortFrom: number): { lines: string; children: string } {
  let sort = sortFrom;
  const lines: unknown[] = [];
  const children: unknown[] = [];
  for (const l of priced.lines) {
    const parentSort = sort++;
    lines.push({
      sort: parentSort, kind: l.kind, dish_id: l.dishId, combo_id: l.comboId, sku_id: l.skuId, category_id: l.categoryId, name: l.name,
      spec_text: l.specText, spec_json: l.specJson, image: l.image, unit: l.unit, unit_price: l.unitPrice, quantity: l.quantity,
      line_amount: l.lineAmount, discount_amount: l.discountAmount, packing_fee: l.packingFee, stock_taken: l.stockTaken, remark: l.remark,
    });
    for (const c of l.children) {
      children.push({
        parent_sort: parentSort, sort: sort++, dish_id: c.dishId, sku_id: c.skuId, category_id: c.categoryId, name: c.name,
        spec_text: c.specText, spec_json: c.specJson, image: c.image, unit: c.unit, quantity: c.quantity, stock_taken: c.stockTaken,
      });
    }
  }
  return { lines: JSON.stringify(lines), children: JSON.stringify(children) };
}

/** The CTEs `p` (top lines) and `c` (combo items) writing a round's lines for the order of CTE `o`. */
function lineInserts(priced: PricedCart, round: number, sortFrom: number): SQL {
  const { lines, children } = linesJson(priced, sortFrom);
  return sql`p as (
    insert into order_line (order_id, kind, dish_id, combo_id, sku_id, category_id, name, spec_text, spec_json, image, unit, unit_price, quantity,
      line_amount, discount_amount, packing_fee, stock_taken, remark, round, sort)
    select o.id, l.kind, l.dish_id, l.combo_id, l.sku_id, l.category_id, l.name, l.spec_text, l.spec_json, l.image, l.unit, l.unit_price, l.quantity,
      l.line_amount, l.discount_amount, l.packing_fee, l.stock_taken, l.remark, ${round}::smallint, l.sort
    from o, jsonb_to_recordset(${lines}::jsonb) as l(sort int, kind text, dish_id bigint, combo_id bigint, sku_id bigint, category_id bigint,
      name text, spec_text text, spec_json jsonb, image text, unit text, unit_price bigint, quantity numeric, line_amount bigint,
      discount_amount bigint, packing_fee bigint, stock_taken int, remark text)
    order by l.sort
    returning ${LINE_COLUMNS}
  ),
  c as (
    insert into order_line (order_id, parent_id, kind, dish_id, sku_id, category_id, name, spec_text, spec_json, image, unit, unit_price, quantity,
      line_amount, stock_taken, round, sort)
    select p.order_id::bigint, p.id::bigint, 'combo_item', k.dish_id, k.sku_id, k.category_id, k.name, k.spec_text, k.spec_json, k.image, k.unit, 0,
      k.quantity, 0, k.stock_taken, ${round}::smallint, k.sort
    from jsonb_to_recordset(${children}::jsonb) as k(parent_sort int, sort int, dish_id bigint, sku_id bigint, category_id bigint, name text,
      spec_text text, spec_json jsonb, image text, unit text, quantity numeric, stock_taken int)
    join p on p.sort = k.parent_sort
    order by k.sort
    returning ${LINE_COLUMNS}
  )`;
}

const linesOut = sql`(select json_agg(x order by x.sort, x.id::bigint) from (select * from p union all select * from c) x)`;

const linesFrom = (json: unknown): LineRow[] => ((json ?? []) as Array<Record<string, unknown>>).map((l) => mapRow<LineRow>(orderLine, l));

/** Writes the priced lines (combos first, then their items) of one round, in one statement. */
export async function writeLines(tx: Db, orderId: string, priced: PricedCart, round: number, sortFrom: number): Promise<LineRow[]> {
  if (!priced.lines.length) return [];
  const [row] = rowsOf<{ lines: unknown }>(await executeNamed(tx, 'canteen_order_lines', sql`with o as (select ${orderId}::bigint as id), ${lineInserts(priced, round, sortFrom)}
    select ${linesOut} as lines`));
  return linesFrom(row?.lines);
}

/** The order's columns as written (snake_case, JSON): what `insert into orders` takes from `jsonb_populate_record`. */
export type OrderValues = Omit<OrderRowData, 'id' | 'tab' | 'paidAmount' | 'refundedAmount' | 'manualDiscount' | 'cancelReason' | 'stockHeld'
  | 'paidAt' | 'paidBusinessDate' | 'paidHour' | 'acceptedAt' | 'finishedAt' | 'cancelledAt' | 'payMethods' | 'tabSecretHash' | 'sessionId'>;

export interface OrderWrite {
  /** The order's id when drawn before (a coupon locked for it); else drawn by the statement. */
  id: string | null;
  values: OrderValues;
  priced: PricedCart;
  /** Taken in the statement (see the file's comment); empty when the caller took it already. */
  stock: readonly StockEntry[];
}

export type OrderWritten =
  | { ok: true; order: OrderRowData; lines: LineRow[]; log: LogRow; emptied: boolean }
  | { ok: false; short: { entry: StockEntry; remaining: number } };

/** Writes an order as the file's comment says: all of it, or (stock short) nothing. */
export async function writeOrder(db: Db, w: OrderWrite): Promise<OrderWritten> {
  const v = w.values;
  const values = JSON.stringify({
    store_id: v.storeId, order_no: v.orderNo, business_date: v.businessDate, type: v.type, source: v.source, status: v.status, table_id: v.tableId,
    table_code: v.tableCode, guests: v.guests, pickup_no: v.pickupNo, member_id: v.memberId, member_name: v.memberName, member_phone: v.memberPhone,
    coupon_id: v.couponId, coupon_code: v.couponCode, coupon_name: v.couponName, goods_amount: v.goodsAmount, packing_fee: v.packingFee,
    member_discount: v.memberDiscount, coupon_discount: v.couponDiscount, payable_amount: v.payableAmount, item_count: v.itemCount, remark: v.remark,
    view_token: v.viewToken, idempotency_key: v.idempotencyKey, expire_at: v.expireAt, operator_id: v.operatorId, operator_name: v.operatorName,
    created_at: v.createdAt, updated_at: v.updatedAt, pay_later: v.payLater,
    // An order whose stock is taken when it is paid holds none until then (0504_order_diner_guards.sql).
    stock_on_pay: v.stockOnPay, stock_held: !v.stockOnPay,
  });
  const entries = w.stock.filter((e) => e.quantity > 0);
  const stock = JSON.stringify(entries.map((e, i) => ({ i, dish_id: e.dishId, sku_id: e.skuId, q: e.quantity })));
  const storeId = v.storeId;
  const [row] = rowsOf<Record<string, unknown>>(await executeNamed(db, 'canteen_order_write', sql`with
  e as (select * from jsonb_to_recordset(${stock}::jsonb) as e(i int, dish_id bigint, sku_id bigint, q int)),
  ld as materialized (
    select d.id, d.store_id, d.stock_mode, d.stock from store_dish d where d.id in (select e.dish_id from e where e.sku_id is null)
    order by d.id for update
  ),
  ls as materialized (
    select k.id, k.dish_id, d.store_id, d.stock_mode, k.stock from store_dish_sku k join store_dish d on d.id = k.dish_id
    where k.id in (select e.sku_id from e where e.sku_id is not null) and (select count(*) from ld) >= 0
    order by k.id for update of k
  ),
  st as materialized (
    select e.i, coalesce(d.stock_mode, k.stock_mode) as mode, coalesce(d.stock, k.stock) as stock,
      coalesce(case when e.sku_id is null then d.store_id = ${storeId}::bigint and d.stock_mode <> 'unlimited' and d.stock >= e.q
        else k.store_id = ${storeId}::bigint and k.dish_id = e.dish_id and k.stock_mode <> 'unlimited' and k.stock >= e.q end, false) as taken
    from e left join ls k on e.sku_id is not null and k.id = e.sku_id left join ld d on e.sku_id is null and d.id = e.dish_id
  ),
  short as materialized (select i, stock from st where not taken and coalesce(mode, '') <> 'unlimited' order by i limit 1),
  ok as materialized (select not exists (select 1 from short) as ok),
  u as (
    update store_dish d set stock = d.stock - e.q from e
    where e.sku_id is null and d.id = e.dish_id and d.store_id = ${storeId}::bigint and d.stock_mode <> 'unlimited' and d.stock >= e.q
      and (select ok from ok)
    returning d.stock
  ),
  us as (
    update store_dish_sku k set stock = k.stock - e.q from e, store_dish d
    where e.sku_id is not null and k.id = e.sku_id and d.id = k.dish_id and d.id = e.dish_id and d.store_id = ${storeId}::bigint
      and d.stock_mode <> 'unlimited' and k.stock >= e.q and (select ok from ok)
    returning k.stock
  ),
  emptied as materialized (select exists (select 1 from u where stock = 0 union all select 1 from us where stock = 0) as emptied),
  bump as (
    update store set menu_version = menu_version + 1, updated_at = now() where id = ${storeId}::bigint and (select emptied from emptied)
  ),
  oid as (select coalesce(${w.id}::bigint, nextval(pg_get_serial_sequence('orders', 'id'))) as id),
  o as (
    insert into orders (id, store_id, order_no, business_date, type, source, status, table_id, table_code, guests, pickup_no, member_id,
      member_name, member_phone, coupon_id, coupon_code, coupon_name, goods_amount, packing_fee, member_discount, coupon_discount, payable_amount,
      item_count, remark, view_token, idempotency_key, expire_at, operator_id, operator_name, created_at, updated_at, pay_later, stock_on_pay, stock_held)
    select oid.id, r.store_id, r.order_no, r.business_date, r.type, r.source, r.status, r.table_id, r.table_code, r.guests, r.pickup_no, r.member_id,
      r.member_name, r.member_phone, r.coupon_id, r.coupon_code, r.coupon_name, r.goods_amount, r.packing_fee, r.member_discount, r.coupon_discount,
      r.payable_amount, r.item_count, r.remark, r.view_token, r.idempotency_key, r.expire_at, r.operator_id, r.operator_name, r.created_at, r.updated_at,
      r.pay_later, r.stock_on_pay, r.stock_held
    from oid, jsonb_populate_record(null::orders, ${values}::jsonb) r
    where (select ok from ok)
    returning *
  ),
  ${lineInserts(w.priced, 1, 0)},
  g as (
    insert into order_log (order_id, action, from_status, to_status, operator_id, operator_name, created_at)
    select o.id, 'create', null, o.status, o.operator_id, o.operator_name, o.created_at from o
    returning ${LOG_COLUMNS}
  )
  select ${ORDER_COLUMNS}, ${linesOut} as _lines, (select row_to_json(g) from g) as _log, (select i from short) as _short_i,
    (select stock from short) as _short_stock, (select emptied from emptied) as _emptied
  from (select 1) one left join o on true`));
  if (!row || row._short_i !== null && row._short_i !== undefined) {
    const entry = entries[Number(row?._short_i ?? 0)]!;
    return { ok: false, short: { entry, remaining: Math.max(0, Number(row?._short_stock ?? 0)) } };
  }
  return {
    ok: true,
    order: mapRow<OrderRowData>(order, row),
    lines: linesFrom(row._lines),
    log: mapRow<LogRow>(orderLog, row._log as Record<string, unknown>),
    emptied: row._emptied === true,
  };
}
