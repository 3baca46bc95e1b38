import type { MenuCombo, MenuDish, OrderingMenu } from '@canteen/contract';

/**
 * The menu search of the counter: by name, or by the pinyin initials of the name (宫保鸡丁 → gbjd).
 * The initials come from the Chinese collation the browser already has: a character's initial is
 * the letter of the last boundary character that sorts before it (no pinyin table in the bundle).
 * Characters outside the common range may get a wrong initial; the name match still finds them.
 */

const BOUNDARIES = '阿八嚓哒妸发旮哈讥咔垃妈拏噢妑七呥仨他屲夕丫帀';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
let collator: Intl.Collator | undefined;

function initialOf(char: string): string {
  if (/[a-z0-9]/i.test(char)) return char.toLowerCase();
  if (!/[\u4e00-\u9fff]/.test(char)) return '';
  collator ??= new Intl.Collator('zh-CN');
  let letter = '';
  for (let i = 0; i < BOUNDARIES.length; i += 1) {
    if (collator.compare(char, BOUNDARIES[i]!) < 0) break;
    letter = LETTERS[i]!;
  }
  return letter.toLowerCase();
}

const cache = new Map<string, string>();
/** 宫保鸡丁 → gbjd (cached per name). */
export function pinyinInitials(name: string): string {
  let initials = cache.get(name);
  if (initials === undefined) {
    initials = [...name].map(initialOf).join('');
    cache.set(name, initials);
  }
  return initials;
}

export function matchesName(name: string, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  return name.toLowerCase().includes(k) || (/^[a-z]+$/.test(k) && pinyinInitials(name).includes(k));
}

/** A card of the menu: a dish or a combo, with the category it is under. */
export type MenuItem = { kind: 'dish'; item: MenuDish; categoryId: string } | { kind: 'combo'; item: MenuCombo; categoryId: string };

/** Every dish and combo of the menu in its order, or those of one category. */
export function menuItems(menu: OrderingMenu | undefined, categoryId?: string): MenuItem[] {
  if (!menu) return [];
  return menu.categories
    .filter((c) => !categoryId || c.id === categoryId)
    .flatMap((c) => [
      ...c.dishes.map((item): MenuItem => ({ kind: 'dish', item, categoryId: c.id })),
      ...c.combos.map((item): MenuItem => ({ kind: 'combo', item, categoryId: c.id })),
    ]);
}

/** What the cards show: a search looks through the whole menu, else the chosen category. */
export function visibleItems(menu: OrderingMenu | undefined, categoryId: string | undefined, keyword: string): MenuItem[] {
  if (keyword.trim()) return menuItems(menu).filter((m) => matchesName(m.item.name, keyword));
  return menuItems(menu, categoryId);
}
