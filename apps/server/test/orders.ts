import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderCart } from '@canteen/contract';
import type { App } from '../src/app.js';
import type { AuthHeader } from './auth.js';
import { callerOf, dataOf } from './store.js';
import { coupon, couponPlan, member, memberLevel } from '../src/modules/customer/tables.js';
import { orderPayment } from '../src/modules/order/tables.js';
import { publishFloor } from '../src/modules/store/service.js';
import {
  store, storeArea, storeCategory, storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku, storeDishSpecGroup, storeSpecGroup, storeSpecOption, storeTable,
  storeUser,
} from '../src/modules/store/tables.js';

/**
 * Test support for the orders module (issue 13): a store with a small
 * menu written straight to the database (the catalogue's routes are tested in the store
 * module), members and coupons, and carts.
 *
 * The menu: 辣子鸡 with SKUs 大份 ¥48 / 小份 ¥32 (5 each, total stock), required 辣度 (微辣,
 * 特辣 +¥2) and optional 加料 up to two (加蛋 +¥3, 加饭 +¥2, 加肉 +¥8), packing ¥1; 米饭 ¥2
 * (member ¥1.50, unlimited); 酸梅汤 ¥8 dine-in only, daily stock 3; 鲈鱼 ¥68 per 斤, weighed;
 * 可乐 ¥5; 下架菜 off the shelf; 单人套餐 ¥45 (member ¥40): 米饭 fixed, 饮料 one of 可乐 (+¥2)
 * or 酸梅汤.
 */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface OrderFixture {
  storeId: string;
  dishes: { chicken: string; rice: string; plum: string; fish: string; cola: string; offShelf: string };
  skus: { large: string; small: string };
  options: { mild: string; hot: string; egg: string; extraRice: string; meat: string };
  combo: { id: string; cola: string; plum: string };
}

export async function orderFixture(app: App, fields: Partial<typeof store.$inferInsert> = {}): Promise<OrderFixture> {
  const db = app.database.db;
  const [shop] = await db.insert(store).values({ name: `订单测试店${unique()}`, packingFeeMode: 'per_item', ...fields }).returning({ id: store.id });
  const storeId = shop!.id;
  const [hot] = await db.insert(storeCategory).values({ storeId, name: '热菜', kind: 'dish' }).returning({ id: storeCategory.id });
  const [sets] = await db.insert(storeCategory).values({ storeId, name: '套餐', kind: 'combo' }).returning({ id: storeCategory.id });
  const dish = async (values: Partial<typeof storeDish.$inferInsert> & { name: string; price: number }) =>
    (await db.insert(storeDish).values({ storeId, categoryId: hot!.id, ...values }).returning({ id: storeDish.id }))[0]!.id;
  const chicken = await dish({ name: '辣子鸡', price: 3800, stockMode: 'total', packingFee: 100 });
  const rice = await dish({ name: '米饭', price: 200, memberPrice: 150 });
  const plum = await dish({ name: '酸梅汤', price: 800, stockMode: 'daily', stock: 3, dailyStock: 3, orderTypes: ['dine_in'] });
  const fish = await dish({ name: '鲈鱼', price: 6800, isWeighed: true, unit: '斤' });
  const cola = await dish({ name: '可乐', price: 500 });
  const offShelf = await dish({ name: '下架菜', price: 1000, onShelf: false });
  const [large] = await db.insert(storeDishSku).values({ dishId: chicken, name: '大份', price: 4800, stock: 5 }).returning({ id: storeDishSku.id });
  const [small] = await db.insert(storeDishSku).values({ dishId: chicken, name: '小份', price: 3200, stock: 5 }).returning({ id: storeDishSku.id });
  const [spicy] = await db.insert(storeSpecGroup).values({ storeId, name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, sort: 1 }).returning({ id: storeSpecGroup.id });
  const [extra] = await db.insert(storeSpecGroup).values({ storeId, name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 2, sort: 2 }).returning({ id: storeSpecGroup.id });
  const option = async (groupId: string, name: string, priceDelta: number, sort: number) =>
    (await db.insert(storeSpecOption).values({ groupId, name, priceDelta, sort }).returning({ id: storeSpecOption.id }))[0]!.id;
  const options = {
    mild: await option(spicy!.id, '微辣', 0, 1), hot: await option(spicy!.id, '特辣', 200, 2),
    egg: await option(extra!.id, '加蛋', 300, 1), extraRice: await option(extra!.id, '加饭', 200, 2), meat: await option(extra!.id, '加肉', 800, 3),
  };
  await db.insert(storeDishSpecGroup).values([{ dishId: chicken, groupId: spicy!.id, sort: 1 }, { dishId: chicken, groupId: extra!.id, sort: 2 }]);
  const [combo] = await db.insert(storeCombo).values({ storeId, categoryId: sets!.id, name: '单人套餐', price: 4500, memberPrice: 4000 }).returning({ id: storeCombo.id });
  const [fixed] = await db.insert(storeComboGroup).values({ comboId: combo!.id, name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, sort: 1 }).returning({ id: storeComboGroup.id });
  const [drinks] = await db.insert(storeComboGroup).values({ comboId: combo!.id, name: '饮料', kind: 'optional', minChoose: 1, maxChoose: 1, sort: 2 }).returning({ id: storeComboGroup.id });
  await db.insert(storeComboItem).values({ groupId: fixed!.id, dishId: rice, quantity: 1 });
  const [colaItem] = await db.insert(storeComboItem).values({ groupId: drinks!.id, dishId: cola, quantity: 1, extraPrice: 200, sort: 1 }).returning({ id: storeComboItem.id });
  const [plumItem] = await db.insert(storeComboItem).values({ groupId: drinks!.id, dishId: plum, quantity: 1, sort: 2 }).returning({ id: storeComboItem.id });
  app.store.menu.changed(storeId);
  return {
    storeId,
    dishes: { chicken, rice, plum, fish, cola, offShelf },
    skus: { large: large!.id, small: small!.id },
    options,
    combo: { id: combo!.id, cola: colaItem!.id, plum: plumItem!.id },
  };
}

/** Changes a dish (or SKU) straight in the database and tells the menu cache. */
export async function setDish(app: App, storeId: string, dishId: string, fields: Partial<typeof storeDish.$inferInsert>): Promise<void> {
  await app.database.db.update(storeDish).set(fields).where(eq(storeDish.id, dishId));
  app.store.menu.changed(storeId);
}
export async function setSku(app: App, storeId: string, skuId: string, fields: Partial<typeof storeDishSku.$inferInsert>): Promise<void> {
  await app.database.db.update(storeDishSku).set(fields).where(eq(storeDishSku.id, skuId));
  app.store.menu.changed(storeId);
}
export async function stockOf(app: App, what: { dishId?: string; skuId?: string }): Promise<number | null> {
  const db = app.database.db;
  if (what.skuId) return (await db.select({ stock: storeDishSku.stock }).from(storeDishSku).where(eq(storeDishSku.id, what.skuId)))[0]!.stock;
  return (await db.select({ stock: storeDish.stock }).from(storeDish).where(eq(storeDish.id, what.dishId!)))[0]!.stock;
}

let phones = Math.floor(Math.random() * 80_000_000);
/** A member (phone in the 198 range no other test uses) at a level of the given discount rate; answers its id and phone. */
export async function orderMember(app: App, discountRate = 100): Promise<{ id: string; phone: string }> {
  const db = app.database.db;
  const rank = 100 + (counter++ % 30_000);
  const [level] = await db.insert(memberLevel).values({ name: `测试等级${unique()}`, rank, threshold: 1_000_000_000 + rank, discountRate }).returning({ id: memberLevel.id });
  const phone = `198${String(10_000_000 + (phones++ % 89_999_999)).slice(-8)}`;
  const [m] = await db.insert(member).values({ memberNo: `T${unique()}`, phone, name: '订单测试会员', levelId: level!.id }).returning({ id: member.id });
  return { id: m!.id, phone };
}

/** A coupon of a new plan for the member: 满50减10 by default. */
export async function orderCoupon(app: App, memberId: string, plan: Partial<typeof couponPlan.$inferInsert> = {}): Promise<string> {
  const db = app.database.db;
  const [p] = await db.insert(couponPlan).values({
    name: `测试券${unique()}`, kind: 'threshold', value: 1000, minSpend: 5000, validity: 'fixed',
    validFrom: new Date(Date.now() - 86_400_000), validTo: new Date(Date.now() + 86_400_000), ...plan,
  }).returning({ id: couponPlan.id });
  const [c] = await db.insert(coupon).values({
    planId: p!.id, memberId, code: unique().toUpperCase().padEnd(12, 'X').slice(0, 12), validFrom: new Date(Date.now() - 86_400_000), validTo: new Date(Date.now() + 86_400_000),
  }).returning({ id: coupon.id });
  return c!.id;
}

export async function couponStatus(app: App, couponId: string): Promise<string> {
  return (await app.database.db.select({ status: coupon.status }).from(coupon).where(eq(coupon.id, couponId)))[0]!.status;
}

/** A cart of the fixture's store. */
export const cartOf = (f: OrderFixture, lines: OrderCart['lines'], fields: Partial<OrderCart> = {}): OrderCart => ({
  storeId: f.storeId, type: 'dine_in', lines, ...fields,
});

/** One 辣子鸡 (大份, 微辣) line. */
export const chickenLine = (f: OrderFixture, quantity = 1, extra: Partial<OrderCart['lines'][number]> = {}): OrderCart['lines'][number] => ({
  kind: 'dish', itemId: f.dishes.chicken, skuId: f.skus.large, optionIds: [f.options.mild], quantity, ...extra,
});

/** Creates an order at the counter through the API; answers its record. */
export async function createOrderApi(app: App, headers: AuthHeader, cart: OrderCart, key?: string) {
  const res = await app.inject({ method: 'POST', url: '/order/order', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: cart as object });
  return dataOf<import('@canteen/contract').OrderRecord>(res);
}

/** Records a successful payment of what is left and settles the order (what payments/ does), in one transaction. */
export async function payInFull(app: App, orderId: string, method: 'cash' | 'balance' | 'wechat' = 'cash'): Promise<boolean> {
  const o = await app.order.get(orderId);
  return app.database.db.transaction(async (tx) => {
    const amount = o.payableAmount - o.paidAmount;
    if (amount > 0) {
      await tx.insert(orderPayment).values({ orderId, storeId: o.storeId, businessDate: o.businessDate, method, amount, status: 'success', paidAt: new Date() });
    }
    return app.order.settlePaid(tx, orderId, { id: null, name: 'test' });
  });
}

/** A table of the store (area 大厅); answers its id. */
export async function insertTable(app: App, storeId: string, code: string): Promise<string> {
  const db = app.database.db;
  const [area] = await db.insert(storeArea).values({ storeId, name: `大厅${unique()}` }).returning({ id: storeArea.id });
  const [table] = await db.insert(storeTable).values({ storeId, areaId: area!.id, code, qrToken: randomBytes(16).toString('base64url') }).returning({ id: storeTable.id });
  // As the store's 桌台 writes do: the floor's screens and the map's read model hear of the new table.
  await publishFloor(app, { storeId, kind: 'plan', tableIds: [table!.id], orderIds: [] });
  return table!.id;
}

/** Assigns a user to a store. */
export async function assignStore(app: App, userId: string, storeId: string): Promise<void> {
  await app.database.db.insert(storeUser).values({ storeId, userId });
  app.store.scope.forget();
}

/** A member's points, total spent and order count. */
export async function memberTotals(app: App, memberId: string): Promise<{ points: number; spent: number; orders: number }> {
  const [row] = await app.database.db.select({ points: member.points, spent: member.totalSpent, orders: member.orderCount }).from(member).where(eq(member.id, memberId));
  return row!;
}

export { callerOf, dataOf };
