import { and, eq, gt, sql } from 'drizzle-orm';
import type { CustomerServices } from '../../customer/plugin.js';
import { formatFen, ORDER_STATUS_NAMES, type OrderStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { conflict, notFound } from '../../../http/errors.js';
import { returnStock, stockShort, takeStock, type StockEntry } from '../../store/for-orders.js';
import { order, orderLine, orderLog, orderPayment, type OrderRowData } from '../tables.js';
import type { OrderOperator, RefundAll } from './service.js';

/**
 * The state machine (STORE.md §6): every move is one conditional update (`… where status =
 * expected`) with its log row, so a double click, a retried request or two instances doing the
 * same thing move an order once; the actions answer the order as it is when it has already
 * moved where they would take it (idempotent), and a 409 naming its state when it cannot go.
 *
 *   dining → pending → paid → making → finished        (pay-later tabs: dining → paid → finished)
 *   dining | pending → cancelled   (stock and coupon back, exactly once; part payments back: refundAll)
 *   paid → cancelled               (everything paid goes back: app.order.refundAll, refunds/)
 */

/** The time column each state stamps. */
const STAMPS: Partial<Record<OrderStatus, 'paidAt' | 'acceptedAt' | 'finishedAt' | 'cancelledAt'>> = {
  paid: 'paidAt', making: 'acceptedAt', finished: 'finishedAt', cancelled: 'cancelledAt',
};

/** Extra columns a move sets with the status (in the same conditional update). */
export type MoveColumns = Partial<Pick<OrderRowData, 'cancelReason' | 'stockHeld' | 'expireAt' | 'paidAmount'>>;

/** One conditional move of `o` (as read) to `to`, with its log row; false when the order had moved on meanwhile. */
export async function transition(
  tx: Db, o: Pick<OrderRowData, 'id' | 'status'>, to: OrderStatus, action: string, operator: OrderOperator, remark = '', columns: MoveColumns = {},
): Promise<boolean> {
  const now = new Date();
  const stamp = STAMPS[to];
  const [moved] = await tx.update(order).set({ status: to, updatedAt: now, ...(stamp ? { [stamp]: now } : {}), ...columns })
    .where(and(eq(order.id, o.id), eq(order.status, o.status))).returning({ id: order.id });
  if (!moved) return false;
  await tx.insert(orderLog).values({ orderId: o.id, action, fromStatus: o.status, toStatus: to, remark, operatorId: operator.id, operatorName: operator.name, createdAt: now });
  return true;
}

/** The order row, locked until the transaction ends; 404 when there is none. */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRowData> {
  const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
  if (!row) throw notFound('订单不存在');
  return row;
}

/** What the order's lines took from stock, one entry per dish or SKU (dishes, then SKUs, by id: the lock order). */
export async function stockOfOrder(tx: Db, orderId: string): Promise<StockEntry[]> {
  const rows = await tx.select({ dishId: orderLine.dishId, skuId: orderLine.skuId, quantity: sql<string>`sum(${orderLine.stockTaken})` }).from(orderLine)
    .where(and(eq(orderLine.orderId, orderId), gt(orderLine.stockTaken, 0))).groupBy(orderLine.dishId, orderLine.skuId);
  const byId = (a: string, b: string) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0);
  return rows.filter((r) => r.dishId).map((r) => ({ dishId: r.dishId!, skuId: r.skuId, quantity: Number(r.quantity) }))
    .sort((a, b) => (a.skuId ? 1 : 0) - (b.skuId ? 1 : 0) || byId(a.skuId ?? a.dishId, b.skuId ?? b.dishId));
}

export interface Released {
  /** This call gave them back (false: given back, or made final, before). */
  released: boolean;
  storeId: string | null;
  /** A dish's stock came back from zero (the caller tells the menu cache after the commit). */
  menuChanged: boolean;
}

/** Stock and coupon of an unpaid order back, exactly once: the `stock_held` flag is turned off by one conditional update. */
export async function releaseHeld(customer: CustomerServices, tx: Db, orderId: string): Promise<Released> {
  const [held] = await tx.update(order).set({ stockHeld: false }).where(and(eq(order.id, orderId), eq(order.stockHeld, true))).returning({ storeId: order.storeId });
  if (!held) return { released: false, storeId: null, menuChanged: false };
  const menuChanged = await returnStock(tx, held.storeId, await stockOfOrder(tx, orderId));
  await customer.coupons.release(tx, orderId);
  return { released: true, storeId: held.storeId, menuChanged };
}

/** What the order's successful payments took and have not given back yet (fen). */
export async function paidNotReturned(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx.select({ sum: sql<string>`coalesce(sum(${orderPayment.amount} - ${orderPayment.refundedAmount}), 0)` }).from(orderPayment)
    .where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.status, 'success')));
  return Number(row?.sum ?? 0);
}

/** What successful payments add up to on the order. */
export async function paidSum(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx.select({ sum: sql<string>`coalesce(sum(${orderPayment.amount}), 0)` }).from(orderPayment)
    .where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.status, 'success')));
  return Number(row?.sum ?? 0);
}

/**
 * Payments call this in the payment's transaction: the paid amount is brought up to date, and
 * once it covers the payable the order becomes paid (pending | dining → paid): its stock and
 * coupon are final (coupon used), the member earns points and the spend counts. Lock order:
 * the order row, then the member (points, spend), then the coupon's plan (coupons.use), the
 * order the wallet and coupons services ask for. True when this call made it paid.
 */
export async function settlePaid(customer: CustomerServices, tx: Db, orderId: string, operator: OrderOperator): Promise<boolean | SoldOut> {
  const o = await lockOrder(tx, orderId);
  const paid = await paidSum(tx, orderId);
  // Part-paid (a split payment under way): no unpaid timeout any more, staff finish or cancel it
  // (a cancel gives the part back); the deadline goes so that nobody is told it will lapse.
  const partPaid = o.status === 'pending' && paid > 0 && paid < o.payableAmount && o.expireAt !== null;
  if (paid !== o.paidAmount || partPaid) await tx.update(order).set({ paidAmount: paid, updatedAt: new Date(), ...(partPaid ? { expireAt: null } : {}) }).where(eq(order.id, orderId));
  if ((o.status !== 'pending' && o.status !== 'dining') || paid < o.payableAmount) return false;
  // A diner's pay-first order takes its stock now, all of it or none (a savepoint).
  const soldOut = o.stockOnPay ? await takeStockOnPay(tx, o) : null;
  if (soldOut) return soldOut;
  if (!await transition(tx, o, 'paid', 'pay', operator, '', { stockHeld: false, expireAt: null, paidAmount: paid })) return false;
  if (o.memberId) {
    await customer.wallet.addSpend(tx, o.memberId, o.payableAmount);
    await customer.wallet.earnPoints(tx, { memberId: o.memberId, amount: o.payableAmount, storeId: o.storeId, orderId, operator, reason: `订单 ${o.orderNo}` });
  }
  await customer.coupons.use(tx, orderId);
  return true;
}

/** A pay-first diner's order whose stock ran out before it was paid: the refusal naming the dish. */
export interface SoldOut {
  soldOut: string;
  /** What the order's payments took (the caller gives it back: cancel with refundAll). */
  paid: number;
}

class StockShortError extends Error {
  constructor(readonly entry: StockEntry, readonly remaining: number) {
    super('stock short');
  }
}

/**
 * Takes a stock-on-pay order's stock (its lines' stock_taken) in a savepoint of the payment's
 * transaction: everything, or nothing and the refusal (芝士蛋糕已售罄). Null when it was taken.
 */
async function takeStockOnPay(tx: Db, o: OrderRowData): Promise<SoldOut | null> {
  try {
    await tx.transaction(async (savepoint) => {
      const taken = await takeStock(savepoint, o.storeId, await stockOfOrder(savepoint, o.id));
      if (taken.short) throw new StockShortError(taken.short.entry, taken.short.remaining);
    });
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    return { soldOut: await shortText(tx, o.id, error.entry, error.remaining), paid: await paidNotReturned(tx, o.id) };
  }
  await tx.update(order).set({ stockOnPay: false }).where(eq(order.id, o.id));
  return null;
}

/** A stock-on-pay order not paid yet whose stock is short now: the refusal (芝士蛋糕已售罄), or null. Takes nothing. */
export async function stockOnPayShort(db: Db, orderId: string): Promise<string | null> {
  const [o] = await db.select({ storeId: order.storeId, stockOnPay: order.stockOnPay }).from(order).where(eq(order.id, orderId));
  if (!o?.stockOnPay) return null;
  const short = await stockShort(db, o.storeId, await stockOfOrder(db, orderId));
  return short ? shortText(db, orderId, short.entry, short.remaining) : null;
}

async function shortText(db: Db, orderId: string, entry: StockEntry, remaining: number): Promise<string> {
  const [line] = await db.select({ name: orderLine.name, unit: orderLine.unit }).from(orderLine)
    .where(and(eq(orderLine.orderId, orderId), entry.skuId ? eq(orderLine.skuId, entry.skuId) : eq(orderLine.dishId, entry.dishId))).limit(1);
  const name = line?.name ?? '菜品';
  return remaining > 0 ? `${name}库存不足，仅剩${remaining}${line?.unit ?? '份'}` : `${name}已售罄`;
}

const stateName = (status: OrderStatus) => ORDER_STATUS_NAMES[status];

/** 接单: paid → making. */
export async function accept(tx: Db, orderId: string, operator: OrderOperator): Promise<void> {
  const o = await lockOrder(tx, orderId);
  if (o.status === 'making' || o.status === 'finished') return;
  if (o.status !== 'paid') throw conflict(`订单${stateName(o.status)}，不能接单`);
  await transition(tx, o, 'making', 'accept', operator);
}

/** Whether the order was a pay-later tab (it started dining). */
async function wasDining(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: orderLog.id }).from(orderLog).where(and(eq(orderLog.orderId, orderId), eq(orderLog.toStatus, 'dining'))).limit(1);
  return Boolean(row);
}

/** 完成: making → finished; a pay-later tab, paid after eating, paid → finished (the table cleared). */
export async function finish(tx: Db, orderId: string, operator: OrderOperator): Promise<void> {
  const o = await lockOrder(tx, orderId);
  if (o.status === 'finished' || o.status === 'partially_refunded' || o.status === 'refunded') return;
  if (o.status === 'making' || (o.status === 'paid' && await wasDining(tx, orderId))) {
    await transition(tx, o, 'finished', 'finish', operator);
    return;
  }
  throw conflict(o.status === 'paid' ? '订单尚未接单，请先接单' : `订单${stateName(o.status)}，不能完成`);
}

export interface Cancelled {
  storeId: string;
  menuChanged: boolean;
  /** This call cancelled an unpaid order (the callers tell `app.order.hooks`). */
  unpaid?: boolean;
}

/**
 * 取消 with a reason: an unpaid order (dining, pending) gives its stock and coupon back; a paid
 * one gives back everything paid through the refunds part (`refundAll`), which restocks. A
 * cancelled order answers as it is; one being made or done is a 409 (refund it instead).
 *
 * An unpaid order may hold part payments (split: ¥20 cash of ¥58, the rest to come). Like any
 * POS voiding a part-tendered ticket, its cancel gives every one of them back to its method
 * through `refundAll` in this transaction (a refund row, the balance with its ledger row, WeChat
 * through the platform), before releaseHeld: the stock and coupon come back there, once, not
 * through the refund; and the member's wallet row is locked before the order row is updated
 * (wallet.refund's lock would otherwise follow the order's foreign-key share lock on it).
 */
export async function cancel(
  customer: CustomerServices, tx: Db, orderId: string, reason: string, operator: OrderOperator, refundAll: RefundAll | undefined, action = 'cancel',
): Promise<Cancelled> {
  const o = await lockOrder(tx, orderId);
  const done = { storeId: o.storeId, menuChanged: false };
  if (o.status === 'cancelled') return done;
  if (o.status === 'dining' || o.status === 'pending') {
    const owed = await paidNotReturned(tx, orderId);
    if (owed > 0 && !refundAll) throw conflict(`订单已收款 ${formatFen(owed)}，取消需要原路退款，退款功能暂不可用`);
    if (owed > 0 && o.memberId) await customer.wallet.lock(tx, o.memberId);
    await transition(tx, o, 'cancelled', action, operator, reason, { cancelReason: reason, expireAt: null });
    if (owed > 0) await refundAll!(tx, o, reason, operator);
    return { storeId: o.storeId, menuChanged: (await releaseHeld(customer, tx, orderId)).menuChanged, unpaid: true };
  }
  if (o.status === 'paid') {
    if (!refundAll) throw conflict('已支付的订单取消需要原路退款，退款功能暂不可用');
    // Order row → member wallet, as payments lock them (the refund takes the member's spend back).
    if (o.memberId) await customer.wallet.lock(tx, o.memberId);
    await transition(tx, o, 'cancelled', action, operator, reason, { cancelReason: reason });
    await refundAll(tx, o, reason, operator);
    // What the order held is final now (its stock came back through the refund when it restocked).
    return done;
  }
  if (o.status === 'making') throw conflict('订单制作中，不能取消，请使用退款');
  throw conflict(`订单${stateName(o.status)}，不能取消`);
}
