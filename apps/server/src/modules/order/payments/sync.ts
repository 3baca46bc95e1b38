import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WechatPayClient } from '../../../platform/wechat-pay/client.js';
import { PayPlatformError } from '../../../platform/wechat-pay/errors.js';
import { order, orderPayment } from '../tables.js';
import type { Payments } from './service.js';

/**
 * The query fallback (WeChat Pay's own advice when a notification does not come): every 30
 * seconds, on whichever instance the durable job runner picks, open QR and h5 payments older than
 * a notification's first tries are looked up on the platform. Paid → settled as the notification
 * would (exactly once); closed there → closed here; still unpaid while the order cannot take it
 * any more (cancelled, paid another way) → closed at the platform, so it can no longer be paid.
 */
export const WECHAT_PAY_SYNC_KIND = 'order.wechatPaySync';
const SCHEDULE = 'order-wechat-pay-sync';
const EVERY_MS = 30_000;
/** Younger payments are left to their notification. */
const QUIET_MS = 15_000;
/** A code is payable for two hours at most; older open payments were closed by the platform. */
const OLDEST_MS = 3 * 60 * 60_000;
const BATCH = 100;

export async function syncOpenPayments(app: FastifyInstance, payments: Payments, client: WechatPayClient, now = new Date()): Promise<number> {
  const db = app.database.db;
  const open = await db.select({ id: orderPayment.id, outTradeNo: orderPayment.outTradeNo, status: order.status }).from(orderPayment)
    .innerJoin(order, eq(order.id, orderPayment.orderId))
    .where(and(
      eq(orderPayment.method, 'wechat'), eq(orderPayment.status, 'pending'), isNotNull(orderPayment.outTradeNo),
      lt(orderPayment.createdAt, new Date(now.getTime() - QUIET_MS)), gt(orderPayment.createdAt, new Date(now.getTime() - OLDEST_MS)),
    ))
    .orderBy(asc(orderPayment.id)).limit(BATCH);
  let settled = 0;
  for (const payment of open) {
    try {
      const found = await client.query(payment.outTradeNo!);
      if (found.trade_state === 'SUCCESS' || found.trade_state === 'REFUND') {
        if ((await payments.settleWechat(found)) === 'settled') settled++;
      } else if (found.trade_state === 'CLOSED' || (payment.status !== 'pending' && payment.status !== 'dining')) {
        if (found.trade_state !== 'CLOSED') await client.close(payment.outTradeNo!);
        await db.update(orderPayment).set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orderPayment.id, payment.id), eq(orderPayment.status, 'pending')));
      }
    } catch (error) {
      // Paid at the very moment we closed it: the next round (or the notification) settles it.
      if (error instanceof PayPlatformError && error.code === 'ORDERPAID') continue;
      // The platform never had it (its creation failed half-way): nothing can pay it.
      if (error instanceof PayPlatformError && error.code === 'ORDER_NOT_EXIST') {
        await db.update(orderPayment).set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orderPayment.id, payment.id), eq(orderPayment.status, 'pending')));
        continue;
      }
      app.log.warn({ err: error, outTradeNo: payment.outTradeNo }, 'wechat pay: query fallback failed');
    }
  }
  return settled;
}

export function registerWechatPaySync(app: FastifyInstance, payments: Payments, client: WechatPayClient): void {
  app.jobs.register(WECHAT_PAY_SYNC_KIND, { handler: async () => void (await syncOpenPayments(app, payments, client)) });
  app.jobs.schedule(SCHEDULE, { every: EVERY_MS }, WECHAT_PAY_SYNC_KIND);
}
