import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSim } from '../../test/helpers.js';
import { demoFeieAccount, feieDeviceKey } from './demo.js';
import { feieSignature } from './feie-api.js';

const dataDir = mkdtempSync(join(tmpdir(), 'printer-sim-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('with a data directory, a restart keeps the printers added, their queues and the tickets printed', async () => {
  const sn = '916500555';
  const port = 9108;
  let sim = await startSim({ dataDir, escposPrinters: [{ port }] });
  const api = async (apiname: string, fields: Record<string, string>) => {
    const stime = String(Math.floor(Date.now() / 1000));
    const body = new URLSearchParams({ user: demoFeieAccount.user, stime, sig: feieSignature(demoFeieAccount.user, demoFeieAccount.ukey, stime), apiname, ...fields });
    return (await (await sim.fetch('/Api/Open/', { method: 'POST', body })).json()) as { ret: number; data: unknown };
  };
  expect((await api('Open_printerAddlist', { printerContent: `${sn}#${feieDeviceKey(sn)}#档口` })).ret).toBe(0);
  expect((await api('Open_printMsg', { sn, content: '重启前<BR>' })).ret).toBe(0);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from('before restart\n\x1dV\x00', 'latin1')));
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await expect.poll(async () => (await sim.get<unknown[]>(`/sim/printer/tickets?printer=escpos:${port}`)).length).toBe(1);
  await sim.close();

  sim = await startSim({ dataDir, escposPrinters: [{ port }] });
  try {
    expect((await api('Open_queryPrinterStatus', { sn })).data).toBe('在线，工作状态正常。');
    const tickets = await sim.get<Array<{ printer: string; text: string }>>('/sim/printer/tickets');
    expect(tickets.map((t) => [t.printer, t.text]).sort()).toEqual([
      [`escpos:${port}`, 'before restart'],
      [`feie:${sn}`, '重启前'],
    ]);
  } finally {
    await sim.close();
  }
});
