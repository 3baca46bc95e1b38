/**
 * Money is integer fen everywhere below the display (STORE.md §2). The web shows `¥12.50` and
 * takes yuan with two decimals, converting once at the edge with these.
 */

/** Largest amount a single price or payment may have: ¥9,999,999.99. */
export const MONEY_MAX_FEN = 999_999_999;

/** `12.5` or `'12.50'` (yuan) → 1250 fen; rounds half-up to the fen; NaN for what is not a number. */
export function yuanToFen(yuan: number | string): number {
  const n = typeof yuan === 'number' ? yuan : Number(String(yuan).trim());
  if (!Number.isFinite(n)) return Number.NaN;
  // Through the decimal string, so 0.29 yuan is 29 fen, not 28.999….
  const [whole = '0', frac = ''] = Math.abs(n).toFixed(3).split('.');
  const fen = Number(whole) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  return n < 0 ? -fen : fen;
}

/** 1250 → `12.50` (no currency sign). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 → `¥12.50`. */
export const formatFen = (fen: number): string => (fen < 0 ? `-¥${fenToYuan(-fen)}` : `¥${fenToYuan(fen)}`);

/** A discount rate 1–100 (`88` = 8.8折) applied to an amount, rounded half-up to the fen. */
export const applyRate = (fen: number, rate: number): number => Math.floor((fen * rate + 50) / 100);
