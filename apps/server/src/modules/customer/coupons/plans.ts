import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { CouponPlanRecord, couponPlanBodySchema, couponPlanQuerySchema, Page } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { declareConstraints } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy } from '../../../http/paging.js';
import { contains } from '../../../http/resource.js';
import { catalogueItems, storesById } from '../../store/service.js';
import { couponPlan, rechargePlan } from '../tables.js';
import { iso, isoOrNull } from '../../../http/iso.js';

export type CouponPlanRow = typeof couponPlan.$inferSelect;
export type CouponPlanBody = z.output<typeof couponPlanBodySchema>;
type CouponPlanQuery = z.output<typeof couponPlanQuerySchema>;

declareConstraints({
  coupon_plan_name: (name) => `优惠券 ${name} 已存在`,
  coupon_plan_check: '优惠券的设置不合法',
});

export const KIND_NAMES = { cash: '代金券', discount: '折扣券', threshold: '满减券' } as const;
export const PLAN_STATUS_NAMES = { active: '进行中', paused: '已暂停', ended: '已结束' } as const;

/** The body's columns (a non-discount plan keeps no cap; a scope of everything names nothing). */
export const planColumns = (body: CouponPlanBody) => ({
  name: body.name,
  kind: body.kind,
  value: body.value,
  minSpend: body.minSpend,
  maxDiscount: body.kind === 'discount' ? (body.maxDiscount ?? null) : null,
  scope: body.scope,
  scopeIds: body.scope === 'all' ? [] : body.scopeIds,
  orderTypes: body.orderTypes,
  storeIds: body.storeIds,
  validity: body.validity,
  validFrom: body.validity === 'fixed' && body.validFrom ? new Date(body.validFrom) : null,
  validTo: body.validity === 'fixed' && body.validTo ? new Date(body.validTo) : null,
  validDays: body.validity === 'relative' ? (body.validDays ?? null) : null,
  quantity: body.quantity,
  perMemberLimit: body.perMemberLimit,
  status: body.status,
  description: body.description,
});

/**
 * What a plan names must exist: its stores, and the categories or dishes of its scope (live
 * ones, in one of its stores when it is limited to some).
 */
export async function checkPlanRefs(db: Db, body: CouponPlanBody): Promise<void> {
  if (body.storeIds.length) {
    const found = await storesById(db, body.storeIds);
    const missing = body.storeIds.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`storeIds: 门店 ${missing.join('、')} 不存在`);
  }
  if (body.scope === 'all') return;
  const rows = await catalogueItems(db, body.scope, body.scopeIds);
  const what = body.scope === 'categories' ? '分类' : '菜品';
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = body.scopeIds.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`scopeIds: ${what} ${missing.join('、')} 不存在`);
  const combo = rows.find((r) => r.kind === 'combo');
  if (combo) throw badRequest(`scopeIds: 「${combo.name}」是套餐分类，优惠券只能指定菜品分类`);
  if (body.storeIds.length) {
    const outside = rows.find((r) => !body.storeIds.includes(r.storeId));
    if (outside) throw badRequest(`scopeIds: ${what}「${outside.name}」不属于适用门店`);
  }
}

/** The money terms: fixed once coupons are issued. */
const TERMS = ['kind', 'value', 'minSpend', 'maxDiscount', 'scope', 'scopeIds'] as const;

/** An edit of a plan with coupons out: the terms stay, the quantity stays at least what is issued, an ended plan stays ended. */
export function checkPlanEdit(existing: CouponPlanRow, next: ReturnType<typeof planColumns>): void {
  if (existing.status === 'ended' && next.status !== 'ended') throw conflict(`优惠券「${existing.name}」已结束，不能重新启用`);
  if (next.quantity !== -1 && next.quantity < existing.issuedCount) {
    throw badRequest(`quantity: 发行量不能小于已发放数量 ${existing.issuedCount}`);
  }
  if (existing.issuedCount === 0) return;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const changed = TERMS.filter((k) => !same(k === 'scopeIds' ? [...existing[k]].sort() : existing[k], k === 'scopeIds' ? [...next[k]].sort() : next[k]));
  if (changed.length) {
    throw conflict(`优惠券「${existing.name}」已发放 ${existing.issuedCount} 张，券类型、面额、门槛、最高优惠和适用范围不能再修改；可以结束后新建`);
  }
}

/** Rows → records, with the names of the scope's categories or dishes (one query each kind). */
export async function planRecords(db: Db, rows: CouponPlanRow[]): Promise<CouponPlanRecord[]> {
  const categoryIds = [...new Set(rows.filter((r) => r.scope === 'categories').flatMap((r) => r.scopeIds))];
  const dishIds = [...new Set(rows.filter((r) => r.scope === 'dishes').flatMap((r) => r.scopeIds))];
  const [categories, dishes] = await Promise.all([catalogueItems(db, 'categories', categoryIds), catalogueItems(db, 'dishes', dishIds, { archived: true })]);
  const brief = (x: { id: string; name: string; storeId: string }) => [x.id, { id: x.id, name: x.name, storeId: x.storeId }] as const;
  const names = { categories: new Map(categories.map(brief)), dishes: new Map(dishes.map(brief)), all: new Map<string, { id: string; name: string; storeId: string }>() };
  return rows.map((p) => ({
    id: p.id, name: p.name, kind: p.kind, value: p.value, minSpend: p.minSpend, maxDiscount: p.maxDiscount, scope: p.scope, scopeIds: p.scopeIds,
    scopeItems: p.scopeIds.map((id) => names[p.scope].get(id)).filter((x) => x !== undefined),
    orderTypes: p.orderTypes as CouponPlanRecord['orderTypes'], storeIds: p.storeIds, validity: p.validity, validFrom: isoOrNull(p.validFrom),
    validTo: isoOrNull(p.validTo), validDays: p.validDays, quantity: p.quantity, perMemberLimit: p.perMemberLimit, issuedCount: p.issuedCount,
    usedCount: p.usedCount, remaining: p.quantity === -1 ? null : Math.max(0, p.quantity - p.issuedCount), status: p.status, description: p.description,
    createTime: iso(p.createdAt), updateTime: iso(p.updatedAt),
  }));
}

const sortable = { create_time: couponPlan.createdAt, issued_count: couponPlan.issuedCount, used_count: couponPlan.usedCount, name: couponPlan.name };

export async function planPage(db: Db, q: CouponPlanQuery): Promise<Page<CouponPlanRecord>> {
  const where = and(contains(couponPlan.name, q.name), q.kind ? eq(couponPlan.kind, q.kind) : undefined, q.status ? eq(couponPlan.status, q.status) : undefined);
  const order = [...orderBy(q, sortable, []), desc(couponPlan.id)];
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(couponPlan).where(where),
    db.select().from(couponPlan).where(where).orderBy(...order).limit(q.size).offset((q.current - 1) * q.size),
  ]);
  const n = total?.n ?? 0;
  return { records: await planRecords(db, rows), total: n, size: q.size, current: q.current, pages: Math.ceil(n / q.size) };
}

/** Active plans that can still be issued (not sold out, a fixed window not over), for pickers. */
export async function activePlans(db: Db, now = new Date()): Promise<CouponPlanRecord[]> {
  const rows = await db.select().from(couponPlan).where(and(
    eq(couponPlan.status, 'active'),
    or(eq(couponPlan.quantity, -1), sql`${couponPlan.issuedCount} < ${couponPlan.quantity}`),
    or(ne(couponPlan.validity, 'fixed'), sql`${couponPlan.validTo} > ${now.toISOString()}::timestamptz`),
  )).orderBy(asc(couponPlan.name)).limit(500);
  return planRecords(db, rows);
}

export async function planRow(db: Db, id: string, lock = false): Promise<CouponPlanRow> {
  const query = db.select().from(couponPlan).where(eq(couponPlan.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`优惠券 ${id} 不存在`);
  return row;
}

/** A plan with coupons out, or given by a recharge plan, is kept (409 naming why): end it instead. */
export async function checkPlanDelete(db: Db, plan: CouponPlanRow): Promise<void> {
  if (plan.issuedCount > 0) throw conflict(`优惠券「${plan.name}」已发放 ${plan.issuedCount} 张，不能删除，可以结束`);
  const gifts = await db.select({ name: rechargePlan.name }).from(rechargePlan).where(sql`${plan.id}::bigint = any(${rechargePlan.giftCouponPlanIds})`).limit(3);
  if (gifts.length) throw conflict(`充值方案「${gifts.map((g) => g.name).join('」「')}」赠送该优惠券，不能删除`);
}

