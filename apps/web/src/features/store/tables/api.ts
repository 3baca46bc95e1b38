import { pathOf, tableEndpoints } from '@canteen/contract';
import { api } from '../../../shared/http/client';

/** Query key prefixes of areas and tables. */
export const AREAS_KEY = '/store/area';
export const TABLES_KEY = '/store/table';

/** A table's QR code PNG, fetched with the bearer token through the HTTP client. */
export const qrcodeBlob = (id: string) => api.blob(pathOf(tableEndpoints.qrcode.path, { id }), { silent: true });

/** The printable QR sheet (PDF) of a store's tables, or of one area's. */
export const qrsheetBlob = (storeId: string, areaId?: string) =>
  api.blob(tableEndpoints.qrsheet.path, { params: { storeId, ...(areaId ? { areaId } : {}) } });


/** The codes a batch creates: prefix + each number from..to, zero-padded to `digits` (A01 … A20). */
export function batchCodes(b: { prefix?: string; from?: number | null; to?: number | null; digits?: number | null }): string[] {
  if (b.from == null || b.to == null || b.from > b.to) return [];
  const digits = b.digits ?? 2;
  const codes: string[] = [];
  for (let n = b.from; n <= b.to; n += 1) codes.push(`${b.prefix ?? ''}${String(n).padStart(digits, '0')}`);
  return codes;
}
