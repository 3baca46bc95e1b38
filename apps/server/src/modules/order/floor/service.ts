import { sql } from 'drizzle-orm';
import { businessDateOf, formatFen } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { inTx, rowsOf } from '../../../db/queries.js';
import { dbFailureOf } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { floorTable, type FloorTableInfo } from '../../store/service.js';
import type { OrderHooks } from '../hooks.js';
import type { OrderOperator } from '../orders/service.js';
import { lockOrder, transition } from '../orders/transitions.js';
import { order, orderLog } from '../tables.js';
import { syncSession, type SessionSynced } from './sessions.js';

/**
 * The one owner of a seating's own moves (STORE.md §10, issue 24): 开台, 改人数/备注, 转台, 并台 and
 * 清台. Its state otherwise follows its orders (sessions.ts). Lock order, the same as the order
 * paths' (order row, then seating): a move first locks the seating's orders by id, then the
 * seating rows by id, then re-reads what it checks.
 */

export interface FloorDeps {
  db: Db;
  hooks: OrderHooks;
}

/** What a move changed: the store and the tables to redraw, the orders touched (published after commit). */
export interface FloorMoved {
  storeId: string;
  tableIds: string[];
  orderIds: string[];
}

interface OpenSession {
  id: string;
  table_id: string;
  table_code: string;
  merged_into_id: string | null;
  opened_by: string;
  opened_at: Date | string;
}

/** The table's open seating, optionally locked. */
async function openSessionAt(tx: Db, tableId: string, lock = false): Promise<OpenSession | null> {
  const [row] = rowsOf<OpenSession>(await tx.execute(sql`select id::text as id, table_id::text as table_id, table_code, merged_into_id::text as merged_into_id,
      opened_by, opened_at from table_session where table_id = ${tableId}::bigint and cleared_at is null ${lock ? sql`for update` : sql``}`));
  return row ?? null;
}

/** The store's time zone and day cut-off (the seating's business date, the 409's time). */
async function storeClock(tx: Db, storeId: string): Promise<{ timeZone: string; cutoff: number }> {
  const [row] = rowsOf<{ time_zone: string; day_cutoff_hour: number }>(await tx.execute(sql`select time_zone, day_cutoff_hour from store where id = ${storeId}::bigint`));
  return { timeZone: row?.time_zone ?? 'Asia/Shanghai', cutoff: Number(row?.day_cutoff_hour ?? 4) };
}

const clockTime = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('zh-CN', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(at));

/** "该桌已开台（张三 12:05）": who opened the table's seating and when, in the store's time. */
async function alreadyOpen(db: Db, table: FloorTableInfo): Promise<Error> {
  const open = await openSessionAt(db, table.id);
  if (!open) return conflict('该桌已开台');
  const { timeZone } = await storeClock(db, table.storeId);
  return conflict(`该桌已开台（${open.opened_by || '扫码点餐'} ${clockTime(open.opened_at, timeZone)}）`);
}

/** Locks these orders (by id: the order paths' lock order) until the transaction ends. */
async function lockOrders(tx: Db, ids: readonly string[]): Promise<void> {
  for (const id of [...ids].sort((a, b) => Number(a) - Number(b))) await lockOrder(tx, id);
}

const orderIdsOf = async (tx: Db, sessionIds: readonly string[]): Promise<string[]> =>
  rowsOf<{ id: string }>(await tx.execute(sql`select id::text as id from orders where session_id = any(${`{${sessionIds.join(',')}}`}::bigint[]) order by id`)).map((r) => r.id);

/** A log row on each order (its status unchanged): the seating's moves are in the order log. */
async function logOnOrders(tx: Db, orderIds: readonly string[], action: string, remark: string, operator: OrderOperator): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`insert into order_log (order_id, action, from_status, to_status, remark, operator_id, operator_name)
    select id, ${action}, status, status, ${remark}, ${operator.id}::bigint, ${operator.name} from orders
    where id = any(${`{${orderIds.join(',')}}`}::bigint[]) and status <> 'cancelled'`);
}

/** The table of the store a move names (the route checked the store scope of the first). */
async function tableOr404(db: Db, tableId: string, storeId?: string): Promise<FloorTableInfo> {
  const table = await floorTable(db, tableId);
  if (!table || (storeId && table.storeId !== storeId)) throw notFound('桌台不存在');
  return table;
}

const tablesOf = (synced: SessionSynced | null, ...more: string[]) => [...new Set([...(synced?.tableIds ?? []), ...more])];

/** 开台: a free enabled table gets a seating (guests, note); a table already open is a 409 naming who opened it and when. */
export async function openTable(deps: FloorDeps, table: FloorTableInfo, body: { guests: number; note: string }, operator: OrderOperator): Promise<FloorMoved> {
  if (!table.enabled) throw conflict(`桌台 ${table.code} 已停用`);
  try {
    return await inTx(deps.db, async (tx) => {
      if (await openSessionAt(tx, table.id)) throw await alreadyOpen(tx, table);
      const clock = await storeClock(tx, table.storeId);
      const now = new Date();
      // Two devices at once: the partial unique index table_session_open lets one in (caught below).
      await tx.execute(sql`insert into table_session (store_id, table_id, table_code, business_date, guests, note, opened_at, opened_by_id, opened_by)
        values (${table.storeId}::bigint, ${table.id}::bigint, ${table.code}, ${businessDateOf(now, clock.timeZone, clock.cutoff)}::date, ${body.guests},
          ${body.note}, ${now}, ${operator.id}::bigint, ${operator.name})`);
      return { storeId: table.storeId, tableIds: [table.id], orderIds: [] };
    });
  } catch (error) {
    if (dbFailureOf(error)?.constraint === 'table_session_open') throw await alreadyOpen(deps.db, table);
    throw error;
  }
}

/** 改人数 / 备注 of the table's open seating. */
export async function editSession(deps: FloorDeps, table: FloorTableInfo, body: { guests: number; note: string }): Promise<FloorMoved> {
  const rows = rowsOf<{ id: string }>(await deps.db.execute(sql`update table_session set guests = ${body.guests}, note = ${body.note}, updated_at = now()
    where table_id = ${table.id}::bigint and cleared_at is null returning id::text as id`));
  if (!rows.length) throw conflict(`桌台 ${table.code} 未开台`);
  return { storeId: table.storeId, tableIds: [table.id], orderIds: [] };
}

/** The table's open seating for a move, or a 409 (not open; merged into another: act on that one). */
async function ownSession(tx: Db, table: FloorTableInfo, lock = false): Promise<OpenSession> {
  const open = await openSessionAt(tx, table.id, lock);
  if (!open) throw conflict(`桌台 ${table.code} 未开台`);
  if (open.merged_into_id) {
    const [into] = rowsOf<{ table_code: string }>(await tx.execute(sql`select table_code from table_session where id = ${open.merged_into_id}::bigint`));
    throw conflict(`桌台 ${table.code} 已并台至 ${into?.table_code ?? ''}，请在 ${into?.table_code ?? ''} 操作`);
  }
  return open;
}

/** 转台: the seating and its orders move to a free enabled table of the same store; each order logs it, and printing hears tableTransferred (转台单). */
export async function transferTable(deps: FloorDeps, table: FloorTableInfo, toTableId: string, operator: OrderOperator): Promise<FloorMoved> {
  const to = await tableOr404(deps.db, toTableId, table.storeId);
  if (to.id === table.id) throw badRequest('目标桌台不能是本桌');
  const busy = conflict(`目标桌台 ${to.code} 不是空闲状态`);
  if (!to.enabled) throw conflict(`目标桌台 ${to.code} 已停用`);
  try {
    return await inTx(deps.db, async (tx) => {
      const first = await ownSession(tx, table);
      await lockOrders(tx, await orderIdsOf(tx, [first.id]));
      const session = await ownSession(tx, table, true);
      if (await openSessionAt(tx, to.id)) throw busy;
      await tx.execute(sql`update table_session set table_id = ${to.id}::bigint, table_code = ${to.code}, moved_from_table_id = ${table.id}::bigint, updated_at = now()
        where id = ${session.id}::bigint`);
      const orderIds = await orderIdsOf(tx, [session.id]);
      // The orders at the old table (the seating's) follow it; its paid ones keep where they were eaten.
      await tx.execute(sql`update orders set table_id = ${to.id}::bigint, table_code = ${to.code}, updated_at = now()
        where session_id = ${session.id}::bigint and table_id = ${table.id}::bigint`);
      await logOnOrders(tx, orderIds, 'transfer', `转台 ${table.code} → ${to.code}`, operator);
      await deps.hooks.emit(tx, 'tableTransferred', { sessionId: session.id, storeId: table.storeId, fromTableCode: table.code, toTableCode: to.code, orderIds });
      const synced = await syncSession(tx, session.id);
      return { storeId: table.storeId, tableIds: tablesOf(synced, table.id, to.id), orderIds };
    });
  } catch (error) {
    if (dbFailureOf(error)?.constraint === 'table_session_open') throw busy;
    throw error;
  }
}

interface TabRow {
  id: string;
  order_no: string;
  status: 'dining' | 'pending';
  member_id: string | null;
  coupon_id: string | null;
  paid_amount: string | number;
}

/** The seating's open tabs (pay-later, unpaid), oldest first. */
async function tabsOf(tx: Db, sessionId: string): Promise<TabRow[]> {
  return rowsOf<TabRow>(await tx.execute(sql`select id::text as id, order_no, status, member_id::text as member_id, coupon_id::text as coupon_id, paid_amount
    from orders where session_id = ${sessionId}::bigint and pay_later and status in ('dining', 'pending') order by id`));
}

/**
 * 并台: the other table's seating joins this one (merged_into_id; that table shows this seating).
 * Its open tab's lines move into this table's tab as new rounds, the amounts added (each line
 * keeps the price and member discount it was ordered at), and the emptied tab is cancelled
 * '并台至 A03' without giving stock back (the lines took their stock with them) and without the
 * cancelled hook (nothing comes off the kitchen or the reports). With no tab here, its tab just
 * moves to this seating. Its other orders (paid, pay-first) only change seating. One bill results.
 * Refused: a tab with a coupon or a part payment on either side, two different members.
 */
export async function mergeTables(deps: FloorDeps, table: FloorTableInfo, fromTableId: string, operator: OrderOperator): Promise<FloorMoved> {
  const from = await tableOr404(deps.db, fromTableId, table.storeId);
  if (from.id === table.id) throw badRequest('不能与本桌并台');
  return inTx(deps.db, async (tx) => {
    const target0 = await ownSession(tx, table);
    const source0 = await ownSession(tx, from);
    await lockOrders(tx, await orderIdsOf(tx, [target0.id, source0.id]));
    const [a, b] = Number(target0.id) < Number(source0.id) ? [table, from] : [from, table];
    const first = await ownSession(tx, a, true);
    const second = await ownSession(tx, b, true);
    const target = first.table_id === table.id ? first : second;
    const source = first.table_id === table.id ? second : first;
    const moved = await orderIdsOf(tx, [source.id]);
    const targetTabs = await tabsOf(tx, target.id);
    const sourceTabs = await tabsOf(tx, source.id);
    for (const t of [...targetTabs, ...sourceTabs]) {
      if (t.coupon_id) throw conflict(`订单 ${t.order_no} 使用了优惠券，不能并台，请先结账或取消优惠券`);
      if (Number(t.paid_amount) > 0) throw conflict(`订单 ${t.order_no} 已部分付款，不能并台`);
    }
    const members = new Set([...targetTabs, ...sourceTabs].map((t) => t.member_id).filter(Boolean));
    if (members.size > 1) throw conflict('两桌的订单属于不同会员，不能并台');
    let into = targetTabs[0]?.id ?? null;
    for (const tab of sourceTabs) {
      if (!into) {
        // No tab here: the other table's tab becomes this table's.
        await tx.execute(sql`update orders set table_id = ${table.id}::bigint, table_code = ${table.code}, updated_at = now() where id = ${tab.id}::bigint`);
        into = tab.id;
        continue;
      }
      await moveTab(tx, tab.id, into, from.code, table.code, operator);
    }
    await tx.execute(sql`update orders set session_id = ${target.id}::bigint where session_id = ${source.id}::bigint`);
    // Seatings merged into the other one join this one too.
    await tx.execute(sql`update table_session set merged_into_id = ${target.id}::bigint, updated_at = now()
      where (id = ${source.id}::bigint or merged_into_id = ${source.id}::bigint) and cleared_at is null`);
    await logOnOrders(tx, moved, 'merge', `并台 ${from.code} → ${table.code}`, operator);
    const synced = await syncSession(tx, target.id);
    return { storeId: table.storeId, tableIds: tablesOf(synced, table.id, from.id), orderIds: [...moved, ...(into ? [into] : [])] };
  });
}

/** One tab's lines into another (rounds after its last), amounts added; the emptied tab cancelled without stock back. */
async function moveTab(tx: Db, fromId: string, intoId: string, fromCode: string, intoCode: string, operator: OrderOperator): Promise<void> {
  const source = await lockOrder(tx, fromId);
  const into = await lockOrder(tx, intoId);
  const [last] = rowsOf<{ round: number; sort: number }>(await tx.execute(sql`select coalesce(max(round), 0)::int as round, coalesce(max(sort), -1)::int as sort
    from order_line where order_id = ${intoId}::bigint`));
  const [span] = rowsOf<{ first: number; last: number }>(await tx.execute(sql`select coalesce(min(round), 1)::int as first, coalesce(max(round), 1)::int as last
    from order_line where order_id = ${fromId}::bigint`));
  const shift = Number(last?.round ?? 0) - Number(span?.first ?? 1) + 1;
  await tx.execute(sql`update order_line set order_id = ${intoId}::bigint, round = round + ${shift}, sort = sort + ${Number(last?.sort ?? -1) + 1}
    where order_id = ${fromId}::bigint`);
  const goodsAmount = into.goodsAmount + source.goodsAmount;
  const packingFee = into.packingFee + source.packingFee;
  const memberDiscount = into.memberDiscount + source.memberDiscount;
  const now = new Date();
  await tx.update(order).set({
    goodsAmount, packingFee, memberDiscount,
    payableAmount: Math.max(0, goodsAmount + packingFee - memberDiscount - into.couponDiscount - into.manualDiscount),
    itemCount: Number(into.itemCount) + Number(source.itemCount),
    ...(into.memberId || !source.memberId ? {} : { memberId: source.memberId, memberName: source.memberName, memberPhone: source.memberPhone }),
    updatedAt: now,
  }).where(sql`${order.id} = ${intoId}::bigint`);
  const rounds = Number(span?.last ?? 1) - Number(span?.first ?? 1) + 1;
  const firstRound = Number(last?.round ?? 0) + 1;
  const roundText = rounds > 1 ? `第${firstRound}–${firstRound + rounds - 1}轮` : `第${firstRound}轮`;
  await tx.insert(orderLog).values({
    orderId: intoId, action: 'merge', fromStatus: into.status, toStatus: into.status, remark: `并台：${fromCode} 订单 ${source.orderNo} 并入（${roundText}，${formatFen(source.payableAmount)}）`,
    operatorId: operator.id, operatorName: operator.name, createdAt: now,
  });
  const reason = `并台至 ${intoCode}`;
  if (!await transition(tx, source, 'cancelled', 'cancel', operator, reason, { cancelReason: reason, stockHeld: false })) throw conflict('订单状态已变化，请刷新后重试');
  await tx.update(order).set({ goodsAmount: 0, packingFee: 0, memberDiscount: 0, payableAmount: 0, itemCount: 0 }).where(sql`${order.id} = ${fromId}::bigint`);
}

/**
 * 清台: the seating ends (and those merged into it): refused while any of its orders is unpaid
 * (409 naming what is left to pay); its orders log it and the sessionCleared hook finishes paid
 * tabs whose lines are out (kitchen/). The table is free again.
 */
export async function clearTable(deps: FloorDeps, table: FloorTableInfo, operator: OrderOperator): Promise<FloorMoved> {
  return inTx(deps.db, async (tx) => {
    const open = await openSessionAt(tx, table.id);
    if (!open) throw conflict(`桌台 ${table.code} 未开台`);
    const root = open.merged_into_id ?? open.id;
    const orderIds = await orderIdsOf(tx, [root]);
    await lockOrders(tx, orderIds);
    const sessions = rowsOf<{ id: string; table_id: string; table_code: string }>(await tx.execute(sql`select id::text as id, table_id::text as table_id, table_code from table_session
      where (id = ${root}::bigint or merged_into_id = ${root}::bigint) and cleared_at is null order by id for update`));
    if (!sessions.some((s) => s.id === root)) throw conflict(`桌台 ${table.code} 未开台`);
    const [unpaid] = rowsOf<{ n: number; amount: string | number }>(await tx.execute(sql`select count(*)::int as n, coalesce(sum(payable_amount - paid_amount), 0) as amount
      from orders where session_id = ${root}::bigint and status in ('dining', 'pending')`));
    if (Number(unpaid?.n ?? 0) > 0) throw conflict(`还有未结账的订单（${formatFen(Number(unpaid!.amount))}），不能清台`);
    await tx.execute(sql`update table_session set state = 'cleared', cleared_at = now(), cleared_by = ${operator.name}, updated_at = now()
      where id = any(${`{${sessions.map((s) => s.id).join(',')}}`}::bigint[])`);
    await logOnOrders(tx, orderIds, 'clear', `清台 ${sessions.map((s) => s.table_code).join('、')}`, operator);
    await deps.hooks.emit(tx, 'sessionCleared', { sessionId: root, orderIds });
    return { storeId: table.storeId, tableIds: [...new Set([table.id, ...sessions.map((s) => s.table_id)])], orderIds };
  });
}
