import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Seeder } from '../../db/seed.js';
import { appSetting } from '../../db/tables.js';
import { mediaStorageOf } from '../../storage/select.js';
import { newBlobKey } from '../../storage/storage.js';
import { mediaUrl } from '../../storage/uploads.js';
import { userByUsername } from '../upms/service.js';
import { DEMO_OPERATOR, DEMO_STORES, type DemoCombo, type DemoDish, type DemoStore } from './seed-data.js';
import { drawDish, drawLogo, type Look } from './seed-pictures.js';
import { demoFont } from './seed-raster.js';
import {
  store, storeArea, storeCategory, storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku, storeDishSpecGroup,
  storeSpecGroup, storeSpecOption, storeTable, storeUser,
} from './tables.js';

/**
 * The store side's demo business (seed-data.ts), added once when DEMO_DATA is on: two stores of
 * one brand with their option groups, categories, dishes (SKUs, stock, sold-out and off-shelf
 * ones), combos, areas and tables, the demo operator assigned to the first store, and a drawn
 * picture for every dish, combo and store logo in the media storage.
 *
 * Idempotent: it runs at every boot and does nothing once the demo was seeded (a setting), or
 * when a store of the brand's names exists already; deleting the demo stores does not bring them
 * back. Everything is inserted in one transaction under an advisory lock, so two instances
 * booting together seed it once.
 */

const DEMO_KEY = 'store.demoSeeded';
/** The advisory lock the seed holds while it checks and inserts ("store-seed" as a number). */
const SEED_LOCK = 0x5354_5345;

async function alreadySeeded(db: Db): Promise<boolean> {
  const [flag] = await db.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
  if (flag) return true;
  const existing = await db.select({ id: store.id }).from(store).where(inArray(store.name, DEMO_STORES.map((s) => s.name))).limit(1);
  return existing.length > 0;
}

/** The images of one store's demo: the logo, then each dish and combo by name. */
interface StoreImages { logo: string; items: Map<string, string> }

const badgeOf = (tags: readonly string[] | undefined): string | undefined => ['招牌', '新品'].find((t) => tags?.includes(t));

/**
 * The looks a combo's picture shows on its tray: each group's first pick (fixed groups first,
 * the default item of a choice), then the groups' other items, up to three different dishes.
 */
function comboLooks(combo: DemoCombo, dishes: ReadonlyMap<string, DemoDish>): Look[] {
  const groups = [...combo.groups.filter((g) => g.kind === 'fixed'), ...combo.groups.filter((g) => g.kind === 'optional')];
  const ordered = groups.map((g) => [...g.items].sort((a, b) => Number(b.isDefault ?? false) - Number(a.isDefault ?? false)));
  const names: string[] = [];
  for (let i = 0; names.length < 3 && ordered.some((items) => i < items.length); i++) {
    for (const items of ordered) if (items[i] && names.length < 3 && !names.includes(items[i]!.dish)) names.push(items[i]!.dish);
  }
  return names.map((name) => need(dishes, name, 'dish').look);
}

/** Draws every picture and stores it; answers the keys (dish and combo pictures) and the logo's URL. */
async function drawAndStore(put: (key: string, png: Buffer) => Promise<void>): Promise<StoreImages[]> {
  const font = await demoFont();
  const all: StoreImages[] = [];
  for (const demo of DEMO_STORES) {
    const logoKey = newBlobKey('store', 'png');
    await put(logoKey, drawLogo(font, demo.logo.character, demo.logo.colors));
    const items = new Map<string, string>();
    const dishes = new Map(demo.categories.flatMap((c) => c.dishes.map((d) => [d.name, d] as const)));
    for (const category of demo.categories) {
      for (const dish of category.dishes) {
        const key = newBlobKey('dish', 'png');
        await put(key, drawDish(font, { name: dish.name, palette: category.palette, badge: badgeOf(dish.tags), looks: [dish.look] }));
        items.set(dish.name, key);
      }
    }
    for (const combo of demo.combos.list) {
      const key = newBlobKey('dish', 'png');
      await put(key, drawDish(font, { name: combo.name, palette: demo.combos.palette, badge: combo.badge, looks: comboLooks(combo, dishes) }));
      items.set(combo.name, key);
    }
    all.push({ logo: mediaUrl(logoKey), items });
  }
  return all;
}

/** Ids by name of the rows just inserted (names are unique where this is used). */
const byName = <T extends { id: string; name: string }>(rows: T[]): Map<string, string> => new Map(rows.map((r) => [r.name, r.id]));

function need<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: ${what} ${key} is not defined`);
  return value;
}

/** A dish's columns: with SKUs its price is the smallest size's and the stock is each SKU's own. */
function dishValues(storeId: string, categoryId: string, dish: DemoDish, images: string[], sort: number) {
  const counted = dish.stockMode && !dish.skus?.length;
  return {
    storeId,
    categoryId,
    name: dish.name,
    images,
    description: dish.description,
    unit: dish.unit ?? '份',
    price: dish.skus?.length ? Math.min(...dish.skus.map((s) => s.price)) : dish.price,
    memberPrice: dish.memberPrice ?? null,
    stockMode: dish.stockMode ?? 'unlimited',
    stock: counted ? dish.stock ?? 0 : null,
    dailyStock: counted && dish.stockMode === 'daily' ? dish.dailyStock ?? 0 : null,
    soldOut: dish.soldOut ?? false,
    onShelf: dish.onShelf ?? true,
    tags: dish.tags ?? [],
    sort,
    packingFee: dish.packingFee ?? 100,
    orderTypes: dish.orderTypes ?? ['dine_in', 'takeaway'],
  } satisfies typeof storeDish.$inferInsert;
}

async function insertStore(tx: Db, demo: DemoStore, images: StoreImages, sort: number): Promise<string> {
  const [created] = await tx.insert(store).values({
    name: demo.name, logo: images.logo, phone: demo.phone, region: demo.region, address: demo.address, latitude: demo.latitude, longitude: demo.longitude,
    timeZone: demo.timeZone, businessHours: demo.businessHours, isOpen: true, dayCutoffHour: demo.dayCutoffHour, orderTypes: demo.orderTypes,
    payMode: demo.payMode, pickupRule: demo.pickupRule, packingFeeMode: demo.packingFeeMode, packingFee: demo.packingFee, notice: demo.notice, sort,
  }).returning({ id: store.id });
  const storeId = created!.id;

  // option groups and their options
  const groups = byName(await tx.insert(storeSpecGroup).values(demo.specGroups.map((g, i) => ({
    storeId, name: g.name, selection: g.selection, minSelect: g.minSelect, maxSelect: g.maxSelect, sort: i,
  }))).returning({ id: storeSpecGroup.id, name: storeSpecGroup.name }));
  await tx.insert(storeSpecOption).values(demo.specGroups.flatMap((g) => g.options.map((o, i) => ({
    groupId: need(groups, g.name, 'option group'), name: o.name, priceDelta: o.priceDelta ?? 0, isDefault: o.isDefault ?? false, sort: i,
  }))));

  // categories (the dishes' in order, then the combos')
  const categories = byName(await tx.insert(storeCategory).values([
    ...demo.categories.map((c, i) => ({ storeId, name: c.name, kind: 'dish' as const, sort: i })),
    { storeId, name: demo.combos.category, kind: 'combo' as const, sort: demo.categories.length },
  ]).returning({ id: storeCategory.id, name: storeCategory.name }));

  // dishes, their sizes and their option groups
  const dishRows = demo.categories.flatMap((c) => c.dishes.map((d, i) =>
    dishValues(storeId, need(categories, c.name, 'category'), d, [need(images.items, d.name, 'picture of')], i)));
  const dishes = byName(await tx.insert(storeDish).values(dishRows).returning({ id: storeDish.id, name: storeDish.name }));
  const all = demo.categories.flatMap((c) => c.dishes);
  const skuRows = all.flatMap((d) => (d.skus ?? []).map((s, i) => {
    const counted = d.stockMode !== undefined;
    return {
      dishId: need(dishes, d.name, 'dish'), name: s.name, price: s.price, memberPrice: s.memberPrice ?? null, soldOut: s.soldOut ?? false, sort: i,
      stock: counted ? s.stock ?? 0 : null, dailyStock: d.stockMode === 'daily' ? s.dailyStock ?? 0 : null,
    };
  }));
  const skus = new Map((skuRows.length
    ? await tx.insert(storeDishSku).values(skuRows).returning({ id: storeDishSku.id, dishId: storeDishSku.dishId, name: storeDishSku.name })
    : []).map((s) => [`${s.dishId}/${s.name}`, s.id]));
  const links = all.flatMap((d) => (d.specs ?? []).map((g, i) => ({ dishId: need(dishes, d.name, 'dish'), groupId: need(groups, g, 'option group'), sort: i })));
  if (links.length) await tx.insert(storeDishSpecGroup).values(links);

  // combos with their groups and items
  const comboCategory = need(categories, demo.combos.category, 'category');
  const combos = byName(await tx.insert(storeCombo).values(demo.combos.list.map((c, i) => ({
    storeId, categoryId: comboCategory, name: c.name, images: [need(images.items, c.name, 'picture of')], description: c.description,
    price: c.price, memberPrice: c.memberPrice ?? null, sort: i,
  }))).returning({ id: storeCombo.id, name: storeCombo.name }));
  const comboGroups = await tx.insert(storeComboGroup).values(demo.combos.list.flatMap((c) => c.groups.map((g, i) => ({
    comboId: need(combos, c.name, 'combo'), name: g.name, kind: g.kind, sort: i, allowRepeat: g.allowRepeat ?? false,
    minChoose: g.kind === 'fixed' ? g.items.length : g.minChoose ?? 1,
    maxChoose: g.kind === 'fixed' ? g.items.length : g.maxChoose ?? 1,
  })))).returning({ id: storeComboGroup.id, comboId: storeComboGroup.comboId, name: storeComboGroup.name });
  const groupIds = new Map(comboGroups.map((g) => [`${g.comboId}/${g.name}`, g.id]));
  await tx.insert(storeComboItem).values(demo.combos.list.flatMap((c) => c.groups.flatMap((g) => g.items.map((item, i) => {
    const dishId = need(dishes, item.dish, 'dish');
    return {
      groupId: need(groupIds, `${need(combos, c.name, 'combo')}/${g.name}`, 'combo group'), dishId,
      skuId: item.sku ? need(skus, `${dishId}/${item.sku}`, 'size') : null,
      quantity: item.quantity ?? 1, extraPrice: item.extraPrice ?? 0, isDefault: item.isDefault ?? false, sort: i,
    };
  }))));

  // areas and tables, each table with its own random QR token
  const areas = byName(await tx.insert(storeArea).values(demo.areas.map((a, i) => ({ storeId, name: a.name, sort: i })))
    .returning({ id: storeArea.id, name: storeArea.name }));
  await tx.insert(storeTable).values(demo.areas.flatMap((a) => a.tables.map((t, i) => ({
    storeId, areaId: need(areas, a.name, 'area'), code: t.code, seats: t.seats, minSpend: t.minSpend ?? null,
    enabled: t.enabled ?? true, sort: i, qrToken: randomBytes(16).toString('base64url'),
  }))));
  return storeId;
}

/** The store side's seed step: the demo business, once, when DEMO_DATA is on. */
export const seedStore: Seeder = async (database, config) => {
  if (config.DEMO_DATA !== 'on') return;
  const db = database.db;
  if (await alreadySeeded(db)) return;

  const storage = await mediaStorageOf(config);
  const stored: string[] = [];
  let done = false;
  try {
    const images = await drawAndStore(async (key, png) => {
      await storage.put(key, png, 'image/png');
      stored.push(key);
    });
    done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await alreadySeeded(tx)) return false; // another instance was first
      const storeIds: string[] = [];
      for (const [i, demo] of DEMO_STORES.entries()) storeIds.push(await insertStore(tx, demo, images[i]!, i));
      const operator = await userByUsername(tx, DEMO_OPERATOR);
      if (operator) await tx.insert(storeUser).values({ storeId: storeIds[0]!, userId: operator.id });
      await tx.insert(appSetting).values({ key: DEMO_KEY, value: true }).onConflictDoNothing();
      return true;
    });
  } finally {
    // pictures of a demo that was not inserted (failed, or seeded by another instance) go again
    if (!done) await Promise.all(stored.map((key) => storage.delete(key))).catch(() => undefined);
    await storage.close?.();
  }
};
