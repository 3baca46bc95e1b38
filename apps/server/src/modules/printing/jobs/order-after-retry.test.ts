import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, orderFixture, payInFull, setSku, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';
import { printJob } from '../tables.js';
import { fakePrinting, type FakeTransport } from '../testing.js';
import { PrintUnreachable } from '../transport/errors.js';

/**
 * A printer's tickets stay in order through an outage: a job waiting out its backoff keeps the
 * ones written after it waiting too, so a kitchen never gets the second order before the first
 * when the printer comes back (before, whichever job's backoff ran out first was sent first).
 */

let app: App;
let admin: AuthHeader;
let f: OrderFixture;
let fake: FakeTransport;

beforeAll(async () => {
  ({ app } = await createTestApp());
  fake = await fakePrinting(app);
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
});

const paidOrder = async () => {
  const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { remark: `第${Math.random().toString(36).slice(2, 8)}单` }));
  await payInFull(app, o.id);
  return o;
};
/** The order's job on the printer. */
const jobOf = async (orderId: string, printerId: string) =>
  dataOf<PrintJobRecord[]>(await callerOf(app, admin)('GET', `/order/order/${orderId}/prints`)).find((j) => j.printerId === printerId)!;

describe('per printer order through retries', () => {
  it('sends a job written during an outage only after the one waiting out its backoff', async () => {
    const p = dataOf<PrinterRecord>(await callerOf(app, admin)('POST', '/store/printer', { storeId: f.storeId, name: '后厨', brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['kitchen'] }));
    fake.failWith = (target) => (target.id === p.id ? new PrintUnreachable('无法连接打印机', 'offline') : null);
    const first = await paidOrder();
    await app.printing.dispatcher.drain();
    expect(await jobOf(first.id, p.id)).toMatchObject({ status: 'pending', attempts: 1 });

    // The printer is back; an order paid now waits behind the first one's backoff.
    fake.failWith = null;
    const second = await paidOrder();
    await app.printing.dispatcher.drain();
    expect(fake.received.filter((r) => r.printerId === p.id)).toEqual([]);
    expect(await jobOf(second.id, p.id)).toMatchObject({ status: 'pending', attempts: 0 });

    // The backoff runs out: the first, then the second.
    await app.database.db.update(printJob).set({ nextAttemptAt: new Date() }).where(eq(printJob.id, (await jobOf(first.id, p.id)).id));
    await app.printing.dispatcher.drain();
    expect(fake.received.filter((r) => r.printerId === p.id).map((r) => r.tickets[0]!.includes(first.orderNo) ? 'first' : r.tickets[0]!.includes(second.orderNo) ? 'second' : '?')).toEqual(['first', 'second']);
    expect([(await jobOf(first.id, p.id)).status, (await jobOf(second.id, p.id)).status]).toEqual(['sent', 'sent']);
  });

  it('a job that failed for good does not hold the ones after it', async () => {
    const p = dataOf<PrinterRecord>(await callerOf(app, admin)('POST', '/store/printer', { storeId: f.storeId, name: '档口', brand: 'escpos', host: '127.0.0.1', paper: 58, tickets: ['receipt'] }));
    fake.received.length = 0;
    fake.failWith = (target) => (target.id === p.id ? new PrintUnreachable('无法连接打印机', 'offline') : null);
    const first = await paidOrder();
    await app.printing.dispatcher.drain();
    await app.database.db.update(printJob).set({ status: 'failed' }).where(eq(printJob.printerId, p.id));
    fake.failWith = null;
    const second = await paidOrder();
    await app.printing.dispatcher.drain();
    expect(fake.received.filter((r) => r.printerId === p.id).map((r) => r.tickets[0]!.includes(second.orderNo))).toEqual([true]);
    expect((await jobOf(first.id, p.id)).status).toBe('failed');
  });
});
