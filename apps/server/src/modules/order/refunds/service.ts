import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatFen, ORDER_STATUS_NAMES, type OrderRecord, type OrderRefundBody } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { dbFailureOf } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import type { WechatPayClient } from '../../../platform/wechat-pay/client.js';
import { returnStock, type StockEntry } from '../../store/for-orders.js';
import type { OrderOperator } from '../orders/service.js';
import { refundBusinessDate } from './business-date.js';
import { lockOrder, paidNotReturned, transition } from '../orders/transitions.js';
import { followLines, lineCounts } from '../kitchen/lines.js';
import { order, orderLine, orderLog, orderPayment, orderRefund, type OrderLineRowData, type OrderRowData, type RefundLine, type RefundPart } from '../tables.js';
import { inTx } from '../../../db/queries.js';
import { publishTablesOfOrders } from '../floor/publish.js';

/** States an order can be refunded from: paid (and on). */
const REFUNDABLE = new Set(['paid', 'making', 'finished', 'partially_refunded']);
const EPS = 1e-6;
const round3 = (q: number) => Math.round(q * 1000) / 1000;

export interface RefundRequest {
  orderId: string;
  body: Required<Pick<OrderRefundBody, 'reason'>> & { lines?: { lineId: string; quantity: number }[]; restock?: boolean };
  operator: OrderOperator;
  idempotencyKey?: string | undefined;
  canSee?: (storeId: string) => boolean;
}

/** A refund's part with the payment it goes back to. */
type Allocated = RefundPart & { payment: typeof orderPayment.$inferSelect };

interface Plan {
  amount: number;
  lines: (RefundLine & { line: OrderLineRowData })[];
  /** Every line is refunded in full after this refund. */
  whole: boolean;
}

/**
 * Refunds (STORE.md §6): the whole order or chosen lines and quantities, never more than bought
 * minus refunded, back to the original payments (latest first): balance through the wallet
 * (the same principal/bonus parts the order took), WeChat Pay through the platform's refund API
 * (out_refund_no fixed per refund and payment, so a retry is the same refund), cash recorded.
 * Stock comes back once per refunded quantity when asked (the line's refunded quantity is the
 * guard); the member's points for the order go back in proportion. One transaction under the
 * order's row lock; the order becomes refunded or partially_refunded with its log row.
 */
export function createRefunds(app: FastifyInstance, client: WechatPayClient) {
  const db = app.database.db;

  /** The refund of `quantity` of a line: its share of what the order's lines come to, applied to the payable. */
  function plan(o: OrderRowData, lines: OrderLineRowData[], wanted: { lineId: string; quantity: number }[]): Plan {
    const top = lines.filter((l) => l.kind !== 'combo_item');
    const net = (l: OrderLineRowData) => Math.max(0, l.lineAmount - l.discountAmount);
    const totalNet = top.reduce((sum, l) => sum + net(l), 0);
    const asked = wanted.length ? wanted : top.map((l) => ({ lineId: l.id, quantity: round3(l.quantity - l.refundedQuantity) })).filter((w) => w.quantity > EPS);
    if (!asked.length) throw conflict('订单已全部退款');
    const chosen: Plan['lines'] = [];
    const seen = new Set<string>();
    for (const want of asked) {
      const line = top.find((l) => l.id === want.lineId);
      if (!line) throw badRequest(`订单中没有编号为 ${want.lineId} 的菜品`);
      if (seen.has(line.id)) throw badRequest(`「${line.name}」重复出现在退款明细中`);
      seen.add(line.id);
      const left = round3(line.quantity - line.refundedQuantity);
      if (want.quantity > left + EPS) throw badRequest(left > EPS ? `「${line.name}」最多还可退 ${left}${line.unit}` : `「${line.name}」已全部退款`);
      chosen.push({ lineId: line.id, name: line.name, quantity: round3(want.quantity), line });
    }
    const open = o.paidAmount - o.refundedAmount;
    const whole = top.every((l) => {
      const c = chosen.find((x) => x.lineId === l.id);
      return round3(l.quantity - l.refundedQuantity - (c?.quantity ?? 0)) <= EPS;
    });
    // The last refund takes what is left (packing fee and rounding included); the others their share.
    const share = chosen.reduce((sum, c) => sum + (totalNet > 0 ? (net(c.line) * c.quantity) / c.line.quantity / totalNet : 0), 0);
    const amount = whole ? open : Math.min(open, Math.round(o.payableAmount * share));
    return { amount, lines: chosen, whole };
  }

  /** Where the money goes back: the successful payments, latest first, each up to what it has left. */
  async function allocate(tx: Db, orderId: string, amount: number): Promise<Allocated[]> {
    const payments = await tx.select().from(orderPayment).where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.status, 'success'))).orderBy(asc(orderPayment.id));
    const parts: Allocated[] = [];
    let left = amount;
    for (const payment of payments.reverse()) {
      if (left <= 0) break;
      const take = Math.min(left, payment.amount - payment.refundedAmount);
      if (take <= 0) continue;
      parts.push({ paymentId: payment.id, method: payment.method, amount: take, payment });
      left -= take;
    }
    if (left > 0) throw conflict(`可退金额不足：还差 ${formatFen(left)}`);
    return parts;
  }

  /** The refund's stock: the portions its quantities took, per dish or SKU. */
  function stockBack(chosen: Plan['lines'], lines: OrderLineRowData[]): StockEntry[] {
    const byKey = new Map<string, StockEntry>();
    const add = (l: OrderLineRowData, fraction: number) => {
      if (!l.dishId || l.stockTaken <= 0) return;
      const portions = Math.round(l.stockTaken * fraction);
      if (portions <= 0) return;
      const key = `${l.dishId}/${l.skuId ?? ''}`;
      const entry = byKey.get(key) ?? { dishId: l.dishId, skuId: l.skuId, quantity: 0 };
      entry.quantity += portions;
      byKey.set(key, entry);
    };
    for (const c of chosen) {
      const fraction = c.quantity / c.line.quantity;
      add(c.line, fraction);
      for (const child of lines.filter((l) => l.parentId === c.lineId)) add(child, fraction);
    }
    const byId = (a: string, b: string) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0);
    return [...byKey.values()].sort((a, b) => (a.skuId ? 1 : 0) - (b.skuId ? 1 : 0) || byId(a.skuId ?? a.dishId, b.skuId ?? b.dishId));
  }

  /**
   * out_refund_no: the payment and what it had refunded before. A refund rolled back after the
   * platform accepted one of its parts (another part refused) and then retried asks for the same
   * number, which the platform answers with the refund it already made instead of paying twice.
   */
  const outRefundNo = (paymentId: string, refundedBefore: number) => `RF${paymentId}N${refundedBefore}`;

  /**
   * Each part back to its payment's method, in the caller's transaction: the payment's refunded
   * amount by a guarded update (never past what it took), balance to the member with its ledger
   * row, WeChat Pay through the platform (a refusal rolls everything back), cash recorded only.
   */
  async function payBack(tx: Db, o: OrderRowData, parts: Allocated[], reason: string, operator: OrderOperator): Promise<void> {
    for (const part of parts) {
      const [moved] = await tx.update(orderPayment).set({ refundedAmount: sql`${orderPayment.refundedAmount} + ${part.amount}`, updatedAt: new Date() })
        .where(and(eq(orderPayment.id, part.paymentId), sql`${orderPayment.refundedAmount} + ${part.amount} <= ${orderPayment.amount}`)).returning({ id: orderPayment.id });
      if (!moved) throw conflict('支付记录已被退款，请刷新后重试');
      if (part.method === 'balance') {
        if (!o.memberId) throw conflict('余额支付的订单没有会员，无法退回余额');
        await app.customer.wallet.refund(tx, { memberId: o.memberId, orderId: o.id, amount: part.amount, storeId: o.storeId, operator, reason: `订单 ${o.orderNo} 退款：${reason}` });
      } else if (part.method === 'wechat') {
        // Inside the transaction: a refused refund rolls everything back; the number makes a retry the same refund.
        await client.refund({ outTradeNo: part.payment.outTradeNo!, outRefundNo: outRefundNo(part.paymentId, part.payment.refundedAmount), reason, refund: part.amount, total: part.payment.amount });
      }
    }
  }

  /**
   * The refund inside the caller's transaction (order row locked by the caller as `o`). Moves the
   * order to refunded / partially_refunded unless `move` is false (a cancel moves it itself).
   */
  async function refundInTx(
    tx: Db, o: OrderRowData, input: { reason: string; lines: { lineId: string; quantity: number }[]; restock: boolean; operator: OrderOperator; idempotencyKey?: string | undefined; move: boolean },
  ): Promise<{ menuChanged: boolean }> {
    const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, o.id)).orderBy(asc(orderLine.sort), asc(orderLine.id));
    const { amount, lines: chosen, whole } = plan(o, lines, input.lines);
    const parts = amount > 0 ? await allocate(tx, o.id, amount) : [];
    const [written] = await tx.insert(orderRefund).values({
      orderId: o.id, storeId: o.storeId, businessDate: await refundBusinessDate(tx, o.storeId), amount, reason: input.reason, status: 'success',
      parts: parts.map(({ paymentId, method, amount: a }) => ({ paymentId, method, amount: a })),
      lines: chosen.map(({ lineId, name, quantity }) => ({ lineId, name, quantity })),
      restock: input.restock, idempotencyKey: input.idempotencyKey ?? null, operatorId: input.operator.id, operatorName: input.operator.name, refundedAt: new Date(),
    }).returning({ id: orderRefund.id });

    // Quantities first: the guard (refunded ≤ bought) makes each quantity refund, and restock, once.
    for (const c of chosen) {
      const [moved] = await tx.update(orderLine).set({ refundedQuantity: sql`${orderLine.refundedQuantity} + ${c.quantity}` })
        .where(and(eq(orderLine.id, c.lineId), sql`${orderLine.refundedQuantity} + ${c.quantity} <= ${orderLine.quantity} + 0.0005`)).returning({ id: orderLine.id });
      if (!moved) throw conflict(`「${c.name}」已被退款，请刷新后重试`);
      const fraction = c.quantity / c.line.quantity;
      await tx.update(orderLine).set({ refundedQuantity: sql`least(${orderLine.quantity}, ${orderLine.refundedQuantity} + round((${orderLine.quantity} * ${fraction})::numeric, 3))` })
        .where(eq(orderLine.parentId, c.lineId));
    }

    await payBack(tx, o, parts, input.reason, input.operator);
    await tx.update(order).set({ refundedAmount: sql`${order.refundedAmount} + ${amount}`, updatedAt: new Date() }).where(eq(order.id, o.id));
    // After the balance went back (its ledger row counts first): the lock order of a payment by balance.
    await app.order.hooks.emit(tx, 'refunded', { orderId: o.id, refundId: written!.id });
    if (o.memberId && amount > 0) {
      await app.customer.wallet.takeBackOrderPoints(tx, {
        memberId: o.memberId, orderId: o.id, amount, paid: o.paidAmount, whole, storeId: o.storeId, operator: input.operator, reason: `订单 ${o.orderNo} 退款`,
      });
      // The spend the payment counted (settlePaid's addSpend) goes back too.
      await app.customer.wallet.takeBackSpend(tx, o.memberId, amount, whole);
    }
    const menuChanged = input.restock ? await returnStock(tx, o.storeId, stockBack(chosen, lines)) : false;
    if (input.move) {
      const remark = `${input.reason}（退款 ${formatFen(amount)}）`;
      // A part refund of an order still being made takes its dishes out of the kitchen and leaves
      // the rest where it was (待处理 or 制作中: STORE.md §10, refunds never finish the rest); the
      // order is done only when nothing is left to make.
      if (!whole && (o.status === 'paid' || o.status === 'making') && (await lineCounts(tx, o.id)).notOut > 0) {
        await tx.insert(orderLog).values({ orderId: o.id, action: 'refund', fromStatus: o.status, toStatus: o.status, remark, operatorId: input.operator.id, operatorName: input.operator.name });
        await followLines(tx, o.id, input.operator);
      } else {
        const to = whole ? 'refunded' : 'partially_refunded';
        if (!(await transition(tx, o, to, 'refund', input.operator, remark))) throw conflict('订单状态已变化，请刷新后重试');
      }
    }
    return { menuChanged };
  }

  const byKey = async (orderId: string, key: string | undefined) => {
    if (!key) return undefined;
    const [found] = await db.select({ id: orderRefund.id }).from(orderRefund).where(and(eq(orderRefund.orderId, orderId), eq(orderRefund.idempotencyKey, key)));
    return found;
  };

  /** 退款 (orderEndpoints.refund): answers the order after the refund. */
  async function refund(request: RefundRequest): Promise<OrderRecord> {
    const { orderId, body, operator, idempotencyKey } = request;
    const [first] = await db.select({ storeId: order.storeId }).from(order).where(eq(order.id, orderId));
    if (!first || (request.canSee && !request.canSee(first.storeId))) throw notFound(`订单 ${orderId} 不存在`);
    if (await byKey(orderId, idempotencyKey)) return app.order.get(orderId);
    let outcome: { menuChanged: boolean };
    try {
      outcome = await inTx(db, async (tx) => {
        const o = await lockOrder(tx, orderId);
        if (!REFUNDABLE.has(o.status)) throw conflict(`订单${ORDER_STATUS_NAMES[o.status]}，不能退款`);
        // The lock order of payments (order row → member wallet → the rest): the refund updates the
        // order row twice, and the second update holds the member FOR KEY SHARE before takeBackSpend
        // asks for it FOR UPDATE; two such upgrades on one member deadlock.
        if (o.memberId) await app.customer.wallet.lock(tx, o.memberId);
        return refundInTx(tx, o, { reason: body.reason, lines: body.lines ?? [], restock: body.restock ?? false, operator, idempotencyKey, move: true });
      });
    } catch (error) {
      const failure = dbFailureOf(error);
      if (idempotencyKey && failure?.code === '23505' && failure.constraint === 'order_refund_idempotency') return app.order.get(orderId);
      throw error;
    }
    if (outcome.menuChanged) app.store.menu.changed(first.storeId);
    await publishTablesOfOrders(app, [orderId]); // the seating followed the refund (floor/hooks.ts)
    return app.order.get(orderId);
  }

  /**
   * Cancel of an order not paid in full (dining | pending) that has taken part payments (a split
   * payment: ¥20 cash of ¥58, the rest to come): every successful payment goes back whole to its
   * method, as one refund row of no lines. Money only: the cancel gives the held stock and coupon
   * back itself (releaseHeld), so nothing is restocked here; no points or spend go back either,
   * as settlePaid never counted them for an order that did not become paid.
   */
  async function refundPartPaid(tx: Db, o: OrderRowData, reason: string, operator: OrderOperator): Promise<void> {
    const amount = await paidNotReturned(tx, o.id);
    if (amount <= 0) return;
    const parts = await allocate(tx, o.id, amount);
    const [written] = await tx.insert(orderRefund).values({
      orderId: o.id, storeId: o.storeId, businessDate: await refundBusinessDate(tx, o.storeId), amount, reason, status: 'success',
      parts: parts.map(({ paymentId, method, amount: a }) => ({ paymentId, method, amount: a })), lines: [],
      restock: false, idempotencyKey: null, operatorId: operator.id, operatorName: operator.name, refundedAt: new Date(),
    }).returning({ id: orderRefund.id });
    await payBack(tx, o, parts, reason, operator);
    await tx.update(order).set({ refundedAmount: sql`${order.refundedAmount} + ${amount}`, updatedAt: new Date() }).where(eq(order.id, o.id));
    await app.order.hooks.emit(tx, 'refunded', { orderId: o.id, refundId: written!.id });
  }

  /**
   * The cancel's refund (orders/transitions.ts, in its transaction; `o` as read before the move):
   * a paid order gives everything back and restocks; an unpaid one with part payments gives its
   * payments back (refundPartPaid).
   */
  async function refundAll(tx: Db, o: OrderRowData, reason: string, operator: OrderOperator): Promise<void> {
    if (o.status === 'dining' || o.status === 'pending') {
      await refundPartPaid(tx, o, reason, operator);
      return;
    }
    const { menuChanged } = await refundInTx(tx, o, { reason, lines: [], restock: true, operator, move: false });
    if (menuChanged) {
      // The menu cache hears of it after the cancel commits.
      const storeId = o.storeId;
      setImmediate(() => app.store.menu.changed(storeId));
    }
  }

  return { refund, refundAll, outRefundNo };
}

export type Refunds = ReturnType<typeof createRefunds>;
