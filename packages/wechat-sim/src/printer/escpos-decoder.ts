import { PaperBuilder, defaultStyle, type PaperTicket } from './paper.js';

/** A status query the printer answers at once (real-time commands). */
export type StatusQuery = { command: 'DLE EOT'; n: number } | { command: 'GS r'; n: number };

export interface DecoderEvents {
  /** A ticket ended (cut). */
  onTicket?: (ticket: PaperTicket) => void;
  /** DLE EOT n / GS r n: the caller answers with the status byte. */
  onStatusQuery?: (query: StatusQuery) => void;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

const ch = (code: number) => String.fromCharCode(code);
const hex = (code: number) => `0x${code.toString(16).padStart(2, '0')}`;

/** ESC commands with a fixed number of parameter bytes (after the command letter). */
const ESC_FIXED: Record<string, number> = {
  '@': 0, '!': 1, E: 1, G: 1, '-': 1, a: 1, d: 1, e: 1, J: 1, K: 1, '2': 0, '3': 1, ' ': 1, M: 1, t: 1, R: 1, '{': 1,
  V: 1, U: 1, '=': 1, r: 1, T: 1, '?': 1, '%': 1, p: 3, B: 2, i: 0, m: 0, $: 2, '\\': 2, c: 2, W: 8, L: 0, S: 0, '\f': 0,
};
/** GS commands with a fixed number of parameter bytes. */
const GS_FIXED: Record<string, number> = {
  '!': 1, B: 1, L: 2, W: 2, P: 2, $: 2, '\\': 2, H: 1, f: 1, h: 1, w: 1, a: 1, b: 1, E: 1, '/': 1, T: 1, I: 1, r: 1, '^': 3,
};
/** FS commands with a fixed number of parameter bytes. */
const FS_FIXED: Record<string, number> = { '&': 0, '.': 0, '!': 1, W: 1, '-': 1, S: 2, C: 1, p: 2 };

/**
 * A streaming ESC/POS interpreter: feed it the bytes a printer receives (`push`, in any chunks) and
 * it lays the text out on paper (GB18030 text, bold, underline, sizes, alignment, QR codes), hands
 * over a ticket at each cut, and reports the status queries to answer. `end()` takes what was
 * printed after the last cut (the connection closed).
 */
export class EscposDecoder {
  private pending = Buffer.alloc(0);
  private textBytes: number[] = [];
  private chinese = true;
  private qrData = '';
  private qrSize = 3;
  private readonly paper: PaperBuilder;
  private readonly gb18030 = new TextDecoder('gb18030');
  private readonly latin1 = new TextDecoder('latin1');

  constructor(
    columns: number,
    private readonly events: DecoderEvents = {},
  ) {
    this.paper = new PaperBuilder(columns);
  }

  push(chunk: Uint8Array): void {
    const buffer = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    let at = 0;
    while (at < buffer.length) {
      const used = this.step(buffer, at);
      if (used === 0) break; // an incomplete command: wait for the rest
      at += used;
    }
    this.pending = buffer.subarray(at);
  }

  /** The data ended: the paper printed since the last cut (null when none). */
  end(): PaperTicket | null {
    if (this.pending.length > 0) {
      this.paper.warn(`数据在指令中间结束：${[...this.pending.subarray(0, 8)].map(hex).join(' ')}`);
      this.pending = Buffer.alloc(0);
    }
    this.flushText();
    return this.paper.take(null);
  }

  /** Decodes one command or text byte at `at`; answers the bytes used, 0 when incomplete. */
  private step(buf: Buffer, at: number): number {
    const byte = buf[at]!;
    if (byte >= 0x20) {
      this.textBytes.push(byte);
      return 1;
    }
    this.flushText();
    switch (byte) {
      case 0x0a:
        this.paper.newline();
        return 1;
      case 0x09:
        this.paper.tab();
        return 1;
      case 0x0c:
        this.paper.endRowIfAny();
        return 1;
      case 0x0d:
      case 0x00:
      case 0x18:
        return 1;
      case ESC:
        return this.esc(buf, at);
      case GS:
        return this.gs(buf, at);
      case FS:
        return this.fs(buf, at);
      case DLE:
        return this.dle(buf, at);
      default:
        this.paper.warn(`未知的控制字节 ${hex(byte)}`);
        return 1;
    }
  }

  private esc(buf: Buffer, at: number): number {
    if (at + 1 >= buf.length) return 0;
    const command = ch(buf[at + 1]!);
    if (command === 'D') {
      // Tab positions: n1 … nk NUL.
      const end = buf.indexOf(0, at + 2);
      return end < 0 ? 0 : end - at + 1;
    }
    if (command === '*') {
      if (at + 4 >= buf.length) return 0;
      const m = buf[at + 2]!;
      const n = buf[at + 3]! + buf[at + 4]! * 256;
      const total = 5 + (m === 0 || m === 1 ? n : 3 * n);
      if (at + total > buf.length) return 0;
      this.paper.mark('image', `[图像 ${n} 点宽]`);
      return total;
    }
    const params = ESC_FIXED[command];
    if (params === undefined) {
      this.paper.warn(`未知指令 ESC ${hex(buf[at + 1]!)}`);
      return 2;
    }
    if (at + 2 + params > buf.length) return 0;
    const n = buf[at + 2] ?? 0;
    const style = this.paper.style;
    switch (command) {
      case '@':
        this.paper.style = defaultStyle();
        this.chinese = true;
        break;
      case '!': {
        const width = n & 0x20 ? 2 : 1;
        const height = n & 0x10 ? 2 : 1;
        // Chinese printers apply ESC ! to Chinese characters too.
        Object.assign(style, { bold: (n & 0x08) !== 0, underline: (n & 0x80) !== 0, ankWidth: width, ankHeight: height, wideWidth: width, wideHeight: height });
        break;
      }
      case 'E':
      case 'G':
        style.bold = (n & 1) === 1;
        break;
      case '-':
        style.underline = n % 48 !== 0;
        break;
      case 'a':
        style.align = (['left', 'center', 'right'] as const)[n % 48] ?? 'left';
        break;
      case 'd':
        this.paper.endRowIfAny();
        this.paper.blankRows(Math.max(0, n - 1));
        break;
      case 'J':
        this.paper.endRowIfAny();
        this.paper.blankRows(Math.floor(n / 30));
        break;
      case 'p':
        this.paper.kickDrawer();
        break;
      case 'B':
        this.paper.ring();
        break;
      case 'i':
      case 'm':
        this.cut('partial');
        break;
    }
    return 2 + params;
  }

  private gs(buf: Buffer, at: number): number {
    if (at + 1 >= buf.length) return 0;
    const command = ch(buf[at + 1]!);
    const need = (count: number) => at + count <= buf.length;
    switch (command) {
      case 'V': {
        if (!need(3)) return 0;
        const m = buf[at + 2]!;
        if ([0, 1, 48, 49].includes(m)) {
          this.cut(m % 48 === 0 ? 'full' : 'partial');
          return 3;
        }
        if (!need(4)) return 0;
        this.cut([65, 97, 103].includes(m) ? 'full' : 'partial');
        return 4;
      }
      case 'k': {
        if (!need(3)) return 0;
        const m = buf[at + 2]!;
        if (m <= 6) {
          const end = buf.indexOf(0, at + 3);
          if (end < 0) return 0;
          this.paper.mark('barcode', `[条码:${this.latin1.decode(buf.subarray(at + 3, end))}]`);
          return end - at + 1;
        }
        if (!need(4)) return 0;
        const total = 4 + buf[at + 3]!;
        if (!need(total)) return 0;
        this.paper.mark('barcode', `[条码:${this.latin1.decode(buf.subarray(at + 4, at + total))}]`);
        return total;
      }
      case 'v': {
        if (!need(8)) return 0;
        const widthBytes = buf[at + 4]! + buf[at + 5]! * 256;
        const height = buf[at + 6]! + buf[at + 7]! * 256;
        const total = 8 + widthBytes * height;
        if (!need(total)) return 0;
        this.paper.mark('image', `[图片 ${widthBytes * 8}×${height}]`);
        return total;
      }
      case '(': {
        if (!need(5)) return 0;
        const length = buf[at + 3]! + buf[at + 4]! * 256;
        const total = 5 + length;
        if (!need(total)) return 0;
        if (ch(buf[at + 2]!) === 'k') this.symbol(buf.subarray(at + 5, at + total));
        return total;
      }
      case '8': {
        if (!need(7)) return 0;
        const length = buf[at + 3]! + (buf[at + 4]! << 8) + (buf[at + 5]! << 16) + buf[at + 6]! * 2 ** 24;
        const total = 7 + length;
        return need(total) ? total : 0;
      }
      case '*': {
        if (!need(4)) return 0;
        const total = 4 + buf[at + 2]! * buf[at + 3]! * 8;
        return need(total) ? total : 0;
      }
    }
    const params = GS_FIXED[command];
    if (params === undefined) {
      this.paper.warn(`未知指令 GS ${hex(buf[at + 1]!)}`);
      return 2;
    }
    if (!need(2 + params)) return 0;
    const n = buf[at + 2] ?? 0;
    const style = this.paper.style;
    if (command === '!') {
      const width = ((n >> 4) & 7) + 1;
      const height = (n & 7) + 1;
      Object.assign(style, { ankWidth: width, ankHeight: height, wideWidth: width, wideHeight: height });
    } else if (command === 'B') {
      style.reverse = (n & 1) === 1;
    } else if (command === 'r') {
      this.events.onStatusQuery?.({ command: 'GS r', n: n % 48 });
    }
    return 2 + params;
  }

  /** GS ( k: QR code (cn 49) functions; other symbols are named only. */
  private symbol(body: Buffer): void {
    const cn = body[0];
    const fn = body[1];
    if (cn === 49) {
      if (fn === 67) this.qrSize = body[2] ?? 3;
      else if (fn === 80) this.qrData = body.subarray(3).toString('utf8');
      else if (fn === 81) this.paper.qr(this.qrData, this.qrSize);
    } else if (fn === 81) {
      this.paper.mark('barcode', '[二维条码]');
    }
  }

  private fs(buf: Buffer, at: number): number {
    if (at + 1 >= buf.length) return 0;
    const command = ch(buf[at + 1]!);
    const params = FS_FIXED[command];
    if (params === undefined) {
      this.paper.warn(`未知指令 FS ${hex(buf[at + 1]!)}`);
      return 2;
    }
    if (at + 2 + params > buf.length) return 0;
    const n = buf[at + 2] ?? 0;
    const style = this.paper.style;
    switch (command) {
      case '&':
        this.chinese = true;
        break;
      case '.':
        this.chinese = false;
        break;
      case '!':
        Object.assign(style, { wideWidth: n & 0x04 ? 2 : 1, wideHeight: n & 0x08 ? 2 : 1 });
        break;
      case 'W':
        Object.assign(style, { wideWidth: n & 1 ? 2 : 1, wideHeight: n & 1 ? 2 : 1 });
        break;
      case 'p':
        this.paper.mark('logo', '[LOGO]');
        break;
    }
    return 2 + params;
  }

  private dle(buf: Buffer, at: number): number {
    if (at + 1 >= buf.length) return 0;
    const command = buf[at + 1]!;
    if (command === 0x04) {
      if (at + 2 >= buf.length) return 0;
      const n = buf[at + 2]!;
      if (n === 7) return at + 3 >= buf.length ? 0 : 4;
      this.events.onStatusQuery?.({ command: 'DLE EOT', n });
      return 3;
    }
    if (command === 0x05) return at + 2 >= buf.length ? 0 : 3;
    if (command === 0x14) return at + 4 >= buf.length ? 0 : 5;
    return 1;
  }

  private cut(kind: 'full' | 'partial'): void {
    const ticket = this.paper.take(kind);
    if (ticket) this.events.onTicket?.(ticket);
  }

  private flushText(): void {
    if (this.textBytes.length === 0) return;
    const bytes = Uint8Array.from(this.textBytes);
    this.textBytes = [];
    // Outside Chinese mode (FS .) a byte above 0x7f is one character of the code page.
    const text = this.chinese ? this.gb18030.decode(bytes) : this.latin1.decode(bytes);
    const chinese = this.chinese;
    this.paper.text(text, (c) => chinese && c.codePointAt(0)! > 0x7f);
  }
}

/** Decodes a whole byte string: the tickets cut in it, then what was printed after the last cut. */
export function decodeEscpos(bytes: Uint8Array, options: { columns?: number } = {}): { tickets: PaperTicket[]; statusQueries: StatusQuery[] } {
  const tickets: PaperTicket[] = [];
  const statusQueries: StatusQuery[] = [];
  const decoder = new EscposDecoder(options.columns ?? 48, { onTicket: (t) => tickets.push(t), onStatusQuery: (q) => statusQueries.push(q) });
  decoder.push(bytes);
  const rest = decoder.end();
  if (rest) tickets.push(rest);
  return { tickets, statusQueries };
}
