import type { StockMode } from '@canteen/contract';

/**
 * Whether a dish, a SKU or a combo can be ordered now (STORE.md §3). One rule for the dish
 * list, the combo records and the ordering menu:
 *
 * - A dish is orderable when it is on the shelf, not switched to sold out (估清, the operator's
 *   switch, independent of stock), and has stock: unlimited, or a remaining count above zero
 *   (total stock, or what is left of today's daily stock). A dish with SKUs is orderable when
 *   at least one of its SKUs is: not sold out and with stock (the dish's stock mode applies to
 *   each SKU's own count).
 * - Stock reaching zero never flips the sold-out switch: availability follows the count, and the
 *   daily reset (dishes/stock.ts) puts the count back, while the switch stays as set.
 * - A combo is orderable when it is on the shelf and not sold out, every item of its fixed groups
 *   is orderable (with stock for the item's quantity), and every optional group can still be
 *   satisfied: at least `minChoose` orderable items (one, when an item may be picked repeatedly).
 */

export interface StockState {
  stockMode: StockMode;
  stock: number | null;
}

export interface DishState extends StockState {
  onShelf: boolean;
  soldOut: boolean;
}

export interface SkuState {
  soldOut: boolean;
  stock: number | null;
}

/** Enough stock for `quantity` under the mode (unlimited always). */
export const hasStock = (mode: StockMode, stock: number | null, quantity = 1): boolean => mode === 'unlimited' || (stock ?? 0) >= quantity;

export const skuAvailable = (dish: DishState, sku: SkuState, quantity = 1): boolean =>
  dish.onShelf && !dish.soldOut && !sku.soldOut && hasStock(dish.stockMode, sku.stock, quantity);

export const dishAvailable = (dish: DishState, skus: readonly SkuState[], quantity = 1): boolean =>
  dish.onShelf && !dish.soldOut && (skus.length ? skus.some((s) => skuAvailable(dish, s, quantity)) : hasStock(dish.stockMode, dish.stock, quantity));

export interface ComboGroupState {
  kind: 'fixed' | 'optional';
  minChoose: number;
  allowRepeat: boolean;
  items: ReadonlyArray<{ available: boolean }>;
}

export function comboAvailable(combo: { onShelf: boolean; soldOut: boolean }, groups: readonly ComboGroupState[]): boolean {
  if (!combo.onShelf || combo.soldOut) return false;
  return groups.every((g) => {
    if (g.kind === 'fixed') return g.items.every((i) => i.available);
    if (g.minChoose === 0) return true;
    const orderable = g.items.filter((i) => i.available).length;
    return g.allowRepeat ? orderable > 0 : orderable >= g.minChoose;
  });
}

/** What a dish has left to sell: null when unlimited; with SKUs, their counts added up. */
export const remainingStock = (dish: StockState, skus: ReadonlyArray<{ stock: number | null }>): number | null => {
  if (dish.stockMode === 'unlimited') return null;
  return skus.length ? skus.reduce((sum, s) => sum + (s.stock ?? 0), 0) : (dish.stock ?? 0);
};
