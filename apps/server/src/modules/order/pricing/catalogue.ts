import type { MenuCombo, MenuDish, OrderingMenu } from '@canteen/contract';

/**
 * What pricing reads: a store's ordering menu (the store module's read model, cached per menu
 * version) indexed by id. The menu holds what can be ordered now: enabled categories, dishes
 * and combos on the shelf with their SKUs, enabled options, combo groups, availability and
 * remaining stock (null = unlimited). Anything not in it is off the shelf, archived or in a
 * disabled category.
 */

export type CatalogueDish = MenuDish & { categoryId: string };
export type CatalogueCombo = MenuCombo & { categoryId: string };
export type CatalogueComboItem = MenuCombo['groups'][number]['items'][number] & { groupId: string };

export interface Catalogue {
  store: OrderingMenu['store'];
  version: number;
  dishes: ReadonlyMap<string, CatalogueDish>;
  combos: ReadonlyMap<string, CatalogueCombo>;
}

const built = new WeakMap<OrderingMenu, Catalogue>();

/** The menu indexed (once per menu object). */
export function catalogueOf(menu: OrderingMenu): Catalogue {
  let catalogue = built.get(menu);
  if (!catalogue) {
    const dishes = new Map<string, CatalogueDish>();
    const combos = new Map<string, CatalogueCombo>();
    for (const category of menu.categories) {
      for (const d of category.dishes) dishes.set(d.id, { ...d, categoryId: category.id });
      for (const c of category.combos) combos.set(c.id, { ...c, categoryId: category.id });
    }
    catalogue = { store: menu.store, version: menu.version, dishes, combos };
    built.set(menu, catalogue);
  }
  return catalogue;
}
