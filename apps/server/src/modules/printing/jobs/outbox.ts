import { and, eq, ne } from 'drizzle-orm';
import type { PrintJobTicket } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { orderForReads as order, orderLogForReads as orderLog } from '../../order/service.js';
import { printer, printJob, type TicketContent } from '../tables.js';
import { kitchenModels, loadOrderSnapshot, loadRefundLines, receiptModel, refundModel, type OrderSnapshot } from '../tickets/build.js';
import { layoutTicket } from '../tickets/layout.js';
import type { TicketModel } from '../tickets/model.js';

type PrinterRow = typeof printer.$inferSelect;

/**
 * The outbox (STORE.md §7): the print jobs an order event causes, written in the event's own
 * transaction (the orders' hooks), so a job exists exactly when the payment, acceptance, round or
 * refund committed, and a failed print can never roll an order back (sending happens after the
 * commit, jobs/dispatcher.ts). Each job's `source_key` (order:printer:ticket:round, or the
 * refund) is unique: a second emit, a retried transaction or another instance inserts nothing.
 *
 * Which printers: enabled, not manual, with the ticket among theirs; kitchen tickets carry only
 * the printer's categories (none: no job). on_paid printers print when paid (a pay-later table's
 * rounds as they are added); on_accepted ones when accepted (接单), and, having no acceptance,
 * a pay-later table's rounds as they are added and its receipt when paid.
 */
export type OrderPrintEvent =
  | { kind: 'paid'; orderId: string }
  | { kind: 'accepted'; orderId: string }
  | { kind: 'roundAdded'; orderId: string; round: number }
  | { kind: 'refunded'; orderId: string; refundId: string };

export interface NewJob {
  printer: Pick<PrinterRow, 'id' | 'name' | 'storeId' | 'paper' | 'copies'>;
  orderId: string | null;
  orderNo: string | null;
  ticket: PrintJobTicket;
  round: number;
  refundId?: string | null;
  sourceKey: string | null;
  reprintOf?: string | null;
  content: TicketContent;
}

export const contentOf = (models: TicketModel[], paper: 58 | 80): TicketContent => models.map((m) => layoutTicket(m, paper));

/** Inserts jobs (skipping any whose source key exists); answers the ids of those written. */
export async function insertJobs(tx: Db, jobs: NewJob[]): Promise<string[]> {
  if (!jobs.length) return [];
  const rows = await tx.insert(printJob).values(jobs.map((j) => ({
    storeId: j.printer.storeId, printerId: j.printer.id, printerName: j.printer.name, orderId: j.orderId, orderNo: j.orderNo, ticket: j.ticket,
    round: j.round, refundId: j.refundId ?? null, sourceKey: j.sourceKey, reprintOf: j.reprintOf ?? null, copies: j.printer.copies, content: j.content, paper: j.printer.paper,
  }))).onConflictDoNothing({ target: printJob.sourceKey }).returning({ id: printJob.id });
  return rows.map((r) => r.id);
}

const roundsOf = (s: OrderSnapshot) => [...new Set(s.lines.map((l) => l.round))].sort((a, b) => a - b);

async function wasDining(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: orderLog.id }).from(orderLog).where(and(eq(orderLog.orderId, orderId), eq(orderLog.toStatus, 'dining'))).limit(1);
  return Boolean(row);
}

/** The kitchen jobs of some rounds for a printer (one job per round that has its dishes). */
export function kitchenJobs(p: PrinterRow, s: OrderSnapshot, rounds: number[]): NewJob[] {
  return rounds.flatMap((round) => {
    const models = kitchenModels(s, { round, categoryIds: p.categoryIds, split: p.kitchenSplit, roundCount: rounds.length });
    if (!models.length) return [];
    return [{ printer: p, orderId: s.order.id, orderNo: s.order.orderNo, ticket: 'kitchen' as const, round, sourceKey: `${s.order.id}:${p.id}:kitchen:${round}`, content: contentOf(models, p.paper) }];
  });
}

export function receiptJob(p: PrinterRow, s: OrderSnapshot): NewJob {
  return { printer: p, orderId: s.order.id, orderNo: s.order.orderNo, ticket: 'receipt', round: 0, sourceKey: `${s.order.id}:${p.id}:receipt:0`, content: contentOf([receiptModel(s)], p.paper) };
}

/** Writes the jobs of an order event in the caller's transaction; answers how many were written. */
export async function writeOrderJobs(tx: Db, event: OrderPrintEvent): Promise<number> {
  // A store without printers costs one query per event.
  const printers = await tx.select().from(printer).innerJoin(order, eq(order.storeId, printer.storeId))
    .where(and(eq(order.id, event.orderId), eq(printer.enabled, true), ne(printer.trigger, 'manual'))).then((rows) => rows.map((r) => r.printer));
  if (!printers.length) return 0;
  const snapshot = await loadOrderSnapshot(tx, event.orderId);
  if (!snapshot) return 0;
  const jobs: NewJob[] = [];
  if (event.kind === 'refunded') {
    const refund = await loadRefundLines(tx, event.refundId);
    if (!refund) return 0;
    for (const p of printers.filter((x) => x.tickets.includes('refund'))) {
      const model = refundModel(snapshot, refund, p.categoryIds);
      if (model) {
        jobs.push({
          printer: p, orderId: snapshot.order.id, orderNo: snapshot.order.orderNo, ticket: 'refund', round: 0, refundId: event.refundId,
          sourceKey: `${snapshot.order.id}:${p.id}:refund:${event.refundId}`, content: contentOf([model], p.paper),
        });
      }
    }
  } else if (event.kind === 'roundAdded') {
    for (const p of printers.filter((x) => x.tickets.includes('kitchen'))) jobs.push(...kitchenJobs(p, snapshot, [event.round]));
  } else {
    const dining = event.kind === 'paid' && printers.some((p) => p.trigger === 'on_accepted') ? await wasDining(tx, event.orderId) : false;
    const due = printers.filter((p) => (event.kind === 'paid' ? p.trigger === 'on_paid' || dining : p.trigger === 'on_accepted'));
    for (const p of due) {
      if (p.tickets.includes('receipt')) jobs.push(receiptJob(p, snapshot));
      // Rounds printed as they were added have their jobs already: their keys insert nothing.
      if (p.tickets.includes('kitchen')) jobs.push(...kitchenJobs(p, snapshot, roundsOf(snapshot)));
    }
  }
  return (await insertJobs(tx, jobs)).length;
}
