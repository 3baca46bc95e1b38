import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import { signIn, type AuthHeader } from '../../../test/auth.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, orderFixture, payInFull, setSku, type OrderFixture } from '../../../test/orders.js';
import type { App } from '../../app.js';
import type { Db } from '../../db/client.js';
import { IN_DOUBT, PrintDispatcher } from './jobs/dispatcher.js';
import { writeOrderJobs } from './jobs/outbox.js';
import { printer, printJob } from './tables.js';
import { fakePrinting, FakeTransport } from './testing.js';
import { PrintUnreachable } from './transport/errors.js';

let app: App;
let admin: AuthHeader;
let f: OrderFixture;
let fake: FakeTransport;
let call: ReturnType<typeof callerOf>;
let categories: { hot: string; sets: string };

beforeAll(async () => {
  ({ app } = await createTestApp());
  fake = await fakePrinting(app);
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
  const rows = dataOf<{ records: Array<{ id: string; name: string }> }>(await call('GET', `/store/category/page?storeId=${f.storeId}&size=100`)).records;
  categories = { hot: rows.find((c) => c.name === '热菜')!.id, sets: rows.find((c) => c.name === '套餐')!.id };
});

const addPrinter = async (body: Record<string, unknown>) => dataOf<PrinterRecord>(await call('POST', '/store/printer', {
  storeId: f.storeId, brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['kitchen'], ...body,
}));
const jobsOf = async (orderId: string) => dataOf<PrintJobRecord[]>(await call('GET', `/order/order/${orderId}/prints`));
const drain = () => app.printing.dispatcher.drain();
const paidOrder = async (lines = [chickenLine(f, 1), { kind: 'dish' as const, itemId: f.dishes.rice, quantity: 2 }]) => {
  const o = await createOrderApi(app, admin, cartOf(f, lines));
  await payInFull(app, o.id);
  return o;
};
const clearPrinters = async () => {
  await app.database.db.update(printer).set({ enabled: false }).where(eq(printer.storeId, f.storeId));
};

describe('printers', () => {
  it('keeps a 飞鹅 key sealed and answers it masked; a blank key on update keeps it; brand fields are checked', async () => {
    const p = await addPrinter({ name: '前台飞鹅', brand: 'feie', feieSn: '918500001', feieKey: 'abcd1234wxyz', host: undefined, tickets: ['receipt'] });
    expect(p).toMatchObject({ brand: 'feie', feieSn: '918500001', feieKeyMasked: '****wxyz', host: null, port: null, status: 'unknown' });
    const [row] = await app.database.db.select().from(printer).where(eq(printer.id, p.id));
    expect(row!.feieKeyEnc).toMatch(/^v1:/);
    expect(row!.feieKeyEnc).not.toContain('abcd1234wxyz');
    const updated = dataOf<PrinterRecord>(await call('PUT', '/store/printer', { id: p.id, storeId: f.storeId, name: '前台飞鹅', brand: 'feie', feieSn: '918500001', paper: 80, tickets: ['receipt'] }));
    expect(updated).toMatchObject({ paper: 80, feieKeyMasked: '****wxyz' });
    const noKey = await call('POST', '/store/printer', { storeId: f.storeId, name: '无密钥', brand: 'feie', feieSn: '918500002', paper: 58, tickets: ['receipt'] });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().msg).toContain('飞鹅打印机需要填写密钥');
    const noHost = await call('POST', '/store/printer', { storeId: f.storeId, name: '无地址', brand: 'escpos', paper: 58, tickets: ['kitchen'] });
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json().msg).toContain('网络打印机需要填写地址');
    const foreign = await call('POST', '/store/printer', { storeId: f.storeId, name: '别店分类', brand: 'escpos', host: '10.0.0.9', paper: 58, tickets: ['kitchen'], categoryIds: ['999999'] });
    expect(foreign.statusCode).toBe(400);
    await clearPrinters();
  });

  it('the 飞鹅 account: UKEY sealed, answered masked', async () => {
    expect(dataOf(await call('GET', '/store/printer/feie-account'))).toEqual({ user: '', ukeyMasked: null, configured: false });
    expect(dataOf(await call('PUT', '/store/printer/feie-account', { user: 'demo@canteen', ukey: 'UKEY-secret-9876' }))).toEqual({ user: 'demo@canteen', ukeyMasked: '****9876', configured: true });
    expect(dataOf(await call('PUT', '/store/printer/feie-account', { user: 'other@canteen' }))).toEqual({ user: 'other@canteen', ukeyMasked: '****9876', configured: true });
  });

  it('previews each ticket on sample data at the paper width', async () => {
    const preview = dataOf<{ columns: number; lines: Array<{ text: string }> }>(await call('GET', '/store/printer/preview?ticket=receipt&paper=80'));
    expect(preview.columns).toBe(48);
    expect(preview.lines.map((l) => l.text).join('\n')).toContain('结账单');
  });
});

describe('the outbox', () => {
  it('writes the jobs with the payment: the receipt, and kitchen tickets routed by category; sent after commit, once', async () => {
    const front = await addPrinter({ name: '前台', tickets: ['receipt'] });
    const hot = await addPrinter({ name: '热菜档口', categoryIds: [categories.hot], copies: 2 });
    const bar = await addPrinter({ name: '套餐档口', categoryIds: [categories.sets] });
    await addPrinter({ name: '手动', tickets: ['receipt', 'kitchen'], trigger: 'manual' });
    const o = await paidOrder();
    const jobs = await jobsOf(o.id);
    // The combo printer serves nothing in this order: no job.
    expect(jobs.map((j) => [j.printerName, j.ticket, j.status])).toEqual([['前台', 'receipt', 'pending'], ['热菜档口', 'kitchen', 'pending']]);
    fake.received.length = 0;
    expect(await drain()).toBe(2);
    expect(fake.received.map((r) => r.printerName).sort()).toEqual(['前台', '热菜档口']);
    const kitchen = fake.received.find((r) => r.printerId === hot.id)!;
    expect(kitchen.copies).toBe(2);
    expect(kitchen.tickets[0]).toContain('辣子鸡');
    expect(kitchen.tickets[0]).not.toContain('38.00');
    expect((await jobsOf(o.id)).every((j) => j.status === 'sent' && j.sentAt)).toBe(true);
    // The event again (a retried hook, another instance): nothing new.
    const again = await app.database.db.transaction((tx) => writeOrderJobs(tx as unknown as Db, { kind: 'paid', orderId: o.id }));
    expect(again).toBe(0);
    expect(await drain()).toBe(0);
    expect(fake.received).toHaveLength(2);
    expect(front.id && bar.id).toBeTruthy();
    await clearPrinters();
  });

  it('retries an unreachable printer with backoff, marks it offline, and sends once it is back; the order stays paid', async () => {
    const p = await addPrinter({ name: '离线后厨' });
    fake.failWith = (target) => (target.id === p.id ? new PrintUnreachable('无法连接打印机', 'offline') : null);
    const o = await paidOrder();
    fake.received.length = 0;
    await drain();
    let [job] = await jobsOf(o.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: '无法连接打印机' });
    expect(new Date(job!.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    expect(dataOf<PrinterRecord>(await call('GET', `/store/printer/${p.id}`)).status).toBe('offline');
    expect((await app.order.get(o.id)).status).toBe('paid');
    fake.failWith = null;
    await app.database.db.update(printJob).set({ nextAttemptAt: new Date() }).where(eq(printJob.id, job!.id));
    await drain();
    [job] = await jobsOf(o.id);
    expect(job).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.received).toHaveLength(1);
    expect(dataOf<PrinterRecord>(await call('GET', `/store/printer/${p.id}`)).status).toBe('online');
    await clearPrinters();
  });

  it('重打 prints the same ticket again under a 重打 banner, only when asked', async () => {
    await addPrinter({ name: '重打后厨' });
    const o = await paidOrder();
    await drain();
    const [job] = await jobsOf(o.id);
    fake.received.length = 0;
    const again = dataOf<PrintJobRecord>(await call('POST', `/order/order/${o.id}/prints/${job!.id}/reprint`));
    expect(again).toMatchObject({ reprintOf: job!.id, ticket: 'kitchen', status: 'pending' });
    await drain();
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.tickets[0]).toMatch(/【重打】[\s\S]*重打时间[\s\S]*辣子鸡/);
    const fromLog = dataOf<PrintJobRecord>(await call('POST', `/store/printer/job/${again.id}/reprint`));
    expect(fromLog.reprintOf).toBe(job!.id);
    const page = dataOf<{ records: PrintJobRecord[] }>(await call('GET', `/store/printer/job/page?storeId=${f.storeId}&orderNo=${o.orderNo}`));
    expect(page.records).toHaveLength(3);
    await clearPrinters();
  });

  it('a test page goes to the printer', async () => {
    const p = await addPrinter({ name: '测试页打印机' });
    fake.received.length = 0;
    const job = dataOf<PrintJobRecord>(await call('POST', `/store/printer/${p.id}/test`));
    expect(job.ticket).toBe('test');
    await drain();
    expect(fake.received[0]!.tickets[0]).toContain('打印测试页');
    await clearPrinters();
  });
});

describe('never twice', () => {
  it('two instances dispatching at once send every job exactly once, a printer\'s jobs one at a time', async () => {
    const printers = [await addPrinter({ name: '并发A' }), await addPrinter({ name: '并发B' }), await addPrinter({ name: '并发C' })];
    for (let i = 0; i < 6; i++) await paidOrder();
    const slow = new FakeTransport();
    let busy = new Map<string, number>();
    let overlap = false;
    const transport = {
      send: async (p: Parameters<FakeTransport['send']>[0], job: Parameters<FakeTransport['send']>[1]) => {
        busy.set(p.id, (busy.get(p.id) ?? 0) + 1);
        if (busy.get(p.id)! > 1) overlap = true;
        await new Promise((r) => setTimeout(r, 5));
        busy.set(p.id, busy.get(p.id)! - 1);
        await slow.send(p, job);
      },
      status: slow.status.bind(slow),
    };
    const one = new PrintDispatcher({ database: app.database, transport, log: app.log });
    const two = new PrintDispatcher({ database: app.database, transport, log: app.log });
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    expect(slow.received).toHaveLength(18);
    expect(new Set(printers.map((p) => slow.received.filter((r) => r.printerId === p.id).length))).toEqual(new Set([6]));
    expect(overlap).toBe(false);
    busy = new Map();
    await clearPrinters();
  });

  it('a sender killed mid-send: its job is never sent again by itself (in doubt), and prints again only on 重打', async () => {
    await addPrinter({ name: '重启后厨' });
    const o = await paidOrder();
    const hung = new FakeTransport();
    hung.hold = new Promise(() => undefined); // the process dies with the bytes on the way
    const dying = new PrintDispatcher({ database: app.database, transport: hung, log: app.log, leaseMs: 200 });
    await dying.dispatchOnce();
    let [job] = await jobsOf(o.id);
    expect(job!.status).toBe('sending');
    // A restarted instance (or another one) after the lease ran out.
    await new Promise((r) => setTimeout(r, 250));
    const restarted = new FakeTransport();
    const next = new PrintDispatcher({ database: app.database, transport: restarted, log: app.log });
    expect(await next.reap()).toBe(1);
    await next.drain();
    [job] = await jobsOf(o.id);
    expect(job).toMatchObject({ status: 'failed', lastError: IN_DOUBT });
    expect(restarted.received).toHaveLength(0);
    await call('POST', `/order/order/${o.id}/prints/${job!.id}/reprint`);
    await next.drain();
    expect(restarted.received).toHaveLength(1);
    await clearPrinters();
  });
});
