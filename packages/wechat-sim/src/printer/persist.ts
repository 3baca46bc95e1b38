import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrintedTicket } from './escpos-printer.js';
import type { FeieAccount, FeieDevice, FeieOrder } from './feie-cloud.js';
import type { PrinterHub } from './hub.js';

interface SavedPrinters {
  feie: { accounts: FeieAccount[]; devices: FeieDevice[]; orders: FeieOrder[]; tickets: PrintedTicket[] };
  /** ESC/POS tickets by port. */
  escpos: Record<string, PrintedTicket[]>;
}

const KEEP_TICKETS = 300;

/**
 * Keeps the printers' state in `${dataDir}/printers.json` (beside the platform's own file), so a
 * restart of `npm start` keeps the printers the product added to its 飞鹅 account, their queues and
 * what was printed. Written a moment after a change and on close.
 */
export class PrinterPersistence {
  private readonly path: string;
  private timer: NodeJS.Timeout | null = null;
  private savedEscpos: Record<string, PrintedTicket[]> = {};

  constructor(
    private readonly hub: PrinterHub,
    dataDir: string,
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, 'printers.json');
  }

  /** Loads the saved state; false when there is none. */
  load(): boolean {
    let saved: SavedPrinters;
    try {
      saved = JSON.parse(readFileSync(this.path, 'utf8')) as SavedPrinters;
    } catch {
      return false;
    }
    this.hub.cloud.restore(saved.feie);
    this.savedEscpos = saved.escpos ?? {};
    return true;
  }

  /** The tickets a network printer on this port had printed before the restart. */
  escposTickets(port: number): PrintedTicket[] {
    return this.savedEscpos[String(port)] ?? [];
  }

  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.saveNow();
    }, 300);
    this.timer.unref();
  }

  saveNow(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const { cloud } = this.hub;
    const escpos: Record<string, PrintedTicket[]> = { ...this.savedEscpos };
    for (const [port, printer] of this.hub.escpos) escpos[String(port)] = printer.tickets.slice(-KEEP_TICKETS);
    const data: SavedPrinters = {
      feie: { accounts: cloud.accounts, devices: [...cloud.devices.values()], orders: cloud.orders.slice(-1000), tickets: cloud.tickets.slice(-KEEP_TICKETS) },
      escpos,
    };
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify(data));
    renameSync(temporary, this.path);
  }
}
