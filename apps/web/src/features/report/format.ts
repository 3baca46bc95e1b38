import { fenToYuan, formatFen } from '@canteen/contract';

/** Money for a table cell or a figure: ¥12.30. */
export const money = (fen: number) => formatFen(fen);

/** Money as a yuan number for a chart's axis and tooltip. */
export const yuan = (fen: number) => Number(fenToYuan(fen));

/** A share in percent with one decimal, as the server sends it (12.3 → 12.3%). */
export const percent = (value: number) => `${value.toFixed(1)}%`;

/** A quantity: whole numbers as they are, weighed ones with at most three decimals. */
export const quantity = (value: number) => (Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3))));

/**
 * The change from the previous period in percent (one decimal), or null when there is nothing to
 * compare with (the previous figure is zero).
 */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A money series' tooltip in a chart: ¥12.30. */
export const yuanTooltip = { valueFormatter: (value: unknown) => `¥${Number(value).toFixed(2)}` };
