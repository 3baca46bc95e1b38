import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type DinerOrder, type KitchenBoard, type OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { insertCategory } from '../../../../test/catalogue.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, insertTable, orderFixture, payInFull, setDish, setSku, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';
import { orderLine } from '../tables.js';

/**
 * The kitchen (issue 24): lines marked forward only, the order's status following its lines for
 * pay-first orders and pay-later tabs (the two defects: a paid tab already served went back to
 * 待处理; a part refund of a paid order not accepted finished it), 接单 / 完成 moving the lines,
 * the board's tickets in arrival order, and another store's lines.
 */
let app: App;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let f: OrderFixture;
let tab: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  f = await orderFixture(app);
  tab = await orderFixture(app, { payMode: 'pay_later' });
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
  await setSku(app, tab.storeId, tab.skus.large, { stock: 1000 });
});

const board = async (storeId: string, extra = '') => dataOf<KitchenBoard>(await call('GET', `/order/kitchen/board?storeId=${storeId}${extra}`));
const mark = (storeId: string, lineIds: string[], state: 'making' | 'ready' | 'served') => call('POST', '/order/kitchen/lines', { storeId, lineIds, state });
const record = async (id: string) => dataOf<OrderRecord>(await call('GET', `/order/order/${id}`));
const rice = (s: OrderFixture, quantity = 1) => ({ kind: 'dish' as const, itemId: s.dishes.rice, quantity });
const cola = (s: OrderFixture, quantity = 1) => ({ kind: 'dish' as const, itemId: s.dishes.cola, quantity });
const top = (o: OrderRecord) => o.lines.filter((l) => l.kind !== 'combo_item');
const ticketOf = (b: KitchenBoard, orderId: string) => b.tickets.find((t) => t.orderId === orderId);

/** A pay-later tab opened from a new table's QR code (the diners' page). */
async function openTab(code: string, lines: unknown[]): Promise<{ id: string; token: string }> {
  const tableId = await insertTable(app, tab.storeId, code);
  const { orderUrl } = dataOf<{ orderUrl: string }>(await call('GET', `/store/table/${tableId}`));
  const token = orderUrl.split('/').pop()!;
  const res = await app.inject({ method: 'POST', url: `/order/diner/${token}/order`, payload: { lines } as object });
  dataOf<{ order: DinerOrder }>(res);
  const open = dataOf<OrderRecord | null>(await call('GET', `/order/table/${tableId}/open`));
  return { id: open!.id, token };
}

describe('a pay-first order', () => {
  it('reaches the kitchen when paid, goes 制作中 with its first dish and 已完成 when all are out; a repeat changes nothing', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1), rice(f, 2)], { type: 'takeaway' }));
    expect(ticketOf(await board(f.storeId), o.id)).toBeUndefined();
    expect((await mark(f.storeId, [o.lines[0]!.id], 'making')).json()).toMatchObject({ msg: '「辣子鸡」所在订单尚未支付，还没有下厨' });
    await payInFull(app, o.id);
    const ticket = ticketOf(await board(f.storeId), o.id)!;
    expect(ticket).toMatchObject({ orderNo: o.orderNo, pickupNo: o.pickupNo, status: 'paid' });
    expect(ticket.lines.map((l) => [l.name, l.quantity, l.state])).toEqual([['辣子鸡', 1, 'waiting'], ['米饭', 2, 'waiting']]);
    const [chicken, riceLine] = top(o);

    expect((await mark(f.storeId, [chicken!.id], 'making')).statusCode).toBe(200);
    expect((await record(o.id)).status).toBe('making');
    await mark(f.storeId, [chicken!.id], 'ready');
    expect((await record(o.id)).status).toBe('making');
    // Skipping a state is allowed; marking back is not (the line stays where it is).
    await mark(f.storeId, [riceLine!.id], 'served');
    await mark(f.storeId, [riceLine!.id], 'making');
    const done = await record(o.id);
    expect(done.status).toBe('finished');
    expect(done.logs.map((l) => l.action)).toEqual(['create', 'pay', 'kitchen', 'accept', 'kitchen', 'kitchen', 'finish']);
    const lines = await app.database.db.select({ state: orderLine.kitchenState, by: orderLine.kitchenBy }).from(orderLine).where(eq(orderLine.orderId, o.id));
    expect(lines.map((l) => l.state).sort()).toEqual(['ready', 'served']);
    expect(lines.every((l) => l.by === 'admin')).toBe(true);

    expect(ticketOf(await board(f.storeId), o.id)).toBeUndefined();
    // Done lines of the last hour stay on the board with done=1, for 划菜.
    expect(ticketOf(await board(f.storeId, '&done=1'), o.id)!.lines.map((l) => l.state)).toEqual(['ready', 'served']);
  });

  it('接单 starts its dishes and 完成 sends them out (the order list\'s actions keep working)', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await payInFull(app, o.id);
    expect((await call('POST', `/order/order/${o.id}/finish`)).json()).toMatchObject({ msg: '订单尚未接单，请先接单' });
    expect(dataOf<OrderRecord>(await call('POST', `/order/order/${o.id}/accept`)).status).toBe('making');
    expect(ticketOf(await board(f.storeId), o.id)!.lines[0]!.state).toBe('making');
    expect(dataOf<OrderRecord>(await call('POST', `/order/order/${o.id}/finish`)).status).toBe('finished');
    expect(ticketOf(await board(f.storeId), o.id)).toBeUndefined();
    expect(ticketOf(await board(f.storeId, '&done=1'), o.id)!.lines[0]!.state).toBe('ready');
  });

  it('a part refund of a paid order not accepted (one dish of three) keeps it 待处理 with the two others; of one being made keeps it 制作中', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1), rice(f, 1), cola(f, 1)]));
    await payInFull(app, o.id);
    const [chicken, riceLine, colaLine] = top(o);
    const res = await call('POST', `/order/order/${o.id}/refund`, { reason: '不要了', lines: [{ lineId: colaLine!.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await record(o.id);
    expect(after).toMatchObject({ status: 'paid' });
    expect(after.refundedAmount).toBeGreaterThan(0);
    expect(ticketOf(await board(f.storeId), o.id)!.lines.map((l) => l.name)).toEqual(['辣子鸡', '米饭']);
    const todo = dataOf<{ records: Array<{ id: string }> }>(await call('GET', `/order/order/page?storeId=${f.storeId}&tab=todo&size=100`));
    expect(todo.records.map((r) => r.id)).toContain(o.id);

    await mark(f.storeId, [chicken!.id], 'making');
    expect((await record(o.id)).status).toBe('making');
    await call('POST', `/order/order/${o.id}/refund`, { reason: '米饭不要了', lines: [{ lineId: riceLine!.id, quantity: 1 }] });
    expect((await record(o.id)).status).toBe('making');
    // Only when nothing is left to make is it done (as a refund finished it before).
    await mark(f.storeId, [chicken!.id], 'ready');
    expect((await record(o.id)).status).toBe('finished');
  });
});

describe('a pay-later tab', () => {
  it('is in the kitchen from its round; served and then paid it goes straight to 已完成 (never 待处理 again, no 接单)', async () => {
    const t = await openTab('K01', [chickenLine(tab, 1), rice(tab, 1)]);
    const ticket = ticketOf(await board(tab.storeId), t.id)!;
    expect(ticket).toMatchObject({ status: 'dining', tableCode: 'K01' });
    const ids = ticket.lines.map((l) => l.id);
    await mark(tab.storeId, ids, 'ready');
    await mark(tab.storeId, ids, 'served');
    expect((await record(t.id)).status).toBe('dining');
    await payInFull(app, t.id);
    const paid = await record(t.id);
    expect(paid.status).toBe('finished');
    expect(paid.logs.map((l) => l.action)).not.toContain('accept');
  });

  it('paid with dishes still to make is 制作中, and done when they are out', async () => {
    const t = await openTab('K02', [chickenLine(tab, 1)]);
    await payInFull(app, t.id);
    expect((await record(t.id)).status).toBe('making');
    const [line] = ticketOf(await board(tab.storeId), t.id)!.lines;
    await mark(tab.storeId, [line!.id], 'ready');
    expect((await record(t.id)).status).toBe('finished');
  });
});

describe('the board', () => {
  it('tickets in arrival order; stations are the kitchen printers with their categories, and all', async () => {
    const s = await orderFixture(app);
    await setSku(app, s.storeId, s.skus.large, { stock: 100 });
    const drinks = await insertCategory(app, s.storeId, '饮品');
    await setDish(app, s.storeId, s.dishes.cola, { categoryId: drinks });
    const first = await createOrderApi(app, admin, cartOf(s, [chickenLine(s, 1), cola(s, 1)], { type: 'takeaway' }));
    const second = await createOrderApi(app, admin, cartOf(s, [cola(s, 2)], { type: 'takeaway' }));
    // Paid the other way round: the kitchen takes them as they reached it (paid), set apart here.
    await payInFull(app, second.id);
    await payInFull(app, first.id);
    const at = (await app.database.db.select({ since: orderLine.kitchenSince }).from(orderLine).where(eq(orderLine.orderId, first.id)))[0]!.since!;
    await app.database.db.update(orderLine).set({ kitchenSince: new Date(at.getTime() - 60_000) }).where(eq(orderLine.orderId, second.id));
    const b = await board(s.storeId);
    expect(b.tickets.map((t) => t.orderId)).toEqual([second.id, first.id]);
    expect(b).toMatchObject({ amberMinutes: 10, redMinutes: 20, stations: [{ id: 'all', name: '全部', categoryIds: [] }] });

    const printer = dataOf<{ id: string }>(await call('POST', '/store/printer', {
      storeId: s.storeId, name: '饮品档口', brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['kitchen'], categoryIds: [drinks], trigger: 'manual',
    }));
    const withStation = await board(s.storeId);
    expect(withStation.stations).toEqual([{ id: 'all', name: '全部', categoryIds: [] }, { id: printer.id, name: '饮品档口', categoryIds: [drinks] }]);
    const station = await board(s.storeId, `&station=${printer.id}`);
    expect(station.tickets.map((t) => [t.orderId, t.lines.map((l) => `${l.name}×${l.quantity}`)])).toEqual([[second.id, ['可乐×2']], [first.id, ['可乐×1']]]);
    expect((await call('GET', `/order/kitchen/board?storeId=${s.storeId}&station=999999`)).statusCode).toBe(404);
  });

  it("another store's lines answer 404, and a line marked through another store is left as it is", async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await payInFull(app, o.id);
    const res = await mark(tab.storeId, [o.lines[0]!.id], 'ready');
    expect(res.statusCode).toBe(404);
    expect(ticketOf(await board(f.storeId), o.id)!.lines[0]!.state).toBe('waiting');
    expect((await call('POST', '/order/order/999999999/rush', {})).statusCode).toBe(404);
  });

  it('publishes the change on the floor destination after the commit', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await payInFull(app, o.id);
    const publish = vi.spyOn(app.live, 'publish');
    try {
      await mark(f.storeId, [o.lines[0]!.id], 'making');
      expect(publish).toHaveBeenCalledWith(`/store/floor${f.storeId}`, expect.objectContaining({ kind: 'kitchen', orderIds: [o.id] }));
    } finally {
      publish.mockRestore();
    }
  });
});

