import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponPlanRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { addMember } from '../testing.js';
import { coupon, couponPlan } from '../tables.js';

/**
 * Two orders at once never hold one coupon, and a plan never gives more than its quantity or a
 * member more than the limit: 50 operations at the same moment, each in its own transaction.
 * On PostgreSQL (TEST_DATABASE_URL) they truly run together over the pool's connections; on
 * PGlite they still run, one after another.
 */
const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeId: string;
const N = 50;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeId = await createStore(app, admin, '并发测试店');
});

let n = 0;
const createPlan = async (fields: Record<string, unknown> = {}) =>
  dataOf<CouponPlanRecord>(await call('POST', '/customer/coupon-plan', { name: `并发券${++n}`, kind: 'cash', value: 1000, validity: 'relative', validDays: 7, ...fields }));
const tx = <T>(work: (tx: Db) => Promise<T>) => db.transaction((t) => work(t as unknown as Db));
const operator = { id: null, name: '' };
/** Settles them all; answers how many succeeded and the 4xx messages of the rest (anything else fails the test). */
async function race<T>(work: Array<() => Promise<T>>): Promise<{ ok: T[]; refused: string[] }> {
  const results = await Promise.allSettled(work.map((w) => w()));
  const ok: T[] = [];
  const refused: string[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') ok.push(r.value);
    else if (r.reason instanceof AppError && r.reason.status < 500) refused.push(r.reason.message);
    else throw r.reason;
  }
  return { ok, refused };
}

describe(`coupons under concurrency (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it(`${N} orders locking one coupon at once: exactly one holds it`, async () => {
    const plan = await createPlan();
    const memberId = await addMember(app, admin);
    const [couponId] = (await app.customer.coupons.issue(db, plan.id, [memberId], { source: 'admin', operator })).couponIds;
    const { ok, refused } = await race(Array.from({ length: N }, (_, i) => () => tx((t) =>
      app.customer.coupons.lock(t, { couponId: couponId!, memberId, orderId: String(80_000 + i), storeId, orderType: 'dine_in', lines: [], total: 5000 }))));
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(N - 1);
    expect(new Set(refused)).toEqual(new Set([`优惠券「${plan.name}」正被其他订单使用`]));
    const [row] = await db.select().from(coupon).where(eq(coupon.id, couponId!));
    expect(row).toMatchObject({ status: 'locked', discountAmount: 1000 });
    const winner = row!.orderId!;
    // Paid twice at once by the winner (a retried notification): used once, counted once.
    const used = await race(Array.from({ length: 10 }, () => () => tx((t) => app.customer.coupons.use(t, winner))));
    expect(used.ok.every((ids) => ids.length === 1 && ids[0] === couponId)).toBe(true);
    expect((await db.select({ used: couponPlan.usedCount }).from(couponPlan).where(eq(couponPlan.id, plan.id)))[0]!.used).toBe(1);
  });

  it(`${N} issues at once against a quantity of 20: exactly 20 coupons`, async () => {
    const plan = await createPlan({ quantity: 20 });
    const members: string[] = [];
    for (let i = 0; i < N; i++) members.push(await addMember(app, admin));
    const { ok } = await race(members.map((m) => () => tx((t) => app.customer.coupons.issue(t, plan.id, [m], { source: 'admin', operator }))));
    expect(ok.reduce((sum, r) => sum + r.issued, 0)).toBe(20);
    expect(ok.flatMap((r) => r.skipped.map((s) => s.reason)).filter((r) => r === 'sold_out')).toHaveLength(N - 20);
    expect(await db.select({ id: coupon.id }).from(coupon).where(eq(coupon.planId, plan.id))).toHaveLength(20);
    expect((await db.select({ issued: couponPlan.issuedCount }).from(couponPlan).where(eq(couponPlan.id, plan.id)))[0]!.issued).toBe(20);
  });

  it(`${N} issues at once to one member with a limit of 3: exactly 3 coupons`, async () => {
    const plan = await createPlan({ perMemberLimit: 3 });
    const memberId = await addMember(app, admin);
    const { ok } = await race(Array.from({ length: N }, () => () => tx((t) => app.customer.coupons.issue(t, plan.id, [memberId], { source: 'admin', operator }))));
    expect(ok.reduce((sum, r) => sum + r.issued, 0)).toBe(3);
    expect(await db.select({ id: coupon.id }).from(coupon).where(eq(coupon.memberId, memberId))).toHaveLength(3);
  });
});
