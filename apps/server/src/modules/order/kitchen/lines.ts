import { sql } from 'drizzle-orm';
import { KITCHEN_STATE_NAMES, type KitchenState, type OrderStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { conflict, notFound } from '../../../http/errors.js';
import { syncSessionOfOrder, type SessionSynced } from '../floor/sessions.js';
import { orderLog } from '../tables.js';
import type { OrderOperator } from '../orders/service.js';
import { lockOrder, transition } from '../orders/transitions.js';

/**
 * The kitchen state of order lines (STORE.md §10): waiting 待制作 → making 制作中 → ready 已出餐 →
 * served 已上菜, forward only. The kitchen makes dish lines and combo items; a combo line follows
 * its items (the least advanced of them). A line is in the kitchen from `kitchen_since`: a tab's
 * round when it is added, a pay-first order's lines when it is paid. What is still to make of a
 * line is its quantity less refunded and voided (退菜); a line with nothing left is out of count.
 */

const RANK: Record<KitchenState, number> = { waiting: 0, making: 1, ready: 2, served: 3 };
/** The orders whose lines the kitchen may mark: in the kitchen, or done with dishes still to serve. */
const MARKABLE: readonly OrderStatus[] = ['dining', 'pending', 'paid', 'making', 'finished', 'partially_refunded'];
const rankSql = sql.raw(`(case l.kitchen_state when 'waiting' then 0 when 'making' then 1 when 'ready' then 2 else 3 end)`);

/** The lines of one round (or all the order's lines without a time) reach the kitchen now. */
export async function sendToKitchen(tx: Db, orderId: string, round: number | null, at: Date = new Date()): Promise<void> {
  await tx.execute(sql`update order_line set kitchen_since = ${at} where order_id = ${orderId}::bigint and kitchen_since is null
    and (${round}::int is null or round = ${round}::int)`);
}

export interface Marked {
  /** Orders whose lines changed (the caller publishes them after the commit). */
  orderIds: string[];
  tableIds: string[];
  storeId: string;
  /** The table seatings that changed with them (publishSynced after the commit). */
  synced: Array<SessionSynced | null>;
}

interface FoundLine {
  id: string;
  name: string;
  order_id: string;
  status: OrderStatus;
  table_id: string | null;
  in_kitchen: boolean;
}

/**
 * Marks lines (a combo line: its items) `state` in the store: lines already at or past it are
 * left as they are (a repeat changes nothing), the others move forward with who and when; each
 * order gains a log row and its status follows its lines (followLines). The orders are locked
 * first (in id order), as every other change of an order locks it before its lines. A line of
 * another store is a 404; one not in the kitchen yet (an unpaid pay-first order) a 409.
 */
export async function markLines(tx: Db, storeId: string, lineIds: readonly string[], state: Exclude<KitchenState, 'waiting'>, operator: OrderOperator): Promise<Marked> {
  const ids = [...new Set(lineIds)];
  const found = rowsOf<FoundLine>(await tx.execute(sql`select l.id::text as id, l.name, l.order_id::text as order_id, o.status, o.table_id::text as table_id,
      (l.kitchen_since is not null) as in_kitchen
    from order_line l join orders o on o.id = l.order_id
    where l.id = any(${`{${ids.join(',')}}`}::bigint[]) and o.store_id = ${storeId}::bigint`));
  if (found.length < ids.length) throw notFound('菜品不存在');
  for (const l of found) {
    if (!MARKABLE.includes(l.status)) throw conflict(`「${l.name}」所在订单已取消或已退款`);
    if (!l.in_kitchen) throw conflict(`「${l.name}」所在订单尚未支付，还没有下厨`);
  }
  const orderIds = [...new Set(found.map((l) => l.order_id))].sort((a, b) => Number(a) - Number(b));
  for (const id of orderIds) await lockOrder(tx, id);
  const now = new Date();
  const synced: Array<SessionSynced | null> = [];
  const moved = rowsOf<{ order_id: string; name: string; quantity: string; unit: string }>(await tx.execute(sql`update order_line l
    set kitchen_state = ${state}, kitchen_at = ${now}, kitchen_by = ${operator.name}
    where (l.id = any(${`{${ids.join(',')}}`}::bigint[]) or l.parent_id = any(${`{${ids.join(',')}}`}::bigint[]))
      and l.kind <> 'combo' and l.kitchen_since is not null and ${rankSql} < ${RANK[state]}
    returning l.order_id::text as order_id, l.name, (l.quantity - l.refunded_quantity - l.voided_quantity)::text as quantity, l.unit`));
  for (const orderId of orderIds) {
    const lines = moved.filter((m) => m.order_id === orderId);
    if (!lines.length) continue;
    await followCombos(tx, orderId);
    const o = await lockOrder(tx, orderId);
    const remark = `${KITCHEN_STATE_NAMES[state]}：${lines.map((l) => `${l.name}×${Number(l.quantity)}`).join('、')}`;
    await tx.insert(orderLog).values({ orderId, action: 'kitchen', fromStatus: o.status, toStatus: o.status, remark, operatorId: operator.id, operatorName: operator.name, createdAt: now });
    await followLines(tx, orderId, operator);
    // The table's seating counts the lines still to make (and a finished order may free it).
    synced.push(await syncSessionOfOrder(tx, orderId));
  }
  return { orderIds, tableIds: [...new Set(found.map((l) => l.table_id).filter((t): t is string => Boolean(t)))], storeId, synced };
}

/** A combo line takes the least advanced state of its items still to make (its record and tickets read it). */
export async function followCombos(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`update order_line p set kitchen_state = c.state, kitchen_at = c.at
    from (select parent_id, (array['waiting','making','ready','served'])[min(${rankSql}) + 1] as state, max(l.kitchen_at) as at
          from order_line l where l.order_id = ${orderId}::bigint and l.parent_id is not null group by parent_id) c
    where p.id = c.parent_id and p.kitchen_state <> c.state`);
}

/** What an order's lines still to make come to: how many, how many not out yet, how many started. */
export async function lineCounts(tx: Db, orderId: string): Promise<{ toMake: number; notOut: number; started: number }> {
  const [row] = rowsOf<{ to_make: number; not_out: number; started: number }>(await tx.execute(sql`select
      count(*)::int as to_make,
      count(*) filter (where kitchen_state in ('waiting', 'making'))::int as not_out,
      count(*) filter (where kitchen_state <> 'waiting')::int as started
    from order_line where order_id = ${orderId}::bigint and kind <> 'combo' and quantity - refunded_quantity - voided_quantity > 0.0005`));
  return { toMake: Number(row?.to_make ?? 0), notOut: Number(row?.not_out ?? 0), started: Number(row?.started ?? 0) };
}

/**
 * The order's status follows its lines, in the caller's transaction (the one function for it):
 * a paid order with lines started goes making (制作中); a paid or making one whose lines still to
 * make are all out (ready or served) is done (finished). A pay-later tab, paid, never waits to be
 * accepted: done when all is out, making otherwise. Unpaid orders (dining, pending) stay as they
 * are whatever their lines. Answers the status it moved to, or null.
 */
export async function followLines(tx: Db, orderId: string, operator: OrderOperator): Promise<OrderStatus | null> {
  const o = await lockOrder(tx, orderId);
  if (o.status !== 'paid' && o.status !== 'making') return null;
  const counts = await lineCounts(tx, orderId);
  if (counts.toMake > 0 && counts.notOut === 0) {
    return await transition(tx, o, 'finished', 'finish', operator, '全部出餐') ? 'finished' : null;
  }
  if (o.status === 'paid' && (counts.started > 0 || o.payLater)) {
    return await transition(tx, o, 'making', 'accept', operator, o.payLater && counts.started === 0 ? '先吃后付已结账' : '厨房开始制作') ? 'making' : null;
  }
  return null;
}

/**
 * 接单 (making) and 完成 (ready) of the whole order: its lines not yet that far move there (lines
 * not sent to the kitchen yet go with them, from now). No log row of its own: the accept or finish
 * that calls it writes one.
 */
export async function advanceAll(tx: Db, orderId: string, state: 'making' | 'ready', operator: OrderOperator, at = new Date()): Promise<number> {
  const moved = rowsOf<{ id: string }>(await tx.execute(sql`update order_line l
    set kitchen_state = ${state}, kitchen_at = ${at}, kitchen_by = ${operator.name}, kitchen_since = coalesce(l.kitchen_since, ${at})
    where l.order_id = ${orderId}::bigint and l.kind <> 'combo' and ${rankSql} < ${RANK[state]}
    returning l.id::text as id`));
  if (moved.length) await followCombos(tx, orderId);
  return moved.length;
}
