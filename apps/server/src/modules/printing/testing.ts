import type { PrinterStatus } from '@canteen/contract';
import type { App } from '../../app.js';
import type { JobRow, PrinterRow, PrinterTransport } from './transport/transport.js';

/** What a fake printer received: the printer, and the job's tickets' text (one string per ticket). */
export interface Received {
  printerId: string;
  printerName: string;
  copies: number;
  tickets: string[];
}

/**
 * A transport for tests: records each send; `failWith` makes sends throw (e.g. PrintUnreachable),
 * `hold` makes them wait until released (a send in flight), `states` answers status checks.
 */
export class FakeTransport implements PrinterTransport {
  readonly received: Received[] = [];
  failWith: ((p: PrinterRow) => Error | null) | null = null;
  hold: Promise<void> | null = null;
  readonly states = new Map<string, { status: PrinterStatus; message: string | null }>();

  async send(p: PrinterRow, job: Pick<JobRow, 'content' | 'copies'>): Promise<void> {
    if (this.hold) await this.hold;
    const error = this.failWith?.(p);
    if (error) throw error;
    this.received.push({ printerId: p.id, printerName: p.name, copies: job.copies, tickets: job.content.map((lines) => lines.map((l) => l.text.trimEnd()).join('\n')) });
  }

  async status(p: PrinterRow) {
    return this.states.get(p.id) ?? { status: 'online' as const, message: null };
  }
}

/** Stops the app's own dispatcher (tests drain by hand) and puts a fake transport in place. */
export async function fakePrinting(app: App): Promise<FakeTransport> {
  await app.ready();
  await app.printing.dispatcher.stop();
  const fake = new FakeTransport();
  app.printing.transport = fake;
  return fake;
}
