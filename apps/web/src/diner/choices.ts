import type { MenuCombo, MenuDish } from '@canteen/contract';
import type { Translate } from './i18n';

/**
 * What a diner picks for one dish or combo in the picker, and the rules the server checks too
 * (required option groups, min/max, combo group counts): checked here first so the picker can
 * say what is missing before anything is sent. Prices here are estimates for the picker's
 * button; the cart's total is the server's quote.
 */

export interface DishChoice {
  skuId?: string;
  optionIds: string[];
}

/** Chosen items of a combo's optional groups: comboItemId → count. */
export type ComboChoice = Record<string, number>;

/** Whether a dish asks anything before it goes into the cart (several SKUs, option groups, or its weight). */
export const dishNeedsPicker = (dish: MenuDish): boolean => dish.skus.length > 1 || dish.specGroups.length > 0 || dish.isWeighed;
export const comboNeedsPicker = (combo: MenuCombo): boolean => combo.groups.some((g) => g.kind === 'optional');

export function defaultDishChoice(dish: MenuDish): DishChoice {
  const sku = dish.skus.find((s) => s.available) ?? dish.skus[0];
  const optionIds = dish.specGroups.flatMap((g) => {
    const defaults = g.options.filter((o) => o.isDefault).map((o) => o.id);
    return g.selection === 'single' ? defaults.slice(0, 1) : defaults.slice(0, g.maxSelect);
  });
  return { skuId: sku?.id, optionIds };
}

/** Picks an option: a single-choice group swaps its option; a multiple one toggles, up to its max. */
export function toggleOption(dish: MenuDish, choice: DishChoice, groupId: string, optionId: string): DishChoice {
  const group = dish.specGroups.find((g) => g.id === groupId);
  if (!group) return choice;
  const inGroup = new Set(group.options.map((o) => o.id));
  const chosen = choice.optionIds.filter((id) => inGroup.has(id));
  const others = choice.optionIds.filter((id) => !inGroup.has(id));
  let next: string[];
  if (chosen.includes(optionId)) next = group.selection === 'single' && group.minSelect > 0 ? chosen : chosen.filter((id) => id !== optionId);
  else if (group.selection === 'single') next = [optionId];
  else if (chosen.length >= group.maxSelect) return choice;
  else next = [...chosen, optionId];
  return { ...choice, optionIds: [...others, ...next] };
}

/** What is missing or too much in a dish's choice, named; undefined when it can go into the cart. */
export function dishProblem(dish: MenuDish, choice: DishChoice, t: Translate): string | undefined {
  if (dish.skus.length > 1) {
    const sku = dish.skus.find((s) => s.id === choice.skuId);
    if (!sku) return t('pickGroup', { name: '' }).trim();
    if (!sku.available) return `${dish.name}（${sku.name}）${t('soldOut')}`;
  }
  for (const group of dish.specGroups) {
    const count = group.options.filter((o) => choice.optionIds.includes(o.id)).length;
    if (count < group.minSelect) return group.minSelect === 1 ? t('pickGroup', { name: group.name }) : t('pickAtLeast', { name: group.name, min: group.minSelect });
    if (count > group.maxSelect) return t('pickAtMost', { name: group.name, max: group.maxSelect });
  }
  return undefined;
}

export function dishUnitPrice(dish: MenuDish, choice: DishChoice): number {
  const sku = dish.skus.find((s) => s.id === choice.skuId);
  const options = dish.specGroups.flatMap((g) => g.options).filter((o) => choice.optionIds.includes(o.id));
  return (sku?.price ?? dish.price) + options.reduce((sum, o) => sum + o.priceDelta, 0);
}

/** "大份/微辣/加蛋": the SKU (when there are several) and the options, in the menu's order. */
export function dishSpecText(dish: MenuDish, choice: DishChoice): string {
  const sku = dish.skus.length > 1 ? dish.skus.find((s) => s.id === choice.skuId)?.name : undefined;
  const options = dish.specGroups.flatMap((g) => g.options).filter((o) => choice.optionIds.includes(o.id)).map((o) => o.name);
  return [sku, ...options].filter(Boolean).join('/');
}

export function defaultComboChoice(combo: MenuCombo): ComboChoice {
  const choice: ComboChoice = {};
  for (const group of combo.groups) {
    if (group.kind !== 'optional') continue;
    for (const item of group.items.filter((i) => i.isDefault && i.available).slice(0, group.maxChoose)) choice[item.id] = 1;
  }
  return choice;
}

const groupCount = (group: MenuCombo['groups'][number], choice: ComboChoice) => group.items.reduce((sum, i) => sum + (choice[i.id] ?? 0), 0);

/**
 * Changes an item's count by `delta`: a group of one choice swaps its item; a group without
 * repeats holds each item once; never above the group's max, never below 0.
 */
export function changeComboItem(combo: MenuCombo, choice: ComboChoice, groupId: string, itemId: string, delta: 1 | -1): ComboChoice {
  const group = combo.groups.find((g) => g.id === groupId);
  const item = group?.items.find((i) => i.id === itemId);
  if (!group || group.kind !== 'optional' || !item) return choice;
  const current = choice[itemId] ?? 0;
  const next = { ...choice };
  if (delta < 0) {
    if (current <= 1) delete next[itemId];
    else next[itemId] = current - 1;
    return next;
  }
  if (!item.available || (!group.allowRepeat && current >= 1)) return choice;
  if (group.maxChoose === 1 && !group.allowRepeat) {
    for (const other of group.items) delete next[other.id];
    next[itemId] = 1;
    return next;
  }
  if (groupCount(group, choice) >= group.maxChoose) return choice;
  next[itemId] = current + 1;
  return next;
}

export function comboProblem(combo: MenuCombo, choice: ComboChoice, t: Translate): string | undefined {
  for (const group of combo.groups) {
    if (group.kind !== 'optional') continue;
    const count = groupCount(group, choice);
    if (count < group.minChoose) return group.minChoose === 1 ? t('pickGroup', { name: group.name }) : t('pickAtLeast', { name: group.name, min: group.minChoose });
    if (count > group.maxChoose) return t('pickAtMost', { name: group.name, max: group.maxChoose });
  }
  return undefined;
}

const chosenItems = (combo: MenuCombo, choice: ComboChoice) =>
  combo.groups.filter((g) => g.kind === 'optional').flatMap((g) => g.items).filter((i) => (choice[i.id] ?? 0) > 0);

export const comboUnitPrice = (combo: MenuCombo, choice: ComboChoice): number =>
  combo.price + chosenItems(combo, choice).reduce((sum, i) => sum + i.extraPrice * (choice[i.id] ?? 0), 0);

export const comboSpecText = (combo: MenuCombo, choice: ComboChoice): string =>
  chosenItems(combo, choice).map((i) => ((choice[i.id] ?? 0) > 1 ? `${i.name}×${choice[i.id]}` : i.name)).join('/');

export const comboChoices = (choice: ComboChoice): Array<{ comboItemId: string; quantity: number }> =>
  Object.entries(choice).filter(([, n]) => n > 0).map(([comboItemId, quantity]) => ({ comboItemId, quantity }));
