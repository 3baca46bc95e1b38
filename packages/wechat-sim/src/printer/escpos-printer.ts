import { createServer, type Server, type Socket } from 'node:net';
import { EscposDecoder, type StatusQuery } from './escpos-decoder.js';
import { COLUMNS_BY_PAPER, type PaperTicket, type PaperWidth } from './paper.js';

/** online; offline (connections refused: powered off or unplugged); paper_out (answers, prints nothing). */
export type PrinterStatus = 'online' | 'offline' | 'paper_out';
export const PRINTER_STATUSES: readonly PrinterStatus[] = ['online', 'offline', 'paper_out'];

/** A ticket as it came out, with where and when. */
export interface PrintedTicket extends PaperTicket {
  /** `escpos:{port}` or `feie:{sn}` plus a running number. */
  id: string;
  printer: string;
  at: number;
  /** Received while out of paper: nothing came out (shown struck through). */
  lost: boolean;
  /** 飞鹅: the print order (orderid) and the copy number; ESC/POS: the bytes of the connection so far. */
  orderId?: string;
  copy?: number;
}

export interface EscposPrinterOptions {
  /** TCP port (0: any free port). Default 9100. */
  port?: number;
  host?: string;
  paper?: PaperWidth;
  name?: string;
  status?: PrinterStatus;
  /** The clock tickets are stamped with. */
  now?: () => number;
  /** Tickets kept (oldest dropped first). Default 500. */
  keep?: number;
  onTicket?: (ticket: PrintedTicket) => void;
  /** Answer status queries this late (default at once). */
  statusDelayMs?: number;
}

/** A connection taken while holding: what it sent, kept until release(). */
interface HeldConnection {
  chunks: Buffer[];
  bytes: number;
  closed: boolean;
  take: (chunk: Buffer) => void;
  finish: () => void;
}

/** DLE EOT n answers: bits 1 and 4 are always set; paper out also makes the printer "offline" (bit 3 of n=1). */
export function statusByte(query: StatusQuery, status: PrinterStatus): number {
  const paperOut = status === 'paper_out';
  if (query.command === 'GS r') return query.n === 1 && paperOut ? 0x0c : 0x00;
  switch (query.n) {
    case 1:
      return 0x12 | (paperOut ? 0x08 : 0);
    case 2:
      return 0x12 | (paperOut ? 0x20 : 0);
    case 4:
      return 0x12 | (paperOut ? 0x60 : 0);
    default:
      return 0x12;
  }
}

/**
 * A network receipt printer on raw TCP (port 9100): decodes what it receives into paper tickets,
 * answers DLE EOT / GS r status queries at once, refuses connections while offline and prints
 * nothing while out of paper. Used by the simulator (its /printer pages) and, in-process, by tests.
 */
export class EscposPrinter {
  readonly tickets: PrintedTicket[] = [];
  readonly name: string;
  readonly paper: PaperWidth;
  readonly host: string;
  port: number;
  status: PrinterStatus;
  /** Connections accepted and bytes received since start. */
  connections = 0;
  bytesReceived = 0;
  /** Status queries are answered this late (a busy printer; the window between a query and the ticket). */
  statusDelayMs: number;
  /** Set when the port could not be opened (in use). */
  listenError: string | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private hangUpAfter: number | null = null;
  private seq = 0;
  private readonly waiters = new Set<() => void>();
  private holding = false;
  private readonly held = new Set<HeldConnection>();

  constructor(private readonly options: EscposPrinterOptions = {}) {
    this.port = options.port ?? 9100;
    this.host = options.host ?? '127.0.0.1';
    this.paper = options.paper ?? 80;
    this.name = options.name ?? `网络打印机 ${this.port}`;
    this.status = options.status ?? 'online';
    this.statusDelayMs = options.statusDelayMs ?? 0;
  }

  get id(): string {
    return `escpos:${this.port}`;
  }

  /** Starts listening (unless offline). */
  async start(): Promise<this> {
    if (this.status !== 'offline') await this.listen();
    return this;
  }

  async setStatus(status: PrinterStatus): Promise<void> {
    const was = this.status;
    this.status = status;
    if (status === 'offline' && was !== 'offline') await this.unlisten();
    if (status !== 'offline' && !this.server) await this.listen();
  }

  /** The next connection is dropped after this many bytes (a printer switched off mid-ticket). */
  hangUpAfterBytes(bytes: number): void {
    this.hangUpAfter = bytes;
  }

  /**
   * Holds: connections accepted from now on are read, but what they send is kept, unanswered and
   * unprinted, until release() (a printer busy with something else; a sender caught mid-send).
   */
  hold(): void {
    this.holding = true;
  }

  /** Stops holding: each held connection's bytes are handled as if they arrived now (a closed one's print too). */
  release(): void {
    this.holding = false;
    for (const connection of [...this.held]) {
      this.held.delete(connection);
      for (const chunk of connection.chunks.splice(0)) connection.take(chunk);
      if (connection.closed) connection.finish();
    }
  }

  get isHolding(): boolean {
    return this.holding;
  }

  /** Bytes received on held connections, not yet handled. */
  heldBytes(): number {
    let total = 0;
    for (const connection of this.held) total += connection.bytes;
    return total;
  }

  /** Tickets that came out (not the lost ones), oldest first. */
  printed(): PrintedTicket[] {
    return this.tickets.filter((ticket) => !ticket.lost);
  }

  /** Puts back the tickets printed before a restart. */
  restore(tickets: PrintedTicket[]): void {
    this.tickets.push(...tickets);
    this.seq = Math.max(this.seq, ...tickets.map((ticket) => Number(ticket.id.split('#')[1]) || 0));
  }

  clear(): void {
    this.tickets.length = 0;
  }

  /** Resolves with the first ticket (printed, not lost) that matches, waiting up to `timeoutMs`. */
  waitForTicket(match: (ticket: PrintedTicket) => boolean = () => true, timeoutMs = 5000): Promise<PrintedTicket> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.printed().find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`打印机 ${this.name} 在 ${timeoutMs} ms 内没有打出所等的小票（已打出 ${this.printed().length} 张）`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      const waiter = () => void check();
      if (!check()) this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    await this.unlisten();
    for (const waiter of [...this.waiters]) waiter();
  }

  private async listen(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve) => {
      server.once('error', (error) => {
        this.listenError = error.message;
        resolve();
      });
      server.listen(this.port, this.host, () => {
        this.listenError = null;
        const address = server.address();
        if (address && typeof address === 'object') this.port = address.port;
        this.server = server;
        resolve();
      });
    });
  }

  private async unlisten(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.connections += 1;
    this.sockets.add(socket);
    let budget = this.hangUpAfter;
    this.hangUpAfter = null;
    const decoder = new EscposDecoder(COLUMNS_BY_PAPER[this.paper], {
      onTicket: (ticket) => this.record(ticket),
      onStatusQuery: (query) => {
        const answer = () => {
          if (!socket.destroyed) socket.write(Buffer.from([statusByte(query, this.status)]));
        };
        if (this.statusDelayMs > 0) setTimeout(answer, this.statusDelayMs);
        else answer();
      },
    });
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      this.sockets.delete(socket);
      const rest = decoder.end();
      if (rest) this.record(rest);
    };
    const take = (chunk: Buffer) => {
      let data = chunk;
      if (budget !== null) {
        data = chunk.subarray(0, budget);
        budget -= data.length;
      }
      this.bytesReceived += data.length;
      decoder.push(data);
      if (budget === 0) {
        finish();
        socket.destroy();
      }
    };
    const held: HeldConnection | null = this.holding ? { chunks: [], bytes: 0, closed: false, take, finish } : null;
    if (held) this.held.add(held);
    const isHeld = () => held !== null && this.held.has(held);
    socket.on('data', (chunk: Buffer) => {
      if (!isHeld()) return take(chunk);
      held!.chunks.push(chunk);
      held!.bytes += chunk.length;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (isHeld()) held!.closed = true;
      else finish();
    });
  }

  private record(ticket: PaperTicket): void {
    this.seq += 1;
    const printed: PrintedTicket = { ...ticket, id: `${this.id}#${this.seq}`, printer: this.id, at: (this.options.now ?? Date.now)(), lost: this.status === 'paper_out' };
    this.tickets.push(printed);
    const keep = this.options.keep ?? 500;
    if (this.tickets.length > keep) this.tickets.splice(0, this.tickets.length - keep);
    this.options.onTicket?.(printed);
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Starts an ESC/POS printer on a free loopback port (tests): `await startEscposPrinter({ paper: 58 })`. */
export async function startEscposPrinter(options: EscposPrinterOptions = {}): Promise<EscposPrinter> {
  return new EscposPrinter({ port: 0, ...options }).start();
}
