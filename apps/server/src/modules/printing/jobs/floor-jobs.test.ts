import { beforeAll, describe, expect, it } from 'vitest';
import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { insertCategory } from '../../../../test/catalogue.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, orderFixture, payInFull, setDish, setSku, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';
import type { Db } from '../../../db/client.js';
import { sendToKitchen } from '../../order/kitchen/lines.js';
import { fakePrinting, type FakeTransport } from '../testing.js';

/**
 * The floor's tickets (issue 24) through the outbox: 催菜单 on the kitchen printers of the rushed
 * dishes' categories, 退菜单 of a 退菜 on the printers that print 退菜单, 转台单 on every kitchen
 * printer of the store.
 */
let app: App;
let admin: AuthHeader;
let fake: FakeTransport;
let call: ReturnType<typeof callerOf>;
let f: OrderFixture;
let drinks: string;

beforeAll(async () => {
  ({ app } = await createTestApp());
  fake = await fakePrinting(app);
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
  drinks = await insertCategory(app, f.storeId, '饮品');
  await setDish(app, f.storeId, f.dishes.cola, { categoryId: drinks });
});

const addPrinter = async (body: Record<string, unknown>) => dataOf<PrinterRecord>(await call('POST', '/store/printer', {
  storeId: f.storeId, brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['kitchen'], trigger: 'on_accepted', ...body,
}));
const jobsOf = async (orderId: string) => dataOf<PrintJobRecord[]>(await call('GET', `/order/order/${orderId}/prints`));
const printed = async () => {
  fake.received.length = 0;
  await app.printing.dispatcher.drain();
  return fake.received.map((r) => ({ printer: r.printerName, text: r.tickets.join('\n') }));
};

describe('the floor tickets', () => {
  it('催菜单 goes to the kitchen printers of the rushed dishes, 退菜单 of a 退菜 to those printing 退菜单, 转台单 to every kitchen printer', async () => {
    await addPrinter({ name: '热菜档口', categoryIds: [] });
    await addPrinter({ name: '饮品档口', categoryIds: [drinks], tickets: ['kitchen', 'refund'] });
    await addPrinter({ name: '前台', tickets: ['receipt'] });

    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1), { kind: 'dish', itemId: f.dishes.cola, quantity: 2 }]));
    await payInFull(app, o.id);
    await printed();
    const chicken = o.lines.find((l) => l.name === '辣子鸡')!;
    dataOf(await call('POST', `/order/order/${o.id}/rush`, { lineIds: [chicken.id] }));
    const rush = await printed();
    expect(rush.map((r) => r.printer)).toEqual(['热菜档口']);
    expect(rush[0]!.text).toContain('催菜单');
    expect(rush[0]!.text).toMatch(/辣子鸡\s+x1/);
    expect((await jobsOf(o.id)).map((j) => `${j.printerName}:${j.ticket}`)).toEqual(['热菜档口:kitchen']);

    // 退菜 of an unpaid order whose dishes are in the kitchen: a dine-in tab at the counter is not
    // at hand here, so an unpaid order's line is sent to the kitchen in the test's transaction.
    const unpaid = await createOrderApi(app, admin, cartOf(f, [{ kind: 'dish', itemId: f.dishes.cola, quantity: 3 }]));
    await app.database.db.transaction((tx) => sendToKitchen(tx as unknown as Db, unpaid.id, null));
    const res = await call('POST', `/order/order/${unpaid.id}/lines/${unpaid.lines[0]!.id}/void`, { quantity: 1, reason: '点多了' });
    expect(res.statusCode, res.body).toBe(200);
    const voided = await printed();
    expect(voided.map((r) => r.printer)).toEqual(['饮品档口']);
    expect(voided[0]!.text).toContain('退菜单');
    expect(voided[0]!.text).toMatch(/可乐\s+x1/);
    expect(voided[0]!.text).toContain('点多了');
    expect(voided[0]!.text).not.toContain('退款金额');

    await app.database.db.transaction((tx) => app.order.hooks.emit(tx as unknown as Db, 'tableTransferred', {
      sessionId: '1', storeId: f.storeId, fromTableCode: 'A03', toTableCode: 'B05', orderIds: [o.id],
    }));
    const moved = await printed();
    expect(moved.map((r) => r.printer).sort()).toEqual(['热菜档口', '饮品档口']);
    expect(moved[0]!.text).toContain('转台单');
    expect(moved[0]!.text).toContain('A03 → B05');
    expect(moved[0]!.text).toContain(o.orderNo);
  });
});
