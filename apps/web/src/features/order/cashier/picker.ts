import type { MenuCombo, MenuDish } from '@canteen/contract';
import type { CartLine } from './cart';

/**
 * The picker's rules for a dish (SKU, option groups with their min/max, a weighed quantity) and a
 * combo (optional groups with min/max counts, repeats when allowed). The server checks the same
 * again; these only keep the counter from sending what it would refuse.
 */

/** A problem of the current choice: an i18n key under `orderCashier.picker.problems` and its values. */
export interface PickProblem {
  groupId?: string;
  key: 'chooseSku' | 'skuSoldOut' | 'atLeast' | 'atMost' | 'quantity' | 'comboAtLeast' | 'comboAtMost' | 'noRepeat';
  values?: Record<string, string | number>;
}

// ---------- dishes ----------

export interface DishChoice {
  skuId?: string;
  optionIds: string[];
  quantity: number;
}

/** Whether a dish needs the picker at all (one price, no options, counted in portions: a click adds it). */
export const dishNeedsPicker = (dish: MenuDish) => dish.skus.length > 0 || dish.specGroups.length > 0 || dish.isWeighed;
export const comboNeedsPicker = (combo: MenuCombo) => combo.groups.some((g) => g.kind === 'optional');

/** The first orderable SKU and the default options; one portion (a weighed dish: nothing weighed yet). */
export function defaultDishChoice(dish: MenuDish): DishChoice {
  const sku = dish.skus.find((s) => s.available);
  const optionIds = dish.specGroups.flatMap((g) => {
    const defaults = g.options.filter((o) => o.isDefault).map((o) => o.id);
    return g.selection === 'single' ? defaults.slice(0, 1) : defaults.slice(0, g.maxSelect);
  });
  return { skuId: sku?.id, optionIds, quantity: dish.isWeighed ? 0 : 1 };
}

/** A group of which at most one option may be chosen: drawn as radios. */
export const isSingleChoice = (group: MenuDish['specGroups'][number]) => group.selection === 'single' || group.maxSelect === 1;

/**
 * Chooses an option: a single group swaps it in (clicked again, a required one stays chosen, an
 * optional one is cleared), a multiple group toggles it.
 */
export function toggleOption(dish: MenuDish, choice: DishChoice, optionId: string): DishChoice {
  const group = dish.specGroups.find((g) => g.options.some((o) => o.id === optionId));
  if (!group) return choice;
  const inGroup = new Set(group.options.map((o) => o.id));
  const chosen = choice.optionIds.includes(optionId);
  if (isSingleChoice(group)) {
    const others = choice.optionIds.filter((id) => !inGroup.has(id));
    // A required single choice stays chosen when clicked again; an optional one is cleared.
    if (chosen) return group.minSelect > 0 ? choice : { ...choice, optionIds: others };
    return { ...choice, optionIds: [...others, optionId] };
  }
  return { ...choice, optionIds: chosen ? choice.optionIds.filter((id) => id !== optionId) : [...choice.optionIds, optionId] };
}

export function dishProblems(dish: MenuDish, choice: DishChoice): PickProblem[] {
  const problems: PickProblem[] = [];
  if (dish.skus.length > 0) {
    const sku = dish.skus.find((s) => s.id === choice.skuId);
    if (!sku) problems.push({ key: 'chooseSku' });
    else if (!sku.available) problems.push({ key: 'skuSoldOut', values: { name: sku.name } });
  }
  for (const group of dish.specGroups) {
    const count = group.options.filter((o) => choice.optionIds.includes(o.id)).length;
    const max = group.selection === 'single' ? 1 : group.maxSelect;
    if (count < group.minSelect) problems.push({ groupId: group.id, key: 'atLeast', values: { group: group.name, n: group.minSelect } });
    else if (count > max) problems.push({ groupId: group.id, key: 'atMost', values: { group: group.name, n: max } });
  }
  const q = choice.quantity;
  if (!(q > 0) || q > 999 || Math.abs(q * 1000 - Math.round(q * 1000)) > 1e-6 || (!dish.isWeighed && !Number.isInteger(q))) {
    problems.push({ key: 'quantity' });
  }
  return problems;
}

/** The cart line of a dish choice: "大份/微辣/加蛋" as its spec text until the quote names it. */
export function dishLine(dish: MenuDish, choice: DishChoice): Omit<CartLine, 'key'> {
  const sku = dish.skus.find((s) => s.id === choice.skuId);
  const options = dish.specGroups.flatMap((g) => g.options).filter((o) => choice.optionIds.includes(o.id));
  return {
    kind: 'dish', itemId: dish.id, ...(sku ? { skuId: sku.id } : {}), optionIds: options.map((o) => o.id), choices: [],
    quantity: choice.quantity, remark: '', name: dish.name, specText: [sku?.name, ...options.map((o) => o.name)].filter(Boolean).join('/'), weighed: dish.isWeighed,
  };
}

// ---------- combos ----------

/** Chosen combo items of the optional groups and how many of each. */
export type ComboChoice = Record<string, number>;

export function defaultComboChoice(combo: MenuCombo): ComboChoice {
  const choice: ComboChoice = {};
  for (const group of combo.groups) {
    if (group.kind !== 'optional') continue;
    group.items.filter((i) => i.isDefault && i.available).slice(0, group.maxChoose).forEach((i) => (choice[i.id] = 1));
  }
  return choice;
}

const groupCount = (group: MenuCombo['groups'][number], choice: ComboChoice) => group.items.reduce((n, i) => n + (choice[i.id] ?? 0), 0);

/** One more (or one fewer) of an item; a group without repeats takes each item once. */
export function changeComboItem(combo: MenuCombo, choice: ComboChoice, itemId: string, delta: 1 | -1): ComboChoice {
  const group = combo.groups.find((g) => g.items.some((i) => i.id === itemId));
  if (!group || group.kind !== 'optional') return choice;
  const now = choice[itemId] ?? 0;
  let next = now + delta;
  if (!group.allowRepeat) next = Math.min(next, 1);
  if (delta > 0 && groupCount(group, choice) >= group.maxChoose) {
    // A one-of group swaps its choice; a fuller group stays as it is.
    if (group.maxChoose !== 1) return choice;
    const swapped = { ...choice };
    group.items.forEach((i) => delete swapped[i.id]);
    swapped[itemId] = 1;
    return swapped;
  }
  const out = { ...choice };
  if (next <= 0) delete out[itemId];
  else out[itemId] = next;
  return out;
}

export function comboProblems(combo: MenuCombo, choice: ComboChoice): PickProblem[] {
  const problems: PickProblem[] = [];
  for (const group of combo.groups) {
    if (group.kind !== 'optional') continue;
    const count = groupCount(group, choice);
    if (count < group.minChoose) problems.push({ groupId: group.id, key: 'comboAtLeast', values: { group: group.name, n: group.minChoose } });
    else if (count > group.maxChoose) problems.push({ groupId: group.id, key: 'comboAtMost', values: { group: group.name, n: group.maxChoose } });
    if (!group.allowRepeat && group.items.some((i) => (choice[i.id] ?? 0) > 1)) problems.push({ groupId: group.id, key: 'noRepeat', values: { group: group.name } });
  }
  return problems;
}

export function comboLine(combo: MenuCombo, choice: ComboChoice, quantity = 1): Omit<CartLine, 'key'> {
  const items = combo.groups.filter((g) => g.kind === 'optional').flatMap((g) => g.items).filter((i) => (choice[i.id] ?? 0) > 0);
  return {
    kind: 'combo', itemId: combo.id, optionIds: [], choices: items.map((i) => ({ comboItemId: i.id, quantity: choice[i.id]! })),
    quantity, remark: '', name: combo.name, specText: items.map((i) => (choice[i.id]! > 1 ? `${i.name}×${choice[i.id]}` : i.name)).join('/'), weighed: false,
  };
}
