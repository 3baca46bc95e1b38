import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { appSetting } from '../../../db/tables.js';
import { openTimeOf, type OpenTime } from '../../store/demo-hours.js';
import { DEMO_STORES } from '../../store/seed-data.js';
import { dishIdsNamed, storeForReads as store } from '../../store/service.js';
import { coupon, couponPlan, member } from '../tables.js';
import { newCouponCode, relativeValidTo } from './service.js';

/**
 * The coupons of the demo business, once, after the demo members: six plans (满100减20, 8.8折
 * capped at ¥30, 新人立减10, 招牌菜专享 on the demo stores' signature dishes, a takeaway-only
 * one, and a National Day plan that ended) with coupons issued to the demo members over the last
 * 60 days — most unused, some used in a demo store, some expired, a few voided with a reason;
 * each plan's issued and used counts match its coupons. All while a store is open (issue 27
 * #18): a coupon is issued and voided in the hours of the member's first store, used (locked a
 * minute before) in the hours of the store it was used at.
 *
 * Deterministic and fast: computed here, inserted in a few multi-row statements in one
 * transaction under an advisory lock; a setting marks it done (deleting the demo plans does not
 * bring them back). With no demo members it does nothing and tries again at the next boot.
 */

const DEMO_KEY = 'customer.couponsDemoSeeded';
/** "cpns" as a number: the advisory lock held while checking and inserting. */
const SEED_LOCK = 0x6370_6e73;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';

type PlanInsert = typeof couponPlan.$inferInsert;
interface DemoCouponPlan {
  plan: Omit<PlanInsert, 'issuedCount' | 'usedCount'>;
  /** Share of the demo members given one. */
  share: number;
  /** Share of the issued ones used, and voided. */
  used: number;
  voided?: number;
  /** The discount a use took: a typical amount (fen). */
  discount: (r: () => number) => number;
}

function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function demoPlans(now: number, signatureDishIds: string[], takeawayStoreIds: string[]): DemoCouponPlan[] {
  const year = new Date(now).getUTCFullYear();
  const national = { from: new Date(`${year}-10-01T00:00:00+08:00`), to: new Date(`${year}-10-08T00:00:00+08:00`) };
  if (national.to.getTime() > now) { // seeded before October: last year's
    national.from.setUTCFullYear(year - 1);
    national.to.setUTCFullYear(year - 1);
  }
  const plans: DemoCouponPlan[] = [
    {
      plan: { name: '满100减20', kind: 'threshold', value: 2000, minSpend: 10000, validity: 'relative', validDays: 30, quantity: 2000, perMemberLimit: 2, description: '单笔消费满¥100可用，不与其他优惠同享' },
      share: 0.55, used: 0.35, voided: 0.03, discount: () => 2000,
    },
    {
      plan: { name: '8.8折券', kind: 'discount', value: 88, maxDiscount: 3000, validity: 'relative', validDays: 15, perMemberLimit: 1, description: '全场8.8折，最高优惠¥30' },
      share: 0.4, used: 0.3, discount: (r) => 600 + Math.floor(r() * 2400),
    },
    {
      plan: { name: '新人立减10', kind: 'cash', value: 1000, validity: 'relative', validDays: 7, perMemberLimit: 1, description: '新会员专享，无门槛立减¥10' },
      share: 0.8, used: 0.5, voided: 0.02, discount: () => 1000,
    },
    {
      plan: {
        name: '外带满50减8', kind: 'threshold', value: 800, minSpend: 5000, orderTypes: ['takeaway'], storeIds: takeawayStoreIds, validity: 'relative', validDays: 14,
        perMemberLimit: 3, status: 'paused', description: '外带订单满¥50可用',
      },
      share: 0.25, used: 0.4, discount: () => 800,
    },
    {
      plan: {
        name: '国庆满200减50', kind: 'threshold', value: 5000, minSpend: 20000, validity: 'fixed', validFrom: national.from, validTo: national.to, quantity: 300,
        perMemberLimit: 1, status: 'ended', description: '国庆假期专享',
      },
      share: 0.3, used: 0.45, discount: () => 5000,
    },
  ];
  if (signatureDishIds.length) {
    plans.splice(3, 0, {
      plan: {
        name: '招牌菜专享8折', kind: 'discount', value: 80, maxDiscount: 2000, scope: 'dishes', scopeIds: signatureDishIds, validity: 'relative', validDays: 30,
        quantity: 500, perMemberLimit: 1, description: '招牌菜品8折，最高优惠¥20',
      },
      share: 0.3, used: 0.3, discount: (r) => 400 + Math.floor(r() * 1600),
    });
  }
  return plans;
}

/** The demo coupons, once (see above). */
export async function seedCoupons(db: Db, now: number = Date.now()): Promise<void> {
  const [flag] = await db.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
  if (flag) return;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = await tx.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
    if (done) return;
    const members = await tx.select({ id: member.id, createdAt: member.createdAt, firstStoreId: member.firstStoreId }).from(member).orderBy(asc(member.id)).limit(1000);
    if (!members.length) return;
    const existing = await tx.select({ name: couponPlan.name }).from(couponPlan);
    const demoNames = DEMO_STORES.map((s) => s.name);
    const demoStores = (await tx.select({ id: store.id, name: store.name, timeZone: store.timeZone, dayCutoffHour: store.dayCutoffHour, businessHours: store.businessHours })
      .from(store).orderBy(asc(store.id))).filter((s) => demoNames.includes(s.name));
    const storeIds = demoStores.map((s) => s.id);
    const open = new Map<string, OpenTime>(demoStores.map((s) => [s.id, openTimeOf(s)]));
    /** Open time of a store (a member's first store, or the first demo store), for the admin's issuing and voiding too. */
    const openOf = (storeId: string | null | undefined): OpenTime | undefined => open.get(storeId ?? '') ?? open.get(storeIds[0] ?? '');
    /** An instant `u` of the way through [a, b): its open time at `where` (null: none), or any time with no demo store at all. */
    const within = (where: OpenTime | undefined, a: number, b: number, u: number, tail = 0): number | null =>
      where ? where.pick(a, b, u, tail) : b > a ? a + Math.floor(u * (b - a)) : null;
    const signatureNames = DEMO_STORES.flatMap((s) => s.categories.flatMap((c) => c.dishes.filter((d) => d.tags?.includes('招牌')).map((d) => d.name)));
    const signature = (await dishIdsNamed(tx, storeIds, signatureNames)).slice(0, 50);
    const plans = demoPlans(now, signature, storeIds.slice(0, 1)).filter((p) => !existing.some((e) => e.name === p.plan.name));
    const rnd = generator(20261212);
    const rows: Array<typeof coupon.$inferInsert & { code: string }> = [];
    const counts: Array<{ issued: number; used: number }> = [];

    for (const demo of plans) {
      const c = { issued: 0, used: 0 };
      const p = demo.plan;
      for (const m of members) {
        if (rnd() >= demo.share) continue;
        if (p.quantity != null && p.quantity !== -1 && c.issued >= p.quantity) break;
        if (p.validity === 'fixed' && m.createdAt.getTime() >= p.validFrom!.getTime()) continue; // joined after the campaign
        // Issued some time in the last 60 days (after the member joined); a fixed plan's on its first day or before; while open.
        const home = openOf(m.firstStoreId);
        const joined = Math.max(m.createdAt.getTime(), now - 60 * DAY);
        let issuedAt = within(home, joined, now - 3_600_000, rnd()) ?? m.createdAt.getTime();
        let validFrom: Date;
        let validTo: Date;
        if (p.validity === 'fixed') {
          const before = within(home, p.validFrom!.getTime() - 5 * DAY, p.validFrom!.getTime(), rnd());
          if (before === null) continue;
          issuedAt = before;
          validFrom = p.validFrom!;
          validTo = p.validTo!;
        } else {
          validFrom = new Date(issuedAt);
          validTo = relativeValidTo(validFrom, p.validDays!, ZONE);
        }
        const over = validTo.getTime() <= now;
        const roll = rnd();
        let status: 'unused' | 'used' | 'expired' | 'voided' = over ? 'expired' : 'unused';
        const row: typeof coupon.$inferInsert & { code: string } = {
          planId: '', memberId: m.id, code: newCouponCode(), status, validFrom, validTo, source: p.name === '新人立减10' ? 'new_member' : 'admin', createdAt: new Date(issuedAt),
        };
        const usedIn = roll < demo.used ? (p.storeIds?.length ? p.storeIds[0]! : storeIds.length ? storeIds[Math.floor(rnd() * storeIds.length)]! : null) : null;
        // Used while valid and that store open: locked as the order is made, used a minute later as it is paid (by now).
        const usable = [Math.max(issuedAt, validFrom.getTime()), Math.min(validTo.getTime(), now) - 60_000] as const;
        const w = rnd();
        const lockedAt = roll < demo.used ? within(usedIn ? open.get(usedIn) : undefined, usable[0], usable[1], w, 1) : null;
        // Voided by the admin within a day of issuing, in the member's store's hours.
        const voidedAt = !over && roll >= demo.used && roll < demo.used + (demo.voided ?? 0) ? within(home, issuedAt + 1, Math.min(now, issuedAt + DAY), w) : null;
        if (lockedAt !== null) {
          status = 'used';
          Object.assign(row, { usedAt: new Date(lockedAt + 60_000), lockedAt: new Date(lockedAt), storeId: usedIn, discountAmount: demo.discount(rnd) });
          c.used++;
        } else if (voidedAt !== null) {
          status = 'voided';
          Object.assign(row, { voidedAt: new Date(voidedAt), voidReason: rnd() < 0.5 ? '重复发放，作废一张' : '会员申请退卡，作废未用券' });
        }
        row.status = status;
        rows.push(row);
        c.issued++;
      }
      counts.push(c);
    }

    const planIds: string[] = [];
    for (const [i, demo] of plans.entries()) {
      const createdAt = within(openOf(null), now - 62 * DAY, now - 61 * DAY, 0.5) ?? now - 61 * DAY;
      const [created] = await tx.insert(couponPlan).values({ ...demo.plan, issuedCount: counts[i]!.issued, usedCount: counts[i]!.used, createdAt: new Date(createdAt) })
        .returning({ id: couponPlan.id });
      planIds.push(created!.id);
    }
    // Rows were generated plan by plan; give each its plan's id.
    let at = 0;
    for (const [i, c] of counts.entries()) for (let k = 0; k < c.issued; k++) rows[at++]!.planId = planIds[i]!;
    for (let i = 0; i < rows.length; i += 500) await tx.insert(coupon).values(rows.slice(i, i + 500));
    await tx.insert(appSetting).values({ key: DEMO_KEY, value: true }).onConflictDoNothing();
  });
}
