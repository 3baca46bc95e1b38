import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storeOrdersDestination, TAB_SECRET_HEADER, type DinerOpenTab, type DinerOrder, type OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { chickenLine, insertTable, orderFixture, orderMember, setSku, stockOf, type OrderFixture } from '../../../../test/orders.js';

/**
 * 加菜 and 买单 at a pay-later store (orders/rounds.ts): a table's second submission adds a round
 * to its open order (lines of round 2, stock taken, amounts summed, an 'add' log row, the live
 * event and the hooks' roundAdded), the counter adds a round too (once per Idempotency-Key),
 * 买单 moves the tab to pending with no unpaid timeout, after which it takes no more rounds and
 * is paid at the counter; cancelling gives back the stock of every round.
 */
let app: App;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app, { payMode: 'pay_later' });
  await setSku(app, f.storeId, f.skus.small, { stock: 100 });
});

/** A new table of the store: its id and QR token. */
async function newTable(code: string): Promise<{ id: string; token: string }> {
  const id = await insertTable(app, f.storeId, code);
  const { data } = await call<{ orderUrl: string }>('GET', `/store/table/${id}`, undefined, admin);
  return { id, token: data.orderUrl.split('/').pop()! };
}

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = res.json<{ data: T; msg: string }>();
  return { status: res.statusCode, data: json.data, msg: json.msg };
};
const smallChicken = (quantity: number) => chickenLine(f, quantity, { skuId: f.skus.small });
/** The tab secret each table's opening answered (the device that opened it sends it again: issue 22 #5). */
const secrets = new Map<string, string>();
const mine = (token: string): Record<string, string> => (secrets.has(token) ? { [TAB_SECRET_HEADER]: secrets.get(token)! } : {});
const dinerSubmit = async (token: string, quantity: number, remark = '', headers: Record<string, string> = {}) => {
  const answer = await call<{ order: DinerOrder; payUrl: string | null; tabSecret?: string }>('POST', `/order/diner/${token}/order`, { lines: [smallChicken(quantity)], remark }, { ...mine(token), ...headers });
  if (answer.data?.tabSecret) secrets.set(token, answer.data.tabSecret);
  return answer;
};

describe('加菜 from the table', () => {
  it('a second submission adds round 2 to the open order: lines, stock, amounts, log, live event and roundAdded', async () => {
    const table = await newTable('R01');
    const stock0 = await stockOf(app, { skuId: f.skus.small });
    const first = await dinerSubmit(table.token, 1);
    expect(first.data.order).toMatchObject({ status: 'dining', payableAmount: 3200 });
    const rounds: Array<{ orderId: string; round: number }> = [];
    app.order.hooks.on('roundAdded', async (_tx, event) => {
      rounds.push(event);
    });
    const publish = vi.spyOn(app.live, 'publish');
    try {
      const second = await dinerSubmit(table.token, 2, '再来两份');
      expect(second.status).toBe(200);
      expect(second.data.payUrl).toBeNull();
      expect(second.data.order.orderNo).toBe(first.data.order.orderNo);
      expect(second.data.order.viewToken).toBe(first.data.order.viewToken);
      // 小份 ¥32 (no packing fee at the table): 1 + 2 portions.
      expect(second.data.order).toMatchObject({ status: 'dining', goodsAmount: 9600, packingFee: 0, payableAmount: 9600 });
      expect(second.data.order.lines.map((l) => [l.round, l.quantity])).toEqual([[1, 1], [2, 2]]);
      expect(await stockOf(app, { skuId: f.skus.small })).toBe(stock0! - 3);
      const record = await openTab(table.id);
      expect(record.itemCount).toBe(3);
      expect(record.logs.map((l) => [l.action, l.toStatus, l.remark])).toEqual([['create', 'dining', ''], ['add', 'dining', '第2轮：再来两份']]);
      expect(rounds).toEqual([{ orderId: record.id, round: 2 }]);
      expect(publish).toHaveBeenCalledWith(storeOrdersDestination(f.storeId), expect.objectContaining({ id: record.id, status: 'dining', payableAmount: 9600 }));
    } finally {
      publish.mockRestore();
    }
    // The diners' page finds the table's open order by the table's token and the tab's secret.
    const open = await call<DinerOpenTab>('GET', `/order/diner/${table.token}/open`, undefined, mine(table.token));
    expect(open.data.order?.orderNo).toBe(first.data.order.orderNo);
    expect(open.data.order?.lines.map((l) => l.round)).toEqual([1, 2]);
  });

  it('a retried submission (same Idempotency-Key) adds its round once', async () => {
    const table = await newTable('R02');
    await dinerSubmit(table.token, 1);
    const headers = { 'idempotency-key': 'round-retry-0001' };
    const a = await dinerSubmit(table.token, 1, '', headers);
    const b = await dinerSubmit(table.token, 1, '', headers);
    expect(b.data.order.lines.map((l) => l.round)).toEqual([1, 2]);
    expect(a.data.order.payableAmount).toBe(b.data.order.payableAmount);
  });

  it('two first submissions at once (two phones) open one order: the other phone is told the table is in use', async () => {
    const table = await newTable('R04');
    const answers = await Promise.all([dinerSubmit(table.token, 1), dinerSubmit(table.token, 2)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.msg).toBe('该桌已有顾客在用餐，请联系服务员');
    const tab = await openTab(table.id);
    expect(tab.lines.map((l) => l.round)).toEqual([1]);
  });

  it('an empty table has no open order (the diners\' page and the counter)', async () => {
    const table = await newTable('R03');
    expect((await call('GET', `/order/diner/${table.token}/open`)).data).toEqual({ order: null, inUse: false });
    expect((await call('GET', `/order/table/${table.id}/open`, undefined, admin)).data).toBeNull();
  });
});

async function openTab(tableId: string): Promise<OrderRecord> {
  const found = await call<OrderRecord | null>('GET', `/order/table/${tableId}/open`, undefined, admin);
  expect(found.status).toBe(200);
  return found.data!;
}

describe('加菜 at the counter and 买单', () => {
  it('the counter finds the table\'s open order and adds a round (once per Idempotency-Key)', async () => {
    const table = await newTable('R11');
    await dinerSubmit(table.token, 1);
    const tab = await openTab(table.id);
    const body = { lines: [smallChicken(1)], remark: '收银台加菜' };
    const headers = { ...admin, 'idempotency-key': 'counter-round-0001' };
    const added = await call<OrderRecord>('POST', `/order/order/${tab.id}/lines`, body, headers);
    expect(added.status).toBe(200);
    expect(added.data.lines.map((l) => l.round)).toEqual([1, 2]);
    expect(added.data.logs.at(-1)).toMatchObject({ action: 'add', remark: '第2轮：收银台加菜', operatorName: 'admin' });
    const again = await call<OrderRecord>('POST', `/order/order/${tab.id}/lines`, body, headers);
    expect(again.data.lines).toHaveLength(2);
    expect(again.data.payableAmount).toBe(6400);
  });

  it('a round added at the counter is priced with the open order\'s member: member price and level discount', async () => {
    const table = await newTable('R15');
    const m = await orderMember(app, 90);
    // A tab with a member (opened as the diners' page opens one, the member named on the cart).
    const opened = await app.order.create({
      cart: { storeId: f.storeId, type: 'dine_in', tableId: table.id, memberId: m.id, lines: [smallChicken(1)] }, source: 'qr', tableToken: table.token, operator: { id: null, name: '' },
    });
    // 小份 ¥32 has no member price: the level's 9折 takes ¥3.20 off.
    expect(opened).toMatchObject({ status: 'dining', memberId: m.id, goodsAmount: 3200, memberDiscount: 320, payableAmount: 2880 });
    const rice = { kind: 'dish' as const, itemId: f.dishes.rice, optionIds: [], quantity: 2 };
    const added = await call<OrderRecord>('POST', `/order/order/${opened.id}/lines`, { lines: [rice, smallChicken(1)] }, admin);
    expect(added.status).toBe(200);
    // 米饭 at its member price ¥1.50 (no level discount on it), 小份 with the level's 9折 again.
    expect(added.data.lines.filter((l) => l.round === 2).map((l) => [l.name, l.unitPrice, l.lineAmount, l.discountAmount])).toEqual([
      ['米饭', 150, 300, 0], ['辣子鸡', 3200, 3200, 320],
    ]);
    expect(added.data).toMatchObject({ goodsAmount: 6700, memberDiscount: 640, payableAmount: 6060 });
  });

  it('买单 from the diners\' page: pending without a timeout, no more rounds, paid at the counter; the table is free again', async () => {
    const table = await newTable('R12');
    const first = await dinerSubmit(table.token, 1);
    await dinerSubmit(table.token, 1);
    const billed = await call<DinerOrder>('POST', `/order/diner/order/${first.data.order.viewToken}/bill`, undefined, mine(table.token));
    expect(billed.data).toMatchObject({ status: 'pending', expireTime: null, payableAmount: 6400 });
    // Asked twice (a double tap): the same answer.
    expect((await call<DinerOrder>('POST', `/order/diner/order/${first.data.order.viewToken}/bill`, undefined, mine(table.token))).data.status).toBe('pending');
    const late = await dinerSubmit(table.token, 1);
    expect(late).toMatchObject({ status: 409, msg: `订单${first.data.order.orderNo}已买单，请付款后再点餐` });
    const tab = await openTab(table.id);
    expect(tab.status).toBe('pending');
    expect(tab.logs.map((l) => l.action)).toEqual(['create', 'add', 'bill']);
    const paid = await call<{ order: OrderRecord }>('POST', `/order/order/${tab.id}/pay`, { method: 'cash', tendered: 10000 }, admin);
    // A paid tab never waits for 接单 (issue 24): its dishes are being made.
    expect(paid.data.order).toMatchObject({ status: 'making', paidAmount: 6400 });
    expect((await call('GET', `/order/diner/${table.token}/open`)).data).toEqual({ order: null, inUse: false });
    const next = await dinerSubmit(table.token, 1);
    expect(next.data.order.orderNo).not.toBe(first.data.order.orderNo);
  });

  it('买单 from the drawer (order:order:edit); a paid order cannot', async () => {
    const table = await newTable('R13');
    await dinerSubmit(table.token, 1);
    const tab = await openTab(table.id);
    const billed = await call<OrderRecord>('POST', `/order/order/${tab.id}/bill`, undefined, admin);
    expect(billed.data).toMatchObject({ status: 'pending', expireTime: null });
    await call('POST', `/order/order/${tab.id}/pay`, { method: 'cash', tendered: 3200 }, admin);
    expect(await call('POST', `/order/order/${tab.id}/bill`, undefined, admin)).toMatchObject({ status: 409, msg: '订单制作中，不能买单' });
  });

  it('cancelling a tab gives back the stock of every round', async () => {
    const table = await newTable('R14');
    const stock0 = await stockOf(app, { skuId: f.skus.small });
    await dinerSubmit(table.token, 2);
    await dinerSubmit(table.token, 3);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(stock0! - 5);
    const tab = await openTab(table.id);
    expect((await call<OrderRecord>('POST', `/order/order/${tab.id}/cancel`, { reason: '客人离开' }, admin)).data.status).toBe('cancelled');
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(stock0);
  });
});
