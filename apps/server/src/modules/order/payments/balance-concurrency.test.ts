import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { Db } from '../../../db/client.js';
import { expectConsistent } from '../../customer/testing.js';
import { order, orderPayment } from '../tables.js';
import { cartOf, chickenLine, createOrderApi, orderCoupon, orderFixture, orderMember, setSku, type OrderFixture } from '../testing.js';

/**
 * One member's orders paid by balance all at once (issue 13): on PostgreSQL (TEST_DATABASE_URL)
 * the payments really run side by side on the pool, mixed with cash payments, cancels, new
 * orders with coupons, recharges and refunds of the same member, and none may fail on a deadlock
 * (409 数据正被同时修改). A cash payment used to: its second update of the order row re-checked the
 * member foreign key (FOR KEY SHARE on the member) before settlePaid locked the member FOR UPDATE,
 * and two such upgrades of one row deadlock (payments/service.ts, lockPayer). Every payment is
 * taken exactly once, every coupon used once, and the wallet's ledger still matches the balances.
 * On PGlite everything runs one after another and the same must hold.
 */
const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 10_000 });
});

const post = (url: string, body: unknown, key: string) =>
  app.inject({ method: 'POST', url, headers: { ...admin, 'idempotency-key': key }, payload: body as object });

async function giveBalance(memberId: string, principal: number, bonus: number) {
  await db.transaction((tx) => app.customer.wallet.adjust(tx as unknown as Db, memberId, { principal, bonus, points: 0, reason: '测试余额' }, { id: null, name: 'test' }));
}

/** Rows of a raw query (the customer module's tables are its own: read here by SQL, not imported). */
async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Another coupon of the plan `couponId` belongs to (orders sharing a plan update one used_count row). */
async function sameplanCoupon(couponId: string, memberId: string): Promise<string> {
  const [added] = await rows<{ id: string }>(sql`insert into coupon (plan_id, member_id, code, valid_from, valid_to)
    select plan_id, ${memberId}, ${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}, valid_from, valid_to from coupon where id = ${couponId}
    returning id::text`);
  return added!.id;
}

/** `n` unpaid takeaway orders of the member (2 × 大份, ¥98), every other one with a coupon (满50减10; two plans shared). */
async function unpaidOrders(memberId: string, n: number): Promise<OrderRecord[]> {
  const firstA = await orderCoupon(app, memberId);
  const firstB = await orderCoupon(app, memberId);
  const orders: OrderRecord[] = [];
  for (let i = 0; i < n; i++) {
    let couponId: string | undefined;
    if (i % 2 === 0) couponId = i === 0 ? firstA : i === 2 ? firstB : await sameplanCoupon(i % 4 === 0 ? firstA : firstB, memberId);
    orders.push(await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { type: 'takeaway', memberId, ...(couponId ? { couponId } : {}) })));
  }
  return orders;
}

describe(`one member's orders paid by balance at once (${app.database.kind})`, () => {
  it('16 balance payments with cash payments, cancels (paid ones too), new orders, recharges and refunds of the member in between: none refused, each taken once, the ledger consistent', async () => {
    const m = await orderMember(app, 95);
    await giveBalance(m.id, 3_000_000, 500_000);
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const unpaid = await unpaidOrders(m.id, 16);
      // Two orders paid before, refunded while the others are being paid.
      const toRefund = await unpaidOrders(m.id, 2);
      for (const o of toRefund) expect((await post(`/order/order/${o.id}/pay`, { method: 'balance' }, randomUUID())).statusCode).toBe(200);

      const toCancel = await unpaidOrders(m.id, 2);
      // Two orders paid in cash before: one cancelled (its cash goes back), one refunded, meanwhile.
      const cashBefore = await unpaidOrders(m.id, 2);
      for (const o of cashBefore) expect((await post(`/order/order/${o.id}/pay`, { method: 'cash' }, randomUUID())).statusCode).toBe(200);
      const cashPaid = await unpaidOrders(m.id, 2);
      const newCoupons = [await sameplanCoupon(unpaid[0]!.coupon!.id, m.id), await sameplanCoupon(unpaid[2]!.coupon!.id, m.id)];
      const work: Array<[string, ReturnType<typeof post>]> = [
        ...unpaid.map((o): [string, ReturnType<typeof post>] => [`balance ${o.id}`, post(`/order/order/${o.id}/pay`, { method: 'balance' }, `balance-pay-${o.id}`)]),
        ...cashPaid.map((o): [string, ReturnType<typeof post>] => [`cash ${o.id}`, post(`/order/order/${o.id}/pay`, { method: 'cash' }, randomUUID())]),
        ...toCancel.map((o): [string, ReturnType<typeof post>] => [`cancel ${o.id}`, post(`/order/order/${o.id}/cancel`, { reason: '并发取消' }, randomUUID())]),
        ...newCoupons.map((couponId): [string, ReturnType<typeof post>] => ['create', post('/order/order', cartOf(f, [chickenLine(f, 2)], { type: 'takeaway', memberId: m.id, couponId }), randomUUID())]),
        ['recharge', post('/customer/recharge', { memberId: m.id, storeId: f.storeId, amount: 5_000, payMethod: 'cash', paymentRef: randomUUID() }, randomUUID())],
        ...toRefund.map((o): [string, ReturnType<typeof post>] => [`refund ${o.id}`, post(`/order/order/${o.id}/refund`, { reason: '并发退款' }, randomUUID())]),
        [`cancel paid ${cashBefore[0]!.id}`, post(`/order/order/${cashBefore[0]!.id}/cancel`, { reason: '并发取消' }, randomUUID())],
        [`refund cash ${cashBefore[1]!.id}`, post(`/order/order/${cashBefore[1]!.id}/refund`, { reason: '并发退款' }, randomUUID())],
        ['recharge', post('/customer/recharge', { memberId: m.id, storeId: f.storeId, amount: 3_000, payMethod: 'cash', paymentRef: randomUUID() }, randomUUID())],
      ];
      const answers = await Promise.all(work.map(async ([what, request]) => ({ what, answer: await request })));
      const failed = answers.filter((a) => a.answer.statusCode !== 200).map((a) => `${a.what}: ${a.answer.statusCode} ${a.answer.body}`);
      expect(failed).toEqual([]);

      const ids = unpaid.map((o) => o.id);
      const orders = await db.select().from(order).where(inArray(order.id, ids));
      expect(orders.filter((o) => o.status !== 'paid' || o.paidAmount !== o.payableAmount)).toEqual([]);
      // Exactly once: one successful payment and one wallet charge per order, for its payable.
      const payments = await db.select({ orderId: orderPayment.orderId, n: sql<string>`count(*)`, sum: sql<string>`sum(${orderPayment.amount})` })
        .from(orderPayment).where(and(inArray(orderPayment.orderId, ids), eq(orderPayment.status, 'success'))).groupBy(orderPayment.orderId);
      const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
      const charges = await rows<{ orderId: string; n: string; sum: string }>(sql`select order_id::text as "orderId", count(*)::text as n,
        (-sum(principal_change + bonus_change))::text as sum from member_balance_ledger where order_id in (${idList}) and kind = 'consume' group by order_id`);
      const expected = orders.map((o) => ({ orderId: o.id, n: '1', sum: String(o.payableAmount) })).sort((a, b) => a.orderId.localeCompare(b.orderId));
      const byOrder = (rows: Array<{ orderId: string | null; n: string; sum: string }>) => rows.map((r) => ({ orderId: r.orderId, n: String(r.n), sum: String(r.sum) })).sort((a, b) => a.orderId!.localeCompare(b.orderId!));
      expect(byOrder(payments)).toEqual(expected);
      expect(byOrder(charges)).toEqual(expected);
      // Every coupon the orders held is used, and its plan counted it once.
      const held = orders.map((o) => o.couponId).filter((c): c is string => Boolean(c));
      expect(held).toHaveLength(8);
      const heldList = sql.join(held.map((id) => sql`${id}`), sql`, `);
      const couponRows = await rows<{ status: string; planId: string }>(sql`select status, plan_id::text as "planId" from coupon where id in (${heldList})`);
      expect(couponRows.every((c) => c.status === 'used')).toBe(true);
      const planList = sql.join([...new Set(couponRows.map((c) => c.planId))].map((id) => sql`${id}`), sql`, `);
      const counted = await rows<{ planId: string; counted: string; used: string }>(sql`select p.id::text as "planId", p.used_count::text as counted,
        (select count(*) from coupon c where c.plan_id = p.id and c.status = 'used')::text as used from coupon_plan p where p.id in (${planList})`);
      expect(counted.filter((p) => p.counted !== p.used)).toEqual([]);
      // The refunded orders gave their balance back.
      const refunded = await db.select({ status: order.status }).from(order).where(inArray(order.id, toRefund.map((o) => o.id)));
      expect(refunded.map((o) => o.status)).toEqual(['refunded', 'refunded']);
    }
    await expectConsistent(app);
  }, 180_000);
});
