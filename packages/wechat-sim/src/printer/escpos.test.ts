import { connect } from 'node:net';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEscpos, EscposDecoder } from './escpos-decoder.js';
import { startEscposPrinter, type EscposPrinter } from './escpos-printer.js';
import type { TextRow } from './paper.js';

const gb = (text: string) => iconv.encode(text, 'gb18030');
const bytes = (...parts: Array<number[] | Buffer | string>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? gb(part) : Buffer.isBuffer(part) ? part : Buffer.from(part))));
const ESC = 0x1b;
const GS = 0x1d;
const init = [ESC, 0x40];
const cut = [GS, 0x56, 0x42, 0x00];
const qr = (data: string) => {
  const body = Buffer.from(data);
  const length = body.length + 3;
  return bytes([GS, 0x28, 0x6b, 4, 0, 49, 65, 50, 0], [GS, 0x28, 0x6b, 3, 0, 49, 67, 6], [GS, 0x28, 0x6b, length & 0xff, length >> 8, 49, 80, 48], body, [GS, 0x28, 0x6b, 3, 0, 49, 81, 48]);
};

describe('ESC/POS decoder', () => {
  it('decodes GB18030 text, styles, alignment, a QR code and the cut into a ticket', () => {
    const data = bytes(
      init,
      [ESC, 0x61, 1, GS, 0x21, 0x11, ESC, 0x45, 1],
      '后厨单',
      [0x0a, GS, 0x21, 0x00, ESC, 0x45, 0, ESC, 0x61, 0],
      '桌号 A01  单号 0012',
      [0x0a],
      '宫保鸡丁 x2',
      [0x0a],
      qr('20261125-0012'),
      cut,
    );
    const { tickets } = decodeEscpos(data, { columns: 32 });
    expect(tickets).toHaveLength(1);
    const ticket = tickets[0]!;
    expect(ticket.text).toBe('后厨单\n桌号 A01  单号 0012\n宫保鸡丁 x2\n[QR:20261125-0012]');
    expect(ticket.cut).toBe('partial');
    expect(ticket.warnings).toEqual([]);
    const title = ticket.rows[0] as TextRow;
    expect(title.align).toBe('center');
    expect(title.runs[0]).toMatchObject({ text: '后厨单', wide: true, bold: true, width: 2, height: 2, cols: 12 });
    const line = ticket.rows[2] as TextRow;
    expect(line.runs.map((run) => [run.text, run.wide, run.cols])).toEqual([
      ['宫保鸡丁', true, 8],
      [' x2', false, 3],
    ]);
    expect(ticket.rows[3]).toMatchObject({ kind: 'qr', data: '20261125-0012', size: 6 });
  });

  it('wraps a long line at the paper width, a wide character never split across rows', () => {
    // 31 columns of ASCII, then a Chinese character (2 columns) does not fit on a 32-column row.
    const { tickets } = decodeEscpos(bytes('a'.repeat(31), '鱼', [0x0a]), { columns: 32 });
    expect(tickets[0]!.text).toBe(`${'a'.repeat(31)}\n鱼`);
    // Double width doubles the columns: 9 double-width Chinese characters are 36 columns.
    const wide = decodeEscpos(bytes([GS, 0x21, 0x10], '一二三四五六七八九', [0x0a]), { columns: 32 });
    expect(wide.tickets[0]!.text).toBe('一二三四五六七八\n九');
  });

  it('splits tickets at each cut; what follows the last cut is a ticket without a cut', () => {
    const { tickets } = decodeEscpos(bytes('第一张', [0x0a], cut, '第二张', [0x0a], [GS, 0x56, 0x00], '尾巴', [0x0a]));
    expect(tickets.map((t) => [t.text, t.cut])).toEqual([
      ['第一张', 'partial'],
      ['第二张', 'full'],
      ['尾巴', null],
    ]);
  });

  it('reports status queries and keeps commands split across chunks whole', () => {
    const queries: unknown[] = [];
    const tickets: string[] = [];
    const decoder = new EscposDecoder(48, { onStatusQuery: (q) => queries.push(q), onTicket: (t) => tickets.push(t.text) });
    const data = bytes([0x10, 0x04, 1], '酸辣土豆丝', [0x0a], qr('NO-1'), cut);
    for (const byte of data) decoder.push(Buffer.from([byte]));
    expect(queries).toEqual([{ command: 'DLE EOT', n: 1 }]);
    expect(tickets).toEqual(['酸辣土豆丝\n[QR:NO-1]']);
    expect(decoder.end()).toBeNull();
  });

  it('names what it does not draw and warns of unknown commands', () => {
    const raster = bytes([GS, 0x76, 0x30, 0, 1, 0, 2, 0], [0xff, 0x00]);
    const { tickets } = decodeEscpos(bytes(raster, [GS, 0x6b, 4], 'A12', [0], [ESC, 0x70, 0, 25, 250], [ESC, 0x7f], 'x', [0x0a]));
    expect(tickets[0]!.text).toBe('[图片 8×2]\n[条码:A12]\nx');
    expect(tickets[0]!.drawerKick).toBe(true);
    expect(tickets[0]!.warnings).toEqual(['未知指令 ESC 0x7f']);
  });
});

describe('ESC/POS network printer', () => {
  let printer: EscposPrinter | undefined;
  afterEach(async () => {
    await printer?.close();
    printer = undefined;
  });

  const send = (port: number, data: Buffer, answers = 0) =>
    new Promise<Buffer>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => {
        received.push(chunk);
        if (Buffer.concat(received).length >= answers) socket.end();
      });
      socket.on('connect', () => {
        socket.write(data);
        if (answers === 0) socket.end();
      });
      socket.on('close', () => resolve(Buffer.concat(received)));
      socket.on('error', reject);
    });

  it('prints what it receives and answers DLE EOT with its status', async () => {
    printer = await startEscposPrinter({ paper: 58 });
    const status = await send(printer.port, bytes([0x10, 0x04, 1, 0x10, 0x04, 4]), 2);
    expect([...status]).toEqual([0x12, 0x12]);
    await send(printer.port, bytes(init, '热菜：水煮鱼 x1', [0x0a], cut));
    const ticket = await printer.waitForTicket((t) => t.text.includes('水煮鱼'));
    expect(ticket).toMatchObject({ text: '热菜：水煮鱼 x1', cut: 'partial', lost: false, columns: 32 });
  });

  it('out of paper: answers paper end and prints nothing; offline: refuses connections, then comes back on the same port', async () => {
    printer = await startEscposPrinter();
    const port = printer.port;
    await printer.setStatus('paper_out');
    const status = await send(port, bytes([0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 4]), 3);
    expect([...status]).toEqual([0x1a, 0x32, 0x72]);
    await send(port, bytes('缺纸时的单', [0x0a], cut));
    await expect.poll(() => printer!.tickets.length).toBe(1);
    expect(printer.tickets[0]!.lost).toBe(true);
    expect(printer.printed()).toEqual([]);

    await printer.setStatus('offline');
    await expect(send(port, bytes('x'))).rejects.toThrow(/ECONNREFUSED/);
    await printer.setStatus('online');
    expect(printer.port).toBe(port);
    await send(port, bytes('恢复后', [0x0a], cut));
    await printer.waitForTicket((t) => t.text === '恢复后');
  });

  it('answers status queries as late as told', async () => {
    printer = await startEscposPrinter({ statusDelayMs: 150 });
    const started = Date.now();
    expect([...(await send(printer.port, bytes([0x10, 0x04, 1]), 1))]).toEqual([0x12]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('holding: reads but neither answers nor prints until released; then a closed connection prints and an open one is answered', async () => {
    printer = await startEscposPrinter();
    printer.hold();
    // A sender that went away with its ticket held (killed mid-send): printed on release, once.
    await send(printer.port, bytes([0x10, 0x04, 1], '在途的单', [0x0a], cut));
    expect(printer.heldBytes()).toBe(3 + gb('在途的单').length + 1 + cut.length);
    expect(printer.printed()).toEqual([]);
    // One still waiting for its status answer: none comes while held.
    const answers: number[] = [];
    const waiting = connect(printer.port, '127.0.0.1');
    waiting.on('data', (chunk) => answers.push(...chunk));
    waiting.on('connect', () => waiting.write(bytes([0x10, 0x04, 4])));
    await expect.poll(() => printer!.heldBytes()).toBe(3 + gb('在途的单').length + 1 + cut.length + 3);
    expect(answers).toEqual([]);

    printer.release();
    expect(printer.heldBytes()).toBe(0);
    expect(printer.printed().map((t) => t.text)).toEqual(['在途的单']);
    await expect.poll(() => answers).toEqual([0x12]);
    waiting.end(bytes('放行后', [0x0a], cut));
    await printer.waitForTicket((t) => t.text === '放行后');
    expect(printer.printed().map((t) => t.text)).toEqual(['在途的单', '放行后']);
  });

  it('a connection dropped mid-ticket prints what arrived, without a cut', async () => {
    printer = await startEscposPrinter();
    printer.hangUpAfterBytes(gb('前半张').length + 1);
    await send(printer.port, bytes('前半张', [0x0a], '后半张', [0x0a], cut)).catch(() => undefined);
    const ticket = await printer.waitForTicket();
    expect(ticket).toMatchObject({ text: '前半张', cut: null });
  });
});
