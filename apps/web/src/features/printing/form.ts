import { ESCPOS_DEFAULT_PORT, type PrinterBody, type PrinterRecord } from '@canteen/contract';
import type { Values } from '../../shared/resource';

/** A printer → the form's values (the key is never shown: empty keeps the saved one). */
export const printerToForm = (row: PrinterRecord): Values => ({
  name: row.name,
  brand: row.brand,
  feieSn: row.feieSn ?? '',
  feieKey: '',
  host: row.host ?? '',
  port: row.port ?? ESCPOS_DEFAULT_PORT,
  paper: String(row.paper),
  tickets: row.tickets,
  kitchenSplit: row.kitchenSplit,
  categoryIds: row.categoryIds,
  copies: row.copies,
  trigger: row.trigger,
  enabled: row.enabled,
});

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The form's values → the body the server takes: only the chosen brand's connection fields, and
 * the key only when one was typed (a blank key keeps the saved one).
 */
export function printerBody(storeId: string, v: Values): PrinterBody {
  const brand = v.brand === 'escpos' ? 'escpos' : 'feie';
  const key = trimmed(v.feieKey);
  return {
    storeId,
    name: trimmed(v.name),
    brand,
    ...(brand === 'feie'
      ? { feieSn: trimmed(v.feieSn), ...(key ? { feieKey: key } : {}) }
      : { host: trimmed(v.host) }),
    port: brand === 'escpos' && typeof v.port === 'number' ? v.port : ESCPOS_DEFAULT_PORT,
    paper: v.paper === '80' || v.paper === 80 ? 80 : 58,
    tickets: Array.isArray(v.tickets) ? (v.tickets as PrinterBody['tickets']) : [],
    kitchenSplit: v.kitchenSplit === 'dish' ? 'dish' : 'order',
    categoryIds: Array.isArray(v.categoryIds) ? (v.categoryIds as string[]) : [],
    copies: typeof v.copies === 'number' ? v.copies : 1,
    trigger: (v.trigger as PrinterBody['trigger'] | undefined) ?? 'on_paid',
    enabled: v.enabled !== false,
  };
}

/** A printer as it is, with only `enabled` changed (the list's switch). */
export const withEnabled = (row: PrinterRecord, enabled: boolean): PrinterBody => ({
  ...printerBody(row.storeId, { ...printerToForm(row), enabled }),
  id: row.id,
});
