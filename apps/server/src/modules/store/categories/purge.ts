import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { CatalogueReferences } from '../references.js';
import { storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku, storeDishSpecGroup } from '../tables.js';

/**
 * Before a category goes: its archived dishes and combos that nothing names any more are deleted
 * for good (with their SKUs, option-group links, groups and items); the others stay archived for
 * the records that name them. A dish also stays while a combo that stays (live, or archived and
 * named) lists it. Answers how many stay: the category cannot go while any does.
 */
export async function purgeArchived(tx: Db, references: CatalogueReferences, categoryId: string): Promise<number> {
  const [dishes, combos] = await Promise.all([
    tx.select({ id: storeDish.id }).from(storeDish).where(and(eq(storeDish.categoryId, categoryId), isNotNull(storeDish.archivedAt))),
    tx.select({ id: storeCombo.id }).from(storeCombo).where(and(eq(storeCombo.categoryId, categoryId), isNotNull(storeCombo.archivedAt))),
  ]);
  const dishIds = dishes.map((d) => d.id);
  const comboIds = combos.map((c) => c.id);
  const named = await references.named(tx, { dishIds, comboIds });

  const goingCombos = comboIds.filter((id) => !named.comboIds.has(id));
  if (goingCombos.length) {
    const groups = tx.select({ id: storeComboGroup.id }).from(storeComboGroup).where(inArray(storeComboGroup.comboId, goingCombos));
    await tx.delete(storeComboItem).where(inArray(storeComboItem.groupId, groups));
    await tx.delete(storeComboGroup).where(inArray(storeComboGroup.comboId, goingCombos));
    await tx.delete(storeCombo).where(inArray(storeCombo.id, goingCombos));
  }

  let goingDishes = dishIds.filter((id) => !named.dishIds.has(id));
  if (goingDishes.length) {
    // Combos that stay: live ones, and archived ones some record names.
    const candidates = await tx.selectDistinct({ dishId: storeComboItem.dishId, comboId: storeCombo.id, archived: storeCombo.archivedAt }).from(storeComboItem)
      .innerJoin(storeComboGroup, eq(storeComboGroup.id, storeComboItem.groupId))
      .innerJoin(storeCombo, eq(storeCombo.id, storeComboGroup.comboId))
      .where(inArray(storeComboItem.dishId, goingDishes));
    const archivedCombos = [...new Set(candidates.filter((c) => c.archived).map((c) => c.comboId))];
    const namedCombos = (await references.named(tx, { dishIds: [], comboIds: archivedCombos })).comboIds;
    const heldByCombo = new Set(candidates.filter((c) => !c.archived || namedCombos.has(c.comboId)).map((c) => c.dishId));
    goingDishes = goingDishes.filter((id) => !heldByCombo.has(id));
  }
  if (goingDishes.length) {
    // Items of archived combos nobody names may still list them: they go with the dish.
    await tx.delete(storeComboItem).where(inArray(storeComboItem.dishId, goingDishes));
    await tx.delete(storeDishSpecGroup).where(inArray(storeDishSpecGroup.dishId, goingDishes));
    await tx.delete(storeDishSku).where(inArray(storeDishSku.dishId, goingDishes));
    await tx.delete(storeDish).where(inArray(storeDish.id, goingDishes));
  }
  return dishIds.length + comboIds.length - goingDishes.length - goingCombos.length;
}
