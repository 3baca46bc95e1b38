import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { publishTablesOfOrders } from '../floor/publish.js';
import { order } from '../tables.js';
import type { OrderOperator, RefundAll } from './service.js';
import { cancel, paidNotReturned } from './transitions.js';

/**
 * The unpaid timeout (STORE.md §6): an order still pending at its `expire_at` (created +
 * ORDER_UNPAID_TIMEOUT_MIN) is cancelled and its stock and coupon go back. A job kind on the
 * durable job runner, fired by a schedule every 30 seconds: the deadlines are rows of the
 * orders themselves, so a restart (or a missed run) loses nothing — the next run, on whichever
 * instance, finds every order past its time. Each order is cancelled in its own transaction
 * with the conditional move, so two runs, or a payment at the same moment, act once.
 *
 * An order that has taken part of its payment (a split payment: ¥20 cash of ¥58) is never
 * cancelled here: staff are in the middle of taking the rest, and a cancel would have to hand
 * money back with nobody at the counter deciding it. The payment clears its deadline
 * (settlePaid); one met here with a deadline still (part-paid before payments cleared it) has it
 * cleared under the row lock and stays pending, for staff to finish or cancel by hand (that
 * cancel gives the part back: transitions.ts).
 */

export const UNPAID_TIMEOUT_KIND = 'order.unpaidTimeout';
const SCHEDULE = 'order-unpaid-timeout';
export const TIMEOUT_EVERY_MS = 30_000;
const BATCH = 200;
export const TIMEOUT_OPERATOR: OrderOperator = { id: null, name: '系统' };
export const TIMEOUT_REASON = '超时未支付，系统自动取消';

/** Cancels the orders due by `now`; answers their ids and the stores whose menus changed. */
export async function cancelDueOrders(
  app: FastifyInstance, now: Date = new Date(), refundAll?: RefundAll,
): Promise<{ cancelled: string[]; menuChanged: Set<string> }> {
  const db = app.database.db;
  const cancelled: string[] = [];
  const menuChanged = new Set<string>();
  for (;;) {
    const due = await db.select({ id: order.id }).from(order)
      .where(and(eq(order.status, 'pending'), isNotNull(order.expireAt), lte(order.expireAt, now))).orderBy(asc(order.expireAt)).limit(BATCH);
    for (const { id } of due) {
      const outcome = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [still] = await tx.select({ status: order.status, expireAt: order.expireAt }).from(order).where(eq(order.id, id)).for('update');
        // Paid (or cancelled) meanwhile, or given more time: not ours to cancel.
        if (!still || still.status !== 'pending' || !still.expireAt || still.expireAt > now) return null;
        if (await paidNotReturned(tx, id) > 0) {
          await tx.update(order).set({ expireAt: null, updatedAt: new Date() }).where(eq(order.id, id));
          return null;
        }
        const cancelled = await cancel(app.customer, tx, id, TIMEOUT_REASON, TIMEOUT_OPERATOR, refundAll, 'timeout');
        if (cancelled.unpaid) await app.order.hooks.emit(tx, 'cancelled', { orderId: id });
        return cancelled;
      });
      if (!outcome) continue;
      cancelled.push(id);
      if (outcome.menuChanged) menuChanged.add(outcome.storeId);
    }
    if (due.length < BATCH) break;
  }
  return { cancelled, menuChanged };
}

/** Registers the job kind and its schedule on the app's job runner. */
export function registerUnpaidTimeout(app: FastifyInstance): void {
  app.jobs.register(UNPAID_TIMEOUT_KIND, {
    handler: async () => {
      const { cancelled, menuChanged } = await cancelDueOrders(app, new Date(), app.order.refundAll);
      for (const storeId of menuChanged) app.store.menu.changed(storeId);
      await publishTablesOfOrders(app, cancelled); // their tables' seatings followed (floor/hooks.ts)
    },
  });
  app.jobs.schedule(SCHEDULE, { every: TIMEOUT_EVERY_MS }, UNPAID_TIMEOUT_KIND);
}
