import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { callerOf, dataOf, orderFixture, type OrderFixture } from '../../../test/orders.js';
import { storeStaff } from '../../../test/store.js';
import type { App } from '../../app.js';
import { addressPolicyOf, createAddressPolicy, PrinterAddressRefused, PrinterAddressUnresolved } from './address-policy.js';
import { checkAllPrinters } from './status.js';
import { printer, printJob } from './tables.js';

/**
 * Printers can no longer be pointed anywhere (issue 22 #4): the address policy on what a host
 * resolves to, at save time and at every connection; ports outside 9100–9109 for administrators;
 * 无法连接打印机 with a neutral reason, never what answered.
 */

const names: Record<string, string[]> = {
  'metadata.example': ['169.254.169.254'],
  'aliyun-meta.example': ['100.100.100.200'],
  'kitchen.example': ['192.168.1.50'],
  'mixed.example': ['192.168.1.51', '169.254.169.254'],
  'v6meta.example': ['fd00:ec2::254'],
  'mapped.example': ['::ffff:169.254.169.254'],
  'loop.example': ['127.0.0.2'],
  'self.example': ['10.0.0.5'],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  return found;
};
const policy = (allowLoopback: boolean) => createAddressPolicy({
  allowLoopback, ownPorts: () => [8080, 8081], ownAddresses: () => ['127.0.0.1', '10.0.0.5', 'fe80::1'], resolve,
  services: [{ host: '10.0.0.9', port: 5432 }],
});
const refusal = (work: Promise<unknown>) => work.then(() => null, (error: unknown) => error);

describe('the printer address policy', () => {
  it('refuses link-local and metadata addresses, named or not, and answers the checked address of a LAN printer', async () => {
    const p = policy(true);
    for (const host of ['169.254.169.254', '169.254.10.1', 'fe80::abcd', 'fd00:ec2::254', '100.100.100.200', 'metadata.example', 'aliyun-meta.example', 'mixed.example', 'v6meta.example', 'mapped.example']) {
      const error = await refusal(p.check(host, 9100));
      expect(error, host).toBeInstanceOf(PrinterAddressRefused);
      expect((error as Error).message, host).toBe('打印机地址不允许：链路本地或云元数据地址');
    }
    expect(await p.check('kitchen.example', 9100)).toBe('192.168.1.50');
    for (const lan of ['10.1.2.3', '172.20.0.9', '192.168.0.10', 'fd12::8']) expect(await p.check(lan, 9100)).toBe(lan);
  });

  it('refuses 0.0.0.0, multicast and broadcast whatever the settings', async () => {
    const p = policy(true);
    for (const host of ['0.0.0.0', '::', '224.0.0.251', 'ff02::1', '255.255.255.255']) {
      expect(await refusal(p.check(host, 9100)), host).toBeInstanceOf(PrinterAddressRefused);
    }
  });

  it('allows loopback only with the setting', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', 'printer.localhost', 'loop.example', '::ffff:127.0.0.1']) {
      const error = await refusal(policy(false).check(host, 9100));
      expect(error, host).toBeInstanceOf(PrinterAddressRefused);
      expect((error as Error).message).toContain('本机回环地址');
      await expect(policy(true).check(host, 9100)).resolves.toBeTruthy();
    }
  });

  it('refuses the server\'s own ports on loopback and on its own addresses, and its database\'s address and port', async () => {
    const p = policy(true);
    for (const [host, port] of [['127.0.0.1', 8080], ['127.9.9.9', 8081], ['localhost', 8080], ['10.0.0.5', 8080], ['self.example', 8081], ['10.0.0.9', 5432]] as const) {
      const error = await refusal(p.check(host, port));
      expect(error, `${host}:${port}`).toBeInstanceOf(PrinterAddressRefused);
      expect((error as Error).message).toBe(`打印机地址不允许：服务器自身使用的端口（${port}）`);
    }
    // Another machine's port 8080, and the server's address on a printer port, are fine.
    expect(await p.check('10.0.0.6', 8080)).toBe('10.0.0.6');
    expect(await p.check('10.0.0.5', 9100)).toBe('10.0.0.5');
  });

  it('a name that resolves to nothing is unresolved', async () => {
    expect(await refusal(policy(true).check('nowhere.example', 9100))).toBeInstanceOf(PrinterAddressUnresolved);
  });

  it('reads its settings from the configuration', async () => {
    const p = addressPolicyOf({ PRINTER_ALLOW_LOOPBACK: 'off', PORT: 8080, SIM_PORT: 8081, REDIS_URL: 'redis://10.0.0.7:6380' });
    expect(await refusal(p.check('127.0.0.1', 9100))).toBeInstanceOf(PrinterAddressRefused);
    expect(await refusal(p.check('10.0.0.7', 6380))).toBeInstanceOf(PrinterAddressRefused);
    const on = addressPolicyOf({ PRINTER_ALLOW_LOOPBACK: 'on', PORT: 8080, SIM_PORT: 8081 }, () => [43210]);
    expect(await on.check('127.0.0.1', 9100)).toBe('127.0.0.1');
    for (const port of [8080, 8081, 43210]) expect(await refusal(on.check('127.0.0.1', port))).toBeInstanceOf(PrinterAddressRefused);
  });
});

let app: App;
let config: Awaited<ReturnType<typeof createTestApp>>['config'];
let f: OrderFixture;
let call: ReturnType<typeof callerOf>;
let asStaff: ReturnType<typeof callerOf>;

/** Not a printer: a service that answers anything with an HTTP answer carrying a secret. */
let service: net.Server;
let servicePort = 0;

beforeAll(async () => {
  ({ app, config } = await createTestApp());
  await app.ready();
  await app.printing.dispatcher.stop();
  call = callerOf(app, await signIn(app, 'admin'));
  f = await orderFixture(app);
  asStaff = callerOf(app, (await storeStaff(app, 'printer-staff', [f.storeId])).headers);
  service = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nSECRET'));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  servicePort = (service.address() as AddressInfo).port;
});
afterAll(() => service?.close());

const body = (name: string, host: string, port?: number) => ({ storeId: f.storeId, name, brand: 'escpos', host, ...(port ? { port } : {}), paper: 58, tickets: ['kitchen'] });

describe('saving a printer', () => {
  it('refuses 169.254.169.254 (the contract) and a name resolving to it (the server, after resolution)', async () => {
    const res = await call('POST', '/store/printer', body('元数据', '169.254.169.254'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain('打印机地址不允许：链路本地或云元数据地址');
    const saved = app.printing.addresses;
    app.printing.addresses = createAddressPolicy({ allowLoopback: true, ownPorts: () => [], resolve });
    try {
      const named = await call('POST', '/store/printer', body('元数据名', 'metadata.example'));
      expect(named.statusCode).toBe(400);
      expect(named.json<{ msg: string }>().msg).toContain('打印机地址不允许：链路本地或云元数据地址');
      expect((await call('POST', '/store/printer', body('名字', 'kitchen.example'))).statusCode).toBe(200);
      const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', body('改地址', '192.168.1.60')));
      const moved = await call('PUT', '/store/printer', { id: p.id, ...body('改地址', 'mixed.example') });
      expect(moved.statusCode).toBe(400);
      expect(moved.json<{ msg: string }>().msg).toContain('链路本地或云元数据地址');
    } finally {
      app.printing.addresses = saved;
    }
  });

  it('refuses the server\'s own ports: PORT, SIM_PORT and the one it listens on', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const listening = (app.server.address() as AddressInfo).port;
    for (const port of [config.PORT, config.SIM_PORT, listening]) {
      const res = await call('POST', '/store/printer', body(`自身${port}`, '127.0.0.1', port));
      expect(res.statusCode, String(port)).toBe(400);
      expect(res.json<{ msg: string }>().msg).toContain(`服务器自身使用的端口（${port}）`);
    }
  });

  it('refuses a port outside 9100–9109 to staff without store:printer:port, naming the range; an administrator may', async () => {
    const refused = await asStaff('POST', '/store/printer', body('员工9200', '10.0.0.8', 9200));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ msg: string }>().msg).toBe('端口 9200 不在 9100–9109 之间，需要管理员设置（权限 store:printer:port）');
    expect((await asStaff('POST', '/store/printer', body('员工9105', '10.0.0.8', 9105))).statusCode).toBe(200);
    const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', body('管理员9200', '10.0.0.8', 9200)));
    // Staff may still rename it or switch it off; not point it elsewhere.
    expect((await asStaff('PUT', '/store/printer', { id: p.id, ...body('管理员9200改名', '10.0.0.8', 9200), enabled: false })).statusCode).toBe(200);
    expect((await asStaff('PUT', '/store/printer', { id: p.id, ...body('管理员9200改名', '10.0.0.9', 9200) })).statusCode).toBe(403);
  });
});

describe('without PRINTER_ALLOW_LOOPBACK', () => {
  let strict: App;
  beforeAll(async () => {
    ({ app: strict } = await createTestApp({ PRINTER_ALLOW_LOOPBACK: 'off' }));
    await strict.ready();
    await strict.printing.dispatcher.stop();
  });

  it('refuses 127.0.0.1 and localhost', async () => {
    const admin = callerOf(strict, await signIn(strict, 'admin'));
    const store = await orderFixture(strict);
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      const res = await admin('POST', '/store/printer', { ...body(`回环${host}`, host), storeId: store.storeId });
      expect(res.statusCode, host).toBe(400);
      expect(res.json<{ msg: string }>().msg).toContain('打印机地址不允许：本机回环地址');
    }
    expect((await admin('POST', '/store/printer', { ...body('局域网', '192.168.1.50'), storeId: store.storeId })).statusCode).toBe(200);
  });
});

describe('connecting', () => {
  it('the status check and a print to a service that is no printer say 无法连接打印机, never what it answered', async () => {
    const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', body('不是打印机', '127.0.0.1', servicePort)));
    const checked = dataOf<PrinterRecord>(await call('POST', `/store/printer/${p.id}/status`));
    expect(checked).toMatchObject({ status: 'offline', statusMessage: '无法连接打印机（对方不是打印机）' });
    expect(await call('POST', `/store/printer/${p.id}/test`)).toMatchObject({ statusCode: 200 });
    await app.printing.dispatcher.drain();
    const [job] = dataOf<{ records: PrintJobRecord[] }>(await call('GET', `/store/printer/job/page?printerId=${p.id}`)).records;
    expect(job).toMatchObject({ status: 'pending', lastError: '无法连接打印机（对方不是打印机）' });
    for (const text of [JSON.stringify(checked), JSON.stringify(job)]) expect(text).not.toMatch(/SECRET|HTTP/);
    await app.database.db.update(printer).set({ enabled: false }).where(eq(printer.id, p.id));
  });

  it('a closed port: 无法连接打印机（拒绝连接）', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', body('关闭端口', '127.0.0.1', port)));
    expect(dataOf<PrinterRecord>(await call('POST', `/store/printer/${p.id}/status`))).toMatchObject({ status: 'offline', statusMessage: '无法连接打印机（拒绝连接）' });
    await app.database.db.update(printer).set({ enabled: false }).where(eq(printer.id, p.id));
  });

  it('a printer saved before the policy at a refused address: the status check, the status job and a print never connect', async () => {
    let connections = 0;
    const watch = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => watch.listen(0, '127.0.0.1', resolve));
    const port = (watch.address() as AddressInfo).port;
    try {
      const p = dataOf<PrinterRecord>(await call('POST', '/store/printer', body('旧打印机', '127.0.0.1', port)));
      // Saved back when anything went (or its name resolved elsewhere then): now where no printer may be.
      app.printing.addresses = createAddressPolicy({ allowLoopback: false, ownPorts: () => [] });
      const refused = '无法连接打印机（地址不允许：本机回环地址（127.0.0.1、localhost），服务器未开启 PRINTER_ALLOW_LOOPBACK）';
      expect(dataOf<PrinterRecord>(await call('POST', `/store/printer/${p.id}/status`))).toMatchObject({ status: 'offline', statusMessage: refused });
      await app.database.db.update(printer).set({ status: 'unknown', statusMessage: null }).where(eq(printer.id, p.id));
      // The scheduled check of every enabled printer: this one alone is on.
      await app.database.db.update(printer).set({ enabled: false }).where(ne(printer.id, p.id));
      await checkAllPrinters(app, app.database.db, app.printing.transport);
      expect(dataOf<PrinterRecord>(await call('GET', `/store/printer/${p.id}`))).toMatchObject({ status: 'offline', statusMessage: refused });
      await call('POST', `/store/printer/${p.id}/test`);
      await app.printing.dispatcher.drain();
      const [job] = await app.database.db.select().from(printJob).where(eq(printJob.printerId, p.id));
      expect(job).toMatchObject({ status: 'failed', lastError: refused });
      expect(connections).toBe(0);
    } finally {
      app.printing.addresses = addressPolicyOf(config);
      watch.close();
    }
  });
});
