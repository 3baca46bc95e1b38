import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TAB_SECRET_HEADER, type DinerOpenTab, type DinerOrder } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { failure, ok } from '../../../../test/catalogue.js';
import { startSimulator } from '../../../../test/sim.js';
import { insertTable, orderFixture, payInFull, setDish, stockOf, type OrderFixture } from '../../../../test/orders.js';
import { order as orderTable, orderRefund } from '../tables.js';
import { TABLE_IN_USE } from './tab-secret.js';

/**
 * Issue 22 #5: a table's QR code alone holds no stock and reaches no other party's tab.
 * - A diner's unpaid pay-first order holds no stock (five unpaid 芝士蛋糕 orders made the next
 *   diner's fail 已售罄); it takes its stock when paid, and one paid after the dish ran out is
 *   cancelled with its money back.
 * - A pay-later tab belongs to the device that opened it (its secret): another device with the
 *   table's QR token learns only that the table is in use and can neither read, add to nor bill it.
 * - Asking for the bill needs the store open (as ordering and adding do).
 */
const simulator = await startSimulator();
const { app } = await createTestApp({ SIM_PORT: new URL(simulator.url).port });
let staff: Record<string, string>;

const diner = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const tokenOf = async (tableId: string) =>
  ok<{ orderUrl: string }>(await app.inject({ method: 'GET', url: `/store/table/${tableId}`, headers: staff })).orderUrl.split('/').pop()!;
const orderIdOf = async (viewToken: string) =>
  (await app.database.db.select({ id: orderTable.id }).from(orderTable).where(eq(orderTable.viewToken, viewToken)))[0]!.id;

beforeAll(async () => {
  staff = await signIn(app, 'admin');
});

describe('a pay-first diner order holds no stock until it is paid', () => {
  let f: OrderFixture;
  let cake: string;
  const tokens: string[] = [];
  const cakeCart = (quantity = 1) => ({ lines: [{ kind: 'dish', itemId: cake, quantity }] });

  beforeAll(async () => {
    f = await orderFixture(app, { payMode: 'pay_first' });
    cake = f.dishes.cola;
    await setDish(app, f.storeId, cake, { name: '芝士蛋糕', stockMode: 'total', stock: 5 });
    for (let i = 1; i <= 7; i++) tokens.push(await tokenOf(await insertTable(app, f.storeId, `B0${i}`)));
  });

  it('five unpaid QR orders of the last five 芝士蛋糕 leave the next diner\'s order possible', async () => {
    const unpaid: DinerOrder[] = [];
    for (let i = 0; i < 5; i++) unpaid.push(ok<{ order: DinerOrder }>(await diner('POST', `/order/diner/${tokens[i]}/order`, cakeCart())).order);
    expect(unpaid.every((o) => o.status === 'pending')).toBe(true);
    expect(await stockOf(app, { dishId: cake })).toBe(5);
    const next = ok<{ order: DinerOrder }>(await diner('POST', `/order/diner/${tokens[5]}/order`, cakeCart())).order;
    expect(next.status).toBe('pending');
    // More than there is now is still refused at once, naming what is left.
    expect(failure(await diner('POST', `/order/diner/${tokens[6]}/order`, cakeCart(6)))).toEqual({ status: 400, msg: '芝士蛋糕库存不足，仅剩5份' });

    // Paid, an order takes its stock; the counter sells the rest meanwhile.
    expect(await payInFull(app, await orderIdOf(next.viewToken))).toBe(true);
    expect(await stockOf(app, { dishId: cake })).toBe(4);
    const counter = await app.inject({ method: 'POST', url: '/order/order', headers: staff, payload: { storeId: f.storeId, type: 'takeaway', lines: cakeCart(4).lines } });
    expect(counter.statusCode).toBe(200);
    expect(await stockOf(app, { dishId: cake })).toBe(0);

    // An unpaid one whose 芝士蛋糕 is gone: paying again is refused before any money moves, at the counter too.
    const late = unpaid[0]!;
    expect(failure(await diner('POST', `/order/diner/order/${late.viewToken}/pay`))).toEqual({ status: 409, msg: '芝士蛋糕已售罄，请重新下单' });
    const cash = await app.inject({ method: 'POST', url: `/order/order/${await orderIdOf(late.viewToken)}/pay`, headers: staff, payload: { method: 'cash' } });
    expect(failure(cash)).toEqual({ status: 409, msg: '芝士蛋糕已售罄，不能收款' });

    // Money that arrives anyway (a WeChat payment confirmed after the stock ran out) goes back, the order cancelled naming the dish.
    const lateId = await orderIdOf(unpaid[1]!.viewToken);
    expect(await payInFull(app, lateId)).toBe(false);
    const cancelled = ok<DinerOrder>(await diner('GET', `/order/diner/order/${unpaid[1]!.viewToken}`));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '芝士蛋糕已售罄，已原路退款' });
    const refunds = await app.database.db.select().from(orderRefund).where(eq(orderRefund.orderId, lateId));
    expect(refunds.map((r) => [r.amount, r.restock])).toEqual([[500, false]]);
    expect(await stockOf(app, { dishId: cake })).toBe(0);
  });

  it('a timed-out unpaid diner order gives back nothing it never took', async () => {
    await setDish(app, f.storeId, cake, { stock: 3 });
    const o = ok<{ order: DinerOrder }>(await diner('POST', `/order/diner/${tokens[6]}/order`, cakeCart(2))).order;
    await app.inject({ method: 'POST', url: `/order/order/${await orderIdOf(o.viewToken)}/cancel`, headers: staff, payload: { reason: '顾客离开' } });
    expect(await stockOf(app, { dishId: cake })).toBe(3);
  });
});

describe('a pay-later tab belongs to the device that opened it', () => {
  let f: OrderFixture;
  let token: string;
  const cart = (quantity = 1) => ({ lines: [{ kind: 'dish', itemId: f.dishes.rice, quantity }] });

  beforeAll(async () => {
    f = await orderFixture(app, { payMode: 'pay_later' });
    token = await tokenOf(await insertTable(app, f.storeId, 'C01'));
  });

  it('only the secret the opening answered reads the tab, adds to it and asks for its bill', async () => {
    const opened = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${token}/order`, cart()));
    expect(opened.order.status).toBe('dining');
    expect(opened.tabSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const mine = { [TAB_SECRET_HEADER]: opened.tabSecret! };
    // The order keeps only the secret's hash.
    const [row] = await app.database.db.select({ hash: orderTable.tabSecretHash }).from(orderTable).where(eq(orderTable.viewToken, opened.order.viewToken));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(opened.tabSecret);

    // Another phone with the table's QR code (or a wrong secret): in use, nothing of the tab.
    for (const headers of [{}, { [TAB_SECRET_HEADER]: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }] as Array<Record<string, string>>) {
      expect(ok<DinerOpenTab>(await diner('GET', `/order/diner/${token}/open`, undefined, headers))).toEqual({ order: null, inUse: true });
      expect(failure(await diner('POST', `/order/diner/${token}/order`, cart(3), headers))).toEqual({ status: 409, msg: TABLE_IN_USE });
      expect(failure(await diner('POST', `/order/diner/order/${opened.order.viewToken}/bill`, undefined, headers))).toEqual({ status: 409, msg: TABLE_IN_USE });
    }
    const tab = ok<DinerOpenTab>(await diner('GET', `/order/diner/${token}/open`, undefined, mine));
    expect(tab).toMatchObject({ inUse: false, order: { viewToken: opened.order.viewToken, status: 'dining' } });
    expect(tab.order!.lines.map((l) => l.quantity)).toEqual([1]);

    // The opener adds a round and asks for the bill.
    const added = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${token}/order`, cart(2), mine));
    expect(added.order.lines.map((l) => [l.round, l.quantity])).toEqual([[1, 1], [2, 2]]);
    expect(added.tabSecret).toBeUndefined();
    expect(ok<DinerOrder>(await diner('POST', `/order/diner/order/${opened.order.viewToken}/bill`, undefined, mine)).status).toBe('pending');
    // Staff are not affected: the counter sees and bills the tab as before.
    const [{ id } = { id: '' }] = await app.database.db.select({ id: orderTable.id }).from(orderTable).where(eq(orderTable.viewToken, opened.order.viewToken));
    expect((await app.inject({ method: 'GET', url: `/order/order/${id}`, headers: staff })).statusCode).toBe(200);
  });

  it('a retried opening (same Idempotency-Key) answers a new secret that works, the old one no longer', async () => {
    const other = await tokenOf(await insertTable(app, f.storeId, 'C02'));
    const headers = { 'idempotency-key': 'tab-open-retry-0001' };
    const first = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${other}/order`, cart(), headers));
    const again = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${other}/order`, cart(), headers));
    expect(again.order.viewToken).toBe(first.order.viewToken);
    expect(again.tabSecret).toBeDefined();
    expect(ok<DinerOpenTab>(await diner('GET', `/order/diner/${other}/open`, undefined, { [TAB_SECRET_HEADER]: again.tabSecret! })).inUse).toBe(false);
    expect(ok<DinerOpenTab>(await diner('GET', `/order/diner/${other}/open`, undefined, { [TAB_SECRET_HEADER]: first.tabSecret! })).inUse).toBe(true);
  });

  it('asking for the bill needs the store open (its hours), like ordering and adding', async () => {
    const lunch = await orderFixture(app, { payMode: 'pay_later', businessHours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:30', close: '14:00' }] });
    const lunchToken = await tokenOf(await insertTable(app, lunch.storeId, 'D01'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-06-06T05:30:00Z')); // Friday 13:30 in Shanghai: open
      await app.store.menu.check();
      const opened = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${lunchToken}/order`, { lines: [{ kind: 'dish', itemId: lunch.dishes.rice, quantity: 1 }] }));
      const mine = { [TAB_SECRET_HEADER]: opened.tabSecret! };
      vi.setSystemTime(new Date('2031-06-06T07:30:00Z')); // 15:30: closed
      await app.store.menu.check();
      expect(failure(await diner('POST', `/order/diner/${lunchToken}/order`, { lines: [{ kind: 'dish', itemId: lunch.dishes.rice, quantity: 1 }] }, mine))).toEqual({ status: 400, msg: '本店休息中' });
      expect(failure(await diner('POST', `/order/diner/order/${opened.order.viewToken}/bill`, undefined, mine))).toEqual({ status: 400, msg: '本店休息中' });
      // The quote still answers (the diner sees what the cart costs beside 本店休息中).
      expect((await diner('POST', `/order/diner/${lunchToken}/quote`, { lines: [{ kind: 'dish', itemId: lunch.dishes.rice, quantity: 1 }] })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a QR code reset from 桌台 (store:table:edit) stops working at once on every diner route; the seated party keeps its tab', async () => {
    const tableId = await insertTable(app, f.storeId, 'C03');
    const old = await tokenOf(tableId);
    const opened = ok<{ order: DinerOrder; tabSecret?: string }>(await diner('POST', `/order/diner/${old}/order`, cart()));
    const reset = await app.inject({ method: 'PUT', url: `/store/table/${tableId}/token`, headers: staff });
    expect(reset.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/order/diner/${old}`, undefined], ['POST', `/order/diner/${old}/quote`, cart()], ['POST', `/order/diner/${old}/order`, cart()], ['GET', `/order/diner/${old}/open`, undefined],
    ] as const) {
      expect(failure(await diner(method, url, body, { [TAB_SECRET_HEADER]: opened.tabSecret! }))).toEqual({ status: 404, msg: '桌台二维码无效或已失效' });
    }
    const fresh = await tokenOf(tableId);
    expect(fresh).not.toBe(old);
    // The new sticker: strangers see the table in use; the party that opened the tab still holds it.
    expect(ok<DinerOpenTab>(await diner('GET', `/order/diner/${fresh}/open`))).toEqual({ order: null, inUse: true });
    expect(ok<DinerOpenTab>(await diner('GET', `/order/diner/${fresh}/open`, undefined, { [TAB_SECRET_HEADER]: opened.tabSecret! })).order?.viewToken).toBe(opened.order.viewToken);
  });
});
