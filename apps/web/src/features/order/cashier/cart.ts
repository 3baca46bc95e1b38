import type { OrderCart, OrderType } from '@canteen/contract';

/**
 * The cashier's cart as the counter builds it, before the server prices it: what was chosen, never
 * a price (prices come only from the quote). Pure functions, so the screen's state changes are
 * tested apart from the screen.
 */

export interface CartLine {
  /** A local id of the line (the cart's row key; not sent). */
  key: string;
  kind: 'dish' | 'combo';
  itemId: string;
  skuId?: string;
  optionIds: string[];
  choices: Array<{ comboItemId: string; quantity: number }>;
  /** Whole portions, or kilograms / 斤 with up to three decimals for a weighed dish. */
  quantity: number;
  remark: string;
  /** Shown until the quote answers: the dish's name and the chosen SKU/options. */
  name: string;
  specText: string;
  weighed: boolean;
}

export interface CartDraft {
  type: OrderType;
  tableId?: string;
  guests?: number;
  memberId?: string;
  couponId?: string;
  remark: string;
  lines: CartLine[];
}

export const emptyDraft = (type: OrderType = 'dine_in'): CartDraft => ({ type, remark: '', lines: [] });

/** What makes two lines the same thing (the same dish, SKU, options and combo choices, no remark of its own). */
const sameChoice = (a: Omit<CartLine, 'key'>, b: Omit<CartLine, 'key'>) =>
  a.kind === b.kind &&
  a.itemId === b.itemId &&
  (a.skuId ?? '') === (b.skuId ?? '') &&
  [...a.optionIds].sort().join() === [...b.optionIds].sort().join() &&
  JSON.stringify([...a.choices].sort((x, y) => x.comboItemId.localeCompare(y.comboItemId))) ===
    JSON.stringify([...b.choices].sort((x, y) => x.comboItemId.localeCompare(y.comboItemId))) &&
  a.remark === b.remark &&
  !a.weighed;

/** Three decimals at most, without float dust (0.1 + 0.2). */
export const roundQuantity = (q: number) => Math.round(q * 1000) / 1000;

let counter = 0;
const nextKey = () => `l${Date.now().toString(36)}${(counter += 1)}`;

/**
 * Adds a chosen line: the same portion dish again adds to its line (a weighed dish is weighed
 * anew each time, so it gets a line of its own). Answers the lines and the key of the line changed.
 */
export function addLine(lines: CartLine[], line: Omit<CartLine, 'key'>): { lines: CartLine[]; key: string } {
  const same = lines.find((l) => sameChoice(l, line));
  if (same) return { lines: lines.map((l) => (l === same ? { ...l, quantity: roundQuantity(l.quantity + line.quantity) } : l)), key: same.key };
  const key = nextKey();
  return { lines: [...lines, { ...line, key }], key };
}

/** The step of ±: one portion, or 0.1 of a weighed dish's unit. */
export const stepOf = (line: Pick<CartLine, 'weighed'>) => (line.weighed ? 0.1 : 1);

/** + or −: below one step the line goes (a − on the last portion removes it). */
export function changeQuantity(lines: CartLine[], key: string, direction: 1 | -1): CartLine[] {
  return lines.flatMap((l) => {
    if (l.key !== key) return [l];
    const next = roundQuantity(l.quantity + direction * stepOf(l));
    if (next <= 0) return [];
    return [{ ...l, quantity: Math.min(next, 999) }];
  });
}

export const setQuantity = (lines: CartLine[], key: string, quantity: number): CartLine[] =>
  lines.map((l) => (l.key === key ? { ...l, quantity: roundQuantity(quantity) } : l));
export const removeLine = (lines: CartLine[], key: string): CartLine[] => lines.filter((l) => l.key !== key);
export const setLineRemark = (lines: CartLine[], key: string, remark: string): CartLine[] =>
  lines.map((l) => (l.key === key ? { ...l, remark } : l));

/** The cart the server prices and creates: the chosen ids and quantities only. Undefined while empty. */
export function toOrderCart(storeId: string, draft: CartDraft): OrderCart | undefined {
  if (draft.lines.length === 0) return undefined;
  const dineIn = draft.type === 'dine_in';
  return {
    storeId,
    type: draft.type,
    ...(dineIn && draft.tableId ? { tableId: draft.tableId } : {}),
    ...(dineIn && draft.guests ? { guests: draft.guests } : {}),
    ...(draft.memberId ? { memberId: draft.memberId } : {}),
    ...(draft.memberId && draft.couponId ? { couponId: draft.couponId } : {}),
    remark: draft.remark.trim(),
    lines: draft.lines.map((l) => ({
      kind: l.kind,
      itemId: l.itemId,
      ...(l.skuId ? { skuId: l.skuId } : {}),
      optionIds: l.optionIds,
      choices: l.choices,
      quantity: l.quantity,
      remark: l.remark.trim(),
    })),
  };
}

/** The line a server refusal names ("辣子鸡（大份）已售罄" names 辣子鸡), to mark it in the cart. */
export function lineNamedBy(lines: CartLine[], message: string | undefined): string | undefined {
  if (!message) return undefined;
  // The longest name first: "辣子鸡丁" before "辣子鸡".
  return [...lines].sort((a, b) => b.name.length - a.name.length).find((l) => message.includes(l.name))?.key;
}
