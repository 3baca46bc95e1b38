import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { businessDateOf, couponDiscount, formatFen, type CouponLine, type OrderQuote, type OrderStatus, type PickupRule } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { dbFailureOf } from '../../../http/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { memberRecord } from '../../customer/members/service.js';
import type { CouponService } from '../../customer/coupons/index.js';
import { planRow } from '../../customer/coupons/plans.js';
import { stockShort, tableOfStore, takeStock, type StockEntry } from '../../store/for-orders.js';
import { catalogueItems, tableByQrToken } from '../../store/service.js';
import type { Catalogue } from '../pricing/catalogue.js';
import { priceCart, type PricedCart, type PricingMember } from '../pricing/price.js';
import { order, type orderLine } from '../tables.js';
import { nextSequence, orderNoOf, pickupNoOf } from './numbers.js';
import { executeNamed, writeLines, writeOrder, type OrderValues, type OrderWritten } from './order-writes.js';
import { seatOrder, type SessionSynced } from '../floor/sessions.js';
import { freshRecord } from './records.js';
import { openTabOf } from './rounds.js';
import type { CartInput, CreatedOrder, CreateOrderInput, OrderOperator } from './service.js';

/**
 * Creating an order (STORE.md §6): the cart priced from the catalogue and checked (store open,
 * order type, every dish and its options, combo counts), the day's number drawn, then in one
 * transaction the stock taken by guarded updates, the coupon locked and the order, its lines and
 * its first log row written. A refusal names the dish and the reason and leaves nothing behind.
 * The common order (no coupon, no tab, not free) is one statement, its own transaction
 * (order-writes.ts): three round trips in all (store, number, order) instead of about ten.
 */

/** Where an order is made: its store (with what numbering and dates need) and table. */
export interface OrderPlace {
  storeId: string;
  storeName: string;
  timeZone: string;
  dayCutoffHour: number;
  pickupRule: PickupRule;
  payMode: 'pay_first' | 'pay_later';
  tableId: string | null;
  tableCode: string | null;
}

export interface OrderMember {
  id: string;
  name: string;
  phone: string;
  levelRate: number;
}

/** A priced cart with where and for whom. */
export interface PricedOrder {
  place: OrderPlace;
  catalogue: Catalogue;
  member: OrderMember | null;
  priced: PricedCart;
}

/** Where the catalogue comes from: the menu cache (pricing/source.ts), or a menu built directly (the demo seed). */
export interface Catalogues {
  get(storeId: string): Promise<Catalogue>;
}

export interface CreateDeps {
  db: Db;
  catalogues: Catalogues;
  /** The customer module's coupons (lock, and the member's usable ones for a quote). */
  coupons: CouponService;
  /** Minutes an unpaid order waits before the timeout job cancels it. */
  timeoutMin: number;
  /** Locks the member's wallet row (the customer module's wallet.lock), in the caller's transaction. */
  lockMember: (tx: Db, memberId: string) => Promise<unknown>;
  /** Settles an order whose payable is zero at once (in the creating transaction). */
  settleFree: (tx: Db, orderId: string, operator: OrderOperator) => Promise<boolean>;
  /** A pay-later tab opened (dining): its first round, told in the creating transaction (the kitchen prints it). */
  roundAdded?: (tx: Db, orderId: string, round: number) => Promise<void>;
}

const TYPE_NAMES = { dine_in: '堂食', takeaway: '外带' } as const;

/** The store and table of a cart: the table QR token's, or the cart's own (404 for an unknown store or table). */
export async function placeOf(db: Db, cart: CartInput, tableToken: string | undefined): Promise<OrderPlace> {
  let storeId = cart.storeId;
  let table: { id: string; code: string } | null = null;
  if (tableToken) {
    const found = await tableByQrToken(db, tableToken);
    if (!found) throw notFound('桌台二维码无效或已失效');
    storeId = found.storeId;
    table = { id: found.tableId, code: found.tableCode };
  }
  if (!storeId) throw badRequest('storeId: 请选择门店');
  // A named statement (parsed once per connection): every order and quote reads it.
  const [found] = rowsOf<{ name: string; time_zone: string; day_cutoff_hour: number; pickup_rule: PickupRule | string; pay_mode: OrderPlace['payMode'] }>(
    await executeNamed(db, 'canteen_order_place', sql`select name, time_zone, day_cutoff_hour, pickup_rule, pay_mode from store where id = ${storeId}::bigint`));
  if (!found) throw notFound(`门店 ${storeId} 不存在`);
  const shop = {
    name: found.name, timeZone: found.time_zone, dayCutoffHour: Number(found.day_cutoff_hour), payMode: found.pay_mode,
    pickupRule: (typeof found.pickup_rule === 'string' ? JSON.parse(found.pickup_rule) : found.pickup_rule) as PickupRule,
  };
  if (!table && cart.tableId) {
    const found = await tableOfStore(db, storeId, cart.tableId);
    if (!found) throw notFound(`桌台 ${cart.tableId} 不存在`);
    if (!found.enabled) throw badRequest(`桌台 ${found.code} 已停用`);
    table = found;
  }
  // A takeaway keeps no table: it is called by its pickup number.
  if (cart.type === 'takeaway') table = null;
  return { storeId, storeName: shop.name, ...shop, tableId: table?.id ?? null, tableCode: table?.code ?? null };
}

/** The member a cart names (404 when there is none), with the level rate pricing needs. */
async function memberOf(db: Db, memberId: string | undefined): Promise<OrderMember | null> {
  if (!memberId) return null;
  const m = await memberRecord(db, memberId);
  return { id: m.id, name: m.name, phone: m.phone, levelRate: m.level.discountRate };
}

/**
 * Prices a cart: the catalogue, the opening check (the diners' page needs the store open and
 * within its hours; the counter only open: staff judge the hours), the member, then pricing.
 * A quote skips the opening check: it holds nothing, and a diner of a closed store still sees
 * what the cart costs beside 本店休息中.
 */
export async function priceOrder(deps: Pick<CreateDeps, 'db' | 'catalogues'>, cart: CartInput, options: { source: 'cashier' | 'qr'; tableToken?: string | undefined; quoteOnly?: boolean }): Promise<PricedOrder> {
  const db = deps.db;
  const place = await placeOf(db, cart, options.tableToken);
  const catalogue = await deps.catalogues.get(place.storeId);
  const closed = options.source === 'qr' ? !catalogue.store.openNow : !catalogue.store.isOpen;
  if (closed && !options.quoteOnly) throw badRequest('本店休息中');
  if (!catalogue.store.orderTypes.includes(cart.type)) throw badRequest(`本店不支持${TYPE_NAMES[cart.type]}`);
  const member = await memberOf(db, cart.memberId);
  const pricingMember: PricingMember | null = member ? { levelRate: member.levelRate } : null;
  const lines = cart.lines.map((l) => ({ ...l, quantity: l.quantity }));
  // Dishes the menu does not have are off the shelf (or gone): their names, for the refusal.
  const missing = lines.filter((l) => l.kind === 'dish' && !catalogue.dishes.has(l.itemId)).map((l) => l.itemId);
  const offMenuNames = new Map((await catalogueItems(db, 'dishes', missing, { archived: true })).filter((d) => d.storeId === place.storeId).map((d) => [`dish:${d.id}`, d.name]));
  const priced = priceCart(catalogue, { type: cart.type, member: pricingMember, lines, offMenuNames });
  return { place, catalogue, member, priced };
}

/** The lines as a coupon's scope sees them: each line's amount after its member discount. */
export const couponLinesOf = (priced: PricedCart): CouponLine[] =>
  priced.lines.map((l) => ({ dishId: l.dishId ?? l.comboId!, categoryId: l.categoryId, amount: l.lineAmount - l.discountAmount }));

/** What the order comes to before its coupon (packing fees are not discounted). */
export const beforeCoupon = (priced: PricedCart): number => priced.goodsAmount - priced.memberDiscount;

/** payable = goods + packing − member − coupon (− manual), never below zero. */
export const payableOf = (priced: PricedCart, couponDiscountAmount: number): number =>
  Math.max(0, priced.goodsAmount + priced.packingFee - priced.memberDiscount - couponDiscountAmount);

/** The refusal for stock that ran short: "辣子鸡（大份）已售罄" or "… 库存不足，仅剩 2 份". */
const shortMessage = (name: string, unit: string, remaining: number) => (remaining > 0 ? `${name}库存不足，仅剩${remaining}${unit}` : `${name}已售罄`);

/** A random secret for the diners' page (192 bits, URL-safe). */
export const newViewToken = (): string => randomBytes(24).toString('base64url');

/** The order a retry's Idempotency-Key made earlier in the store, or null. */
export async function orderByKey(db: Db, storeId: string, key: string): Promise<string | null> {
  const [row] = await db.select({ id: order.id }).from(order).where(and(eq(order.storeId, storeId), eq(order.idempotencyKey, key)));
  return row?.id ?? null;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface Created {
  orderId: string;
  status: OrderStatus;
  storeId: string;
  /** False when a retry's key found the order made earlier. */
  created: boolean;
  /** A dish's stock reached zero (the caller tells the menu cache after the commit). */
  menuChanged: boolean;
  /** The record as written, when this call made the order (and nothing moved it on). */
  record?: CreatedOrder;
  /** The table seating the order opened or joined (the caller publishes the floor after commit). */
  floor?: SessionSynced | null;
}

/** Creates the order; see the file's comment. */
export async function createOrder(deps: CreateDeps, input: CreateOrderInput): Promise<Created> {
  const db = deps.db;
  const { cart, idempotencyKey } = input;
  if (idempotencyKey) {
    const storeId = input.tableToken ? (await tableByQrToken(db, input.tableToken))?.storeId : cart.storeId;
    const earlier = storeId ? await orderByKey(db, storeId, idempotencyKey) : null;
    if (earlier) return { orderId: earlier, status: 'pending', storeId: storeId!, created: false, menuChanged: false };
  }
  const { place, member, priced } = await priceOrder(deps, cart, { source: input.source, tableToken: input.tableToken });
  if (cart.couponId && !member) throw badRequest('使用优惠券请先选择会员');
  const status: OrderStatus = input.source === 'qr' && place.payMode === 'pay_later' && cart.type === 'dine_in' ? 'dining' : 'pending';
  // A diner's pay-first order holds no stock while unpaid (issue 22 #5: a table's QR code let
  // anyone hold the whole day's 芝士蛋糕 for 15 minutes, order after unpaid order). It is refused
  // 已售罄 at once when the stock is short now, and takes its stock when it is paid (settlePaid).
  const stockOnPay = input.source === 'qr' && status === 'pending';
  const now = input.at ?? new Date();
  const businessDate = businessDateAt(now, place.timeZone, place.dayCutoffHour);
  // The day's number is drawn before the order's transaction, in a statement of its own: drawn
  // inside, its row would stay locked until the commit and every order of the store would wait
  // for the one before. A creation refused later (stock gone, coupon taken) leaves a gap.
  const sequence = await nextSequence(db, place.storeId, businessDate);
  const valuesWith = (coupon: LockedCoupon | null): OrderValues => ({
    storeId: place.storeId,
    orderNo: orderNoOf(businessDate, place.storeId, sequence),
    businessDate,
    type: cart.type,
    source: input.source,
    status,
    // A tab opened at the table (先吃后付): paid after eating, it is finished without 接单.
    payLater: status === 'dining',
    stockOnPay,
    tableId: place.tableId,
    tableCode: place.tableCode,
    guests: cart.guests ?? null,
    // Dine-in at a table is served there; everything else is called by its pickup number.
    pickupNo: place.tableCode ? null : pickupNoOf(place.pickupRule, sequence),
    memberId: member?.id ?? null,
    memberName: member?.name ?? null,
    memberPhone: member?.phone ?? null,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    couponName: coupon?.name ?? null,
    goodsAmount: priced.goodsAmount,
    packingFee: priced.packingFee,
    memberDiscount: priced.memberDiscount,
    couponDiscount: coupon?.discount ?? 0,
    payableAmount: payableOf(priced, coupon?.discount ?? 0),
    itemCount: priced.itemCount,
    remark: cart.remark ?? '',
    viewToken: newViewToken(),
    idempotencyKey: idempotencyKey ?? null,
    expireAt: status === 'pending' ? new Date(now.getTime() + deps.timeoutMin * 60_000) : null,
    operatorId: input.operator.id,
    operatorName: input.operator.name,
    createdAt: now,
    updatedAt: now,
  });
  const shortError = (short: { entry: StockEntry; remaining: number }) => {
    const demand = priced.stock.find((d) => d.dishId === short.entry.dishId && d.skuId === short.entry.skuId)!;
    return badRequest(shortMessage(demand.name, demand.unit, short.remaining));
  };
  const done = (written: Extract<OrderWritten, { ok: true }>, emptied: boolean, floor: SessionSynced | null = null): Created => ({
    // What was just written is the record: no second read of it.
    orderId: written.order.id, status, storeId: place.storeId, created: true, menuChanged: emptied, floor,
    record: { ...freshRecord(written.order, place.storeName, written.lines, [written.log]), viewToken: written.order.viewToken },
  });
  const taken = stockOnPay ? [] : priced.stock;
  if (stockOnPay) {
    const short = await stockShort(db, place.storeId, priced.stock);
    if (short) throw shortError(short);
  }
  try {
    // The common order (no coupon, no tab, something to pay) needs nothing else in its
    // transaction: its one statement is the transaction (stock, order, lines, log; order-writes.ts).
    // An order at a table is not common: it opens or joins the table's seating (floor/sessions.ts).
    if (!cart.couponId && status === 'pending' && payableOf(priced, 0) > 0 && !place.tableId) {
      const written = await writeOrder(db, { id: null, values: valuesWith(null), priced, stock: taken });
      if (!written.ok) throw shortError(written.short);
      return done(written, written.emptied);
    }
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // A pay-later table opens one tab: two first submissions at once are serialised on the
      // table, and the second finds the first's order (the caller adds its round, orders/rounds.ts).
      // Every order at a table takes the same lock: a counter order made while a diner opens the tab sees it.
      if (place.tableId) {
        await tx.execute(sql`select pg_advisory_xact_lock(${TAB_LOCK_SPACE}::int, ${Number(place.tableId) | 0}::int)`);
        const open = await openTabOf(tx, place.tableId);
        if (open && status === 'dining') throw new TabAlreadyOpen(open.id);
        // The counter never joins a table's open tab unasked (issue 24: the cart said ¥3.00, the
        // payment asked ¥18.00): it adds a round to that tab (加菜), whose amount it shows.
        if (open && input.source === 'cashier') throw await tabOpenConflict(tx, open.id);
      }
      let orderId: string | null = null;
      let coupon: LockedCoupon | null = null;
      let emptied = false;
      if (cart.couponId && member) {
        // Wallet before coupons (the customer module's lock order); a coupon can make the order free,
        // and settling it takes the member FOR UPDATE after the insert held it FOR KEY SHARE.
        await deps.lockMember(tx, member.id);
        // The coupon is locked for the order's id, after the stock (a cart short of stock is refused for that first).
        [{ id: orderId } = { id: '' }] = rowsOf<{ id: string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::text as id`));
        const stock = await takeStock(tx, place.storeId, taken);
        if (stock.short) throw shortError(stock.short);
        emptied = stock.emptied;
        const locked = await deps.coupons.lock(tx, {
          couponId: cart.couponId, memberId: member.id, orderId, storeId: place.storeId, orderType: cart.type, lines: couponLinesOf(priced), total: beforeCoupon(priced), now,
        });
        coupon = { id: locked.couponId, code: locked.code, name: locked.planName, discount: locked.discount };
      }
      const values = valuesWith(coupon);
      const written = await writeOrder(tx, { id: orderId, values, priced, stock: coupon ? [] : taken });
      if (!written.ok) throw shortError(written.short);
      emptied ||= written.emptied;
      const id = written.order.id;
      const floor = place.tableId && place.tableCode
        ? await seatOrder(tx, id, { storeId: place.storeId, tableId: place.tableId, tableCode: place.tableCode, businessDate, guests: cart.guests ?? null, operator: input.operator })
        : null;
      if (status === 'dining') await deps.roundAdded?.(tx, id, 1);
      if (values.payableAmount === 0 && status === 'pending' && await deps.settleFree(tx, id, input.operator)) {
        return { orderId: id, status: 'paid' as const, storeId: place.storeId, created: true, menuChanged: emptied, floor };
      }
      return done(written, emptied, floor);
    });
  } catch (error) {
    // Two tries with the same key at the same moment: the second finds the first's order.
    if (idempotencyKey && dbFailureOf(error)?.constraint === 'orders_idempotency') {
      const earlier = await orderByKey(db, place.storeId, idempotencyKey);
      if (earlier) return { orderId: earlier, status: 'pending', storeId: place.storeId, created: false, menuChanged: false };
    }
    throw error;
  }
}

interface LockedCoupon {
  id: string;
  code: string;
  name: string;
  discount: number;
}

const businessDates = new Map<string, string>();

/**
 * businessDateOf, kept per store setting and minute (a day starts on a whole minute in every
 * time zone): formatting the date in the store's zone was a tenth of an order's JS time.
 */
function businessDateAt(at: Date, timeZone: string, cutoffHour: number): string {
  const key = `${timeZone}|${cutoffHour}|${Math.floor(at.getTime() / 60_000)}`;
  let date = businessDates.get(key);
  if (!date) {
    date = businessDateOf(at, timeZone, cutoffHour);
    if (businessDates.size > 1000) businessDates.clear();
    businessDates.set(key, date);
  }
  return date;
}

/** The advisory lock space of a table's tab (its key: the table id). */
const TAB_LOCK_SPACE = 5001;

/** 409 for a counter order at a table whose tab is open: "该桌有进行中的订单 …（¥18.00），请在该订单上加菜". */
async function tabOpenConflict(tx: Db, orderId: string): Promise<AppError> {
  const [tab] = await tx.select({ orderNo: order.orderNo, payable: order.payableAmount }).from(order).where(eq(order.id, orderId));
  return conflict(`该桌有进行中的订单 ${tab?.orderNo ?? ''}（${formatFen(tab?.payable ?? 0)}），请在该订单上加菜`);
}

/** Creating a pay-later table's order found the table's tab opened meanwhile: add a round to it instead. */
export class TabAlreadyOpen extends Error {
  constructor(readonly orderId: string) {
    super('本桌已有进行中的订单');
  }
}

/** Writes the priced lines (combos first, then their items) of one round (one statement, order-writes.ts). */
export function insertLines(tx: Db, orderId: string, priced: PricedCart, round: number, sortFrom = 0): Promise<Array<typeof orderLine.$inferSelect>> {
  return writeLines(tx, orderId, priced, round, sortFrom);
}

/** A quote: the priced cart with its amounts and the member's coupons usable on it (best first). */
export async function quoteOrder(deps: Pick<CreateDeps, 'db' | 'catalogues' | 'coupons'>, cart: CartInput, options: { source: 'cashier' | 'qr'; tableToken?: string | undefined }): Promise<OrderQuote> {
  const db = deps.db;
  const { place, member, priced } = await priceOrder(deps, cart, { ...options, quoteOnly: true });
  if (cart.couponId && !member) throw badRequest('使用优惠券请先选择会员');
  const coupons: OrderQuote['coupons'] = [];
  if (member) {
    const plans = new Map<string, Awaited<ReturnType<typeof planRow>>>();
    for (const c of await deps.coupons.usable(db, member.id)) {
      const plan = plans.get(c.planId) ?? await planRow(db, c.planId);
      plans.set(c.planId, plan);
      if (plan.storeIds.length && !plan.storeIds.includes(place.storeId)) continue;
      if (!plan.orderTypes.includes(cart.type)) continue;
      const d = couponDiscount(plan, couponLinesOf(priced), beforeCoupon(priced));
      if (d.ok) coupons.push({ id: c.id, code: c.code, name: c.planName, discount: d.discount });
    }
    coupons.sort((a, b) => b.discount - a.discount);
  }
  let couponDiscountAmount = 0;
  if (cart.couponId && member) couponDiscountAmount = await trialLock(deps, { couponId: cart.couponId, member, place, cart, priced });
  return {
    goodsAmount: priced.goodsAmount,
    packingFee: priced.packingFee,
    memberDiscount: priced.memberDiscount,
    couponDiscount: couponDiscountAmount,
    payableAmount: payableOf(priced, couponDiscountAmount),
    lines: priced.lines.map((l) => ({
      kind: l.kind, dishId: l.dishId, comboId: l.comboId, skuId: l.skuId, categoryId: l.categoryId, name: l.name, specText: l.specText, image: l.image,
      unit: l.unit, unitPrice: l.unitPrice, quantity: l.quantity, lineAmount: l.lineAmount, discountAmount: l.discountAmount, remark: l.remark,
      children: l.children.map((c) => ({ name: c.name, specText: c.specText, quantity: c.quantity })),
    })),
    coupons,
  };
}

class TrialDone extends Error {
  constructor(readonly discount: number) {
    super('trial');
  }
}

/**
 * The chosen coupon's discount, checked exactly as creating would (the coupons service's lock,
 * in a transaction that is always rolled back): a coupon that does not apply is the same 400.
 */
async function trialLock(deps: Pick<CreateDeps, 'db' | 'coupons'>, input: { couponId: string; member: OrderMember; place: OrderPlace; cart: CartInput; priced: PricedCart }): Promise<number> {
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await deps.coupons.lock(tx, {
        couponId: input.couponId, memberId: input.member.id, orderId: '0', storeId: input.place.storeId, orderType: input.cart.type,
        lines: couponLinesOf(input.priced), total: beforeCoupon(input.priced),
      });
      throw new TrialDone(locked.discount);
    });
  } catch (error) {
    if (error instanceof TrialDone) return error.discount;
    throw error;
  }
  throw new AppError(500, '优惠券试算失败');
}
