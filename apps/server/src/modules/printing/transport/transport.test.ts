import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFeieAccount, demoFeiePrinters, startEscposPrinter, type EscposPrinter } from '@canteen/wechat-sim';
import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { callerOf, cartOf, chickenLine, createOrderApi, dataOf, orderFixture, payInFull, setSku } from '../../../../test/orders.js';
import { startSimulator } from '../../../../test/sim.js';
import { escposBytes } from '../tickets/escpos.js';
import { feieMarkup } from '../tickets/feie.js';
import { receiptModel, sampleSnapshot } from '../tickets/build.js';
import { layoutTicket } from '../tickets/layout.js';
import { escposSend, escposStatus } from './escpos-client.js';
import { PrintInDoubt, PrintUnreachable } from './errors.js';
import { FeieClient } from './feie-client.js';

/** The transports against the simulators (packages/wechat-sim): a network ESC/POS printer and the 飞鹅 cloud. */

let printer: EscposPrinter;
beforeAll(async () => {
  printer = await startEscposPrinter({ port: 0, host: '127.0.0.1', paper: 58 });
});
afterAll(() => printer.close());

const receipt = () => [layoutTicket(receiptModel(sampleSnapshot()), 58)];

describe('ESC/POS over TCP', () => {
  it('prints the ticket the printer decodes: GB18030 text, and one ticket per copy', async () => {
    printer.clear();
    const target = { host: '127.0.0.1', port: printer.port };
    expect(await escposStatus(target)).toEqual({ status: 'online', message: null });
    await escposSend(target, escposBytes(receipt(), 2));
    const ticket = await printer.waitForTicket();
    expect(JSON.stringify(ticket)).toContain('示例餐厅');
    await printer.waitForTicket(() => printer.printed().length >= 2);
    expect(printer.printed()).toHaveLength(2);
  });

  it('out of paper: the ticket is kept back (nothing written), offline: no connection', async () => {
    printer.clear();
    const target = { host: '127.0.0.1', port: printer.port };
    await printer.setStatus('paper_out');
    expect((await escposStatus(target)).status).toBe('no_paper');
    await expect(escposSend(target, escposBytes(receipt()))).rejects.toMatchObject({ status: 'no_paper' });
    await printer.setStatus('offline');
    const offline = await escposSend(target, escposBytes(receipt())).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(PrintUnreachable);
    expect((offline as PrintUnreachable).status).toBe('offline');
    await printer.setStatus('online');
    expect(printer.printed().filter((t) => !t.lost)).toHaveLength(0);
  });
});

describe('飞鹅 cloud', () => {
  it('signed calls: status, print, and a wrong UKEY refused', async () => {
    const { url } = await startSimulator();
    const feie = new FeieClient(`${url}/printer/feie/Api/Open/`);
    const sn = demoFeiePrinters[0]!.sn;
    expect((await feie.status(demoFeieAccount, sn)).status).toBe('online');
    expect(await feie.printMsg(demoFeieAccount, sn, feieMarkup(receipt()), 1)).toMatch(/\S/);
    await expect(feie.status({ user: demoFeieAccount.user, ukey: 'wrong' }, sn)).rejects.toBeInstanceOf(PrintUnreachable);
  });

  it('a print without an answer is in doubt (never retried); one that could not connect is unreachable', async () => {
    const sn = demoFeiePrinters[0]!.sn;
    // A cloud that takes the request and then never answers, or answers 502.
    const silent = http.createServer((req) => req.resume());
    const failing = http.createServer((_req, res) => res.writeHead(502).end());
    const urlOf = async (server: http.Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    };
    try {
      const noAnswer = new FeieClient(await urlOf(silent), 300);
      await expect(noAnswer.printMsg(demoFeieAccount, sn, 'x', 1)).rejects.toBeInstanceOf(PrintInDoubt);
      await expect(noAnswer.status(demoFeieAccount, sn)).rejects.toBeInstanceOf(PrintUnreachable);
      await expect(new FeieClient(await urlOf(failing)).printMsg(demoFeieAccount, sn, 'x', 1)).rejects.toBeInstanceOf(PrintInDoubt);
      // A port nothing listens on any more: the connection is refused before anything is sent.
      const gone = http.createServer();
      const goneUrl = await urlOf(gone);
      await new Promise<void>((resolve) => gone.close(() => resolve()));
      await expect(new FeieClient(goneUrl).printMsg(demoFeieAccount, sn, 'x', 1)).rejects.toBeInstanceOf(PrintUnreachable);
    } finally {
      silent.closeAllConnections();
      silent.close();
      failing.close();
    }
  });
});

describe('end to end', () => {
  it('an order paid at the counter comes out of the kitchen printer', async () => {
    const { app } = await createTestApp();
    await app.ready();
    const admin = await signIn(app, 'admin');
    const call = callerOf(app, admin);
    const f = await orderFixture(app);
    await setSku(app, f.storeId, f.skus.large, { stock: 100 });
    printer.clear();
    const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', {
      storeId: f.storeId, name: '后厨', brand: 'escpos', host: '127.0.0.1', port: printer.port, paper: 58, tickets: ['kitchen'],
    }));
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    const started = Date.now();
    await payInFull(app, o.id);
    const ticket = await printer.waitForTicket(() => true, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.stringify(ticket)).toContain('辣子鸡');
    const jobs = dataOf<PrintJobRecord[]>(await call('GET', `/order/order/${o.id}/prints`));
    await expect.poll(async () => dataOf<PrintJobRecord[]>(await call('GET', `/order/order/${o.id}/prints`))[0]?.status).toBe('sent');
    expect(jobs).toHaveLength(1);
    expect(dataOf<PrinterRecord>(await call('POST', `/store/printer/${p.id}/status`)).status).toBe('online');
  });
});
