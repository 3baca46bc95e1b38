import { eq, inArray, sql } from 'drizzle-orm';
import { businessDateOf, type OrderCart, type OrderStatus, type PickupRule } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import type { Seeder } from '../../db/seed.js';
import { appSetting } from '../../db/tables.js';
import { openTimeOf, pickIn, shiftDate, type OpenTime, type Period } from '../store/demo-hours.js';
import { enabledTables } from '../store/for-orders.js';
import { buildMenu } from '../store/menu/build.js';
import { DEMO_OPERATOR, DEMO_STORES } from '../store/seed-data.js';
import { storeForReads } from '../store/service.js';
import { userByUsername } from '../upms/service.js';
import { newViewToken, payableOf } from './orders/create.js';
import { orderNoOf, pickupNoOf } from './orders/numbers.js';
import type { OrderOperator } from './orders/service.js';
import { TIMEOUT_OPERATOR, TIMEOUT_REASON } from './orders/timeout.js';
import { catalogueOf, type Catalogue } from './pricing/catalogue.js';
import { priceCart, type PricedCart } from './pricing/price.js';
import { order, orderLine, orderLog, orderPayment, orderSequence } from './tables.js';

/**
 * The orders' demo data (DEMO_DATA on): for each demo store without any order, about thirty
 * orders of today and the six days before in every state (待支付, 就餐中 at the pay-later store,
 * 已支付, 制作中, 已完成, 已取消), each cart priced by the orders' own pricing from the store's
 * menu, numbered from the day's sequence, with the lines, log and payment the service writes,
 * dated when it was made, always within the store's hours (`planDemoOrders`); paid with cash
 * or WeChat Pay (no members, no coupons: the customer side's demo balances and ledgers stay as
 * they are), only dishes without counted stock (the catalogue's demo stock stays too).
 *
 * Once per database (a setting, under an advisory lock, so two instances booting together seed
 * once). The test template leaves it out (module tests count orders from a clean slate); its
 * own test runs it.
 */

const DEMO_KEY = 'order.demoSeeded';
/** "ordr" as a number: the advisory lock taken while claiming the seed. */
const SEED_LOCK = 0x6f72_6472;
const MINUTE = 60_000;
/** The unpaid timeout the demo's expired orders had (ORDER_UNPAID_TIMEOUT_MIN's default). */
const UNPAID_MIN = 15;
/** Minutes between two of today's orders that are done, placed back from now. */
const TODAY_GAP = 6;

/** A demo order's state; `expired`: cancelled by the unpaid timeout (已取消, by 系统). */
type Step = 'pending' | 'dining' | 'paid' | 'making' | 'finished' | 'cancelled' | 'expired';
const OPEN_STEPS: readonly Step[] = ['pending', 'dining', 'paid', 'making'];

export interface PlannedOrder {
  /** When it was made (epoch ms). */
  at: number;
  step: Step;
  type: 'dine_in' | 'takeaway';
  /** Its place in the plan (which dishes and table it gets). */
  index: number;
}

/** The log of a demo order up to its state: [action, from, to, minutes after it was made]. */
const STEPS: Record<Step, Array<[string, OrderStatus | null, OrderStatus, number]>> = {
  pending: [['create', null, 'pending', 0]],
  dining: [['create', null, 'dining', 0]],
  paid: [['create', null, 'pending', 0], ['pay', 'pending', 'paid', 1]],
  making: [['create', null, 'pending', 0], ['pay', 'pending', 'paid', 1], ['accept', 'paid', 'making', 3]],
  finished: [['create', null, 'pending', 0], ['pay', 'pending', 'paid', 1], ['accept', 'paid', 'making', 3], ['finish', 'making', 'finished', 18]],
  cancelled: [['create', null, 'pending', 0], ['cancel', 'pending', 'cancelled', 5]],
  expired: [['create', null, 'pending', 0], ['timeout', 'pending', 'cancelled', UNPAID_MIN]],
};
/** Minutes from an order's making to its last event. */
const tailOf = (step: Step): number => STEPS[step].at(-1)![3];

/**
 * Today: what the counter is busy with, [state, type, minutes ago when the store is open now];
 * the pay-later store has a table eating (就餐中) too.
 */
const TODAY: Array<[Step, 'dine_in' | 'takeaway', number]> = [
  ['finished', 'dine_in', 0], ['finished', 'takeaway', 0], ['finished', 'dine_in', 0], ['cancelled', 'takeaway', 0],
  ['making', 'dine_in', 14], ['making', 'takeaway', 8], ['paid', 'takeaway', 9], ['paid', 'dine_in', 4], ['pending', 'takeaway', 6], ['pending', 'dine_in', 2],
];

/**
 * When the demo orders of a store were made, all within its hours (issue 27 #18), from `now`:
 *
 * - The six business days before today: three finished orders and, every other day, a
 *   cancelled one, at fixed points of the day's open time (a fifth, half and four fifths of
 *   the way through it; the cancelled one at a third), each with time for its last step before closing.
 * - Today, the store open now: the orders still open (待支付, 就餐中, 已支付, 制作中) are of
 *   the last quarter of an hour or so of the period it is in (squeezed into it when it opened
 *   less long ago; one that cannot have reached its state yet is left out), the finished and
 *   cancelled ones before them, TODAY_GAP minutes apart, back through today's open time.
 * - Today, the store closed now (between lunch and dinner, after closing, before opening): no
 *   order is still open at a closed store, so today's are all done: the unpaid ones cancelled
 *   by the unpaid timeout (超时未支付，系统自动取消), the paid, cooking and eating ones finished;
 *   placed back from the last open time before now.
 * - Today's done orders that do not fit in the open time today has had (before the first
 *   opening of the day, or just after it) go back to the open time before: the previous
 *   business day's last period, so they are that day's. Nothing is ever after `now`.
 *
 * An order that finds no open time at all (a store closed the whole week) is left out.
 */
export function planDemoOrders(open: OpenTime, payLater: boolean, now: number): PlannedOrder[] {
  const today = businessDateOf(new Date(now), open.hours.timeZone, open.hours.dayCutoffHour);
  const planned: PlannedOrder[] = [];
  let index = 0;
  for (let day = 6; day >= 1; day--) {
    const periods = open.periods(shiftDate(today, -day));
    const spots: Array<[Step, 'dine_in' | 'takeaway', number]> = [['finished', 'dine_in', 0.2], ['finished', 'takeaway', 0.5], ['finished', 'dine_in', 0.8]];
    if (day % 2 === 0) spots.push(['cancelled', 'dine_in', 1 / 3]);
    for (const [step, type, u] of spots) {
      const at = pickIn(periods, u, tailOf(step));
      if (at !== null) planned.push({ at, step, type, index });
      index++;
    }
  }
  const current = open.periods(today).find((p) => p.from <= now && now < p.to);
  const list = payLater ? [...TODAY, ['dining', 'dine_in', 25] as const] : TODAY;
  const done: Array<{ step: Step; type: 'dine_in' | 'takeaway'; index: number }> = [];
  let before = now;
  const oldest = Math.max(...list.filter(([step]) => OPEN_STEPS.includes(step)).map(([, , ago]) => ago));
  for (const [step, type, ago] of list) {
    const i = index++;
    if (!OPEN_STEPS.includes(step)) done.push({ step, type, index: i });
    else if (!current) done.push({ step: step === 'pending' ? 'expired' : 'finished', type, index: i });
    else {
      // Recent: `ago` minutes back, or proportionally less when the period began less long ago.
      const at = Math.round(now - ago * MINUTE * Math.min(1, (now - current.from) / (oldest * MINUTE)));
      if (at < current.from || at + tailOf(step) * MINUTE > now) continue;
      planned.push({ at, step, type, index: i });
      before = Math.min(before, at);
    }
  }
  // The done ones, latest first, back through the open time before the open ones.
  const windows: Period[] = [];
  for (let day = 0; day <= 7; day++) windows.push(...open.periods(shiftDate(today, -day)).filter((p) => p.from < before).reverse());
  let w = 0;
  let next = before;
  for (const order of done.reverse()) {
    const tail = tailOf(order.step) * MINUTE;
    for (; w < windows.length; w++) {
      const window = windows[w]!;
      // Its last step a minute before the window closes at the latest, and never after now.
      const at = Math.min(next - TODAY_GAP * MINUTE, window.to - tail - MINUTE, now - tail);
      if (at < window.from) continue;
      planned.push({ ...order, at });
      next = at;
      break;
    }
  }
  return planned.sort((a, b) => a.at - b.at || a.index - b.index);
}

/** mulberry32: deterministic, so every demo database looks the same. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), chance: (p: number) => next() < p };
}

type CartLine = OrderCart['lines'][number];

/** What the demo may order: available dishes (and SKUs) without counted stock, their required options; combos whose choices are such dishes. */
export function orderable(catalogue: Catalogue, type: 'dine_in' | 'takeaway'): CartLine[] {
  const lines: CartLine[] = [];
  for (const d of catalogue.dishes.values()) {
    if (!d.available || !d.orderTypes.includes(type)) continue;
    const sku = d.skus.find((k) => k.available && k.stock === null);
    if (d.skus.length ? !sku : d.stock !== null) continue;
    const optionIds = d.specGroups.flatMap((g) => {
      const defaults = g.options.filter((o) => o.isDefault).slice(0, g.maxSelect);
      return (defaults.length >= g.minSelect ? defaults : g.options.slice(0, g.minSelect)).map((o) => o.id);
    });
    lines.push({ kind: 'dish', itemId: d.id, ...(sku ? { skuId: sku.id } : {}), optionIds, quantity: d.isWeighed ? 1.5 : 1 });
  }
  for (const c of catalogue.combos.values()) {
    if (!c.available) continue;
    const choices = c.groups.filter((g) => g.kind === 'optional').flatMap((g) =>
      g.items.filter((i) => i.available && catalogue.dishes.get(i.dishId)?.stock === null).slice(0, g.minChoose).map((i) => ({ comboItemId: i.id, quantity: 1 })));
    lines.push({ kind: 'combo', itemId: c.id, choices, quantity: 1 });
  }
  return lines;
}


/**
 * The demo orders of one store, written in a few multi-row statements in one transaction (a
 * boot must stay fast): each cart priced by the orders' own pricing from the store's menu, its
 * number and pickup number drawn from the day's sequence as creating does, its lines, log and
 * payment as the service writes them. Answers how many were made.
 */
async function seedStore(tx: Db, shop: DemoShop, operator: OrderOperator, now: number): Promise<number> {
  const built = await buildMenu(tx, shop.id);
  if (!built || !built.menu.store.isOpen) return 0;
  const catalogue = catalogueOf(built.menu);
  const tables = await enabledTables(tx, shop.id);
  const choices = { dine_in: orderable(catalogue, 'dine_in'), takeaway: orderable(catalogue, 'takeaway') };
  const random = generator(Number(shop.id) * 7919);
  const sequences = new Map<string, number>();
  const orders: Array<typeof order.$inferInsert> = [];
  const lines: Array<{ orderIndex: number; priced: PricedCart }> = [];
  const logs: Array<Omit<typeof orderLog.$inferInsert, 'orderId'> & { orderIndex: number }> = [];
  const payments: Array<Omit<typeof orderPayment.$inferInsert, 'orderId'> & { orderIndex: number }> = [];
  for (const p of planDemoOrders(shop.open, shop.payMode === 'pay_later', now)) {
    const i = p.index;
    const pool = choices[p.type];
    if (!pool.length) continue;
    const picked = Array.from({ length: random.int(1, Math.min(4, pool.length)) }, (_, k) => pool[(i * 3 + k * 5) % pool.length]!)
      .filter((line, k, all) => all.indexOf(line) === k).map((line) => ({ ...line, quantity: line.quantity === 1 && random.chance(0.3) ? 2 : line.quantity }));
    let priced: PricedCart;
    try {
      priced = priceCart(catalogue, { type: p.type, member: null, lines: picked });
    } catch {
      continue; // a dish the demo menu cannot sell this way: leave that order out
    }
    const table = p.type === 'dine_in' && tables.length ? tables[(i * 7) % tables.length]! : null;
    const at = new Date(p.at);
    const after = (minutes: number) => new Date(at.getTime() + minutes * MINUTE);
    const businessDate = businessDateOf(at, shop.timeZone, shop.dayCutoffHour);
    const sequence = (sequences.get(businessDate) ?? 0) + 1;
    sequences.set(businessDate, sequence);
    const payable = payableOf(priced, 0);
    const paid = p.step === 'paid' || p.step === 'making' || p.step === 'finished';
    const qr = p.step === 'dining';
    const who = qr ? { id: null, name: '扫码顾客' } : operator;
    const expired = p.step === 'expired';
    const orderIndex = orders.length;
    orders.push({
      storeId: shop.id, orderNo: orderNoOf(businessDate, shop.id, sequence), businessDate, type: p.type, source: qr ? 'qr' : 'cashier',
      status: p.step === 'expired' ? 'cancelled' : p.step, payLater: qr, tableId: table?.id ?? null, tableCode: table?.code ?? null, guests: table ? random.int(1, 4) : null,
      pickupNo: table ? null : pickupNoOf(shop.pickupRule, sequence),
      goodsAmount: priced.goodsAmount, packingFee: priced.packingFee, memberDiscount: 0, couponDiscount: 0, payableAmount: payable,
      paidAmount: paid ? payable : 0, itemCount: priced.itemCount, remark: random.chance(0.2) ? '少辣' : '',
      cancelReason: p.step === 'cancelled' ? (i % 2 ? '顾客取消' : '点错了') : expired ? TIMEOUT_REASON : null,
      stockHeld: p.step === 'pending' || p.step === 'dining', viewToken: newViewToken(),
      expireAt: p.step === 'pending' ? after(UNPAID_MIN) : null, operatorId: who.id, operatorName: who.name, createdAt: at, updatedAt: after(tailOf(p.step)),
      paidAt: paid ? after(1) : null, acceptedAt: p.step === 'making' || p.step === 'finished' ? after(3) : null,
      finishedAt: p.step === 'finished' ? after(18) : null, cancelledAt: p.step === 'cancelled' ? after(5) : expired ? after(UNPAID_MIN) : null,
    });
    lines.push({ orderIndex, priced });
    for (const [action, from, to, minutes] of STEPS[p.step]) {
      const by = action === 'timeout' ? TIMEOUT_OPERATOR : who;
      logs.push({ orderIndex, action, fromStatus: from, toStatus: to, remark: action === 'cancel' || action === 'timeout' ? orders[orderIndex]!.cancelReason! : '', operatorId: by.id, operatorName: by.name, createdAt: after(minutes) });
    }
    if (paid && payable > 0) {
      const wechat = random.chance(0.5);
      const tendered = Math.ceil(payable / 5000) * 5000;
      const orderNo = orders[orderIndex]!.orderNo;
      payments.push({
        orderIndex, storeId: shop.id, businessDate, method: wechat ? 'wechat' : 'cash', amount: payable, status: 'success',
        ...(wechat ? { tradeNo: `DEMO${orderNo}`, outTradeNo: `DEMO-${orderNo}` } : { tendered, change: tendered - payable }),
        operatorId: operator.id, operatorName: operator.name, paidAt: after(1), createdAt: after(1), updatedAt: after(1),
      });
    }
  }
  if (!orders.length) return 0;
  const ids = (await tx.insert(order).values(orders).returning({ id: order.id })).map((r) => r.id);
  const rows: Array<typeof orderLine.$inferInsert> = [];
  const children: Array<{ parentIndex: number; row: typeof orderLine.$inferInsert }> = [];
  for (const { orderIndex, priced } of lines) {
    let sort = 0;
    for (const l of priced.lines) {
      const parentIndex = rows.length;
      rows.push({
        orderId: ids[orderIndex]!, kind: l.kind, dishId: l.dishId, comboId: l.comboId, skuId: l.skuId, categoryId: l.categoryId, name: l.name, specText: l.specText,
        specJson: l.specJson, image: l.image, unit: l.unit, unitPrice: l.unitPrice, quantity: l.quantity, lineAmount: l.lineAmount, discountAmount: l.discountAmount,
        packingFee: l.packingFee, stockTaken: 0, remark: l.remark, sort: sort++, createdAt: orders[orderIndex]!.createdAt!,
      });
      for (const c of l.children) {
        children.push({ parentIndex, row: {
          orderId: ids[orderIndex]!, kind: 'combo_item', dishId: c.dishId, skuId: c.skuId, categoryId: c.categoryId, name: c.name, specText: c.specText,
          specJson: c.specJson, image: c.image, unit: c.unit, unitPrice: 0, quantity: c.quantity, lineAmount: 0, stockTaken: 0, sort: sort++,
          createdAt: orders[orderIndex]!.createdAt!,
        } });
      }
    }
  }
  const parentIds = (await tx.insert(orderLine).values(rows).returning({ id: orderLine.id })).map((r) => r.id);
  if (children.length) await tx.insert(orderLine).values(children.map((c) => ({ ...c.row, parentId: parentIds[c.parentIndex]! })));
  await tx.insert(orderLog).values(logs.map(({ orderIndex, ...l }) => ({ ...l, orderId: ids[orderIndex]! })));
  if (payments.length) await tx.insert(orderPayment).values(payments.map(({ orderIndex, ...p }) => ({ ...p, orderId: ids[orderIndex]! })));
  for (const [businessDate, lastNo] of sequences) {
    await tx.insert(orderSequence).values({ storeId: shop.id, businessDate, lastNo })
      .onConflictDoUpdate({ target: [orderSequence.storeId, orderSequence.businessDate], set: { lastNo: sql`greatest(${orderSequence.lastNo}, ${lastNo})` } });
  }
  return orders.length;
}

interface DemoShop {
  id: string;
  payMode: 'pay_first' | 'pay_later';
  timeZone: string;
  dayCutoffHour: number;
  pickupRule: PickupRule;
  open: OpenTime;
}

/** Seeds the demo orders once (see the file's comment); answers how many orders were made. */
export async function seedDemoOrders(db: Db, now = Date.now()): Promise<number> {
  const [flag] = await db.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
  if (flag) return 0;
  const claimed = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = await tx.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
    if (done) return false;
    await tx.insert(appSetting).values({ key: DEMO_KEY, value: true });
    return true;
  });
  if (!claimed) return 0;
  const shops = (await db.select({
    id: storeForReads.id, payMode: storeForReads.payMode, timeZone: storeForReads.timeZone, dayCutoffHour: storeForReads.dayCutoffHour, pickupRule: storeForReads.pickupRule,
    businessHours: storeForReads.businessHours,
  }).from(storeForReads).where(inArray(storeForReads.name, DEMO_STORES.map((s) => s.name))))
    .map(({ businessHours, ...s }): DemoShop => ({ ...s, open: openTimeOf({ timeZone: s.timeZone, dayCutoffHour: s.dayCutoffHour, businessHours }) }));
  const user = await userByUsername(db, DEMO_OPERATOR);
  const operator: OrderOperator = { id: user?.id ?? null, name: user ? DEMO_OPERATOR : '' };
  let made = 0;
  for (const shop of shops) {
    const [any] = await db.select({ id: order.id }).from(order).where(eq(order.storeId, shop.id)).limit(1);
    if (!any) made += await db.transaction((tx) => seedStore(tx as unknown as Db, shop, operator, now));
  }
  return made;
}

export const seedOrders: Seeder = async (database, config) => {
  if (config.DEMO_DATA !== 'on' || config.NODE_ENV === 'test') return;
  await seedDemoOrders(database.db);
};
