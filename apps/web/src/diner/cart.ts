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
}

export type NewCartLine = Omit<CartLine, 'key' | 'quantity'>;

export const lineKey = (line: NewCartLine): string =>
  [line.kind, line.itemId, line.skuId ?? '', [...line.optionIds].sort().join(','), line.choices.map((c) => `${c.comboItemId}x${c.quantity}`).sort().join(',')].join('|');

/** Adds `quantity` of a line (to the same line when the same choices are there already). */
export function addLine(cart: readonly CartLine[], line: NewCartLine, quantity = 1): CartLine[] {
  const key = lineKey(line);
  const existing = cart.find((l) => l.key === key);
  if (existing) return cart.map((l) => (l.key === key ? { ...l, quantity: l.quantity + quantity } : l));
  return [...cart, { ...line, key, quantity }];
}

/** Changes a line's quantity; at 0 the line goes. */
export function changeQuantity(cart: readonly CartLine[], key: string, delta: number): CartLine[] {
  return cart.flatMap((l) => {
    if (l.key !== key) return [l];
    const quantity = l.quantity + delta;
    return quantity > 0 ? [{ ...l, quantity }] : [];
  });
}

/** How many of an item (any choices) are in the cart: the badge on the menu. */
export const countOf = (cart: readonly CartLine[], kind: CartLine['kind'], itemId: string): number =>
  cart.filter((l) => l.kind === kind && l.itemId === itemId).reduce((sum, l) => sum + l.quantity, 0);

export const cartCount = (cart: readonly CartLine[]): number => cart.reduce((sum, l) => sum + l.quantity, 0);
export const cartEstimate = (cart: readonly CartLine[]): number => cart.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

/** What the server is sent: the choices, never a price. */
export function toDinerCart(cart: readonly CartLine[], type: 'dine_in' | 'takeaway', remark: string): DinerCart {
  const lines: OrderLineInput[] = cart.map((l) => ({
    kind: l.kind, itemId: l.itemId, ...(l.skuId ? { skuId: l.skuId } : {}), optionIds: l.optionIds, choices: l.choices, quantity: l.quantity,
  }));
  return { type, remark: remark.trim(), lines };
}
