import { sql } from 'drizzle-orm';
import { businessDateOf, couponDiscount, localParts, type BusinessHours, type CouponTerms, type OrderType, type PickupRule } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import type { Seeder } from '../../../db/seed.js';
import { pointsFor, splitCharge } from '../../customer/wallet/service.js';
import { beforeCoupon, couponLinesOf, newViewToken, payableOf } from '../../order/orders/create.js';
import { orderNoOf, pickupNoOf } from '../../order/orders/numbers.js';
import { catalogueOf } from '../../order/pricing/catalogue.js';
import { priceCart, type PricedCart } from '../../order/pricing/price.js';
import { orderable } from '../../order/seed.js';
import { PAY_METHOD_BITS } from '../../order/service.js';
import { localInstant, openTimeOf, type OpenTime } from '../../store/demo-hours.js';
import { enabledTables } from '../../store/for-orders.js';
import { buildMenu } from '../../store/menu/build.js';
import { DEMO_OPERATOR, DEMO_STORES } from '../../store/seed-data.js';
import { userByUsername } from '../../upms/service.js';
import { addDays } from '../period.js';
import { rebuildRollups } from '../rollups/rebuild.js';
import { DEMO_DAYS, minuteOfOrder, ordersOfDay, outcomeOf, popularity, randomOf, type Random } from './plan.js';
import { seatingOf, type Seating } from './seatings.js';
import { insertRows, type Row } from './write.js';
import { rowsOf } from '../../../db/queries.js';

/**
 * The demo business (issue 15, DEMO_DATA on): 90 days of history before today for the demo
 * stores, so the reports and the home page have something to show. Written in bulk (a boot must
 * stay fast) with the rows the services write for the same events: orders priced by the orders'
 * own pricing from the store's menu and numbered from the day's sequence (after the orders
 * module's own demo days), their lines, log and payment; members paying by balance with the
 * wallet's consume rows (its proportional split) and their points rows and totals, using an
 * unused coupon of theirs when one applies then (valid, the store and type, its terms: the
 * coupon becomes used by the order, its plan counts it); about 1 %
 * refunded in full the same day (refund row, payment and lines marked); about 2 % cancelled
 * before payment; every dine-in order at a table at a cleared seating (seatings.ts: a pay-later
 * store's tab paid at the end of its meal). Then the roll-ups of the whole range are rebuilt from those rows (the same
 * statements the listeners run). Today stays the orders module's (its live states).
 *
 * Every order happens within its store's hours (issue 27 #18): its minute is drawn from the
 * store's open periods of that business date (lunch and dinner peaks inside them, the trickle
 * over the open time), far enough before a period's end that its payment, kitchen and any
 * refund fall before closing too; a coupon it uses is locked and used with it.
 *
 * Members are charged only after their first ledger row (they had recharged by then), from
 * their balance at the time of the seed; the rows append to their ledger, so every "after"
 * column follows on and the wallet's integrity check holds.
 *
 * Once per database (a setting, under an advisory lock). The test template leaves it out.
 */

const DEMO_KEY = 'report.demoBusiness';
/** "rdem": the advisory lock taken while claiming the seed. */
const SEED_LOCK = 0x7264_656d;
const MINUTE = 60_000;
/** Orders on an ordinary weekday, by the demo store's place in DEMO_STORES. */
const DAILY_BASE = [36, 24];
/** Minutes an order's own events run after it is placed (the refund, the last, at +40): all before the period closes. */
const ORDER_TAIL = 40;

interface Shop {
  id: string;
  name: string;
  payMode: 'pay_first' | 'pay_later';
  timeZone: string;
  dayCutoffHour: number;
  pickupRule: PickupRule;
  /** Its open time (business hours in its time zone, by business date). */
  open: OpenTime;
}

interface Wallet {
  id: string;
  name: string;
  phone: string;
  levelRate: number;
  pointsRate: number;
  principal: number;
  bonus: number;
  points: number;
  spent: number;
  orders: number;
  lastVisit: number;
  /** Its first ledger row: it pays by balance only after it. */
  since: number;
  /** Its unused coupons (the customers' demo), taken as it uses them. */
  coupons: DemoCoupon[];
}

interface DemoCoupon {
  id: string;
  code: string;
  planId: string;
  name: string;
  terms: CouponTerms;
  orderTypes: string[];
  storeIds: string[];
  validFrom: number;
  validTo: number;
}

/** A coupon of the member that this order may use at `at` (valid then, this store and type, its terms met), with its discount. */
function usableCoupon(m: Wallet, at: number, storeId: string, type: OrderType, priced: PricedCart): { coupon: DemoCoupon; discount: number } | null {
  for (const c of m.coupons) {
    if (at < c.validFrom || at >= c.validTo || (c.storeIds.length && !c.storeIds.includes(storeId)) || !c.orderTypes.includes(type)) continue;
    const d = couponDiscount(c.terms, couponLinesOf(priced), beforeCoupon(priced));
    if (d.ok && d.discount > 0) return { coupon: c, discount: d.discount };
  }
  return null;
}

const iso = (at: Date | number) => new Date(at).toISOString();

/** The demo history of one store, in one transaction; answers how many orders were written. */
async function seedStore(tx: Db, shop: Shop, base: number, operator: { id: string | null; name: string }, wallets: Wallet[], now: number): Promise<number> {
  const built = await buildMenu(tx, shop.id);
  if (!built) return 0;
  const catalogue = catalogueOf(built.menu);
  const tables = await enabledTables(tx, shop.id);
  const pools = { dine_in: orderable(catalogue, 'dine_in'), takeaway: orderable(catalogue, 'takeaway') };
  const pick = { dine_in: popularity(pools.dine_in.length), takeaway: popularity(pools.takeaway.length) };
  const random: Random = randomOf(Number(shop.id) * 104_729);
  const today = businessDateOf(new Date(now), shop.timeZone, shop.dayCutoffHour);
  const sequences = new Map(rowsOf<{ d: string; n: number }>(await tx.execute(sql`select business_date::text as d, last_no as n from order_sequence where store_id = ${shop.id}`))
    .map((r) => [r.d, Number(r.n)]));

  interface Planned {
    row: Row; priced: PricedCart; outcome: 'finished' | 'refunded' | 'cancelled'; method: 'cash' | 'wechat' | 'balance' | null; at: number; member: Wallet | null;
    charge?: { principal: number; bonus: number }; coupon?: { coupon: DemoCoupon; discount: number };
    /** When it was paid (a minute in; a tab at the end of its meal), and its seating at a table. */
    payAt: number; seating: (Seating & { id: string; tableId: string; tableCode: string; guests: number }) | null;
  }
  const busyUntil: number[] = [];
  // The seatings the orders module's demo days already have (their tables are taken then).
  const taken = new Map<number, Array<{ from: number; to: number }>>();
  for (const s of rowsOf<{ table_id: string; from: string; to: string }>(await tx.execute(sql`
    select table_id::text as table_id, (extract(epoch from opened_at) * 1000)::bigint::text as from, (extract(epoch from coalesce(cleared_at, 'infinity'::timestamptz)) * 1000)::float8::text as to
    from table_session where store_id = ${shop.id}`))) {
    const t = tables.findIndex((x) => x.id === s.table_id);
    if (t >= 0) taken.set(t, [...(taken.get(t) ?? []), { from: Number(s.from), to: Number(s.to) }]);
  }
  const planned: Planned[] = [];
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const midnight = localInstant(date, 0, shop.timeZone);
    // The day's open periods as minutes after its midnight, each ending ORDER_TAIL minutes early.
    const periods = shop.open.periods(date);
    const spans = periods.map((p) => ({ from: (p.from - midnight) / MINUTE, to: (p.to - midnight) / MINUTE - ORDER_TAIL }));
    const minutes = Array.from({ length: ordersOfDay(base, weekday, random) }, () => minuteOfOrder(random, spans))
      .filter((m) => m !== null).sort((x, y) => x - y);
    for (const minute of minutes) {
      const type = pools.dine_in.length && (!pools.takeaway.length || random.chance(0.65)) ? 'dine_in' : 'takeaway';
      const pool = pools[type];
      if (!pool.length) continue;
      const at = midnight + minute * MINUTE;
      if (at >= now) continue;
      const outcome = outcomeOf(random);
      // A member with balance enough pays by it now and then (never on a refunded order: its points and balance would go back too).
      const candidate = outcome === 'finished' && random.chance(0.2) ? wallets[random.int(0, Math.max(0, wallets.length - 1))] : undefined;
      const member = candidate && candidate.since < at ? candidate : null;
      const count = random.int(1, Math.min(4, pool.length));
      const picked = [...new Set(Array.from({ length: count }, () => pick[type](random)))].map((i) => pool[i]!)
        .map((line) => ({ ...line, quantity: line.quantity === 1 && random.chance(0.25) ? 2 : line.quantity }));
      let priced: PricedCart;
      try {
        priced = priceCart(catalogue, { type, member: member ? { levelRate: member.levelRate } : null, lines: picked });
      } catch {
        continue; // a dish the demo menu cannot sell this way
      }
      // A member paying by balance uses a coupon of theirs when one applies (as the counter would offer it).
      const offered = member && outcome !== 'cancelled' ? usableCoupon(member, at, shop.id, type, priced) : null;
      const withCoupon = payableOf(priced, offered?.discount ?? 0);
      const coupon = offered && member && member.principal + member.bonus >= withCoupon ? offered : null;
      const payable = payableOf(priced, coupon?.discount ?? 0);
      let method: Planned['method'] = null;
      let charge: Planned['charge'];
      if (outcome !== 'cancelled') {
        if (member && member.principal + member.bonus >= payable && payable > 0) {
          method = 'balance';
          if (coupon) member.coupons = member.coupons.filter((c) => c !== coupon.coupon);
          charge = splitCharge(payable, member.principal, member.bonus);
          member.principal -= charge.principal;
          member.bonus -= charge.bonus;
        } else method = random.chance(0.55) ? 'wechat' : 'cash';
      }
      const payer = method === 'balance' ? member : null;
      // Placed within the open periods of the business date: it is the order's.
      const businessDate = date;
      const sequence = (sequences.get(businessDate) ?? 0) + 1;
      sequences.set(businessDate, sequence);
      // A dine-in party sits at a free table (none free: it eats at the counter, by its pickup number).
      const period = periods.find((p) => p.from <= at && at < p.to);
      const seated = type === 'dine_in' && period ? seatingOf(random, { at, period, payLater: shop.payMode === 'pay_later', cancelled: outcome === 'cancelled', tables: tables.length, busyUntil, taken }) : null;
      const table = seated ? tables[seated.tableIndex]! : null;
      const tab = seated?.tab ?? false;
      const payAt = seated?.payAt ?? at + MINUTE;
      const guests = table ? random.int(1, 3) + (random.chance(0.4) ? 1 : 0) : null;
      const seating = seated && table ? { ...seated, id: '', tableId: table.id, tableCode: table.code, guests: guests! } : null;
      // A tab is all out when it is paid (it finishes then), its refund after; an order paid first finishes in the kitchen.
      const finishAt = tab ? payAt : at + 25 * MINUTE;
      const refundAt = tab ? payAt + 2 * MINUTE : at + 40 * MINUTE;
      const qr = type === 'dine_in' && method === 'wechat' && random.chance(0.4);
      const who = qr ? { id: null, name: '扫码顾客' } : operator;
      const after = (m: number) => iso(at + m * MINUTE);
      const paid = outcome !== 'cancelled';
      const used = method === 'balance' ? coupon : null;
      planned.push({
        outcome, method, at, payAt, seating, member: payer, ...(charge ? { charge } : {}), ...(used ? { coupon: used } : {}), priced,
        row: {
          store_id: shop.id, order_no: orderNoOf(businessDate, shop.id, sequence), business_date: businessDate, type, source: qr ? 'qr' : 'cashier',
          status: outcome, pay_later: tab,
          // The payment's method bit, as 0502's trigger would set it: written here, the trigger finds nothing to update (3 s a store otherwise).
          pay_methods: method && payable > 0 ? PAY_METHOD_BITS[method] : 0, table_id: table?.id ?? null, table_code: table?.code ?? null, guests,
          pickup_no: table ? null : pickupNoOf(shop.pickupRule, sequence), member_id: payer?.id ?? null, member_name: payer?.name ?? null, member_phone: payer?.phone ?? null,
          coupon_id: used?.coupon.id ?? null, coupon_code: used?.coupon.code ?? null, coupon_name: used?.coupon.name ?? null,
          goods_amount: priced.goodsAmount, packing_fee: priced.packingFee, member_discount: priced.memberDiscount, coupon_discount: used?.discount ?? 0, manual_discount: 0,
          payable_amount: payable, paid_amount: paid ? payable : 0, refunded_amount: outcome === 'refunded' ? payable : 0, item_count: priced.itemCount,
          remark: random.chance(0.15) ? '少辣' : '', cancel_reason: outcome === 'cancelled' ? (random.chance(0.5) ? '顾客取消' : '点错了') : null,
          stock_held: false, view_token: newViewToken(), operator_id: who.id, operator_name: who.name, created_at: after(0),
          updated_at: iso(outcome === 'refunded' ? refundAt : outcome === 'cancelled' ? at + 5 * MINUTE : finishAt),
          // Recorded as the payment's trigger would (0602_report_recorded_days.sql), here for 90 days at once.
          // (the payment, a minute in or at the end of the meal, is within the same open period: the business date's)
          paid_business_date: paid ? businessDate : null,
          paid_hour: paid ? localParts(new Date(payAt), shop.timeZone).hour : null,
          // A paid tab is never accepted: it finishes when paid, its lines all out.
          paid_at: paid ? iso(payAt) : null, accepted_at: paid && !tab ? after(3) : null, finished_at: paid ? iso(finishAt) : null, cancelled_at: paid ? null : after(5),
        },
      });
      if (payer) {
        payer.points += pointsFor(payable, payer.pointsRate);
        payer.spent += payable;
        payer.orders += 1;
        payer.lastVisit = Math.max(payer.lastVisit, at);
      }
    }
  }
  if (!planned.length) return 0;

  // The seatings first, with ids drawn from their sequence so that each order names its own.
  const seated = planned.filter((p) => p.seating);
  const sessionIds = seated.length ? rowsOf<{ id: string }>(await tx.execute(sql`
    select nextval(pg_get_serial_sequence('table_session', 'id'))::text as id from generate_series(1, ${seated.length})`)).map((r) => r.id) : [];
  await insertRows(tx, 'table_session', seated.map((p, k) => {
    const s = p.seating!;
    s.id = sessionIds[k]!;
    return {
      id: s.id, store_id: shop.id, table_id: s.tableId, table_code: s.tableCode, business_date: p.row.business_date, state: 'cleared', guests: s.guests,
      opened_at: iso(s.openedAt), opened_by_id: operator.id, opened_by: operator.name, first_order_at: iso(p.at), bill_at: s.billAt === null ? null : iso(s.billAt),
      paid_at: p.outcome === 'cancelled' ? null : iso(p.payAt), cleared_at: iso(s.clearedAt), cleared_by: operator.name, created_at: iso(s.openedAt), updated_at: iso(s.clearedAt),
    };
  }));
  const ids = new Map((await insertRows(tx, 'orders', planned.map((p) => ({ ...p.row, session_id: p.seating?.id ?? null })), ['id', 'order_no']))
    .map((r) => [String(r.order_no), String(r.id)]));
  const idOf = (p: Planned) => ids.get(String(p.row.order_no))!;

  // Lines: the top-level ones first (their ids answer by order and sort), then a combo's chosen items under them.
  const parents: Row[] = [];
  const parentSorts = new Map<string, number[]>();
  const children: Array<{ orderId: string; parentSort: number; row: Row }> = [];
  for (const p of planned) {
    const orderId = idOf(p);
    const refunded = p.outcome === 'refunded';
    // Long out of the kitchen (served): a tab's lines from when they were sent, a paid order's from its payment; a cancelled order's never made.
    const tab = p.row.pay_later === true;
    const kitchen = {
      kitchen_state: 'served', kitchen_since: tab || p.outcome === 'cancelled' ? p.row.created_at : p.row.paid_at, kitchen_by: operator.name,
      kitchen_at: p.outcome === 'cancelled' ? p.row.cancelled_at : tab ? iso(p.at + 20 * MINUTE) : p.row.finished_at,
    };
    let sort = 0;
    for (const l of p.priced.lines) {
      const parentSort = sort++;
      parentSorts.set(orderId, [...(parentSorts.get(orderId) ?? []), parentSort]);
      parents.push({
        order_id: orderId, kind: l.kind, dish_id: l.dishId, combo_id: l.comboId, sku_id: l.skuId, category_id: l.categoryId, name: l.name, spec_text: l.specText,
        spec_json: l.specJson, image: l.image, unit: l.unit, unit_price: l.unitPrice, quantity: l.quantity, line_amount: l.lineAmount, discount_amount: l.discountAmount,
        packing_fee: l.packingFee, stock_taken: 0, refunded_quantity: refunded ? l.quantity : 0, remark: '', round: 1, sort: parentSort, created_at: p.row.created_at, ...kitchen,
      });
      for (const c of l.children) {
        children.push({ orderId, parentSort, row: {
          order_id: orderId, kind: 'combo_item', dish_id: c.dishId, combo_id: null, sku_id: c.skuId, category_id: c.categoryId, name: c.name, spec_text: c.specText,
          spec_json: c.specJson, image: c.image, unit: c.unit, unit_price: 0, quantity: c.quantity, line_amount: 0, discount_amount: 0, packing_fee: 0, stock_taken: 0,
          refunded_quantity: refunded ? c.quantity : 0, remark: '', round: 1, sort: sort++, created_at: p.row.created_at, ...kitchen,
        } });
      }
    }
  }
  const lineIds = new Map((await insertRows(tx, 'order_line', parents, ['id', 'order_id', 'sort', 'name', 'quantity'])).map((r) => [`${String(r.order_id)}:${String(r.sort)}`, r]));
  await insertRows(tx, 'order_line', children.map((c) => ({ ...c.row, parent_id: String(lineIds.get(`${c.orderId}:${c.parentSort}`)!.id) })));

  // The log, as the transitions write it.
  const logs: Row[] = [];
  for (const p of planned) {
    const orderId = idOf(p);
    const by = { operator_id: p.row.operator_id, operator_name: p.row.operator_name };
    const step = (action: string, from: string | null, to: string, minutes: number, remark = '') =>
      logs.push({ order_id: orderId, action, from_status: from, to_status: to, remark, ...by, created_at: iso(p.at + minutes * MINUTE) });
    if (p.row.pay_later === true) {
      // A tab: eaten first, 买单 and paid at the end of the meal, finished as it is paid (all out).
      const paidMin = (p.payAt - p.at) / MINUTE;
      step('create', null, 'dining', 0);
      step('bill', 'dining', 'pending', paidMin - 2);
      step('pay', 'pending', 'paid', paidMin);
      step('finish', 'paid', 'finished', paidMin, '全部出餐');
      if (p.outcome === 'refunded') step('refund', 'finished', 'refunded', paidMin + 2, '菜品质量问题');
      continue;
    }
    step('create', null, 'pending', 0);
    if (p.outcome === 'cancelled') {
      step('cancel', 'pending', 'cancelled', 5, String(p.row.cancel_reason));
      continue;
    }
    step('pay', 'pending', 'paid', 1);
    step('accept', 'paid', 'making', 3);
    step('finish', 'making', 'finished', 25);
    if (p.outcome === 'refunded') step('refund', 'finished', 'refunded', 40, '菜品质量问题');
  }
  await insertRows(tx, 'order_log', logs);

  // Payments, then the refunds that name them.
  const paidOnes = planned.filter((p) => p.method && Number(p.row.payable_amount) > 0);
  const payments = await insertRows(tx, 'order_payment', paidOnes.map((p) => {
    const amount = Number(p.row.payable_amount);
    const tendered = Math.ceil(amount / 5000) * 5000;
    return {
      order_id: idOf(p), store_id: shop.id, business_date: p.row.business_date, method: p.method, amount, status: 'success',
      tendered: p.method === 'cash' ? tendered : null, change_amount: p.method === 'cash' ? tendered - amount : null,
      trade_no: p.method === 'wechat' ? `DEMO${String(p.row.order_no)}` : null, out_trade_no: p.method === 'wechat' ? `DEMO-${String(p.row.order_no)}` : null,
      balance_principal: p.charge?.principal ?? null, balance_bonus: p.charge?.bonus ?? null, refunded_amount: p.outcome === 'refunded' ? amount : 0,
      operator_id: operator.id, operator_name: operator.name, paid_at: iso(p.payAt), created_at: iso(p.payAt), updated_at: iso(p.payAt),
    };
  }), ['id', 'order_id']);
  const paymentOf = new Map(payments.map((r) => [String(r.order_id), String(r.id)]));
  await insertRows(tx, 'order_refund', paidOnes.filter((p) => p.outcome === 'refunded').map((p) => {
    const orderId = idOf(p);
    const amount = Number(p.row.payable_amount);
    return {
      order_id: orderId, store_id: shop.id, business_date: p.row.business_date, amount, reason: '菜品质量问题', status: 'success',
      parts: [{ paymentId: paymentOf.get(orderId)!, method: p.method, amount }],
      lines: (parentSorts.get(orderId) ?? []).map((sort) => {
        const line = lineIds.get(`${orderId}:${sort}`)!;
        return { lineId: String(line.id), name: String(line.name), quantity: Number(line.quantity) };
      }),
      restock: false, operator_id: operator.id, operator_name: operator.name, refunded_at: String(p.row.updated_at), created_at: String(p.row.updated_at),
    };
  }));

  // The coupons used, as the coupon service's lock and use leave them, and their plans' counts.
  const usedCoupons = planned.filter((p) => p.coupon).map((p) => ({
    id: p.coupon!.coupon.id, order_id: idOf(p), store_id: shop.id, discount_amount: p.coupon!.discount, used_at: iso(p.payAt), locked_at: iso(p.at),
  }));
  if (usedCoupons.length) {
    await tx.execute(sql`update coupon c set status = 'used', order_id = x.order_id, store_id = x.store_id, discount_amount = x.discount_amount, locked_at = x.locked_at, used_at = x.used_at
      from jsonb_to_recordset(${JSON.stringify(usedCoupons)}::jsonb) as x(id bigint, order_id bigint, store_id bigint, discount_amount bigint, locked_at timestamptz, used_at timestamptz)
      where c.id = x.id and c.status = 'unused'`);
    await tx.execute(sql`update coupon_plan p set used_count = p.used_count + x.n, updated_at = now()
      from (select plan_id, count(*) as n from coupon where id in (${sql.join(usedCoupons.map((c) => sql`${c.id}::bigint`), sql`, `)}) group by plan_id) x where p.id = x.plan_id`);
  }

  // What the wallet writes for a balance payment, and the points the order earned (earnPoints).
  const balanceRows: Row[] = [];
  const pointRows: Row[] = [];
  const running = new Map<string, { principal: number; bonus: number; points: number }>();
  for (const p of planned.filter((x) => x.member)) {
    const m = p.member!;
    const orderId = idOf(p);
    const state = running.get(m.id) ?? (await memberNow(tx, m.id));
    const amount = Number(p.row.payable_amount);
    if (p.charge) {
      state.principal -= p.charge.principal;
      state.bonus -= p.charge.bonus;
      balanceRows.push({
        member_id: m.id, kind: 'consume', principal_change: -p.charge.principal, bonus_change: -p.charge.bonus, principal_after: state.principal, bonus_after: state.bonus,
        store_id: shop.id, order_id: orderId, operator_id: operator.id, operator_name: operator.name, reason: `订单 ${String(p.row.order_no)} 消费`, created_at: iso(p.payAt),
        business_date: p.row.business_date,
      });
    }
    const points = pointsFor(amount, m.pointsRate);
    if (points > 0) {
      state.points += points;
      pointRows.push({
        member_id: m.id, kind: 'order', change: points, points_after: state.points, store_id: shop.id, order_id: orderId,
        operator_id: operator.id, operator_name: operator.name, reason: `订单 ${String(p.row.order_no)}`, created_at: iso(p.payAt),
      });
    }
    running.set(m.id, state);
  }
  await insertRows(tx, 'member_balance_ledger', balanceRows);
  await insertRows(tx, 'member_points_ledger', pointRows);
  for (const [memberId, state] of running) {
    const m = wallets.find((w) => w.id === memberId)!;
    await tx.execute(sql`update member set balance_principal = ${state.principal}, balance_bonus = ${state.bonus}, points = ${state.points},
      total_spent = ${m.spent}, order_count = ${m.orders}, last_visit_at = greatest(last_visit_at, ${iso(m.lastVisit)}::timestamptz), updated_at = now() where id = ${memberId}`);
  }

  for (const [businessDate, lastNo] of sequences) {
    await tx.execute(sql`insert into order_sequence (store_id, business_date, last_no) values (${shop.id}, ${businessDate}, ${lastNo})
      on conflict (store_id, business_date) do update set last_no = greatest(order_sequence.last_no, excluded.last_no)`);
  }
  return planned.length;
}

async function memberNow(tx: Db, memberId: string) {
  const [m] = rowsOf<{ p: string; b: string; pt: string }>(await tx.execute(sql`select balance_principal as p, balance_bonus as b, points as pt from member where id = ${memberId}`));
  return { principal: Number(m!.p), bonus: Number(m!.b), points: Number(m!.pt) };
}

/** Demo members with a balance, their level's rates and totals (the payers by balance). */
async function demoWallets(db: Db): Promise<Wallet[]> {
  const rows = rowsOf<Row>(await db.execute(sql`
    select m.id, m.name, m.phone, l.discount_rate, l.points_rate, m.balance_principal, m.balance_bonus, m.points, m.total_spent, m.order_count,
      coalesce(extract(epoch from m.last_visit_at) * 1000, 0) as last_visit, extract(epoch from f.first) * 1000 as since
    from member m join member_level l on l.id = m.level_id
    join (select member_id, min(created_at) as first from member_balance_ledger group by member_id) f on f.member_id = m.id
    where m.status = 'active' and m.balance_principal + m.balance_bonus >= 5000
    order by m.id limit 200`));
  const wallets = rows.map((r): Wallet => ({
    id: String(r.id), name: String(r.name), phone: String(r.phone), levelRate: Number(r.discount_rate), pointsRate: Number(r.points_rate),
    principal: Number(r.balance_principal), bonus: Number(r.balance_bonus), points: Number(r.points), spent: Number(r.total_spent), orders: Number(r.order_count),
    lastVisit: Number(r.last_visit), since: Number(r.since), coupons: [],
  }));
  if (!wallets.length) return wallets;
  const byId = new Map(wallets.map((w) => [w.id, w]));
  const coupons = rowsOf<Row>(await db.execute(sql`
    select c.id, c.code, c.member_id, c.plan_id, p.name, p.kind, p.value, p.min_spend, p.max_discount, p.scope, p.scope_ids, p.order_types, p.store_ids,
      extract(epoch from c.valid_from) * 1000 as valid_from, extract(epoch from c.valid_to) * 1000 as valid_to
    from coupon c join coupon_plan p on p.id = c.plan_id
    where c.status = 'unused' and c.member_id in (${sql.join(wallets.map((w) => sql`${w.id}::bigint`), sql`, `)}) order by c.valid_from, c.id`));
  for (const c of coupons) {
    byId.get(String(c.member_id))?.coupons.push({
      id: String(c.id), code: String(c.code), planId: String(c.plan_id), name: String(c.name),
      terms: { kind: c.kind as CouponTerms['kind'], value: Number(c.value), minSpend: Number(c.min_spend), maxDiscount: c.max_discount === null ? null : Number(c.max_discount), scope: c.scope as CouponTerms['scope'], scopeIds: (c.scope_ids as string[]).map(String) },
      orderTypes: (c.order_types as string[]).map(String), storeIds: (c.store_ids as string[]).map(String), validFrom: Number(c.valid_from), validTo: Number(c.valid_to),
    });
  }
  return wallets;
}

/** Writes the demo business once (see the file's comment); answers how many orders were made. */
export async function seedDemoBusiness(db: Db, now = Date.now()): Promise<number> {
  const claimed = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = rowsOf(await tx.execute(sql`select key from app_setting where key = ${DEMO_KEY}`));
    if (done) return false;
    await tx.execute(sql`insert into app_setting (key, value) values (${DEMO_KEY}, 'true'::jsonb)`);
    return true;
  });
  if (!claimed) return 0;
  const names = DEMO_STORES.map((s) => s.name);
  const shops = rowsOf<Row>(await db.execute(sql`
    select id, name, pay_mode, time_zone, day_cutoff_hour, pickup_rule, business_hours from store where name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`))
    .map((r): Shop => ({
      id: String(r.id), name: String(r.name), payMode: r.pay_mode as Shop['payMode'], timeZone: String(r.time_zone), dayCutoffHour: Number(r.day_cutoff_hour), pickupRule: r.pickup_rule as PickupRule,
      open: openTimeOf({ timeZone: String(r.time_zone), dayCutoffHour: Number(r.day_cutoff_hour), businessHours: r.business_hours as BusinessHours }),
    }))
    .sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  if (!shops.length) return 0;
  const user = await userByUsername(db, DEMO_OPERATOR);
  const operator = { id: user?.id ?? null, name: user ? DEMO_OPERATOR : '' };
  const wallets = await demoWallets(db);
  let made = 0;
  for (const [i, shop] of shops.entries()) {
    made += await db.transaction((tx) => seedStore(tx as unknown as Db, shop, DAILY_BASE[i] ?? 20, operator, wallets, now));
  }
  // The roll-ups of the history and of the orders module's demo days, from the rows just written.
  const today = businessDateOf(new Date(now), shops[0]!.timeZone, shops[0]!.dayCutoffHour);
  // Statistics of the tables just filled first: planned without them, the recount took 40 s, not 2.
  await db.execute(sql`analyze orders, order_line, order_log, order_payment, order_refund, table_session, member, member_balance_ledger, coupon`);
  await rebuildRollups(db, { from: addDays(today, -DEMO_DAYS - 1), to: addDays(today, 1) });
  return made;
}

export const seedReports: Seeder = async (database, config) => {
  if (config.DEMO_DATA !== 'on' || config.NODE_ENV === 'test') return;
  await seedDemoBusiness(database.db);
};
