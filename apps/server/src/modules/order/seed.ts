import { eq, inArray, sql } from 'drizzle-orm';
import { businessDateOf, type KitchenState, type OrderCart, type OrderStatus, type PickupRule } from '@canteen/contract';
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
import { KITCHEN_PROGRESS, oldestOf, scenesOf, type LiveStatus, type SceneLine, type SeatState } from './demo-floor.js';
import { order, orderLine, orderLog, orderPayment, orderSequence, tableSession } from './tables.js';

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

/** A demo order's state; `expired`: cancelled by the unpaid timeout (已取消, by 系统); `live`: one of today's floor (demo-floor.ts). */
type Step = 'finished' | 'cancelled' | 'expired' | 'live';

/**
 * A seating (table_session) of the plan: at the table of that place among the store's tables
 * (wrapped), with its times (epoch ms).
 */
export interface PlannedSeat {
  state: SeatState | 'cleared';
  slot: number;
  openedAt: number;
  billAt: number | null;
  paidAt: number | null;
  clearedAt: number | null;
}

/** One of today's live orders: its status, rounds with their kitchen lines, and times (epoch ms). */
export interface LiveOrder {
  status: LiveStatus;
  tab: boolean;
  rounds: Array<{ at: number; lines: SceneLine[] }>;
  billAt: number | null;
  paidAt: number | null;
  finishedAt: number | null;
}

export interface PlannedOrder {
  /** When it was made (epoch ms). */
  at: number;
  step: Step;
  type: 'dine_in' | 'takeaway';
  /** Its place in the plan (which dishes and table it gets). */
  index: number;
  /** The seating it belongs to (a dine-in order at a table). */
  seat?: PlannedSeat;
  live?: LiveOrder;
}

export interface DemoPlan {
  orders: PlannedOrder[];
  /** Seatings without an order yet (已开台). */
  seats: PlannedSeat[];
}

/** The log of a done demo order: [action, from, to, minutes after it was made]. */
const STEPS: Record<Exclude<Step, 'live'>, Array<[string, OrderStatus | null, OrderStatus, number]>> = {
  finished: [['create', null, 'pending', 0], ['pay', 'pending', 'paid', 1], ['accept', 'paid', 'making', 3], ['finish', 'making', 'finished', 18]],
  cancelled: [['create', null, 'pending', 0], ['cancel', 'pending', 'cancelled', 5]],
  expired: [['create', null, 'pending', 0], ['timeout', 'pending', 'cancelled', UNPAID_MIN]],
};
/** Minutes a done seating lasts after its order (a meal; a cancelled order's table is soon free), and before it (sitting down). */
const SEATED: Record<Exclude<Step, 'live'>, number> = { finished: 45, cancelled: 8, expired: UNPAID_MIN + 3 };
const SEAT_HEAD = 3;
/** Minutes from an order's making to its last event (the end of its seating, for a dine-in order). */
const tailOf = (step: Exclude<Step, 'live'>, type: 'dine_in' | 'takeaway'): number => (type === 'dine_in' ? SEATED[step] : STEPS[step].at(-1)![3]);

/** A done seating: sat down SEAT_HEAD minutes before the order, cleared SEATED after it. */
const doneSeat = (at: number, step: Exclude<Step, 'live'>, slot: number): PlannedSeat => ({
  state: 'cleared', slot, openedAt: at - SEAT_HEAD * MINUTE, billAt: null, paidAt: step === 'finished' ? at + MINUTE : null, clearedAt: at + SEATED[step] * MINUTE,
});

/** Today's done orders, [state, type], latest first; at a store closed now, those that were still open become done too. */
const TODAY_DONE: Array<[Exclude<Step, 'live'>, 'dine_in' | 'takeaway']> = [['finished', 'dine_in'], ['cancelled', 'takeaway'], ['finished', 'takeaway'], ['finished', 'dine_in']];
const CLOSED_TOO: Array<[Exclude<Step, 'live'>, 'dine_in' | 'takeaway']> = [['finished', 'dine_in'], ['expired', 'takeaway'], ['finished', 'takeaway'], ['finished', 'dine_in']];

/**
 * When the demo orders and seatings of a store were made, all within its hours (issue 27 #18), from `now`:
 *
 * - The six business days before today: three finished orders and, every other day, a
 *   cancelled one, at fixed points of the day's open time (a fifth, half and four fifths of
 *   the way through it; the cancelled one at a third), each with time for its last step (a
 *   dine-in one: its seating, from sitting down to 清台) before closing.
 * - Today, the store open now: the floor in service (demo-floor.ts), its minutes before now, or
 *   proportionally fewer when the period it is in began less long ago; the done orders before
 *   them, TODAY_GAP minutes apart, back through today's open time, their seatings cleared.
 * - Today, the store closed now (between lunch and dinner, after closing, before opening): no
 *   table is in service and no order open at a closed store, so today's are all done (the
 *   unpaid one cancelled by the unpaid timeout), placed back from the last open time before now.
 * - Today's done orders that do not fit in the open time today has had (before the first
 *   opening of the day, or just after it) go back to the open time before: the previous
 *   business day's last period, so they are that day's. Nothing is ever after `now`.
 *
 * An order that finds no open time at all (a store closed the whole week) is left out.
 */
export function planDemoOrders(open: OpenTime, payLater: boolean, now: number): DemoPlan {
  const today = businessDateOf(new Date(now), open.hours.timeZone, open.hours.dayCutoffHour);
  const orders: PlannedOrder[] = [];
  const seats: PlannedSeat[] = [];
  let index = 0;
  for (let day = 6; day >= 1; day--) {
    const periods = open.periods(shiftDate(today, -day));
    const spots: Array<[Exclude<Step, 'live'>, 'dine_in' | 'takeaway', number]> = [['finished', 'dine_in', 0.2], ['finished', 'takeaway', 0.5], ['finished', 'dine_in', 0.8]];
    if (day % 2 === 0) spots.push(['cancelled', 'dine_in', 1 / 3]);
    for (const [step, type, u] of spots) {
      // Room for the seating's head too: it opened before the order.
      const picked = pickIn(periods.map((p) => ({ from: p.from + SEAT_HEAD * MINUTE, to: p.to })), u, tailOf(step, type));
      if (picked !== null) orders.push({ at: picked, step, type, index, ...(type === 'dine_in' ? { seat: doneSeat(picked, step, index * 7) } : {}) });
      index++;
    }
  }
  const current = open.periods(today).find((p) => p.from <= now && now < p.to);
  let before = now;
  let slot = 0;
  if (current) {
    const scenes = scenesOf(payLater);
    // Minutes ago, or proportionally fewer when the period began less long ago.
    const factor = Math.min(1, (now - current.from) / (oldestOf(scenes) * MINUTE));
    const ago = (minutes: number | undefined) => (minutes === undefined ? null : Math.round(now - minutes * factor * MINUTE));
    for (const scene of scenes) {
      const i = index++;
      const o = scene.order;
      const seat: PlannedSeat | undefined = scene.seat && {
        state: scene.seat.state, slot: slot++, openedAt: ago(scene.seat.openedAgo)!, billAt: ago(o?.billAgo), paidAt: ago(o?.paidAgo), clearedAt: null,
      };
      if (seat) before = Math.min(before, seat.openedAt);
      if (!o) {
        if (seat) seats.push(seat);
        continue;
      }
      const rounds = o.rounds.map((r) => ({ at: ago(r.ago)!, lines: r.lines }));
      before = Math.min(before, rounds[0]!.at);
      orders.push({
        at: rounds[0]!.at, step: 'live', type: o.type, index: i, ...(seat ? { seat } : {}),
        live: { status: o.status, tab: o.tab, rounds, billAt: ago(o.billAgo), paidAt: ago(o.paidAgo), finishedAt: ago(o.finishedAgo) },
      });
    }
  }
  const done = [...TODAY_DONE, ...(current ? [] : CLOSED_TOO)].map(([step, type]) => ({ step, type, index: index++ }));
  // The done ones, latest first, back through the open time before the open ones.
  const windows: Period[] = [];
  for (let day = 0; day <= 7; day++) windows.push(...open.periods(shiftDate(today, -day)).filter((p) => p.from < before).reverse());
  let w = 0;
  let next = before;
  for (const order of done) {
    const tail = tailOf(order.step, order.type) * MINUTE;
    const head = order.type === 'dine_in' ? SEAT_HEAD * MINUTE : 0;
    for (; w < windows.length; w++) {
      const window = windows[w]!;
      // Its last step a minute before the window closes at the latest, and never after now (nor after the next one began).
      const at = Math.min(next - TODAY_GAP * MINUTE, window.to - tail - MINUTE, now - tail);
      if (at - head < window.from) continue;
      orders.push({ ...order, at, ...(order.type === 'dine_in' ? { seat: doneSeat(at, order.step, slot++) } : {}) });
      next = at - head;
      break;
    }
  }
  return { orders: orders.sort((a, b) => a.at - b.at || a.index - b.index), seats };
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


/** A round's cart: a few dishes of the pool, from the order's place in the plan. */
function cartOf(pool: CartLine[], i: number, count: number, random: ReturnType<typeof generator>): CartLine[] {
  return Array.from({ length: Math.min(count, pool.length) }, (_, k) => pool[(i * 3 + k * 5) % pool.length]!)
    .filter((line, k, all) => all.indexOf(line) === k).map((line) => ({ ...line, quantity: line.quantity === 1 && random.chance(0.3) ? 2 : line.quantity }));
}

/** A line's kitchen columns: when it reached the kitchen, its state and when it got there, 催菜. */
interface Kitchen {
  kitchenState: KitchenState;
  kitchenSince: Date | null;
  kitchenAt: Date | null;
  kitchenBy: string;
  rushedAt: Date | null;
}

/** The log of a live order, from its times: created (a tab dining), its rounds, 买单, the payment, 接单 and 完成 as its status has them. */
function liveLog(live: LiveOrder, at: number, accepted: number | null): Array<[string, OrderStatus | null, OrderStatus, number, string]> {
  const log: Array<[string, OrderStatus | null, OrderStatus, number, string]> = [['create', null, live.tab ? 'dining' : 'pending', at, '']];
  live.rounds.slice(1).forEach((r, k) => log.push(['add', 'dining', 'dining', r.at, `第${k + 2}轮`]));
  if (live.billAt !== null) log.push(['bill', 'dining', 'pending', live.billAt, '']);
  if (live.paidAt !== null) log.push(['pay', 'pending', 'paid', live.paidAt, '']);
  if (accepted !== null) log.push(['accept', 'paid', 'making', accepted, '厨房开始制作']);
  if (live.finishedAt !== null) log.push(['finish', accepted !== null ? 'making' : 'paid', 'finished', live.finishedAt, '全部出餐']);
  return log;
}

/**
 * The demo orders and seatings of one store, written in a few multi-row statements in one
 * transaction (a boot must stay fast): each cart priced by the orders' own pricing from the
 * store's menu, its number and pickup number drawn from the day's sequence as creating does, its
 * lines (with their kitchen state), log and payment as the services write them, its seating
 * (table_session) as the floor keeps it. Answers how many orders were made.
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
  const lines: Array<{ orderIndex: number; priced: PricedCart; rounds: number[]; kitchen: Kitchen[] }> = [];
  const logs: Array<Omit<typeof orderLog.$inferInsert, 'orderId'> & { orderIndex: number }> = [];
  const payments: Array<Omit<typeof orderPayment.$inferInsert, 'orderId'> & { orderIndex: number }> = [];
  const seats: Array<{ row: typeof tableSession.$inferInsert; orderIndex: number | null }> = [];
  const plan = planDemoOrders(shop.open, shop.payMode === 'pay_later', now);
  const tableOf = (seat: PlannedSeat | undefined) => (seat && tables.length ? tables[seat.slot % tables.length]! : null);
  const seatRow = (seat: PlannedSeat, table: { id: string; code: string }, guests: number, firstOrderAt: number | null): typeof tableSession.$inferInsert => ({
    storeId: shop.id, tableId: table.id, tableCode: table.code, businessDate: businessDateOf(new Date(seat.openedAt), shop.timeZone, shop.dayCutoffHour),
    state: seat.state, guests, openedAt: new Date(seat.openedAt), openedById: operator.id, openedBy: operator.name,
    firstOrderAt: firstOrderAt === null ? null : new Date(firstOrderAt), billAt: seat.billAt === null ? null : new Date(seat.billAt),
    paidAt: seat.paidAt === null ? null : new Date(seat.paidAt), clearedAt: seat.clearedAt === null ? null : new Date(seat.clearedAt),
    clearedBy: seat.clearedAt === null ? '' : operator.name, createdAt: new Date(seat.openedAt),
    updatedAt: new Date(Math.max(seat.openedAt, firstOrderAt ?? 0, seat.billAt ?? 0, seat.paidAt ?? 0, seat.clearedAt ?? 0)),
  });
  for (const seat of plan.seats) {
    const table = tableOf(seat);
    if (table) seats.push({ row: seatRow(seat, table, random.int(2, 4), null), orderIndex: null });
  }
  for (const p of plan.orders) {
    const i = p.index;
    const pool = choices[p.type];
    if (!pool.length) continue;
    const live = p.live;
    const roundCarts = live ? live.rounds.map((r, k) => cartOf(pool, i + k * 11, r.lines.length, random)) : [cartOf(pool, i, random.int(1, 4), random)];
    let priced: PricedCart;
    const rounds: number[] = [];
    try {
      // A tab's rounds are priced one by one, as adding them does, and add up.
      const carts = roundCarts.map((lines) => priceCart(catalogue, { type: p.type, member: null, lines }));
      carts.forEach((c, k) => rounds.push(...c.lines.map(() => k + 1)));
      priced = {
        lines: carts.flatMap((c) => c.lines), goodsAmount: carts.reduce((s, c) => s + c.goodsAmount, 0), packingFee: carts.reduce((s, c) => s + c.packingFee, 0),
        memberDiscount: 0, itemCount: carts.reduce((s, c) => s + c.itemCount, 0), stock: carts.flatMap((c) => c.stock),
      };
    } catch {
      continue; // a dish the demo menu cannot sell this way: leave that order out
    }
    const table = p.type === 'dine_in' ? tableOf(p.seat) : null;
    const at = new Date(p.at);
    const after = (minutes: number) => new Date(at.getTime() + minutes * MINUTE);
    const businessDate = businessDateOf(at, shop.timeZone, shop.dayCutoffHour);
    const sequence = (sequences.get(businessDate) ?? 0) + 1;
    sequences.set(businessDate, sequence);
    const payable = payableOf(priced, 0);
    const status: OrderStatus = live ? live.status : p.step === 'expired' ? 'cancelled' : (p.step as OrderStatus);
    const paidAt = live ? live.paidAt : p.step === 'finished' ? p.at + MINUTE : null;
    const finishedAt = live ? live.finishedAt : p.step === 'finished' ? p.at + 18 * MINUTE : null;
    // A paid order is accepted when its first line is started (a tab never waits to be accepted).
    const accepted = live ? (!live.tab && live.paidAt !== null && (status === 'making' || status === 'finished') ? live.paidAt + Math.round(((live.finishedAt ?? now) - live.paidAt) * 0.3) : null)
      : p.step === 'finished' ? p.at + 3 * MINUTE : null;
    const cancelledAt = p.step === 'cancelled' ? p.at + 5 * MINUTE : p.step === 'expired' ? p.at + UNPAID_MIN * MINUTE : null;
    const qr = live?.tab === true;
    const who = qr ? { id: null, name: '扫码顾客' } : operator;
    const expired = p.step === 'expired';
    const orderIndex = orders.length;
    const guests = table ? random.int(1, 4) : null;
    const log = live ? liveLog(live, p.at, accepted) : STEPS[p.step as Exclude<Step, 'live'>].map(([a, f, t, m]): [string, OrderStatus | null, OrderStatus, number, string] => [a, f, t, p.at + m * MINUTE, '']);
    const last = Math.max(...log.map((l) => l[3]));
    orders.push({
      storeId: shop.id, orderNo: orderNoOf(businessDate, shop.id, sequence), businessDate, type: p.type, source: qr ? 'qr' : 'cashier',
      status, payLater: live?.tab ?? false, tableId: table?.id ?? null, tableCode: table?.code ?? null, guests,
      pickupNo: table ? null : pickupNoOf(shop.pickupRule, sequence),
      goodsAmount: priced.goodsAmount, packingFee: priced.packingFee, memberDiscount: 0, couponDiscount: 0, payableAmount: payable,
      paidAmount: paidAt !== null ? payable : 0, itemCount: priced.itemCount, remark: random.chance(0.2) ? '少辣' : '',
      cancelReason: p.step === 'cancelled' ? (i % 2 ? '顾客取消' : '点错了') : expired ? TIMEOUT_REASON : null,
      stockHeld: status === 'pending' || status === 'dining', viewToken: newViewToken(),
      expireAt: status === 'pending' && !live?.tab ? after(UNPAID_MIN) : null, operatorId: who.id, operatorName: who.name, createdAt: at, updatedAt: new Date(last),
      paidAt: paidAt === null ? null : new Date(paidAt), acceptedAt: accepted === null ? null : new Date(accepted),
      finishedAt: finishedAt === null ? null : new Date(finishedAt), cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
    });
    if (p.seat && table) seats.push({ row: seatRow(p.seat, table, guests ?? 1, p.at), orderIndex });
    // The kitchen: a live order's lines as its scene has them; a done one's all out (served) when it finished or was cancelled.
    const roundAt = (k: number) => live?.rounds[k]?.at ?? p.at;
    const kitchen = priced.lines.map((_, n): Kitchen => {
      const round = rounds[n]! - 1;
      const scene = live?.rounds[round]?.lines[priced.lines.slice(0, n).filter((_, m) => rounds[m] === rounds[n]).length];
      if (!live || !scene) {
        const out = finishedAt ?? cancelledAt ?? last;
        return { kitchenState: 'served', kitchenSince: new Date(paidAt ?? p.at), kitchenAt: new Date(out), kitchenBy: operator.name, rushedAt: null };
      }
      // A tab's round reaches the kitchen when it is sent; a pay-first order's lines when it is paid.
      const since = live.tab ? roundAt(round) : live.paidAt;
      if (since === null) return { kitchenState: 'waiting', kitchenSince: null, kitchenAt: null, kitchenBy: '', rushedAt: null };
      const until = Math.min(live.billAt ?? now, live.finishedAt ?? now, now);
      const progress = KITCHEN_PROGRESS[scene.state];
      const stateAt = scene.state === 'ready' && live.finishedAt !== null ? live.finishedAt : progress === null ? null : since + Math.round((until - since) * progress);
      return {
        kitchenState: scene.state, kitchenSince: new Date(since), kitchenAt: stateAt === null ? null : new Date(stateAt), kitchenBy: stateAt === null ? '' : operator.name,
        rushedAt: scene.rushed ? new Date(since + Math.round((now - since) * 0.5)) : null,
      };
    });
    lines.push({ orderIndex, priced, rounds, kitchen });
    for (const [action, from, to, when, remark] of log) {
      const by = action === 'timeout' ? TIMEOUT_OPERATOR : action === 'create' || action === 'add' ? who : operator;
      const reason = action === 'cancel' || action === 'timeout' ? orders[orderIndex]!.cancelReason! : remark;
      logs.push({ orderIndex, action, fromStatus: from, toStatus: to, remark: reason, operatorId: by.id, operatorName: by.name, createdAt: new Date(when) });
    }
    if (paidAt !== null && payable > 0) {
      const wechat = random.chance(0.5);
      const tendered = Math.ceil(payable / 5000) * 5000;
      const orderNo = orders[orderIndex]!.orderNo;
      const when = new Date(paidAt);
      payments.push({
        orderIndex, storeId: shop.id, businessDate, method: wechat ? 'wechat' : 'cash', amount: payable, status: 'success',
        ...(wechat ? { tradeNo: `DEMO${orderNo}`, outTradeNo: `DEMO-${orderNo}` } : { tendered, change: tendered - payable }),
        operatorId: operator.id, operatorName: operator.name, paidAt: when, createdAt: when, updatedAt: when,
      });
    }
  }
  if (!orders.length) return 0;
  // The seatings first (an order names its own), in the order they were planned.
  const seatIds = seats.length ? (await tx.insert(tableSession).values(seats.map((s) => s.row)).returning({ id: tableSession.id })).map((r) => r.id) : [];
  const sessionOf = new Map(seats.flatMap((s, k) => (s.orderIndex === null ? [] : [[s.orderIndex, seatIds[k]!] as const])));
  const ids = (await tx.insert(order).values(orders.map((o, k) => ({ ...o, sessionId: sessionOf.get(k) ?? null }))).returning({ id: order.id })).map((r) => r.id);
  const rows: Array<typeof orderLine.$inferInsert> = [];
  const children: Array<{ parentIndex: number; row: typeof orderLine.$inferInsert }> = [];
  for (const { orderIndex, priced, rounds, kitchen } of lines) {
    let sort = 0;
    for (const [n, l] of priced.lines.entries()) {
      const parentIndex = rows.length;
      const made = kitchen[n]!;
      const lineAt = made.kitchenSince && rounds[n]! > 1 ? made.kitchenSince : orders[orderIndex]!.createdAt!;
      rows.push({
        orderId: ids[orderIndex]!, kind: l.kind, dishId: l.dishId, comboId: l.comboId, skuId: l.skuId, categoryId: l.categoryId, name: l.name, specText: l.specText,
        specJson: l.specJson, image: l.image, unit: l.unit, unitPrice: l.unitPrice, quantity: l.quantity, lineAmount: l.lineAmount, discountAmount: l.discountAmount,
        packingFee: l.packingFee, stockTaken: 0, remark: l.remark, round: rounds[n]!, sort: sort++, createdAt: lineAt, ...made,
      });
      // A combo's items are made as the combo is (its state is theirs).
      for (const c of l.children) {
        children.push({ parentIndex, row: {
          orderId: ids[orderIndex]!, kind: 'combo_item', dishId: c.dishId, skuId: c.skuId, categoryId: c.categoryId, name: c.name, specText: c.specText,
          specJson: c.specJson, image: c.image, unit: c.unit, unitPrice: 0, quantity: c.quantity, lineAmount: 0, stockTaken: 0, round: rounds[n]!, sort: sort++,
          createdAt: lineAt, ...made,
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
