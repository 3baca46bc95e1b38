import type { PrinterRecord, PrintJobRecord, TicketPreview } from '@canteen/contract';

/** A printer as the server answers it. */
export const printer = (id: string, name: string, extra: Partial<PrinterRecord> = {}): PrinterRecord => ({
  id, storeId: '1', name, brand: 'feie', feieSn: `9230${id}0001`, feieKeyMasked: '****ab12', host: null, port: null,
  paper: 58, tickets: ['receipt'], kitchenSplit: 'order', categoryIds: [], copies: 1, trigger: 'on_paid', enabled: true,
  status: 'online', statusMessage: null, statusCheckedAt: '2026-11-25T03:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** A print job as the server answers it. */
export const job = (id: string, extra: Partial<PrintJobRecord> = {}): PrintJobRecord => ({
  id, storeId: '1', printerId: '1', printerName: '前台', orderId: '501', orderNo: '2611250001', ticket: 'receipt', round: 0, reprintOf: null,
  copies: 1, status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null, sentAt: '2026-11-25T03:01:00.000Z', createdAt: '2026-11-25T03:00:59.000Z',
  ...extra,
});

/** The server's preview: a few lines of a ticket laid out for the paper. */
export const preview = (ticket: string, paper: number): TicketPreview => {
  const columns = paper === 80 ? 48 : 32;
  return {
    columns,
    lines: [
      { text: ticket === 'kitchen' ? '后厨单' : '川味小馆', bold: true, double: true, center: true, qr: false },
      { text: '-'.repeat(columns), bold: false, double: false, center: false, qr: false },
      { text: `宫保鸡丁 x1${' '.repeat(columns - 17)}¥38.00`, bold: false, double: false, center: false, qr: false },
      { text: '2611250001', bold: false, double: false, center: true, qr: true },
    ],
  };
};
