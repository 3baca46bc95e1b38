import { eq, inArray, sql } from 'drizzle-orm';
import { businessDateOf } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import type { Seeder } from '../../db/seed.js';
import { appSetting } from '../../db/tables.js';
import { seedCoupons } from './coupons/seed.js';
import { openTimeOf, type OpenTime } from '../store/demo-hours.js';
import { DEMO_OPERATOR, DEMO_STORES } from '../store/seed-data.js';
import { storeForReads as store } from '../store/service.js';
import { userByUsername } from '../upms/service.js';
import {
  ADJUST_REASONS, DEMO_LEVELS, DEMO_MEMBERS, DEMO_PLANS, ENTRY_LEVEL, GIVEN_FEMALE, GIVEN_MALE, PHONE_PREFIXES, REFUND_REASONS, REMARKS, SURNAMES,
} from './seed-data.js';
import { member, memberBalanceLedger, memberLevel, memberPointsLedger, recharge, rechargePlan, type MemberGender, type MemberSource } from './tables.js';

/**
 * The customer side's seed. Always: the entry level (普通会员, rank 0) when there is no level
 * at all, so a member can be added. When DEMO_DATA is on, once: the four levels, the recharge
 * plans, ~300 members with recharges (from plans and free amounts, cash and external, a few
 * refunded) and adjustments spread over the last 90 days in both demo stores, each balance and
 * points total built from its ledger rows, so the integrity check holds from the start. All of
 * it while a store is open (issue 27 #18): a member signs up, visits and has an adjustment in
 * its home store's hours, a recharge and its refund happen in the hours of the store taking it.
 *
 * Deterministic (a seeded generator) and fast: everything is computed here and inserted in a
 * handful of multi-row statements, in one transaction under an advisory lock; a setting marks
 * it done (deleting the demo members does not bring them back).
 */

const DEMO_KEY = 'customer.demoSeeded';
/** "cust" as a number: the advisory lock held while checking and inserting. */
const SEED_LOCK = 0x6375_7374;
const DAY = 86_400_000;

/** mulberry32: a small deterministic generator, so every demo database looks the same. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

interface DemoStoreRow {
  id: string;
  timeZone: string;
  cutoff: number;
  operator: { id: string | null; name: string };
  /** Its open time, where its members' events are drawn from. */
  open: OpenTime;
}

type MemberInsert = typeof member.$inferInsert;
type RechargeInsert = typeof recharge.$inferInsert;
type BalanceInsert = typeof memberBalanceLedger.$inferInsert;
type PointsInsert = typeof memberPointsLedger.$inferInsert;

/** One member's generated history, linked by phone and payment reference until the ids exist. */
interface Generated {
  member: MemberInsert;
  recharges: RechargeInsert[];
  balance: Array<Omit<BalanceInsert, 'memberId' | 'rechargeId'> & { paymentRef?: string }>;
  points: Array<Omit<PointsInsert, 'memberId' | 'rechargeId'> & { paymentRef?: string }>;
}

type PlanRow = { id: string; name: string; payAmount: number; bonusAmount: number; bonusPoints: number; perMemberLimit: number | null; storeIds: string[]; enabled: boolean; startsAt: Date | null; endsAt: Date | null };

function generate(now: number, stores: DemoStoreRow[], plans: PlanRow[], levels: Array<{ id: string; threshold: number }>): Generated[] {
  const rnd = generator(20261125);
  const phones = new Set<string>();
  const out: Generated[] = [];
  const hex = (n: number) => Array.from({ length: n }, () => rnd.int(0, 15).toString(16)).join('');
  const sortedLevels = [...levels].sort((a, b) => b.threshold - a.threshold);
  for (let i = 0; i < DEMO_MEMBERS; i++) {
    let phone: string;
    do phone = `${rnd.pick(PHONE_PREFIXES)}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`;
    while (phones.has(phone));
    phones.add(phone);
    const gender: MemberGender = rnd.chance(0.06) ? 'unknown' : rnd.chance(0.5) ? 'male' : 'female';
    const given = gender === 'female' ? rnd.pick(GIVEN_FEMALE) : rnd.pick(GIVEN_MALE);
    const name = rnd.chance(0.04) ? '' : `${rnd.pick([...SURNAMES])}${given}`;
    const home = rnd.chance(0.6) ? stores[0]! : stores[stores.length - 1]!;
    // Older members more often: the square pulls the join date back; at an open time of the day before that.
    const back = now - Math.floor((1 - rnd.next() ** 2) * 89 * DAY);
    const joined = home.open.pick(back - DAY, back, rnd.next()) ?? home.open.pick(now - 89 * DAY, now, rnd.next()) ?? back;
    const spent = rnd.chance(0.15) ? 0 : Math.round(Math.exp(rnd.next() * 7.5) * 1200);
    const levelId = sortedLevels.find((l) => l.threshold <= spent)?.id ?? levels[0]!.id;
    const birthYear = rnd.int(1965, 2005);
    let principal = 0;
    let bonus = 0;
    let points = 0;
    let recharged = 0;
    const g: Generated = { member: {} as MemberInsert, recharges: [], balance: [], points: [] };

    // events in time order, between joining and now: recharges (mostly at home) and the odd adjustment (made at home)
    const count = rnd.chance(0.45) ? rnd.int(1, 3) : 0;
    const kinds = [...Array.from({ length: count }, () => 'recharge' as const), ...(rnd.chance(0.08) ? ['adjust' as const] : [])];
    const timeline = kinds.map((kind) => {
      const shop = kind === 'recharge' && !rnd.chance(0.8) ? rnd.pick(stores) : home;
      return { kind, shop, t: shop.open.pick(joined + 1, now, rnd.next()) };
    }).filter((e): e is { kind: 'recharge' | 'adjust'; shop: DemoStoreRow; t: number } => e.t !== null).sort((a, b) => a.t - b.t);
    const usedPlans = new Map<string, number>();
    for (const event of timeline) {
      const at = new Date(event.t);
      const shop = event.shop;
      if (event.kind === 'adjust') {
        const delta = rnd.pick([500, 1000, 2000, 5000]);
        const withPoints = rnd.chance(0.5) ? rnd.pick([50, 100, 200]) : 0;
        bonus += delta;
        points += withPoints;
        const reason = rnd.pick(ADJUST_REASONS);
        g.balance.push({ kind: 'adjust', principalChange: 0, bonusChange: delta, principalAfter: principal, bonusAfter: bonus, storeId: null, operatorId: stores[0]!.operator.id, operatorName: 'admin', reason, createdAt: at });
        if (withPoints) g.points.push({ kind: 'adjust', change: withPoints, pointsAfter: points, operatorId: stores[0]!.operator.id, operatorName: 'admin', reason, createdAt: at });
        continue;
      }
      const usable = plans.filter((p) => p.enabled || (p.startsAt && p.endsAt && at >= p.startsAt && at < p.endsAt))
        .filter((p) => (!p.startsAt || at >= p.startsAt) && (!p.endsAt || at < p.endsAt) && (!p.storeIds.length || p.storeIds.includes(shop.id)))
        .filter((p) => p.perMemberLimit == null || (usedPlans.get(p.id) ?? 0) < p.perMemberLimit);
      const plan = usable.length && rnd.chance(0.8) ? rnd.pick(usable) : undefined;
      if (plan) usedPlans.set(plan.id, (usedPlans.get(plan.id) ?? 0) + 1);
      const pay = plan?.payAmount ?? rnd.pick([5_000, 10_000, 15_000, 30_000, 88_800]);
      const gift = plan?.bonusAmount ?? 0;
      const giftPoints = plan?.bonusPoints ?? 0;
      const payMethod = rnd.chance(0.55) ? 'cash' as const : 'external' as const;
      const paymentRef = payMethod === 'cash' ? `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}` : `42000${rnd.int(10_000, 99_999)}${hex(6).replace(/[a-f]/g, '7')}${String(i).padStart(4, '0')}`;
      principal += pay;
      bonus += gift;
      points += giftPoints;
      recharged += pay;
      g.recharges.push({
        memberId: '', planId: plan?.id ?? null, storeId: shop.id, payAmount: pay, bonusAmount: gift, bonusPoints: giftPoints, payMethod, paymentRef, status: 'paid',
        operatorId: shop.operator.id, operatorName: shop.operator.name, businessDate: businessDateOf(at, shop.timeZone, shop.cutoff), createdAt: at,
      });
      g.balance.push({ kind: 'recharge', principalChange: pay, bonusChange: gift, principalAfter: principal, bonusAfter: bonus, storeId: shop.id, paymentRef, operatorId: shop.operator.id, operatorName: shop.operator.name, createdAt: at });
      if (giftPoints) g.points.push({ kind: 'recharge', change: giftPoints, pointsAfter: points, storeId: shop.id, paymentRef, operatorId: shop.operator.id, operatorName: shop.operator.name, createdAt: at });
    }
    // a few members asked for their last recharge back
    const last = g.recharges.at(-1);
    const lastShop = stores.find((s) => s.id === last?.storeId);
    // Taken back in the store it was paid at, open then, a day or ten later (after the member's last event, before now).
    const after = Math.max(...g.balance.map((b) => (b.createdAt as Date).getTime())) + 1;
    const refundBy = last ? Math.min(now, (last.createdAt as Date).getTime() + rnd.int(1, 10) * DAY) : 0;
    const refundAt = last && lastShop && rnd.chance(0.06) ? lastShop.open.pick(Math.max(after, refundBy - DAY), refundBy, rnd.next()) : null;
    if (last && refundAt !== null) {
      const at = new Date(refundAt);
      const takeBonus = Math.min(last.bonusAmount ?? 0, bonus);
      const takePrincipal = Math.min(last.payAmount, principal);
      const takePoints = Math.min(last.bonusPoints ?? 0, points);
      const reason = rnd.pick(REFUND_REASONS);
      principal -= takePrincipal;
      bonus -= takeBonus;
      points -= takePoints;
      recharged = Math.max(0, recharged - takePrincipal);
      Object.assign(last, { status: 'refunded', refundPrincipal: takePrincipal, refundBonus: takeBonus, refundReason: reason, refundedAt: at });
      g.balance.push({ kind: 'recharge_refund', principalChange: -takePrincipal, bonusChange: -takeBonus, principalAfter: principal, bonusAfter: bonus, storeId: last.storeId, paymentRef: last.paymentRef, operatorId: stores[0]!.operator.id, operatorName: 'admin', reason, createdAt: at });
      if (takePoints) g.points.push({ kind: 'refund', change: -takePoints, pointsAfter: points, storeId: last.storeId, paymentRef: last.paymentRef, operatorId: stores[0]!.operator.id, operatorName: 'admin', reason, createdAt: at });
    }
    const source: MemberSource = g.recharges.length && rnd.chance(0.3) ? 'recharge' : rnd.pick(['cashier', 'cashier', 'scan', 'scan', 'import'] as const);
    const visited = now - rnd.int(0, 30) * DAY;
    const lastVisit = spent > 0 || g.recharges.length ? new Date(home.open.pick(Math.max(joined, visited - DAY), visited, rnd.next()) ?? joined) : null;
    g.member = {
      memberNo: `seed-${i}`, phone, name, gender, birthday: rnd.chance(0.8) ? `${birthYear}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}` : null,
      levelId, points, balancePrincipal: principal, balanceBonus: bonus, totalRecharged: recharged, totalSpent: spent, orderCount: spent ? Math.max(1, Math.round(spent / rnd.int(6_000, 15_000))) : 0,
      status: rnd.chance(0.03) ? 'frozen' : 'active', source, firstStoreId: home.id, remark: rnd.pick(REMARKS), lastVisitAt: lastVisit,
      createdAt: new Date(joined), updatedAt: new Date(Math.max(joined, ...g.balance.map((b) => (b.createdAt as Date).getTime()))),
    };
    out.push(g);
  }
  return out;
}

/** Inserts in slices: one statement's parameters stay far below PostgreSQL's limit. */
async function insertSliced<T>(rows: T[], size: number, insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedDemo(tx: Db, now: number): Promise<void> {
  const shops = await tx.select({ id: store.id, name: store.name, timeZone: store.timeZone, cutoff: store.dayCutoffHour, businessHours: store.businessHours }).from(store)
    .where(inArray(store.name, DEMO_STORES.map((s) => s.name)));
  if (!shops.length) return; // the demo stores are gone: no business to put members in
  const ordered = DEMO_STORES.map((d) => shops.find((s) => s.name === d.name)).filter((s) => s !== undefined);
  const operator = await userByUsername(tx, DEMO_OPERATOR);
  const admin = await userByUsername(tx, 'admin');
  const stores: DemoStoreRow[] = ordered.map((s, i) => ({
    id: s.id, timeZone: s.timeZone, cutoff: s.cutoff, open: openTimeOf({ timeZone: s.timeZone, dayCutoffHour: s.cutoff, businessHours: s.businessHours }),
    operator: i === 0 && operator ? { id: operator.id, name: DEMO_OPERATOR } : { id: admin?.id ?? null, name: admin ? 'admin' : '' },
  }));

  await tx.insert(memberLevel).values(DEMO_LEVELS.map((l) => ({ ...l }))).onConflictDoNothing();
  const levels = await tx.select({ id: memberLevel.id, threshold: memberLevel.threshold }).from(memberLevel);

  await tx.insert(rechargePlan).values(DEMO_PLANS.map((p) => ({
    name: p.name, payAmount: p.payAmount, bonusAmount: p.bonusAmount, bonusPoints: p.bonusPoints, perMemberLimit: p.perMemberLimit ?? null,
    enabled: p.enabled ?? true, sort: p.sort, storeIds: p.firstStoreOnly ? [stores[0]!.id] : [],
    startsAt: p.startsInDays === undefined ? null : new Date(now + p.startsInDays * DAY), endsAt: p.endsInDays === undefined ? null : new Date(now + p.endsInDays * DAY),
  }))).onConflictDoNothing();
  const plans = await tx.select().from(rechargePlan).where(inArray(rechargePlan.name, DEMO_PLANS.map((p) => p.name)));

  const generated = generate(now, stores, plans, levels);
  // Phones a member already has (added by hand before the demo) are left out.
  const taken = new Set((await tx.select({ phone: member.phone }).from(member).where(inArray(member.phone, generated.map((g) => g.member.phone)))).map((m) => m.phone));
  const fresh = generated.filter((g) => !taken.has(g.member.phone));
  const memberIds = new Map<string, string>();
  await insertSliced(fresh, 200, async (slice) => {
    for (const row of await tx.insert(member).values(slice.map((g) => g.member)).returning({ id: member.id, phone: member.phone })) memberIds.set(row.phone, row.id);
  });
  await tx.execute(sql`update member set member_no = (10000000 + id)::text where member_no like 'seed-%'`);

  const rechargeIds = new Map<string, string>();
  const recharges = fresh.flatMap((g) => g.recharges.map((r) => ({ ...r, memberId: memberIds.get(g.member.phone)! })));
  await insertSliced(recharges, 200, async (slice) => {
    for (const row of await tx.insert(recharge).values(slice).returning({ id: recharge.id, ref: recharge.paymentRef })) rechargeIds.set(row.ref, row.id);
  });
  const link = <T extends { paymentRef?: string }>(g: Generated, row: T) => {
    const { paymentRef, ...rest } = row;
    return { ...rest, memberId: memberIds.get(g.member.phone)!, rechargeId: paymentRef ? rechargeIds.get(paymentRef) ?? null : null };
  };
  await insertSliced(fresh.flatMap((g) => g.balance.map((b) => link(g, b))), 300, (slice) => tx.insert(memberBalanceLedger).values(slice));
  const points = fresh.flatMap((g) => g.points.map((p) => link(g, p)));
  if (points.length) await insertSliced(points, 300, (slice) => tx.insert(memberPointsLedger).values(slice));
}

export const seedCustomer: Seeder = (database, config) => seedCustomerDemo(database.db, config.DEMO_DATA === 'on');

/** The entry level always; with `demo`, the demo members and then their coupons (each once), dated up to `now`. */
export async function seedCustomerDemo(db: Db, demo: boolean, now = Date.now()): Promise<void> {
  await seedMembers(db, demo, now);
  if (demo) await seedCoupons(db, now);
}

async function seedMembers(db: Db, demo: boolean, now: number): Promise<void> {
  const [flag] = await db.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
  const [anyLevel] = await db.select({ id: memberLevel.id }).from(memberLevel).limit(1);
  if (anyLevel && (flag || !demo)) return;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [level] = await tx.select({ id: memberLevel.id }).from(memberLevel).limit(1);
    if (!level) await tx.insert(memberLevel).values({ ...ENTRY_LEVEL }).onConflictDoNothing();
    if (!demo) return;
    const [done] = await tx.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
    if (done) return;
    await seedDemo(tx, now);
    await tx.insert(appSetting).values({ key: DEMO_KEY, value: true }).onConflictDoNothing();
  });
}
