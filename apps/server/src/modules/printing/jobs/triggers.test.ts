import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storePrintersDestination, TAB_SECRET_HEADER, type DinerOrder, type PrinterRecord, type PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, insertTable, orderFixture, payInFull, setSku, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';
import { orderForReads as order } from '../../order/service.js';
import { printer } from '../tables.js';
import { fakePrinting, type FakeTransport } from '../testing.js';
import { PrintUnreachable } from '../transport/errors.js';

/**
 * When printers print (the outbox's triggers through the orders' hooks): on acceptance, a
 * pay-later table's rounds one by one (only the round just added) and its receipt when paid,
 * refund tickets; and the live alert when a send finds a printer gone.
 */
let app: App;
let admin: AuthHeader;
let fake: FakeTransport;
let call: ReturnType<typeof callerOf>;

beforeAll(async () => {
  ({ app } = await createTestApp());
  fake = await fakePrinting(app);
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
});

const addPrinter = async (storeId: string, body: Record<string, unknown>) => dataOf<PrinterRecord>(await call('POST', '/store/printer', {
  storeId, brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['kitchen'], ...body,
}));
const jobsOf = async (orderId: string) => dataOf<PrintJobRecord[]>(await call('GET', `/order/order/${orderId}/prints`));
const summary = (jobs: PrintJobRecord[]) => jobs.map((j) => `${j.printerName}:${j.ticket}:${j.round}`);
const disableAll = (storeId: string) => app.database.db.update(printer).set({ enabled: false }).where(eq(printer.storeId, storeId));

describe('pay-first store', () => {
  let f: OrderFixture;
  beforeAll(async () => {
    f = await orderFixture(app);
    await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
  });

  it('on_accepted printers print at 接单, not at payment; a second 接单 prints nothing more', async () => {
    await addPrinter(f.storeId, { name: '接单后厨', trigger: 'on_accepted', tickets: ['receipt', 'kitchen'] });
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await payInFull(app, o.id);
    expect(await jobsOf(o.id)).toEqual([]);
    expect((await call('POST', `/order/order/${o.id}/accept`)).statusCode).toBe(200);
    expect(summary(await jobsOf(o.id))).toEqual(['接单后厨:receipt:0', '接单后厨:kitchen:1']);
    await call('POST', `/order/order/${o.id}/accept`);
    expect(await jobsOf(o.id)).toHaveLength(2);
    await disableAll(f.storeId);
  });

  it('a refund prints a 退菜单 of the refunded dishes on the printers that print them; a manual print on request', async () => {
    await addPrinter(f.storeId, { name: '退菜后厨', tickets: ['kitchen', 'refund'] });
    const manual = await addPrinter(f.storeId, { name: '手动前台', tickets: ['receipt'], trigger: 'manual' });
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2), { kind: 'dish', itemId: f.dishes.rice, quantity: 1 }]));
    await payInFull(app, o.id);
    const chicken = o.lines.find((l) => l.name === '辣子鸡')!;
    const res = await call('POST', `/order/order/${o.id}/refund`, { reason: '上错菜', lines: [{ lineId: chicken.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(summary(await jobsOf(o.id))).toEqual(['退菜后厨:kitchen:1', '退菜后厨:refund:0']);
    fake.received.length = 0;
    await app.printing.dispatcher.drain();
    const refundTicket = fake.received.find((r) => r.tickets[0]!.includes('退菜单'))!;
    expect(refundTicket.tickets[0]).toMatch(/辣子鸡\s+x1/);
    expect(refundTicket.tickets[0]).not.toContain('米饭');
    expect(refundTicket.tickets[0]).toContain('上错菜');
    const printed = dataOf<PrintJobRecord>(await call('POST', `/order/order/${o.id}/prints`, { printerId: manual.id, ticket: 'receipt' }));
    expect(printed).toMatchObject({ printerName: '手动前台', ticket: 'receipt', reprintOf: null });
    await disableAll(f.storeId);
  });

  it('a send that finds the printer out of paper marks it 缺纸 and raises the store\'s live alert', async () => {
    const p = await addPrinter(f.storeId, { name: '缺纸后厨' });
    const publish = vi.spyOn(app.live, 'publish');
    fake.failWith = (target) => (target.id === p.id ? new PrintUnreachable('打印机缺纸', 'no_paper') : null);
    try {
      const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
      await payInFull(app, o.id);
      await app.printing.dispatcher.drain();
      expect(publish).toHaveBeenCalledWith(storePrintersDestination(f.storeId), expect.objectContaining({ printerId: p.id, status: 'no_paper', previous: 'unknown', name: '缺纸后厨' }));
      expect((await jobsOf(o.id))[0]).toMatchObject({ status: 'pending', lastError: '打印机缺纸' });
    } finally {
      fake.failWith = null;
      publish.mockRestore();
    }
    await disableAll(f.storeId);
  });
});

describe('pay-later table', () => {
  it('each round prints only its own dishes as it is added; the receipt when paid, no kitchen ticket again', async () => {
    const f = await orderFixture(app, { payMode: 'pay_later' });
    await setSku(app, f.storeId, f.skus.small, { stock: 100 });
    await addPrinter(f.storeId, { name: '桌台后厨', tickets: ['kitchen'] });
    await addPrinter(f.storeId, { name: '桌台前台', tickets: ['receipt'] });
    const tableId = await insertTable(app, f.storeId, 'P01');
    const token = dataOf<{ orderUrl: string }>(await call('GET', `/store/table/${tableId}`)).orderUrl.split('/').pop()!;
    // The device that opened the tab adds to it with the tab's secret (issue 22 #5).
    let secret: string | undefined;
    const submit = async (lines: unknown[]) => {
      const res = await app.inject({ method: 'POST', url: `/order/diner/${token}/order`, payload: { lines }, headers: secret ? { [TAB_SECRET_HEADER]: secret } : {} });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: { order: DinerOrder; tabSecret?: string } }>().data;
      secret ??= data.tabSecret;
      return data.order;
    };
    await submit([{ kind: 'dish', itemId: f.dishes.chicken, skuId: f.skus.small, optionIds: [f.options.mild], quantity: 1 }]);
    // The tab's id (the diners' page answers its view token, not its id).
    const [{ id: orderId }] = (await app.database.db.select({ id: order.id }).from(order).where(eq(order.storeId, f.storeId)).orderBy(desc(order.id)).limit(1)) as [{ id: string }];
    expect(summary(await jobsOf(orderId))).toEqual(['桌台后厨:kitchen:1']);
    await submit([{ kind: 'dish', itemId: f.dishes.rice, quantity: 2 }]);
    expect(summary(await jobsOf(orderId))).toEqual(['桌台后厨:kitchen:1', '桌台后厨:kitchen:2']);
    fake.received.length = 0;
    await app.printing.dispatcher.drain();
    const second = fake.received.find((r) => r.tickets[0]!.includes('第2轮'))!;
    expect(second.tickets[0]).toContain('米饭');
    expect(second.tickets[0]).not.toContain('辣子鸡');
    await payInFull(app, orderId);
    expect(summary(await jobsOf(orderId))).toEqual(['桌台后厨:kitchen:1', '桌台后厨:kitchen:2', '桌台前台:receipt:0']);
  });
});
