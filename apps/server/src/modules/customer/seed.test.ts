import { count, countDistinct, inArray, max, min } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { DEMO_STORES } from '../store/seed-data.js';
import { storeForReads as store } from '../store/service.js';
import { seedCustomer } from './seed.js';
import { DEMO_MEMBERS } from './seed-data.js';
import { member, memberBalanceLedger, memberLevel, memberPointsLedger, recharge, rechargePlan } from './tables.js';
import { checkIntegrity } from './wallet/integrity.js';

const { app, config } = await createTestApp();
const db = app.database.db;

async function counts(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, table] of Object.entries({ memberLevel, member, memberBalanceLedger, memberPointsLedger, rechargePlan, recharge })) {
    out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return out;
}

describe('the customer demo seed (DEMO_DATA=on)', () => {
  it('seeds the four levels, the plans and ~300 members whose balances are their ledgers', async () => {
    const levels = await db.select().from(memberLevel);
    expect(levels.map((l) => l.name).sort()).toEqual(['普通会员', '钻石会员', '金卡会员', '银卡会员'].sort());
    const members = await db.select().from(member);
    expect(members.length).toBe(DEMO_MEMBERS);
    expect(new Set(members.map((m) => m.phone)).size).toBe(DEMO_MEMBERS);
    expect(members.every((m) => /^1[3-9]\d{9}$/.test(m.phone) && m.memberNo === String(10_000_000 + Number(m.id)))).toBe(true);
    expect(members.filter((m) => m.name).length).toBeGreaterThan(250);
    expect(members.some((m) => m.status === 'frozen')).toBe(true);
    expect(new Set(members.map((m) => m.levelId)).size).toBeGreaterThanOrEqual(3);
    expect(members.filter((m) => m.balancePrincipal + m.balanceBonus > 0).length).toBeGreaterThan(80);
    const report = await checkIntegrity(db);
    expect(report).toEqual({ checked: DEMO_MEMBERS, mismatches: [] });
  });

  it('has recharges in both demo stores over the last 90 days, from plans and free amounts, cash and external, a few refunded', async () => {
    const stores = await db.select({ id: store.id }).from(store).where(inArray(store.name, DEMO_STORES.map((s) => s.name)));
    const [spread] = await db.select({ stores: countDistinct(recharge.storeId), first: min(recharge.createdAt), last: max(recharge.createdAt), n: count() }).from(recharge);
    expect(spread!.stores).toBe(stores.length);
    expect(spread!.n).toBeGreaterThan(150);
    expect(Date.now() - spread!.first!.getTime()).toBeGreaterThan(60 * 86_400_000);
    expect(Date.now() - spread!.first!.getTime()).toBeLessThan(91 * 86_400_000);
    const rows = await db.select().from(recharge);
    expect(rows.some((r) => r.planId === null) && rows.some((r) => r.planId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.payMethod))).toEqual(new Set(['cash', 'external']));
    const refunded = rows.filter((r) => r.status === 'refunded');
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => r.refundPrincipal !== null && r.refundedAt !== null)).toBe(true);
    expect((await db.select().from(rechargePlan)).length).toBeGreaterThanOrEqual(5);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts();
    await seedCustomer(app.database, config);
    expect(await counts()).toEqual(before);
  });

  it('a run with the demo off changes nothing once levels exist', async () => {
    const before = await counts();
    await seedCustomer(app.database, { ...config, DEMO_DATA: 'off' });
    expect(await counts()).toEqual(before);
  });
});
