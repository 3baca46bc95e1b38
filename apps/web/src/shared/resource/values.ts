import dayjs from 'dayjs';
import { isEmpty } from '@canteen/contract';
import type { Dict, FieldDef, Values } from './types';

/** `createTime` → `create_time` (the server's sort column names). */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Reads a dotted path (`dept.name`). */
export const valueAt = (row: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);

export const dictItem = (dict: Dict | undefined, value: unknown) => dict?.find((d) => d.value === String(value));

export const formatDateTime = (value: unknown, withTime = true) =>
  value === null || value === undefined || value === '' ? '' : dayjs(value as string).format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');

/** Integer fen → `¥12.50`. */
export const formatMoney = (fen: unknown) => (typeof fen === 'number' ? `¥${(fen / 100).toFixed(2)}` : '');

/** Search form values → query parameters: empty values left out, ranges split, dates as ISO 8601. */
export function searchParams(fields: FieldDef[], values: Values): Values {
  const out: Values = {};
  for (const field of fields) {
    const value = values[field.name];
    if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) continue;
    if (field.type === 'dateRange' && Array.isArray(value)) {
      const [from, to] = field.rangeNames ?? [`${field.name}Start`, `${field.name}End`];
      if (value[0]) out[from] = value[0];
      if (value[1]) out[to] = value[1];
    } else {
      out[field.name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return out;
}

/** The form values of a new record: each field's default. */
export const defaults = (fields: FieldDef[]): Values =>
  Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
