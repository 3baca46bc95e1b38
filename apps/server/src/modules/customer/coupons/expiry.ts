import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { coupon, couponPlan } from '../tables.js';

/**
 * The coupon expiry (STORE.md §5): unused coupons whose validity ended become `expired`, and
 * plans of fixed dates whose end passed become `ended`.
 *
 * - A job kind on the job runner (durable: a run missed while no instance was up is caught up at
 *   the next), fired by a schedule every 10 minutes; every instance computes the same
 *   occurrences and the runner enqueues each once.
 * - Each batch is one conditional update (`status = 'unused' and valid_to <= now`), so two runs
 *   at once, a retried job or an order locking a coupon meanwhile change each coupon at most once,
 *   and never a locked one: a coupon held by an unpaid order expires when that order releases it.
 * - Until the job has run, `lock` refuses a coupon past its end anyway: the job keeps the lists
 *   true, it does not decide what may be used.
 */

export const COUPON_EXPIRY_KIND = 'customer.couponExpiry';
const SCHEDULE = 'customer-coupon-expiry';
const EVERY_MS = 10 * 60_000;
/** Coupons per statement: a long-closed campaign expires in several short transactions. */
const BATCH = 5000;

/** Marks what has expired by `now`; answers how many coupons and plans it changed. */
export async function expireCoupons(db: Db, now: Date = new Date()): Promise<{ coupons: number; plans: number }> {
  const at = now.toISOString();
  let coupons = 0;
  for (;;) {
    const rows = await db.update(coupon).set({ status: 'expired' })
      .where(and(eq(coupon.status, 'unused'), sql`${coupon.id} in (
        select id from coupon where status = 'unused' and valid_to <= ${at}::timestamptz order by valid_to limit ${BATCH} for update skip locked)`))
      .returning({ id: coupon.id });
    coupons += rows.length;
    if (rows.length < BATCH) break;
  }
  const plans = await db.update(couponPlan).set({ status: 'ended', updatedAt: now })
    .where(and(eq(couponPlan.validity, 'fixed'), lte(couponPlan.validTo, now), ne(couponPlan.status, 'ended')))
    .returning({ id: couponPlan.id });
  return { coupons, plans: plans.length };
}

/** Registers the job kind and its schedule on the app's job runner. */
export function registerCouponExpiry(app: FastifyInstance): void {
  app.jobs.register(COUPON_EXPIRY_KIND, {
    handler: async () => {
      const done = await expireCoupons(app.database.db);
      if (done.coupons || done.plans) app.log.info({ module: 'customer', ...done }, 'coupons expired');
    },
  });
  app.jobs.schedule(SCHEDULE, { every: EVERY_MS }, COUPON_EXPIRY_KIND);
}
