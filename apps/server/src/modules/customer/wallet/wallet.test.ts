import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, dataOf } from '../../../../test/store.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { storeForReads as store } from '../../store/service.js';
import { addMember, expectConsistent } from '../testing.js';
import { member, memberBalanceLedger, memberLevel, memberPointsLedger } from '../tables.js';
import { checkIntegrity } from './integrity.js';
import { splitCharge } from './service.js';

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

const wallet = () => app.customer.wallet;
const tx = <T>(work: (tx: Db) => Promise<T>) => db.transaction((t) => work(t as unknown as Db));
const rowOf = async (id: string) => (await db.select().from(member).where(eq(member.id, id)))[0]!;
const ledgerOf = (id: string) => db.select().from(memberBalanceLedger).where(eq(memberBalanceLedger.memberId, id)).orderBy(asc(memberBalanceLedger.id));
const pointsOf = (id: string) => db.select().from(memberPointsLedger).where(eq(memberPointsLedger.memberId, id)).orderBy(asc(memberPointsLedger.id));
const adjust = (id: string, body: Record<string, unknown>) => call('POST', `/customer/member/${id}/adjust`, body);
/** A member holding principal and bonus (through an adjustment, as the counter would not). */
async function funded(principal: number, bonus: number, points = 0): Promise<string> {
  const id = await addMember(app, admin);
  dataOf(await adjust(id, { principal, bonus, points, reason: '测试充值余额' }));
  return id;
}
async function failure(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the proportional split', () => {
  it('takes the bonus part in proportion, rounded half-up, the rest from principal', () => {
    expect(splitCharge(6000, 10000, 2000)).toEqual({ principal: 5000, bonus: 1000 });
    expect(splitCharge(1, 100, 100)).toEqual({ principal: 0, bonus: 1 }); // 0.5 rounds up
    expect(splitCharge(5, 200, 100)).toEqual({ principal: 3, bonus: 2 }); // 1.67 → 2
    expect(splitCharge(4, 200, 100)).toEqual({ principal: 3, bonus: 1 }); // 1.33 → 1
    expect(splitCharge(300, 200, 100)).toEqual({ principal: 200, bonus: 100 }); // everything
    expect(splitCharge(50, 0, 100)).toEqual({ principal: 0, bonus: 50 });
    expect(splitCharge(50, 100, 0)).toEqual({ principal: 50, bonus: 0 });
    // never more from a part than it has, whatever the amounts
    for (let i = 0; i < 2000; i++) {
      const p = Math.floor(Math.random() * 100_000);
      const b = Math.floor(Math.random() * 100_000);
      const amount = 1 + Math.floor(Math.random() * Math.max(1, p + b));
      if (amount > p + b) continue;
      const s = splitCharge(amount, p, b);
      expect(s.principal + s.bonus).toBe(amount);
      expect(s.principal).toBeLessThanOrEqual(p);
      expect(s.bonus).toBeLessThanOrEqual(b);
      expect(Math.min(s.principal, s.bonus)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('manual adjustment (customer:member:adjust)', () => {
  it('changes principal, bonus and points with a reason, each with its ledger row and the balance after it', async () => {
    const id = await addMember(app, admin);
    const balances = dataOf(await adjust(id, { principal: 10_000, bonus: 1_500, points: 80, reason: '老系统余额迁移' }));
    expect(balances).toEqual({ memberId: id, balancePrincipal: 10_000, balanceBonus: 1_500, balance: 11_500, points: 80 });
    dataOf(await adjust(id, { principal: -2_000, reason: '收银更正' }));
    const ledger = await ledgerOf(id);
    expect(ledger.map((l) => [l.kind, l.principalChange, l.bonusChange, l.principalAfter, l.bonusAfter, l.reason, l.operatorName])).toEqual([
      ['adjust', 10_000, 1_500, 10_000, 1_500, '老系统余额迁移', 'admin'],
      ['adjust', -2_000, 0, 8_000, 1_500, '收银更正', 'admin'],
    ]);
    // points changed only once: one points row
    expect((await pointsOf(id)).map((p) => [p.kind, p.change, p.pointsAfter, p.reason])).toEqual([['adjust', 80, 80, '老系统余额迁移']]);
  });

  it('never goes below zero: a 400 naming the part, and nothing changes', async () => {
    const id = await funded(1_000, 500, 10);
    for (const [body, message] of [
      [{ principal: -1_001, reason: '扣减测试' }, '本金余额不足：当前本金 ¥10.00，不能减少 ¥10.01'],
      [{ principal: 100, bonus: -501, reason: '扣减测试' }, '赠送金余额不足：当前赠送金 ¥5.00，不能减少 ¥5.01'],
      [{ points: -11, reason: '扣减测试' }, '积分不足：当前积分 10，不能减少 11'],
    ] as const) {
      const res = await adjust(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 1_000, balanceBonus: 500, points: 10 });
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('needs a reason of 2–200 characters and at least one change', async () => {
    const id = await addMember(app, admin);
    expect((await adjust(id, { principal: 100 })).statusCode).toBe(400);
    expect((await adjust(id, { principal: 100, reason: '短' })).json().msg).toContain('调整原因至少2个字');
    expect((await adjust(id, { principal: 100, reason: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await adjust(id, { principal: 0, reason: '没有变化' })).json().msg).toContain('请至少调整');
    expect((await adjust('999999999', { principal: 100, reason: '不存在的会员' })).statusCode).toBe(404);
  });
});

describe('charge (paying by stored value)', () => {
  it('takes principal and bonus in proportion and appends a consume row', async () => {
    const id = await funded(10_000, 2_000);
    const result = await tx((t) => wallet().charge(t, { memberId: id, amount: 6_000, storeId, orderId: '501', operator: { id: null, name: '收银1' } }));
    expect(result).toMatchObject({ principal: 5_000, bonus: 1_000, balances: { balancePrincipal: 5_000, balanceBonus: 1_000, balance: 6_000 } });
    const last = (await ledgerOf(id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'consume', principalChange: -5_000, bonusChange: -1_000, principalAfter: 5_000, bonusAfter: 1_000, storeId, orderId: '501', operatorName: '收银1' });
    expect((await rowOf(id)).lastVisitAt).not.toBeNull();
  });

  it('may take the whole balance, and refuses one fen more with a 400 naming the balance; nothing changes', async () => {
    const id = await funded(300, 200);
    const refused = await failure(tx((t) => wallet().charge(t, { memberId: id, amount: 501, storeId })));
    expect(refused).toMatchObject({ status: 400, message: '会员余额不足：余额 ¥5.00，需支付 ¥5.01' });
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 300, balanceBonus: 200 });
    await tx((t) => wallet().charge(t, { memberId: id, amount: 500, storeId }));
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 0, balanceBonus: 0 });
  });

  it('refuses a frozen member, a non-positive amount and an unknown member', async () => {
    const id = await funded(1_000, 0);
    dataOf(await call('PUT', `/customer/member/${id}/status`, { status: 'frozen' }));
    const frozen = await failure(tx((t) => wallet().charge(t, { memberId: id, amount: 100, storeId })));
    expect(frozen.status).toBe(400);
    expect(frozen.message).toMatch(/^会员 199\*{4}\d{4} 已冻结，不能使用余额支付$/);
    dataOf(await call('PUT', `/customer/member/${id}/status`, { status: 'active' }));
    expect((await failure(tx((t) => wallet().charge(t, { memberId: id, amount: 0, storeId })))).status).toBe(400);
    expect((await failure(tx((t) => wallet().charge(t, { memberId: '999999999', amount: 1, storeId })))).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 1_000 });
  });

  it('rolls back with the caller\'s transaction: no balance change, no ledger row', async () => {
    const id = await funded(1_000, 0);
    await expect(tx(async (t) => {
      await wallet().charge(t, { memberId: id, amount: 400, storeId, orderId: '777' });
      throw new Error('the order failed');
    })).rejects.toThrow('the order failed');
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 1_000 });
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});

describe('refund of an order\'s balance payment', () => {
  it('gives back the parts the order took, partly then the rest, never more', async () => {
    const id = await funded(3_000, 1_000);
    await tx((t) => wallet().charge(t, { memberId: id, amount: 2_000, storeId, orderId: '901' })); // 1500 principal, 500 bonus
    await tx((t) => wallet().charge(t, { memberId: id, amount: 400, storeId, orderId: '902' }));
    const part = await tx((t) => wallet().refund(t, { memberId: id, orderId: '901', amount: 1_000, storeId }));
    expect(part).toMatchObject({ principal: 750, bonus: 250 });
    const over = await failure(tx((t) => wallet().refund(t, { memberId: id, orderId: '901', amount: 1_001 })));
    expect(over).toMatchObject({ status: 400, message: '退款金额 ¥10.01 超过该订单余额支付的可退金额 ¥10.00' });
    const rest = await tx((t) => wallet().refund(t, { memberId: id, orderId: '901' }));
    expect(rest).toMatchObject({ principal: 750, bonus: 250 });
    expect((await failure(tx((t) => wallet().refund(t, { memberId: id, orderId: '901' })))).message).toBe('订单 901 没有可退回的余额支付');
    expect((await failure(tx((t) => wallet().refund(t, { memberId: id, orderId: '903' })))).status).toBe(400);
    // order 902 is untouched; the balance is the start less 902's charge
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 3_000 - 300, balanceBonus: 1_000 - 100 });
    expect((await ledgerOf(id)).filter((l) => l.kind === 'refund').map((l) => [l.principalChange, l.bonusChange, l.orderId])).toEqual([[750, 250, '901'], [750, 250, '901']]);
  });

  it('gives a frozen member the money back', async () => {
    const id = await funded(1_000, 0);
    await tx((t) => wallet().charge(t, { memberId: id, amount: 600, storeId, orderId: '911' }));
    dataOf(await call('PUT', `/customer/member/${id}/status`, { status: 'frozen' }));
    await tx((t) => wallet().refund(t, { memberId: id, orderId: '911' }));
    expect(await rowOf(id)).toMatchObject({ balancePrincipal: 1_000, status: 'frozen' });
  });
});

describe('points and spend', () => {
  it('earns points at the level\'s rate, or exactly the points given', async () => {
    const id = await addMember(app, admin);
    const level = (await db.select().from(memberLevel).where(eq(memberLevel.id, (await rowOf(id)).levelId)))[0]!;
    const earned = await tx((t) => wallet().earnPoints(t, { memberId: id, amount: 12_345, storeId, orderId: '931' }));
    expect(earned).toBe(Math.floor((12_345 * level.pointsRate) / 10_000));
    expect(await tx((t) => wallet().earnPoints(t, { memberId: id, points: 7, kind: 'order', orderId: '932' }))).toBe(7);
    expect(await tx((t) => wallet().earnPoints(t, { memberId: id, amount: 50 }))).toBe(0); // half a yuan earns nothing, writes nothing
    expect((await pointsOf(id)).map((p) => [p.kind, p.change, p.pointsAfter, p.orderId])).toEqual([['order', earned, earned, '931'], ['order', 7, earned + 7, '932']]);
  });

  it('moves a member up when the total spent crosses a threshold, never down', async () => {
    const levels = await db.select().from(memberLevel).orderBy(asc(memberLevel.rank));
    expect(levels.length).toBeGreaterThanOrEqual(3);
    const id = await addMember(app, admin);
    const [entry, second, third] = levels;
    const below = await tx((t) => wallet().addSpend(t, id, second!.threshold - 1));
    expect(below).toEqual({ levelId: entry!.id, upgraded: false });
    expect(await tx((t) => wallet().addSpend(t, id, 1))).toEqual({ levelId: second!.id, upgraded: true });
    // jumping over a level lands on the highest reached
    const other = await addMember(app, admin);
    expect(await tx((t) => wallet().addSpend(t, other, third!.threshold + 10))).toEqual({ levelId: third!.id, upgraded: true });
    expect(await rowOf(other)).toMatchObject({ totalSpent: third!.threshold + 10, orderCount: 1 });
    // a member set above their spend by hand keeps the level
    const vip = await addMember(app, admin, { levelId: third!.id });
    expect(await tx((t) => wallet().addSpend(t, vip, 100))).toEqual({ levelId: third!.id, upgraded: false });
  });
});

describe('ledgers and the integrity check', () => {
  it('pages each ledger newest first', async () => {
    const id = await addMember(app, admin);
    for (let i = 1; i <= 3; i++) dataOf(await adjust(id, { bonus: i * 100, points: i, reason: `第${i}次调整` }));
    const page = dataOf<{ records: Array<{ reason: string; bonusAfter: number }>; total: number }>(await call('GET', `/customer/member/${id}/balance-ledger?current=1&size=2`));
    expect(page.total).toBe(3);
    expect(page.records.map((r) => [r.reason, r.bonusAfter])).toEqual([['第3次调整', 600], ['第2次调整', 300]]);
    const points = dataOf<{ records: Array<{ change: number; pointsAfter: number; kind: string }> }>(await call('GET', `/customer/member/${id}/points-ledger`));
    expect(points.records.map((r) => [r.kind, r.change, r.pointsAfter])).toEqual([['adjust', 3, 6], ['adjust', 2, 3], ['adjust', 1, 1]]);
    expect((await call('GET', '/customer/member/999999999/balance-ledger')).statusCode).toBe(404);
  });

  it('finds a balance that differs from its ledger, with the phone masked', async () => {
    const id = await funded(1_000, 100, 5);
    const clean = dataOf<{ checked: number; mismatches: unknown[] }>(await call('GET', '/customer/member/integrity'));
    expect(clean.mismatches).toEqual([]);
    expect(clean.checked).toBeGreaterThan(0);
    // a write that bypassed the wallet
    await db.update(member).set({ balancePrincipal: 1_001, points: 4 }).where(eq(member.id, id));
    const report = dataOf<{ mismatches: Array<Record<string, unknown>> }>(await call('GET', '/customer/member/integrity'));
    expect(report.mismatches).toEqual([expect.objectContaining({
      memberId: id, balancePrincipal: 1_001, ledgerPrincipal: 1_000, balanceBonus: 100, ledgerBonus: 100, points: 4, ledgerPoints: 5,
    })]);
    expect(report.mismatches[0]!.phone).toMatch(/^199\*{4}\d{4}$/);
    // a ledger row whose "after" disagrees is found too, even when the sums agree
    await db.update(member).set({ balancePrincipal: 1_000, points: 5 }).where(eq(member.id, id));
    const [last] = await db.select().from(memberBalanceLedger).where(eq(memberBalanceLedger.memberId, id));
    await db.update(memberBalanceLedger).set({ principalAfter: 999 }).where(and(eq(memberBalanceLedger.id, last!.id)));
    expect((await checkIntegrity(db, [id])).mismatches).toHaveLength(1);
    await db.update(memberBalanceLedger).set({ principalAfter: 1_000 }).where(eq(memberBalanceLedger.id, last!.id));
    expect((await checkIntegrity(db, [id])).mismatches).toEqual([]);
  });
});
