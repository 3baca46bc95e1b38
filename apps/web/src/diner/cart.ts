import type { DinerCart, OrderLineInput } from '@canteen/contract';

/** One line of the diners' cart: what the server is sent, plus what the cart shows meanwhile. */
export interface CartLine {
  /** Same item with the same choices → same key, one line. */
  key: string;
  kind: 'dish' | 'combo';
  itemId: string;
  skuId?: string;
  optionIds: string[];
  choices: Array<{ comboItemId: string; quantity: number }>;
  quantity: number;
  name: string;
  specText: string;
  /** The picker's estimate of one; the total shown is the server's quote. */
  unitPrice: number;
  /** A dish sold by weight: the quantity is its weight in `unit` (斤, kg), priced as unit price × weight. */
  weighed?: boolean;
  unit?: string;
}

export type NewCartLine = Omit<CartLine, 'key' | 'quantity'>;

export const lineKey = (line: NewCartLine): string =>
  [line.kind, line.itemId, line.skuId ?? '', [...line.optionIds].sort().join(','), line.choices.map((c) => `${c.comboItemId}x${c.quantity}`).sort().join(',')].join('|');

/** Adds `quantity` of a line (to the same line when the same choices are there already). */
export function addLine(cart: readonly CartLine[], line: NewCartLine, quantity = 1): CartLine[] {
  const key = lineKey(line);
  const existing = cart.find((l) => l.key === key);
  if (existing) return cart.map((l) => (l.key === key ? { ...l, quantity: roundQuantity(l.quantity + quantity) } : l));
  return [...cart, { ...line, key, quantity }];
}

/** The contract's ORDER_LINE_QUANTITY_MAX, kept here as its order schemas would bring zod into this bundle (choices.test.ts checks the copy). */
export const QUANTITY_MAX = 999;

/** What + and − change: a portion, or half a unit of weight (half a 斤, half a kilogram). */
export const WEIGHT_STEP = 0.5;
export const stepOf = (line: Pick<CartLine, 'weighed'>): number => (line.weighed ? WEIGHT_STEP : 1);

/** Quantities in thousandths, as the server keeps them (three decimals), so 0.1 + 0.2 stays 0.3. */
const roundQuantity = (q: number): number => Math.round(q * 1000) / 1000;

/** Changes a line's quantity by `steps` of its step; at 0 the line goes. */
export function changeQuantity(cart: readonly CartLine[], key: string, steps: number): CartLine[] {
  return cart.flatMap((l) => {
    if (l.key !== key) return [l];
    const quantity = roundQuantity(l.quantity + steps * stepOf(l));
    return quantity > 0 ? [{ ...l, quantity }] : [];
  });
}

/** A line counts its portions; a weighed one counts once, whatever it weighs. */
const pieces = (l: CartLine): number => (l.weighed ? 1 : l.quantity);

/** How many of an item (any choices) are in the cart: the badge on the menu. */
export const countOf = (cart: readonly CartLine[], kind: CartLine['kind'], itemId: string): number =>
  cart.filter((l) => l.kind === kind && l.itemId === itemId).reduce((sum, l) => sum + pieces(l), 0);

export const cartCount = (cart: readonly CartLine[]): number => cart.reduce((sum, l) => sum + pieces(l), 0);

/** unit price × quantity, half-up to the fen, as the server rounds each line. */
export const lineEstimate = (unitPrice: number, quantity: number): number => Math.floor((unitPrice * Math.round(quantity * 1000) + 500) / 1000);
export const cartEstimate = (cart: readonly CartLine[]): number => cart.reduce((sum, l) => sum + lineEstimate(l.unitPrice, l.quantity), 0);

/** "1.5 斤": a weighed line's quantity with its unit; a portion count as it is. */
export const quantityText = (line: Pick<CartLine, 'quantity' | 'weighed' | 'unit'>): string =>
  (line.weighed ? `${roundQuantity(line.quantity)}${line.unit ?? ''}` : String(line.quantity));

/** What the server is sent: the choices, never a price. */
export function toDinerCart(cart: readonly CartLine[], type: 'dine_in' | 'takeaway', remark: string): DinerCart {
  const lines: OrderLineInput[] = cart.map((l) => ({
    kind: l.kind, itemId: l.itemId, ...(l.skuId ? { skuId: l.skuId } : {}), optionIds: l.optionIds, choices: l.choices, quantity: l.quantity,
  }));
  return { type, remark: remark.trim(), lines };
}
