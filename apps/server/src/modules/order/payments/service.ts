import { stockOnPayShort } from '../orders/transitions.js';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatFen, ORDER_STATUS_NAMES, type OrderPayBody, type OrderPayResult, type PaymentRecord } from '@canteen/contract';
import type { PayTransaction } from '@canteen/wechat-protocol';
import type { Db } from '../../../db/client.js';
import { dbFailureOf } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { PayPlatformError } from '../../../platform/wechat-pay/errors.js';
import type { WechatPayClient } from '../../../platform/wechat-pay/client.js';
import type { OrderOperator } from '../orders/service.js';
import { refundBusinessDate } from '../refunds/business-date.js';
import { order, orderPayment, orderRefund, type OrderRowData } from '../tables.js';
import { inTx } from '../../../db/queries.js';

type PaymentRow = typeof orderPayment.$inferSelect;

/** What can still take a payment: a pay-later tab being cleared, or an unpaid order. */
const PAYABLE_STATUSES = new Set(['dining', 'pending']);

/** Our number for a WeChat Pay payment (out_trade_no): 6–32 letters and digits, unique. */
const newOutTradeNo = () => `CT${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

export interface PayInput {
  orderId: string;
  body: OrderPayBody;
  operator: OrderOperator;
  /** The request's Idempotency-Key: the same key answers the same payment. */
  idempotencyKey?: string | undefined;
  /** Whether the caller may act on the order's store (another store's order is a 404). */
  canSee?: (storeId: string) => boolean;
}

/** How a notification (or a query) about a WeChat Pay payment ended. */
export type SettleOutcome = 'settled' | 'already' | 'unknown' | 'mismatch';

/**
 * Payments (STORE.md §6): cash with change, member balance in the payment's transaction, and
 * WeChat Pay through the platform (a pending payment and a QR; paid when the notification or a
 * query says so). Every success adds to the order's paid amount under the order's row lock; when
 * the paid sum reaches the payable, `app.order.settlePaid` makes the order paid in the same
 * transaction and it is published after commit.
 */
export function createPayments(app: FastifyInstance, client: WechatPayClient) {
  const db = app.database.db;

  const orderRow = async (dbOrTx: Db, orderId: string, lock = false): Promise<OrderRowData> => {
    const query = dbOrTx.select().from(order).where(eq(order.id, orderId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`订单 ${orderId} 不存在`);
    return row;
  };

  const paymentsOf = (dbOrTx: Db, orderId: string) => dbOrTx.select().from(orderPayment).where(eq(orderPayment.orderId, orderId));

  const answer = async (orderId: string, paymentId: string, codeUrl: string | null): Promise<OrderPayResult> => {
    const record = await app.order.get(orderId);
    const payment = record.payments.find((p) => p.id === paymentId) as PaymentRecord;
    return { order: record, payment, codeUrl, payUrl: codeUrl && payment.status === 'pending' ? client.payPageUrl(codeUrl) : null };
  };

  /**
   * The lock order of every payment that can succeed in its transaction: the order row, then
   * its member's wallet row, then (settlePaid) coupons and roll-ups — the customer module's
   * order, wallet before coupons. The member is locked here, before the payment is written: every
   * later update of the order row in the same transaction re-checks its member foreign key (the
   * row version is the transaction's own), which holds the member row FOR KEY SHARE, and
   * settlePaid's FOR UPDATE of it would then be an upgrade. Two payments of one member's orders
   * upgrading at once (or one upgrading while another waits for the row) is a deadlock: 409 to
   * one payer.
   */
  async function lockPayer(tx: Db, locked: OrderRowData): Promise<void> {
    if (locked.memberId) await app.customer.wallet.lock(tx, locked.memberId);
  }

  /**
   * After a successful payment, in its transaction (order row locked): settlePaid brings the
   * order's paid amount up to date and, once it covers the payable, makes the order paid. True
   * when this made the order paid.
   */
  async function credit(tx: Db, locked: OrderRowData, operator: OrderOperator): Promise<boolean> {
    return app.order.settlePaid(tx, locked.id, operator);
  }

  /**
   * The order's open QR payments are closed before another payment is taken; one the platform
   * says was paid is settled instead. When the platform cannot be reached the QR is closed here
   * only, so that cash at the counter never waits on it: should the customer pay it anyway, its
   * notification settles it and gives the money straight back (settleWechat).
   */
  async function closeOpenWechat(orderId: string, operator: OrderOperator): Promise<void> {
    const open = (await paymentsOf(db, orderId)).filter((p) => p.method === 'wechat' && p.status === 'pending' && p.outTradeNo);
    const closeHere = (id: string) =>
      db.update(orderPayment).set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() }).where(and(eq(orderPayment.id, id), eq(orderPayment.status, 'pending')));
    for (const payment of open) {
      try {
        await client.close(payment.outTradeNo!);
        await closeHere(payment.id);
      } catch (error) {
        if (error instanceof PayPlatformError && error.code === 'ORDERPAID') {
          await settleWechat(await client.query(payment.outTradeNo!), operator);
          continue;
        }
        if (!(error instanceof PayPlatformError && error.code === 'ORDER_NOT_EXIST')) app.log.warn({ err: error, outTradeNo: payment.outTradeNo }, 'wechat pay: could not close the QR at the platform; closed here only');
        await closeHere(payment.id);
      }
    }
  }

  /**
   * A WeChat Pay payment the platform reports paid (notification or query): matched by
   * out_trade_no and amount, made success exactly once (conditional update from pending), the
   * order credited and settled in the same transaction, published after commit.
   */
  async function settleWechat(transaction: PayTransaction, operator: OrderOperator = { id: null, name: '' }): Promise<SettleOutcome> {
    if (transaction.trade_state !== 'SUCCESS' && transaction.trade_state !== 'REFUND') return 'unknown';
    const [payment] = await db.select().from(orderPayment).where(eq(orderPayment.outTradeNo, transaction.out_trade_no));
    // Ours only when the merchant and the app are ours too (the platform's advice against false notices).
    if (!payment || payment.method !== 'wechat' || transaction.mchid !== client.config.mchid || transaction.appid !== client.config.appid) return 'unknown';
    if (transaction.amount?.total !== payment.amount) return 'mismatch';
    const outcome = await inTx(db, async (tx) => {
      const locked = await orderRow(tx, payment.orderId, true);
      await lockPayer(tx, locked);
      const paidAt = transaction.success_time ? new Date(transaction.success_time) : new Date();
      const [won] = await tx.update(orderPayment)
        .set({ status: 'success', tradeNo: transaction.transaction_id ?? null, paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt, updatedAt: new Date() })
        // Closed here only (the platform was unreachable) still counts: the money did arrive.
        .where(and(eq(orderPayment.id, payment.id), inArray(orderPayment.status, ['pending', 'closed'])))
        .returning({ id: orderPayment.id });
      if (!won) return { result: 'already' as const, paid: false };
      if (!PAYABLE_STATUSES.has(locked.status)) {
        // Paid after the order was cancelled (or paid another way): the money goes straight back.
        await giveBack(tx, locked, payment, locked.status === 'cancelled' ? '订单已取消，自动退款' : '重复支付，自动退款');
        return { result: 'settled' as const, paid: false };
      }
      return { result: 'settled' as const, paid: await credit(tx, locked, operator) };
    });
    if (outcome.paid) await app.order.publishPaid(payment.orderId);
    return outcome.result;
  }

  /**
   * Refunds a whole WeChat Pay payment the order cannot take, in the caller's transaction (a
   * refused platform refund rolls the settling back, so the notification is answered 500 and
   * retried). The refund row names why; the order's status stays.
   */
  async function giveBack(tx: Db, locked: OrderRowData, payment: PaymentRow, reason: string): Promise<void> {
    const parts = [{ paymentId: payment.id, method: 'wechat' as const, amount: payment.amount }];
    await client.refund({ outTradeNo: payment.outTradeNo!, outRefundNo: `RA${payment.id}`, reason, refund: payment.amount, total: payment.amount });
    await tx.update(orderPayment).set({ refundedAmount: payment.amount, updatedAt: new Date() }).where(eq(orderPayment.id, payment.id));
    const [written] = await tx.insert(orderRefund).values({
      orderId: locked.id, storeId: locked.storeId, businessDate: await refundBusinessDate(tx, locked.storeId), amount: payment.amount, reason, status: 'success', parts, lines: [], restock: false, refundedAt: new Date(),
    }).returning({ id: orderRefund.id });
    await app.order.hooks.emit(tx, 'refunded', { orderId: locked.id, refundId: written!.id });
    await tx.update(order).set({ paidAmount: sql`${order.paidAmount} + ${payment.amount}`, refundedAmount: sql`${order.refundedAmount} + ${payment.amount}`, updatedAt: new Date() })
      .where(eq(order.id, locked.id));
  }

  /** The query fallback: asks the platform about the order's open QR payments (a late notification). */
  async function syncOrder(orderId: string): Promise<void> {
    const open = (await paymentsOf(db, orderId)).filter((p) => p.method === 'wechat' && p.status === 'pending' && p.outTradeNo);
    for (const payment of open) {
      try {
        await settleWechat(await client.query(payment.outTradeNo!));
      } catch (error) {
        app.log.warn({ err: error, outTradeNo: payment.outTradeNo }, 'wechat pay: query failed');
      }
    }
  }

  const byKey = async (orderId: string, key: string | undefined): Promise<PaymentRow | undefined> => {
    if (!key) return undefined;
    const [found] = await db.select().from(orderPayment).where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.idempotencyKey, key)));
    return found;
  };

  /** Unique violation of the payment's idempotency key: a concurrent twin got there first. */
  const isKeyClash = (error: unknown) => {
    const failure = dbFailureOf(error);
    return failure?.code === '23505' && failure.constraint === 'order_payment_idempotency';
  };

  function checkPayable(o: OrderRowData): void {
    if (PAYABLE_STATUSES.has(o.status)) return;
    throw conflict(`订单${ORDER_STATUS_NAMES[o.status]}，不能再收款`);
  }

  /** What is left to pay: payable − successful payments − QR payments still open. */
  const leftToPay = (o: OrderRowData, payments: PaymentRow[]) =>
    o.payableAmount - payments.filter((p) => p.status === 'success' || (p.status === 'pending' && p.method === 'wechat')).reduce((sum, p) => sum + p.amount, 0);

  /** One payment towards an order (see orderPayBodySchema). */
  async function pay(input: PayInput): Promise<OrderPayResult> {
    const { orderId, body, operator, idempotencyKey } = input;
    const first = await orderRow(db, orderId);
    if (input.canSee && !input.canSee(first.storeId)) throw notFound(`订单 ${orderId} 不存在`);
    const repeated = await byKey(orderId, idempotencyKey);
    if (repeated) return answer(orderId, repeated.id, repeated.codeUrl);
    checkPayable(first);
    // A diner's pay-first order takes its stock when paid: a dish gone meanwhile is refused before any money moves.
    const short = await stockOnPayShort(db, orderId);
    if (short) throw conflict(`${short}，不能收款`);

    if (body.method === 'wechat') {
      // The same amount asked again while a QR is open: show the same QR (after asking the platform).
      await syncOrder(orderId);
      const payments = await paymentsOf(db, orderId);
      // The platform said the open QR was paid (its notification is late): that payment is the answer.
      const settled = payments.filter((p) => p.method === 'wechat' && p.status === 'success').at(-1);
      if (settled && !PAYABLE_STATUSES.has((await orderRow(db, orderId)).status)) return answer(orderId, settled.id, settled.codeUrl);
      const open = payments.find((p) => p.method === 'wechat' && p.status === 'pending' && (body.amount === undefined || p.amount === body.amount));
      if (open) return answer(orderId, open.id, open.codeUrl);
    }
    await closeOpenWechat(orderId, operator);

    let created: PaymentRow;
    try {
      created = await inTx(db, async (tx) => {
        const locked = await orderRow(tx, orderId, true);
        checkPayable(locked);
        const left = leftToPay(locked, await paymentsOf(tx, orderId));
        if (left <= 0) throw conflict('订单已付清，无需再收款');
        const amount = body.amount ?? left;
        if (amount > left) throw badRequest(`支付金额 ${formatFen(amount)} 超过待付金额 ${formatFen(left)}`);
        // A QR payment is only opened here (its notification settles it): nothing of the member's.
        if (body.method !== 'wechat') await lockPayer(tx, locked);
        const base = {
          orderId, storeId: locked.storeId, businessDate: locked.businessDate, method: body.method, amount,
          idempotencyKey: idempotencyKey ?? null, operatorId: operator.id, operatorName: operator.name,
        };
        if (body.method === 'cash') {
          const tendered = body.tendered ?? amount;
          if (tendered < amount) throw badRequest(`实收金额 ${formatFen(tendered)} 不足应收 ${formatFen(amount)}`);
          const [row] = await tx.insert(orderPayment).values({ ...base, status: 'success', tendered, change: tendered - amount, paidAt: new Date() }).returning();
          const paid = await credit(tx, locked, operator);
          return Object.assign(row!, { paidNow: paid });
        }
        if (body.method === 'balance') {
          if (!locked.memberId) throw badRequest('该订单没有关联会员，不能使用余额支付');
          // The member row is locked already (lockPayer), before the coupon is used (settlePaid).
          const charged = await app.customer.wallet.charge(tx, { memberId: locked.memberId, amount, storeId: locked.storeId, orderId, operator, reason: `订单 ${locked.orderNo} 消费` });
          const [row] = await tx.insert(orderPayment).values({ ...base, status: 'success', balancePrincipal: charged.principal, balanceBonus: charged.bonus, paidAt: new Date() }).returning();
          const paid = await credit(tx, locked, operator);
          return Object.assign(row!, { paidNow: paid });
        }
        const [row] = await tx.insert(orderPayment).values({ ...base, status: 'pending', outTradeNo: newOutTradeNo() }).returning();
        return Object.assign(row!, { paidNow: false });
      });
    } catch (error) {
      if (idempotencyKey && isKeyClash(error)) {
        const twin = await byKey(orderId, idempotencyKey);
        if (twin) return answer(orderId, twin.id, twin.codeUrl);
      }
      throw error;
    }
    if ((created as PaymentRow & { paidNow: boolean }).paidNow) await app.order.publishPaid(orderId);
    if (created.method !== 'wechat') return answer(orderId, created.id, null);

    try {
      const { codeUrl } = await client.createNative({ outTradeNo: created.outTradeNo!, description: `订单 ${first.orderNo}`, total: created.amount, expireAt: first.expireAt, attach: `order:${orderId}` });
      await db.update(orderPayment).set({ codeUrl, updatedAt: new Date() }).where(eq(orderPayment.id, created.id));
      return answer(orderId, created.id, codeUrl);
    } catch (error) {
      // The platform refused or did not answer: closed, and its key freed so that a retry tries again.
      await db.update(orderPayment).set({ status: 'closed', idempotencyKey: null, closedAt: new Date(), updatedAt: new Date() }).where(and(eq(orderPayment.id, created.id), eq(orderPayment.status, 'pending')));
      throw error;
    }
  }

  /**
   * The diners' page pays what is left through an h5 payment that comes back to `returnUrl`.
   * The same idempotency key (or an open h5 payment of the same amount) answers the same page.
   */
  async function payOnline(input: { orderId: string; operator: OrderOperator; returnUrl: string; idempotencyKey?: string; payerIp?: string }): Promise<{ payUrl: string }> {
    const o = await orderRow(db, input.orderId);
    await syncOrder(o.id);
    checkPayable(await orderRow(db, o.id));
    const payments = await paymentsOf(db, o.id);
    const left = leftToPay(o, payments);
    const open = payments.find((p) => p.method === 'wechat' && p.status === 'pending' && p.codeUrl?.startsWith('http') && (left <= 0 || p.amount >= left));
    if (open?.codeUrl) return { payUrl: open.codeUrl };
    if (left <= 0) {
      const atCounter = payments.some((p) => p.method === 'wechat' && p.status === 'pending');
      throw conflict(atCounter ? '该订单正在收银台扫码支付，请扫码完成支付' : '订单已付清，无需再支付');
    }
    let created: PaymentRow;
    try {
      [created] = (await db.insert(orderPayment).values({
        orderId: o.id, storeId: o.storeId, businessDate: o.businessDate, method: 'wechat', amount: left, status: 'pending', outTradeNo: newOutTradeNo(),
        idempotencyKey: input.idempotencyKey ?? null, operatorId: input.operator.id, operatorName: input.operator.name,
      }).returning()) as [PaymentRow];
    } catch (error) {
      const twin = isKeyClash(error) ? await byKey(o.id, input.idempotencyKey) : undefined;
      if (twin?.codeUrl) return { payUrl: twin.codeUrl };
      throw error;
    }
    try {
      const { h5Url } = await client.createH5({ outTradeNo: created.outTradeNo!, description: `订单 ${o.orderNo}`, total: left, expireAt: o.expireAt, attach: `order:${o.id}`, payerIp: input.payerIp ?? '127.0.0.1', returnUrl: input.returnUrl });
      // An h5 payment keeps its page address where a native one keeps its code.
      await db.update(orderPayment).set({ codeUrl: h5Url, updatedAt: new Date() }).where(eq(orderPayment.id, created.id));
      return { payUrl: h5Url };
    } catch (error) {
      // The platform refused or did not answer: closed, and its key freed so that a retry tries again.
      await db.update(orderPayment).set({ status: 'closed', idempotencyKey: null, closedAt: new Date(), updatedAt: new Date() }).where(and(eq(orderPayment.id, created.id), eq(orderPayment.status, 'pending')));
      throw error;
    }
  }

  /** Closes an order's open QR payments (the order is being cancelled unpaid). */
  async function closeOpen(orderId: string): Promise<void> {
    await closeOpenWechat(orderId, { id: null, name: '' });
  }

  /**
   * One payment of the order as it is now, for the counter waiting on its QR: read only (the
   * notification, or the query job for a late one, settles it), 404 for another store's order.
   */
  async function paymentState(orderId: string, paymentId: string, canSee?: (storeId: string) => boolean): Promise<OrderPayResult> {
    const o = await orderRow(db, orderId);
    if (canSee && !canSee(o.storeId)) throw notFound(`订单 ${orderId} 不存在`);
    const [payment] = await db.select().from(orderPayment).where(and(eq(orderPayment.id, paymentId), eq(orderPayment.orderId, orderId)));
    if (!payment) throw notFound(`收款记录 ${paymentId} 不存在`);
    return answer(orderId, payment.id, payment.codeUrl);
  }

  return { pay, payOnline, settleWechat, syncOrder, closeOpen, paymentState };
}

export type Payments = ReturnType<typeof createPayments>;
