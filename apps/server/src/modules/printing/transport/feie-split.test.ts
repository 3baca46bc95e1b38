import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoFeieAccount, demoFeiePrinters } from '@canteen/wechat-sim';
import type { PrinterRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { callerOf, cartOf, createOrderApi, dataOf, orderFixture, payInFull, type OrderFixture } from '../../../../test/orders.js';
import { startSimulator } from '../../../../test/sim.js';
import type { App } from '../../../app.js';
import { IN_DOUBT } from '../jobs/dispatcher.js';
import { printJob } from '../tables.js';
import { FEIE_CONTENT_MAX_BYTES } from '../tickets/feie.js';
import { PrintUnreachable } from './errors.js';
import { FeieClient, FeieNotDeleted, type FeieAccountKeys } from './feie-client.js';
import { networkTransport } from './transport.js';

/**
 * A job over Open_printMsg's limits (issue 28): a 60-dish order's receipt goes to the simulated
 * 飞鹅 cloud (which refuses content over 5,000 bytes, as the cloud does) in several calls, in
 * order, each dish exactly once; a call that fails midway is retried from that call on.
 */

/** Counts the calls, and can refuse one of them once as unreachable (nothing sent). */
class CountingFeie extends FeieClient {
  calls: Array<{ content: string; times: number; id: string }> = [];
  failCall: number | null = null;

  override async printMsg(account: FeieAccountKeys, sn: string, content: string, times: number): Promise<string> {
    if (this.failCall === this.calls.length) {
      this.failCall = null;
      throw new PrintUnreachable('飞鹅云连接失败：模拟');
    }
    const id = await super.printMsg(account, sn, content, times);
    this.calls.push({ content, times, id });
    return id;
  }
}

let app: App;
let f: OrderFixture;
let feie: CountingFeie;
let simUrl: string;
let call: ReturnType<typeof callerOf>;
let admin: Awaited<ReturnType<typeof signIn>>;
const sn = demoFeiePrinters[0]!.sn;
const dishNames = Array.from({ length: 60 }, (_, i) => `第${String(i + 1).padStart(2, '0')}号菜`);
let dishIds: string[] = [];

beforeAll(async () => {
  const sim = await startSimulator();
  simUrl = sim.url;
  ({ app } = await createTestApp());
  await app.ready();
  // Sent by hand (drain), through the simulated cloud.
  await app.printing.dispatcher.stop();
  feie = new CountingFeie(`${simUrl}/printer/feie/Api/Open/`);
  app.printing.feie = feie;
  app.printing.transport = networkTransport({ db: app.database.db, secrets: app.printing.secrets, feie, addresses: app.printing.addresses });
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  f = await orderFixture(app);
  // 60 dishes beside the fixture's, in the fixture's category (straight in the database: the menu's own tables are the store module's).
  const rows = await app.database.db.execute(sql`
    insert into store_dish (store_id, category_id, name, price, sort)
    select d.store_id, d.category_id, n.name, 1000 + n.i, n.i
    from store_dish d, unnest(string_to_array(${dishNames.join(",")}, ',')) with ordinality as n(name, i)
    where d.id = ${f.dishes.rice}
    order by n.i
    returning id::text`);
  dishIds = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ id: string }> }).rows).map((r: { id: string }) => r.id);
  app.store.menu.changed(f.storeId);
  dataOf(await call('PUT', '/store/printer/feie-account', demoFeieAccount));
  dataOf<PrinterRecord>(await call('POST', '/store/printer', {
    storeId: f.storeId, name: '前台飞鹅', brand: 'feie', feieSn: sn, feieKey: demoFeiePrinters[0]!.key, paper: 58, tickets: ['receipt'], copies: 1,
  }));
});

/** What the simulated printer printed of these cloud orders (the calls' answers), in print order. */
async function printedOf(orderIds: string[]) {
  const res = await fetch(`${simUrl}/sim/printer/tickets?printer=feie:${sn}&limit=1000`);
  const tickets = (await res.json()) as Array<{ id: string; text: string; orderId: string; warnings: string[] }>;
  const seq = (t: { id: string }) => Number(t.id.split('#')[1]);
  return tickets.filter((t) => orderIds.includes(t.orderId)).sort((a, b) => seq(a) - seq(b));
}

const occurrences = (text: string, name: string) => text.split(name).length - 1;

async function paidSixtyDishOrder() {
  const o = await createOrderApi(app, admin, cartOf(f, dishIds.map((itemId) => ({ kind: 'dish' as const, itemId, quantity: 1, remark: '不要葱不要香菜，少盐少油，分开打包' }))));
  await payInFull(app, o.id);
  const [job] = await app.database.db.select().from(printJob).where(eq(printJob.orderId, o.id));
  return { jobId: job!.id };
}

function expectEachDishOnceInOrder(text: string) {
  for (const name of dishNames) expect(occurrences(text, name), name).toBe(1);
  const positions = dishNames.map((name) => text.indexOf(name));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

describe('a 60-dish order on the 飞鹅 cloud printer', () => {
  it('prints in several calls within the limits, in order, each dish exactly once', async () => {
    feie.calls = [];
    const { jobId } = await paidSixtyDishOrder();
    await app.printing.dispatcher.drain();
    const [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'sent', lastError: null });
    expect(feie.calls.length).toBeGreaterThan(1);
    expect(job!.partsSent).toBe(feie.calls.length);
    for (const c of feie.calls) {
      expect(Buffer.byteLength(c.content)).toBeLessThanOrEqual(FEIE_CONTENT_MAX_BYTES);
      expect(c.content.split('<QR>').length - 1).toBeLessThanOrEqual(1);
      expect(c.content).not.toMatch(/<(C|CB|B|BOLD|RIGHT|L|W)>(?:(?!<\/\1>).)*<(C|CB|B|BOLD|RIGHT|L|W|QR)>/);
    }
    const printed = await printedOf(feie.calls.map((c) => c.id));
    expect(new Set(printed.map((t) => t.orderId)).size).toBe(feie.calls.length);
    expect(printed.flatMap((t) => t.warnings)).toEqual([]);
    expectEachDishOnceInOrder(printed.map((t) => t.text).join('\n'));
  });

  it('a call refused midway is retried from that call: nothing printed twice, nothing lost', async () => {
    feie.calls = [];
    feie.failCall = 1;
    const { jobId } = await paidSixtyDishOrder();
    await app.printing.dispatcher.drain();
    let [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'pending', partsSent: 1 });
    expect(job!.lastError).toContain('第 2/');
    // The backoff over (set, not waited for), the retry begins with the second call.
    await app.database.db.update(printJob).set({ nextAttemptAt: new Date(0) }).where(eq(printJob.id, jobId));
    await app.printing.dispatcher.drain();
    [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'sent', attempts: 2 });
    expect(job!.partsSent).toBe(feie.calls.length);
    expect(new Set(feie.calls.map((c) => c.content)).size).toBe(feie.calls.length);
    expectEachDishOnceInOrder((await printedOf(feie.calls.map((c) => c.id))).map((t) => t.text).join('\n'));
  });
});

describe('a sender that dies midway through a split job', () => {
  /** A job whose first call printed, then claimed by a sender that died (its lease run out) with `partSending`. */
  async function diedAfterFirstCall(partSending: boolean) {
    feie.calls = [];
    feie.failCall = 1;
    const { jobId } = await paidSixtyDishOrder();
    await app.printing.dispatcher.drain();
    await app.database.db.update(printJob).set({ status: 'sending', attempts: sql`${printJob.attempts} + 1`, partSending, leaseUntil: new Date(0) }).where(eq(printJob.id, jobId));
    return jobId;
  }

  it('died between two calls (none on its way): the job goes on from the next call, nothing printed twice', async () => {
    const jobId = await diedAfterFirstCall(false);
    expect(await app.printing.dispatcher.reap()).toBe(1);
    let [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'pending', partsSent: 1 });
    expect(job!.lastError).toContain('前 1 段已打印，从下一段继续');
    await app.printing.dispatcher.drain();
    [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'sent', partSending: false });
    expect(job!.partsSent).toBe(feie.calls.length);
    expectEachDishOnceInOrder((await printedOf(feie.calls.map((c) => c.id))).map((t) => t.text).join('\n'));
  });

  it('died during a call: in doubt (never sent again by itself), saying how many parts printed', async () => {
    const jobId = await diedAfterFirstCall(true);
    expect(await app.printing.dispatcher.reap()).toBe(1);
    const [job] = await app.database.db.select().from(printJob).where(eq(printJob.id, jobId));
    expect(job).toMatchObject({ status: 'failed', lastError: `${IN_DOUBT}（前 1 段已打印）` });
    const calls = feie.calls.length;
    await app.printing.dispatcher.drain();
    expect(feie.calls).toHaveLength(calls);
  });
});

describe('deleting a 飞鹅 printer (Open_printerDelList)', () => {
  const addFeie = async (name: string, printer: (typeof demoFeiePrinters)[number]) => dataOf<PrinterRecord>(await call('POST', '/store/printer', {
    storeId: f.storeId, name, brand: 'feie', feieSn: printer.sn, feieKey: printer.key, paper: 58, tickets: ['kitchen'],
  }));

  it('the cloud deletes it: the printer goes, unbound from the account', async () => {
    const p = await addFeie('后厨飞鹅', demoFeiePrinters[1]!);
    expect((await call('DELETE', `/store/printer/${p.id}`)).statusCode).toBe(200);
    const device = (await (await fetch(`${simUrl}/sim/printer/feie/devices/${demoFeiePrinters[1]!.sn}`)).json()) as { user: string | null };
    expect(device.user).toBeNull();
  });

  it('the cloud answers it in `no`: the printer stays, and the user is told why in Chinese', async () => {
    const refusedSn = demoFeiePrinters[1]!.sn;
    const stub = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: 'ok', ret: 0, data: { ok: [], no: [`${refusedSn}（错误：设备正在打印订单）`] }, serverExecutedTime: 3 })));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const stubbed = new FeieClient(`http://127.0.0.1:${(stub.address() as AddressInfo).port}/`);
    try {
      const refusal = await stubbed.deletePrinter(demoFeieAccount, refusedSn).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(FeieNotDeleted);
      expect(refusal).toMatchObject({ sn: refusedSn, reason: '设备正在打印订单', notOnAccount: false });
      // Bound on the simulator, then the delete meets the refusing cloud.
      const p = await addFeie('吧台飞鹅', demoFeiePrinters[1]!);
      app.printing.feie = stubbed;
      const res = await call('DELETE', `/store/printer/${p.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ msg: string }>().msg).toBe(`飞鹅云未删除打印机 ${refusedSn}：设备正在打印订单。打印机未删除，请在飞鹅云后台处理后再删除`);
      expect((await call('GET', `/store/printer/${p.id}`)).statusCode).toBe(200);
      // Not on the account (deleted in the cloud's console already): nothing of ours to delete, the printer goes.
      expect(new FeieNotDeleted(refusedSn, '打印机编号和用户不匹配').notOnAccount).toBe(true);
    } finally {
      app.printing.feie = feie;
      stub.close();
    }
  });
});
