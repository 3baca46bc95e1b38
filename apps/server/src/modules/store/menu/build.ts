import { and, asc, eq, isNull } from 'drizzle-orm';
import { openingNow, type MenuCombo, type MenuDish, type OrderingMenu } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { imageUrl } from '../catalogue.js';
import { comboGroups } from '../combos/service.js';
import { liveSkus } from '../dishes/service.js';
import {
  store, storeCategory, storeCombo, storeDish, storeDishSpecGroup, storeSpecGroup, storeSpecOption,
} from '../tables.js';
import { comboAvailable, dishAvailable, remainingStock, skuAvailable } from './availability.js';
import type { BuiltMenu } from './cache.js';

/**
 * A store's whole ordering menu (the cashier's and the diners' input): its enabled categories
 * in order, each with its dishes on the shelf (SKUs, attached option groups with their enabled
 * options, availability and stock) and its combos on the shelf (groups, items, availability);
 * categories with nothing to show are left out. Read in one read-only repeatable-read
 * transaction, so the version answered is the version of what was read.
 */
export async function buildMenu(db: Db, storeId: string, now = new Date()): Promise<BuiltMenu | null> {
  return db.transaction(async (tx) => {
    const [s] = await tx.select({
      id: store.id, name: store.name, logo: store.logo, notice: store.notice, isOpen: store.isOpen, orderTypes: store.orderTypes, payMode: store.payMode,
      packingFeeMode: store.packingFeeMode, packingFee: store.packingFee, businessHours: store.businessHours, timeZone: store.timeZone, version: store.menuVersion,
    }).from(store).where(eq(store.id, storeId));
    if (!s) return null;

    const categories = await tx.select({ id: storeCategory.id, name: storeCategory.name, kind: storeCategory.kind }).from(storeCategory)
      .where(and(eq(storeCategory.storeId, storeId), eq(storeCategory.enabled, true))).orderBy(asc(storeCategory.sort), asc(storeCategory.id));
    const dishes = await tx.select({
      id: storeDish.id, categoryId: storeDish.categoryId, name: storeDish.name, images: storeDish.images, description: storeDish.description, unit: storeDish.unit,
      price: storeDish.price, memberPrice: storeDish.memberPrice, isWeighed: storeDish.isWeighed, stockMode: storeDish.stockMode, stock: storeDish.stock,
      soldOut: storeDish.soldOut, onShelf: storeDish.onShelf, tags: storeDish.tags, packingFee: storeDish.packingFee, orderTypes: storeDish.orderTypes,
    }).from(storeDish).where(and(eq(storeDish.storeId, storeId), isNull(storeDish.archivedAt), eq(storeDish.onShelf, true))).orderBy(asc(storeDish.sort), asc(storeDish.id));
    const skus = await liveSkus(tx, dishes.map((d) => d.id));
    const links = await tx.select({ dishId: storeDishSpecGroup.dishId, groupId: storeDishSpecGroup.groupId }).from(storeDishSpecGroup)
      .innerJoin(storeDish, eq(storeDish.id, storeDishSpecGroup.dishId))
      .where(and(eq(storeDish.storeId, storeId), isNull(storeDish.archivedAt), eq(storeDish.onShelf, true)))
      .orderBy(asc(storeDishSpecGroup.sort), asc(storeDishSpecGroup.groupId));
    const groups = await tx.select({
      id: storeSpecGroup.id, name: storeSpecGroup.name, selection: storeSpecGroup.selection, minSelect: storeSpecGroup.minSelect, maxSelect: storeSpecGroup.maxSelect,
    }).from(storeSpecGroup).where(eq(storeSpecGroup.storeId, storeId));
    const options = await tx.select({ id: storeSpecOption.id, groupId: storeSpecOption.groupId, name: storeSpecOption.name, priceDelta: storeSpecOption.priceDelta, isDefault: storeSpecOption.isDefault })
      .from(storeSpecOption).innerJoin(storeSpecGroup, eq(storeSpecGroup.id, storeSpecOption.groupId))
      .where(and(eq(storeSpecGroup.storeId, storeId), eq(storeSpecOption.enabled, true))).orderBy(asc(storeSpecOption.sort), asc(storeSpecOption.id));
    const combos = await tx.select({
      id: storeCombo.id, categoryId: storeCombo.categoryId, name: storeCombo.name, images: storeCombo.images, description: storeCombo.description,
      price: storeCombo.price, memberPrice: storeCombo.memberPrice, onShelf: storeCombo.onShelf, soldOut: storeCombo.soldOut,
    }).from(storeCombo).where(and(eq(storeCombo.storeId, storeId), isNull(storeCombo.archivedAt), eq(storeCombo.onShelf, true))).orderBy(asc(storeCombo.sort), asc(storeCombo.id));
    const comboGroupsById = await comboGroups(tx, combos.map((c) => c.id));

    // Option groups once each (a group is shared by many dishes), only those with an enabled option.
    const specGroups = new Map<string, MenuDish['specGroups'][number]>();
    for (const g of groups) {
      const own = options.filter((o) => o.groupId === g.id).map(({ groupId: _, ...o }) => o);
      if (own.length) specGroups.set(g.id, { ...g, options: own });
    }
    const dishesOf = new Map<string, MenuDish[]>();
    for (const d of dishes) {
      const own = skus.filter((k) => k.dishId === d.id);
      const dish: MenuDish = {
        id: d.id,
        name: d.name,
        image: d.images[0] ? imageUrl(d.images[0]) : null,
        images: d.images.map(imageUrl),
        description: d.description,
        unit: d.unit,
        price: d.price,
        memberPrice: d.memberPrice,
        isWeighed: d.isWeighed,
        tags: d.tags,
        packingFee: d.packingFee,
        orderTypes: d.orderTypes as MenuDish['orderTypes'],
        available: dishAvailable(d, own),
        stock: remainingStock(d, own),
        skus: own.map((k) => ({
          id: k.id, name: k.name, price: k.price, memberPrice: k.memberPrice, available: skuAvailable(d, k), stock: d.stockMode === 'unlimited' ? null : (k.stock ?? 0),
        })),
        specGroups: links.filter((l) => l.dishId === d.id).flatMap((l) => specGroups.get(l.groupId) ?? []),
      };
      dishesOf.set(d.categoryId, [...(dishesOf.get(d.categoryId) ?? []), dish]);
    }
    const combosOf = new Map<string, MenuCombo[]>();
    for (const c of combos) {
      const own = comboGroupsById.get(c.id) ?? [];
      const combo: MenuCombo = {
        id: c.id,
        name: c.name,
        image: c.images[0] ? imageUrl(c.images[0]) : null,
        images: c.images.map(imageUrl),
        description: c.description,
        price: c.price,
        memberPrice: c.memberPrice,
        available: comboAvailable(c, own),
        groups: own.map((g) => ({
          id: g.id, name: g.name, kind: g.kind, minChoose: g.minChoose, maxChoose: g.maxChoose, allowRepeat: g.allowRepeat,
          items: g.items.map((i) => ({
            id: i.id, dishId: i.dishId, skuId: i.skuId, name: i.skuName ? `${i.dishName}（${i.skuName}）` : i.dishName,
            quantity: i.quantity, extraPrice: i.extraPrice, isDefault: i.isDefault, available: i.available,
          })),
        })),
      };
      combosOf.set(c.categoryId, [...(combosOf.get(c.categoryId) ?? []), combo]);
    }

    const opening = { isOpen: s.isOpen, businessHours: s.businessHours, timeZone: s.timeZone };
    const menu: OrderingMenu = {
      store: {
        id: s.id, name: s.name, logo: s.logo ? imageUrl(s.logo) : null, notice: s.notice, ...openingNow(opening, now), isOpen: s.isOpen, timeZone: s.timeZone,
        orderTypes: s.orderTypes as OrderingMenu['store']['orderTypes'], payMode: s.payMode, packingFeeMode: s.packingFeeMode, packingFee: s.packingFee,
      },
      version: s.version,
      categories: categories
        .map((c) => ({ id: c.id, name: c.name, kind: c.kind, dishes: c.kind === 'dish' ? (dishesOf.get(c.id) ?? []) : [], combos: c.kind === 'combo' ? (combosOf.get(c.id) ?? []) : [] }))
        .filter((c) => c.dishes.length || c.combos.length),
    };
    return { menu, opening };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
