import { EscposPrinter, type PrintedTicket } from './escpos-printer.js';
import { FeieCloud } from './feie-cloud.js';
import type { PaperWidth } from './paper.js';

export interface EscposPrinterConfig {
  port: number;
  name?: string;
  paper?: PaperWidth;
}

/** Every simulated printer: the 飞鹅 cloud's devices and the network ESC/POS listeners. */
export class PrinterHub {
  readonly cloud: FeieCloud;
  readonly escpos = new Map<number, EscposPrinter>();

  /** Told of every ticket (to save the state). */
  onChange: () => void = () => undefined;
  /** Tickets a port printed before a restart. */
  restoredTickets: (port: number) => PrintedTicket[] = () => [];

  constructor(private readonly now: () => number) {
    this.cloud = new FeieCloud(now, () => this.onChange());
  }

  /** Starts a network printer; a port in use leaves it listed with its error. */
  async addEscpos(config: EscposPrinterConfig): Promise<EscposPrinter> {
    const printer = new EscposPrinter({ port: config.port, name: config.name, paper: config.paper ?? 80, now: this.now, onTicket: () => this.onChange() });
    if (config.port !== 0) printer.restore(this.restoredTickets(config.port));
    await printer.start();
    if (printer.listenError) console.warn(`wechat-sim: ESC/POS printer ${printer.name} could not listen on ${config.port}: ${printer.listenError}`);
    this.escpos.set(printer.port, printer);
    return printer;
  }

  async removeEscpos(port: number): Promise<boolean> {
    const printer = this.escpos.get(port);
    if (!printer) return false;
    this.escpos.delete(port);
    await printer.close();
    return true;
  }

  /** Tickets of one printer (`feie:SN` / `escpos:PORT`) or of all, newest first. */
  tickets(printer?: string, limit = 50): PrintedTicket[] {
    const all = [...this.cloud.tickets, ...[...this.escpos.values()].flatMap((p) => p.tickets)];
    return all
      .filter((ticket) => !printer || ticket.printer === printer)
      .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id, 'en', { numeric: true }))
      .slice(0, limit);
  }

  clearTickets(printer?: string): void {
    if (!printer || printer.startsWith('feie:')) this.cloud.tickets = this.cloud.tickets.filter((t) => printer && t.printer !== printer);
    for (const escpos of this.escpos.values()) if (!printer || escpos.id === printer) escpos.clear();
  }

  async close(): Promise<void> {
    await Promise.all([...this.escpos.values()].map((printer) => printer.close()));
  }
}
