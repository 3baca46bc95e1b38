import { and, eq, exists, max, or, sql } from 'drizzle-orm';
import type { OrderLineInput } from '@canteen/contract';
import { ORDER_STATUS_NAMES } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { dbFailureOf } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { takeStock } from '../../store/for-orders.js';
import { order, orderLine, orderLog } from '../tables.js';
import { insertLines, priceOrder, type CreateDeps } from './create.js';
import { lockOrder, transition } from './transitions.js';
import type { OrderOperator } from './service.js';

/**
 * A pay-later table's tab (STORE.md §6): the first submission from the table opens a `dining`
 * order; every later one, from the diners' page or the counter, adds a round (加菜) to that order
 * instead of opening another: its lines carry round n+1, the stock is taken in the round's
 * transaction, the amounts grow and the log gains an 'add' row. 买单 moves it dining → pending;
 * a pending tab has no unpaid timeout (its diners are at the table: staff cancel it by hand if
 * they leave), and is paid at the counter or by WeChat Pay like any pending order.
 */

/** The table's open tab: dining, or pending after 买单 (a tab that was dining) — the newest, or null. */
export async function openTabOf(db: Db, tableId: string): Promise<{ id: string; status: 'dining' | 'pending' } | null> {
  const [row] = await db.select({ id: order.id, status: order.status }).from(order).where(and(
    eq(order.tableId, tableId),
    or(eq(order.status, 'dining'), and(eq(order.status, 'pending'), exists(
      db.select({ one: sql`1` }).from(orderLog).where(and(eq(orderLog.orderId, order.id), eq(orderLog.toStatus, 'dining'))),
    ))),
  )).orderBy(sql`${order.id} desc`).limit(1);
  return row ? { id: row.id, status: row.status as 'dining' | 'pending' } : null;
}

export interface AddRoundInput {
  orderId: string;
  lines: OrderLineInput[];
  remark?: string;
  /** The diners' page checks the store's hours, the counter only that it is open (as creating does). */
  source: 'cashier' | 'qr';
  operator: OrderOperator;
  /** The request's Idempotency-Key: a retry answers the round added the first time (kept on its log row). */
  idempotencyKey?: string | undefined;
}

export interface RoundAdded {
  orderId: string;
  storeId: string;
  round: number;
  /** False when a retry's key found its round added before (nothing added now). */
  added: boolean;
  /** A dish's stock reached zero (the caller tells the menu cache after the commit). */
  menuChanged: boolean;
}

/** 加菜: the lines priced as the order's (its store, table and member), added as the next round of a dining order. */
export async function addRound(deps: Pick<CreateDeps, 'db' | 'catalogues'>, input: AddRoundInput, onAdded: (tx: Db, round: number) => Promise<void>): Promise<RoundAdded> {
  const db = deps.db;
  const [o] = await db.select().from(order).where(eq(order.id, input.orderId));
  if (!o) throw notFound('订单不存在');
  const earlier = async (): Promise<RoundAdded | null> => {
    if (!input.idempotencyKey) return null;
    const [log] = await db.select({ id: orderLog.id }).from(orderLog).where(and(eq(orderLog.orderId, o.id), eq(orderLog.idempotencyKey, input.idempotencyKey)));
    if (!log) return null;
    const [last] = await db.select({ round: max(orderLine.round) }).from(orderLine).where(eq(orderLine.orderId, o.id));
    return { orderId: o.id, storeId: o.storeId, round: last?.round ?? 1, added: false, menuChanged: false };
  };
  const repeated = await earlier();
  if (repeated) return repeated;
  if (o.status !== 'dining') throw conflict(o.status === 'pending' ? `订单${o.orderNo}已买单，请付款后再点餐` : `订单${o.orderNo}${ORDER_STATUS_NAMES[o.status]}，不能加菜`);
  const cart = {
    storeId: o.storeId, type: o.type, ...(o.tableId ? { tableId: o.tableId } : {}), ...(o.memberId ? { memberId: o.memberId } : {}),
    remark: input.remark ?? '', lines: input.lines,
  };
  const { priced } = await priceOrder(deps, cart, { source: input.source });
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const locked = await lockOrder(tx, input.orderId);
      if (locked.status !== 'dining') throw conflict(`订单${locked.orderNo}${ORDER_STATUS_NAMES[locked.status]}，不能加菜`);
      const stock = await takeStock(tx, locked.storeId, priced.stock);
      if (stock.short) {
        const demand = priced.stock.find((d) => d.dishId === stock.short!.entry.dishId && d.skuId === stock.short!.entry.skuId)!;
        throw badRequest(stock.short.remaining > 0 ? `${demand.name}库存不足，仅剩${stock.short.remaining}${demand.unit}` : `${demand.name}已售罄`);
      }
      const [last] = await tx.select({ round: max(orderLine.round), sort: max(orderLine.sort) }).from(orderLine).where(eq(orderLine.orderId, locked.id));
      const round = (last?.round ?? 0) + 1;
      await insertLines(tx, locked.id, priced, round, (last?.sort ?? -1) + 1);
      const goodsAmount = locked.goodsAmount + priced.goodsAmount;
      const packingFee = locked.packingFee + priced.packingFee;
      const memberDiscount = locked.memberDiscount + priced.memberDiscount;
      const now = new Date();
      await tx.update(order).set({
        goodsAmount, packingFee, memberDiscount,
        payableAmount: Math.max(0, goodsAmount + packingFee - memberDiscount - locked.couponDiscount),
        itemCount: Number(locked.itemCount) + priced.itemCount,
        updatedAt: now,
      }).where(eq(order.id, locked.id));
      const remark = `第${round}轮${input.remark ? `：${input.remark}` : ''}`;
      await tx.insert(orderLog).values({
        orderId: locked.id, action: 'add', fromStatus: 'dining', toStatus: 'dining', remark, operatorId: input.operator.id, operatorName: input.operator.name,
        idempotencyKey: input.idempotencyKey ?? null, createdAt: now,
      });
      await onAdded(tx, round);
      return { orderId: locked.id, storeId: locked.storeId, round, added: true, menuChanged: stock.emptied };
    });
  } catch (error) {
    // Two tries with the same key at once: the second finds the first's round.
    if (dbFailureOf(error)?.constraint === 'order_log_idempotency') {
      const twin = await earlier();
      if (twin) return twin;
    }
    throw error;
  }
}

/** 买单: dining → pending, with no unpaid timeout (see the file's comment); a tab already billed answers as it is. */
export async function requestBill(tx: Db, orderId: string, operator: OrderOperator): Promise<boolean> {
  const o = await lockOrder(tx, orderId);
  if (o.status === 'pending' && o.expireAt === null) return false;
  if (o.status !== 'dining') throw conflict(`订单${ORDER_STATUS_NAMES[o.status]}，不能买单`);
  return transition(tx, o, 'pending', 'bill', operator, '', { expireAt: null });
}

