import type { PrinterRecord, PrintJobRecord } from '@canteen/contract';
import type { Secrets } from '../../platform/secrets.js';
import type { printer, printJob } from './tables.js';
import { isoOrNull } from '../../http/iso.js';

/** `****1234`: the last four characters of a long key (a short one, like a printer's 8-character KEY, shows none). */
export function maskSecret(plain: string): string {
  return plain.length >= 12 ? `****${plain.slice(-4)}` : '****';
}

export function printerRecord(r: typeof printer.$inferSelect, secrets: Secrets): PrinterRecord {
  let masked: string | null = null;
  if (r.feieKeyEnc) {
    try {
      masked = maskSecret(secrets.open(r.feieKeyEnc));
    } catch {
      masked = '****';
    }
  }
  return {
    id: r.id, storeId: r.storeId, name: r.name, brand: r.brand, feieSn: r.brand === 'feie' ? r.feieSn : null, feieKeyMasked: r.brand === 'feie' ? masked : null,
    host: r.brand === 'escpos' ? r.host : null, port: r.brand === 'escpos' ? r.port : null, paper: r.paper, tickets: r.tickets, kitchenSplit: r.kitchenSplit,
    categoryIds: r.categoryIds, copies: r.copies, trigger: r.trigger, enabled: r.enabled, status: r.status, statusMessage: r.statusMessage,
    statusCheckedAt: isoOrNull(r.statusCheckedAt), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}

export function printJobRecord(r: typeof printJob.$inferSelect): PrintJobRecord {
  return {
    id: r.id, storeId: r.storeId, printerId: r.printerId, printerName: r.printerName, orderId: r.orderId, orderNo: r.orderNo, ticket: r.ticket, round: r.round,
    reprintOf: r.reprintOf, copies: r.copies, status: r.status, attempts: r.attempts, lastError: r.lastError,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null, sentAt: isoOrNull(r.sentAt), createdAt: r.createdAt.toISOString(),
  };
}
