import { connect } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '../../test/helpers.js';
import { demoFeieAccount, demoFeiePrinters, feieDeviceKey } from './demo.js';
import { feieSignature } from './feie-api.js';
import { renderFeieMarkup } from './feie-markup.js';
import type { TextRow } from './paper.js';

describe('飞鹅 markup', () => {
  it('lays out centred double size, bold, right, QR and cuts; non-ASCII as two columns; wraps at the width', () => {
    const [ticket, second] = renderFeieMarkup('<CB>后厨单</CB><BR><BOLD>A01</BOLD> 宫保鸡丁<RIGHT>x2</RIGHT><BR><QR>NO-12</QR><CUT>第二张<BR>', 32);
    expect(ticket!.text).toBe('后厨单\nA01 宫保鸡丁x2\n[QR:NO-12]');
    const title = ticket!.rows[0] as TextRow;
    expect(title).toMatchObject({ align: 'center', runs: [{ text: '后厨单', width: 2, height: 2, cols: 12 }] });
    expect((ticket!.rows[1] as TextRow).runs[0]).toMatchObject({ text: 'A01', bold: true });
    expect(second!.text).toBe('第二张');
    expect(renderFeieMarkup('一二三四五六七八九十一二三四五六七<BR>', 32)[0]!.text).toBe('一二三四五六七八九十一二三四五六\n七');
  });

  it('a tag inside another (undocumented) is reported', () => {
    expect(renderFeieMarkup('<C><BOLD>标题</BOLD></C><BR>', 32)[0]!.warnings[0]).toMatch(/标签嵌套/);
    expect(renderFeieMarkup('<C>标题</C><BR><BOLD>粗</BOLD><BR>', 32)[0]!.warnings).toEqual([]);
  });

  it('a bare newline does not break the line and is reported', () => {
    const [ticket] = renderFeieMarkup('第一行\n第二行<BR>', 32);
    expect(ticket!.text).toBe('第一行第二行');
    expect(ticket!.warnings[0]).toMatch(/<BR>/);
  });
});

describe('飞鹅 cloud API and the printers pages', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ escposPrinters: [{ port: 0, name: '测试后厨', paper: 58 }] });
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await sim.post('/sim/printer/reset');
  });

  const api = async (apiname: string, fields: Record<string, string>, account: { user: string; ukey: string } = demoFeieAccount) => {
    const stime = String(Math.floor(Date.now() / 1000));
    const body = new URLSearchParams({ user: account.user, stime, sig: feieSignature(account.user, account.ukey, stime), apiname, ...fields });
    const res = await sim.fetch('/Api/Open/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(res.status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
    return (await res.json()) as { ret: number; msg: string; data: any };
  };

  it('the demo printers keep the keys the README names', () => {
    expect(demoFeiePrinters.map((p) => [p.sn, p.key])).toEqual([
      ['916500101', 'ibeenvvw'],
      ['916500102', 'z89skfna'],
    ]);
  });

  it('checks the signature and the account', async () => {
    expect(await api('Open_queryPrinterStatus', { sn: demoFeiePrinters[0]!.sn }, { user: demoFeieAccount.user, ukey: 'wrong' })).toMatchObject({ ret: -2, msg: '参数错误 : 签名不正确。', data: null });
    expect(await api('Open_queryPrinterStatus', { sn: '916500101' }, { user: 'nobody', ukey: 'x' })).toMatchObject({ ret: -2, msg: '参数错误 : 该帐号未注册。' });
    expect(await api('Open_nothing', {})).toMatchObject({ ret: -1 });
    const stime = String(Math.floor(Date.now() / 1000));
    const sig = feieSignature(demoFeieAccount.user, demoFeieAccount.ukey, stime);
    const res = await sim.fetch('/printer/feie/Api/Open/', { method: 'POST', body: new URLSearchParams({ user: demoFeieAccount.user, stime, sig, apiname: 'Open_queryPrinterStatus', sn: '916500101' }) });
    expect(await res.json()).toMatchObject({ ret: 0, data: '在线，工作状态正常。' });
  });

  it('adds and removes printers with their keys', async () => {
    const sn = '916500777';
    const added = await api('Open_printerAddlist', { printerContent: `${sn}#${feieDeviceKey(sn)}#热菜档口#\n916500778#wrongkey#x#\n${demoFeiePrinters[0]!.sn}#${demoFeiePrinters[0]!.key}#前台#` });
    expect(added.ret).toBe(0);
    expect(added.data.ok).toEqual([`${sn}#${feieDeviceKey(sn)}#热菜档口#`]);
    expect(added.data.no).toEqual(['916500778#wrongkey#x# （错误：识别码不正确）', `${demoFeiePrinters[0]!.sn}#${demoFeiePrinters[0]!.key}#前台# （错误：已被添加过）`]);
    expect((await api('Open_queryPrinterStatus', { sn })).data).toBe('在线，工作状态正常。');
    const spaced = '916500780';
    expect((await api('Open_printerAddlist', { printerContent: `${spaced} # ${feieDeviceKey(spaced)} # 凉菜` })).data.ok).toHaveLength(1);
    expect((await api('Open_printerDelList', { snlist: `${sn}-916500779` })).data).toEqual({ ok: [sn], no: ['916500779 （错误：打印机编号和用户不匹配）'] });
    expect(await api('Open_queryPrinterStatus', { sn })).toMatchObject({ ret: 1001, msg: '错误：打印机编号和用户不匹配。' });
  });

  it('prints with copies at once when online; queues while offline or out of paper and prints once when back', async () => {
    const sn = demoFeiePrinters[0]!.sn;
    const printed = await api('Open_printMsg', { sn, content: '<CB>结账单</CB><BR>合计：¥68.00<BR>', times: '2' });
    expect(printed.ret).toBe(0);
    expect(printed.data).toMatch(new RegExp(`^${sn}_\\d{14}_\\d{9}$`));
    expect((await api('Open_queryOrderState', { orderid: printed.data })).data).toBe(true);
    const tickets = await sim.get<Array<{ text: string; copy: number }>>(`/sim/printer/tickets?printer=feie:${sn}`);
    expect(tickets.map((t) => [t.text, t.copy])).toEqual([
      ['结账单\n合计：¥68.00', 2],
      ['结账单\n合计：¥68.00', 1],
    ]);

    await sim.fetch(`/sim/printer/feie/devices/${sn}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'paper_out' }) });
    expect((await api('Open_queryPrinterStatus', { sn })).data).toBe('在线，工作状态不正常。');
    await sim.fetch(`/sim/printer/feie/devices/${sn}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'offline' }) });
    expect((await api('Open_queryPrinterStatus', { sn })).data).toBe('离线。');
    const queued = await api('Open_printMsg', { sn, content: '离线时的单<BR>' });
    expect((await api('Open_queryOrderState', { orderid: queued.data })).data).toBe(false);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await api('Open_queryOrderInfoByDate', { sn, date: today })).data).toEqual({ print: 1, waiting: 1 });
    await sim.fetch(`/sim/printer/feie/devices/${sn}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'online' }) });
    expect((await api('Open_queryOrderState', { orderid: queued.data })).data).toBe(true);
    const after = await sim.get<Array<{ text: string }>>(`/sim/printer/tickets?printer=feie:${sn}`);
    expect(after.filter((t) => t.text === '离线时的单')).toHaveLength(1);
  });

  it('a queued order past its expiry is dropped, and clearing the queue drops the rest', async () => {
    const sn = demoFeiePrinters[1]!.sn;
    const patch = (status: string) => sim.fetch(`/sim/printer/feie/devices/${sn}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) });
    await patch('offline');
    const expired = await api('Open_printMsg', { sn, content: '过期的单<BR>', expired: String(Math.floor(Date.now() / 1000) - 1) });
    const kept = await api('Open_printMsg', { sn, content: '保留的单<BR>' });
    await patch('online');
    expect((await api('Open_queryOrderState', { orderid: expired.data })).data).toBe(false);
    expect((await api('Open_queryOrderState', { orderid: kept.data })).data).toBe(true);
    await patch('offline');
    const cleared = await api('Open_printMsg', { sn, content: '清掉的单<BR>' });
    expect((await api('Open_delPrinterSqs', { sn })).data).toBe(true);
    await patch('online');
    expect((await api('Open_queryOrderState', { orderid: cleared.data })).data).toBe(false);
    const texts = (await sim.get<Array<{ text: string }>>(`/sim/printer/tickets?printer=feie:${sn}`)).map((t) => t.text);
    expect(texts).toEqual(['保留的单']);
  });

  it('refuses content over 5,000 bytes and a second QR code in one call, as the cloud documents; prints nothing of either', async () => {
    const sn = demoFeiePrinters[1]!.sn;
    const line = `${'菜'.repeat(16)}<BR>`; // 53 bytes
    const over = line.repeat(Math.ceil(5001 / Buffer.byteLength(line)));
    expect(await api('Open_printMsg', { sn, content: over })).toMatchObject({ ret: 1003, data: null });
    expect((await api('Open_printMsg', { sn, content: over.slice(0, over.length - line.length * 2) })).ret).toBe(0);
    expect(await api('Open_printMsg', { sn, content: '<QR>A</QR><BR><QR>B</QR>' })).toMatchObject({ ret: 1003, msg: '参数错误 : 一个订单最多只能打印一个二维码。' });
    const texts = (await sim.get<Array<{ text: string }>>(`/sim/printer/tickets?printer=feie:${sn}`)).map((t) => t.text);
    expect(texts).toHaveLength(1);
  });

  it('injected faults answer an error or an HTTP status, then pass', async () => {
    await sim.post('/sim/printer/feie/faults', { apiname: 'Open_printMsg', ret: -3, msg: '服务器繁忙', times: 1 });
    const sn = demoFeiePrinters[1]!.sn;
    expect(await api('Open_printMsg', { sn, content: 'x<BR>' })).toMatchObject({ ret: -3, msg: '服务器繁忙' });
    expect((await api('Open_printMsg', { sn, content: 'x<BR>' })).ret).toBe(0);
    await sim.post('/sim/printer/feie/faults', { apiname: '*', httpStatus: 502 });
    const stime = String(Math.floor(Date.now() / 1000));
    const res = await sim.fetch('/Api/Open/', {
      method: 'POST',
      body: new URLSearchParams({ user: demoFeieAccount.user, stime, sig: feieSignature(demoFeieAccount.user, demoFeieAccount.ukey, stime), apiname: 'Open_queryPrinterStatus', sn }),
    });
    expect(res.status).toBe(502);
  });

  it('the ESC/POS printer given in the options listens, and the pages show tickets as paper, newest first', async () => {
    const [printer] = await sim.get('/sim/printer/escpos');
    expect(printer).toMatchObject({ name: '测试后厨', paper: 58, status: 'online', listening: true });
    for (const text of ['第一单 水煮鱼', '第二单 回锅肉']) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(printer.port, '127.0.0.1', () => socket.end(Buffer.concat([iconv.encode(text, 'gb18030'), Buffer.from([0x0a, 0x1d, 0x56, 0x00])])));
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
    }
    await expect.poll(async () => (await sim.get<unknown[]>(`/sim/printer/tickets?printer=escpos:${printer.port}`)).length).toBe(2);
    const page = await (await sim.fetch(`/printer/escpos/${printer.port}`)).text();
    expect(page).toContain('测试后厨');
    expect(page.indexOf('回锅肉')).toBeLessThan(page.indexOf('水煮鱼'));
    const index = await (await sim.fetch('/printer')).text();
    expect(index).toContain(demoFeiePrinters[0]!.sn);
    expect(index).toContain('回锅肉');

    const patch = (body: object) => sim.json(`/sim/printer/escpos/${printer.port}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await patch({ holding: true })).toMatchObject({ holding: true, heldBytes: 0 });
    expect(await patch({ holding: false })).toMatchObject({ holding: false, heldBytes: 0 });

    const noPaper = await sim.json(`/sim/printer/escpos/${printer.port}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'no_paper' }) });
    expect(noPaper.status).toBe('paper_out');
    const patched = await sim.json(`/sim/printer/escpos/${printer.port}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'offline' }) });
    expect(patched.status).toBe('offline');
    expect((await (await sim.fetch(`/printer/escpos/${printer.port}?fragment=1`)).text())).toContain('回锅肉');
  });
});
