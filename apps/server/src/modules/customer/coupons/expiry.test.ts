import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponPlanRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { jobSchedule } from '../../../jobs/tables.js';
import { addMember } from '../testing.js';
import { coupon, couponPlan } from '../tables.js';
import { COUPON_EXPIRY_KIND, expireCoupons } from './expiry.js';

/**
 * The expiry job: called with chosen instants while the app's job runner is stopped (its
 * schedule runs on the real clock), then run as a job kind on the started runner.
 */
const { app } = await createTestApp({ JOB_POLL_MS: '20' });
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeId: string;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeId = await createStore(app, admin, '过期测试店');
  await app.ready();
  await app.jobs.stop();
});

let n = 0;
const createPlan = async (fields: Record<string, unknown> = {}) =>
  dataOf<CouponPlanRecord>(await call('POST', '/customer/coupon-plan', { name: `过期券${++n}`, kind: 'cash', value: 500, validity: 'relative', validDays: 3, ...fields }));
const statuses = async (ids: string[]) => {
  const rows = await db.select({ id: coupon.id, status: coupon.status }).from(coupon).where(inArray(coupon.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.status);
};

describe('coupon expiry', () => {
  it('expires unused coupons past their end, never a locked, used or voided one, once; ends fixed plans past their dates', async () => {
    const plan = await createPlan();
    const member = await addMember(app, admin);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(...(await app.customer.coupons.issue(db, plan.id, [member], { source: 'admin', operator: { id: null, name: '' } })).couponIds);
    const [unused, locked, used, voided] = ids as [string, string, string, string];
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await app.customer.coupons.lock(tx, { couponId: locked, memberId: member, orderId: '501', storeId, orderType: 'dine_in', lines: [], total: 2000 });
      await app.customer.coupons.lock(tx, { couponId: used, memberId: member, orderId: '502', storeId, orderType: 'dine_in', lines: [], total: 2000 });
      await app.customer.coupons.use(tx, '502');
      await app.customer.coupons.void(tx, voided, '测试作废');
    });
    const validTo = (await db.select({ at: coupon.validTo }).from(coupon).where(eq(coupon.id, unused)))[0]!.at;

    // (The demo's coupons are in the same database: only this test's coupons are looked at.)
    await expireCoupons(db, new Date(validTo.getTime() - 1000));
    expect(await statuses(ids)).toEqual(['unused', 'locked', 'used', 'voided']);
    const at = await expireCoupons(db, validTo);
    expect(at.coupons).toBeGreaterThanOrEqual(1);
    expect(await statuses(ids)).toEqual(['expired', 'locked', 'used', 'voided']);
    // Again (another instance, a retried job): nothing more.
    expect((await expireCoupons(db, validTo)).coupons).toBe(0);
    expect(await statuses(ids)).toEqual(['expired', 'locked', 'used', 'voided']);
    // The locked one expires when its order lets it go.
    expect(await db.transaction((t) => app.customer.coupons.release(t as unknown as Db, '501', validTo))).toEqual([locked]);
    expect(await statuses(ids)).toEqual(['expired', 'expired', 'used', 'voided']);

    const fixed = await createPlan({ validity: 'fixed', validFrom: '2030-01-01T00:00:00+08:00', validTo: '2030-01-08T00:00:00+08:00' });
    await expireCoupons(db, new Date('2030-01-07T15:59:59Z'));
    expect((await db.select({ s: couponPlan.status }).from(couponPlan).where(eq(couponPlan.id, fixed.id)))[0]!.s).toBe('active');
    await expireCoupons(db, new Date('2030-01-07T16:00:00Z'));
    expect((await db.select({ s: couponPlan.status }).from(couponPlan).where(eq(couponPlan.id, fixed.id)))[0]!.s).toBe('ended');
  });

  it('runs as a job on the job runner, scheduled', async () => {
    const plan = await createPlan();
    const member = await addMember(app, admin);
    const [id] = (await app.customer.coupons.issue(db, plan.id, [member], { source: 'admin', operator: { id: null, name: '' } })).couponIds;
    await db.update(coupon).set({ validFrom: new Date('2020-01-01T00:00:00Z'), validTo: new Date('2020-01-04T00:00:00Z') }).where(eq(coupon.id, id!));
    app.jobs.start();
    const { job } = await app.jobs.enqueue(COUPON_EXPIRY_KIND, {});
    await expect.poll(async () => (await app.jobs.get(job.id))?.state).toBe('done');
    expect(await statuses([id!])).toEqual(['expired']);
    // The schedule the runner keeps for it (every 10 minutes, fired by whichever instance sees it first).
    await expect.poll(async () => (await db.select({ kind: jobSchedule.kind, spec: jobSchedule.spec }).from(jobSchedule).where(eq(jobSchedule.name, 'customer-coupon-expiry')))[0])
      .toEqual({ kind: COUPON_EXPIRY_KIND, spec: { every: 600_000 } });
  });
});
