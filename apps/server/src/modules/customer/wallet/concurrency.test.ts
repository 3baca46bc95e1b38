import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RechargeResult } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, dataOf } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { storeForReads as store } from '../../store/service.js';
import { addMember, expectConsistent } from '../testing.js';
import { member, memberBalanceLedger, recharge } from '../tables.js';

/**
 * Two counters at the same moment never overdraw or credit twice (issue 12): 50 operations at
 * once on one member. On PostgreSQL (TEST_DATABASE_URL) they really run in parallel on a pool
 * of connections; on PGlite they run serialised and the same rules must hold.
 */

const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let storeId: string;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeId = (await db.select({ id: store.id }).from(store).limit(1))[0]!.id;
});
afterEach(async () => {
  await expectConsistent(app);
});

const N = 50;
const rowOf = async (id: string) => (await db.select().from(member).where(eq(member.id, id)))[0]!;
const settle = (work: Array<Promise<unknown>>) => Promise.allSettled(work);
const charge = (memberId: string, amount: number, orderId: string) =>
  db.transaction((t) => app.customer.wallet.charge(t as unknown as Db, { memberId, amount, storeId, orderId }));

describe(`concurrency (${app.database.kind})`, () => {
  it(`${N} charges at once on a balance that affords 20: exactly 20 succeed, never below zero, the ledger matches`, async () => {
    const id = await addMember(app, admin);
    dataOf(await call('POST', `/customer/member/${id}/adjust`, { principal: 1_500, bonus: 500, reason: '并发测试余额' }));
    const results = await settle(Array.from({ length: N }, (_, i) => charge(id, 100, String(10_000 + i))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(400);
      expect((r.reason as AppError).message).toMatch(/^会员余额不足/);
    }
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 0, balanceBonus: 0 });
    const consumed = await db.select().from(memberBalanceLedger).where(and(eq(memberBalanceLedger.memberId, id), eq(memberBalanceLedger.kind, 'consume')));
    expect(consumed).toHaveLength(20);
    expect(consumed.reduce((s, l) => s + l.principalChange + l.bonusChange, 0)).toBe(-2_000);
    expect(consumed.every((l) => l.principalAfter >= 0 && l.bonusAfter >= 0)).toBe(true);
    // each row's "after" is one step of a single chain: no two charges saw the same balance
    expect(new Set(consumed.map((l) => l.principalAfter + l.bonusAfter)).size).toBe(20);
  });

  it(`${N} charges and adjustments interleaved: no lost update`, async () => {
    const id = await addMember(app, admin);
    dataOf(await call('POST', `/customer/member/${id}/adjust`, { principal: 10_000, reason: '并发测试余额' }));
    const work = Array.from({ length: N }, (_, i) => (i % 2
      ? charge(id, 150, String(20_000 + i))
      : call('POST', `/customer/member/${id}/adjust`, { principal: 70, bonus: 30, reason: `并发调整${i}` }).then((res) => dataOf(res))));
    const results = await settle(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const m = await rowOf(id);
    expect(m.balancePrincipal + m.balanceBonus).toBe(10_000 + 25 * 100 - 25 * 150);
  });

  it(`${N} recharges with one payment reference at once: credited once, every answer the same recharge`, async () => {
    const id = await addMember(app, admin);
    const paymentRef = randomUUID();
    const body = { memberId: id, storeId, amount: 10_000, payMethod: 'cash', paymentRef };
    const answers = await Promise.all(Array.from({ length: N }, () => call('POST', '/customer/recharge', body)));
    const data = answers.map((res) => dataOf<RechargeResult>(res));
    expect(new Set(data.map((d) => d.recharge.id)).size).toBe(1);
    expect(data.filter((d) => d.created)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 10_000, totalRecharged: 10_000 });
    expect((await db.select({ n: count() }).from(recharge).where(eq(recharge.paymentRef, paymentRef)))[0]!.n).toBe(1);
  });

  it(`${N} recharges at once on a plan limited to 3 per member: exactly 3`, async () => {
    const id = await addMember(app, admin);
    const plan = dataOf<{ id: string }>(await call('POST', '/customer/recharge-plan', { name: `并发限充${randomUUID().slice(0, 8)}`, payAmount: 1_000, bonusAmount: 100, perMemberLimit: 3 }));
    const answers = await Promise.all(Array.from({ length: N }, () =>
      call('POST', '/customer/recharge', { memberId: id, storeId, planId: plan.id, payMethod: 'cash', paymentRef: randomUUID() })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(N - 3);
    expect(refused.every((r) => r.statusCode === 400 && r.json<{ msg: string }>().msg.includes('每人限充 3 次'))).toBe(true);
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 3_000, balanceBonus: 300 });
  });
});
