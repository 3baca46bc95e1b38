import { and, count, eq, inArray, like, max, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comboBodySchema, dishBodySchema, orderingMenuSchema, specGroupBodySchema, storeBodySchema, tableBodySchema } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { appSetting } from '../../db/tables.js';
import { isBlobKey } from '../../storage/storage.js';
import { userByUsername } from '../upms/service.js';
import { DEMO_OPERATOR, DEMO_STORES } from './seed-data.js';
import { seedStore } from './seed.js';
import {
  store, storeArea, storeCategory, storeCombo, storeComboGroup, storeComboItem, storeDish, storeDishSku, storeDishSpecGroup,
  storeSpecGroup, storeSpecOption, storeTable, storeUser,
} from './tables.js';

const { app, config } = await createTestApp();
const db = app.database.db;
const names = DEMO_STORES.map((s) => s.name);

/** The demo stores' ids, in the brand's order. */
async function demoStoreIds(): Promise<string[]> {
  const rows = await db.select({ id: store.id, name: store.name }).from(store).where(inArray(store.name, names));
  return names.map((name) => rows.find((r) => r.name === name)?.id).filter((id): id is string => id !== undefined);
}

/** Row counts and highest ids of every store table: what a second run must leave as it is. */
async function snapshot(): Promise<Record<string, unknown>> {
  const tables = { store, storeUser, storeCategory, storeSpecGroup, storeSpecOption, storeDish, storeDishSku, storeDishSpecGroup, storeCombo, storeComboGroup, storeComboItem, storeArea, storeTable };
  const out: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  out.maxDish = (await db.select({ m: max(storeDish.id) }).from(storeDish))[0]!.m;
  out.tokens = (await db.select({ t: sql<string>`string_agg(${storeTable.qrToken}, ',' order by ${storeTable.id})` }).from(storeTable))[0]!.t;
  out.flag = (await db.select().from(appSetting).where(eq(appSetting.key, 'store.demoSeeded'))).length;
  return out;
}

/** Forgets that the demo was seeded: the flag goes and the demo stores get other names. */
async function forgetDemo(): Promise<void> {
  await db.delete(appSetting).where(eq(appSetting.key, 'store.demoSeeded'));
  await db.update(store).set({ name: sql`'旧·' || ${store.name} || '·' || ${store.id}` }).where(inArray(store.name, names));
}

describe('the store demo seed (DEMO_DATA=on)', () => {
  it('seeds two stores of one brand with a full menu, combos and tables', async () => {
    const ids = await demoStoreIds();
    expect(ids).toHaveLength(2);
    const stores = await db.select().from(store).where(inArray(store.id, ids));
    for (const s of stores) {
      expect(s).toMatchObject({ timeZone: 'Asia/Shanghai', dayCutoffHour: 4, isOpen: true });
      expect(s.logo).toMatch(/^\/media\/store\/[0-9a-f]{32}\.png$/);
      expect(s.phone).not.toBe('');
      expect(s.latitude).toBeGreaterThan(30);
    }
    const [sichuan, tea] = ids.map((id) => stores.find((s) => s.id === id)!);
    expect(sichuan).toMatchObject({ payMode: 'pay_later', packingFeeMode: 'per_item', orderTypes: ['dine_in', 'takeaway'] });
    expect(sichuan!.businessHours).toContainEqual({ days: [5, 6], open: '17:00', close: '01:00' });
    expect(tea).toMatchObject({ payMode: 'pay_first', pickupRule: { prefix: 'T', start: 1, end: 999, skip: ['4'] } });

    const dishes = await db.select().from(storeDish).where(inArray(storeDish.storeId, ids));
    expect(dishes.length).toBeGreaterThanOrEqual(60);
    for (const d of dishes) {
      expect(d.images).toHaveLength(1);
      expect(isBlobKey(d.images[0]!) && d.images[0]!.startsWith('dish/')).toBe(true);
    }
    expect(dishes.filter((d) => d.memberPrice !== null).length).toBeGreaterThanOrEqual(5);
    expect(dishes.some((d) => d.soldOut)).toBe(true);
    expect(dishes.some((d) => !d.onShelf)).toBe(true);
    expect(dishes.some((d) => d.stockMode === 'daily')).toBe(true);
    expect(dishes.find((d) => d.name === '麻婆豆腐')).toMatchObject({ price: 2200, tags: ['招牌', '辣'] });
    expect(dishes.find((d) => d.name === '水煮鱼')).toMatchObject({ price: 6800 });

    const skus = await db.select({ dishId: storeDishSku.dishId, name: storeDishSku.name, price: storeDishSku.price }).from(storeDishSku)
      .where(inArray(storeDishSku.dishId, dishes.map((d) => d.id)));
    const chicken = dishes.find((d) => d.name === '辣子鸡')!;
    expect(skus.filter((k) => k.dishId === chicken.id).map((k) => [k.name, k.price])).toEqual([['小份', 3800], ['大份', 5800]]);
    expect(skus.filter((k) => k.name === '大杯').length).toBeGreaterThanOrEqual(10);

    // reusable option groups attached to many dishes; tea's 加料 with its prices
    const groups = await db.select().from(storeSpecGroup).where(inArray(storeSpecGroup.storeId, ids));
    const toppings = groups.find((g) => g.storeId === tea!.id && g.name === '加料')!;
    const options = await db.select({ name: storeSpecOption.name, priceDelta: storeSpecOption.priceDelta }).from(storeSpecOption).where(eq(storeSpecOption.groupId, toppings.id));
    expect(options).toEqual(expect.arrayContaining([{ name: '珍珠', priceDelta: 200 }, { name: '椰果', priceDelta: 200 }, { name: '芝士奶盖', priceDelta: 500 }]));
    const spicy = groups.find((g) => g.storeId === sichuan!.id && g.name === '辣度')!;
    const [attached] = await db.select({ n: count() }).from(storeDishSpecGroup).where(eq(storeDishSpecGroup.groupId, spicy.id));
    expect(attached!.n).toBeGreaterThanOrEqual(10);

    // combos: in a combo category, each with a picture and at least one choose-N-of-M group
    const combos = await db.select().from(storeCombo).where(inArray(storeCombo.storeId, ids));
    expect(combos.length).toBeGreaterThanOrEqual(5);
    const comboCategories = await db.select({ id: storeCategory.id }).from(storeCategory).where(and(inArray(storeCategory.storeId, ids), eq(storeCategory.kind, 'combo')));
    for (const c of combos) {
      expect(comboCategories.map((k) => k.id)).toContain(c.categoryId);
      expect(isBlobKey(c.images[0]!)).toBe(true);
      const own = await db.select().from(storeComboGroup).where(eq(storeComboGroup.comboId, c.id));
      expect(own.some((g) => g.kind === 'optional')).toBe(true);
    }
    const double = combos.find((c) => c.name === '蜀香园双人套餐')!;
    const doubleItems = await db.select({ group: storeComboGroup.name, kind: storeComboGroup.kind, min: storeComboGroup.minChoose, extra: storeComboItem.extraPrice })
      .from(storeComboItem).innerJoin(storeComboGroup, eq(storeComboGroup.id, storeComboItem.groupId)).where(eq(storeComboGroup.comboId, double.id));
    expect(doubleItems.some((i) => i.kind === 'fixed')).toBe(true);
    expect(doubleItems.some((i) => i.kind === 'optional' && i.min === 2 && i.extra === 300)).toBe(true);

    // tables: 20+ per store in two areas, each with its own random 128-bit token
    for (const id of ids) {
      const tables = await db.select().from(storeTable).where(eq(storeTable.storeId, id));
      expect(tables.length).toBeGreaterThanOrEqual(20);
      expect(new Set(tables.map((t) => t.areaId)).size).toBe(2);
      for (const t of tables) expect(t.qrToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    const tokens = (await db.select({ t: storeTable.qrToken }).from(storeTable).where(inArray(storeTable.storeId, ids))).map((r) => r.t);
    expect(new Set(tokens).size).toBe(tokens.length);
    const rooms = await db.select({ code: storeTable.code, minSpend: storeTable.minSpend }).from(storeTable)
      .innerJoin(storeArea, eq(storeArea.id, storeTable.areaId)).where(and(eq(storeArea.storeId, sichuan!.id), eq(storeArea.name, '包间')));
    expect(rooms.map((r) => r.code)).toEqual(['B01', 'B02', 'B03', 'B04', 'B05', 'B06']);
    expect(rooms.every((r) => (r.minSpend ?? 0) > 0)).toBe(true);

    // the demo operator works in the first store only
    const operator = (await userByUsername(db, DEMO_OPERATOR))!;
    const assigned = await db.select({ storeId: storeUser.storeId }).from(storeUser).where(eq(storeUser.userId, operator.id));
    expect(assigned.map((a) => a.storeId)).toEqual([ids[0]]);
  });

  it('is a menu the operator can order from: the first store\'s ordering menu, and no other store', async () => {
    const [sichuan, tea] = await demoStoreIds();
    const headers = await signIn(app, DEMO_OPERATOR);
    const res = await app.inject({ method: 'GET', url: `/store/menu?storeId=${sichuan}`, headers });
    expect(res.statusCode).toBe(200);
    const menu = orderingMenuSchema.parse(res.json<{ data: unknown }>().data);
    expect(menu.store).toMatchObject({ name: DEMO_STORES[0]!.name, payMode: 'pay_later', packingFeeMode: 'per_item' });
    expect(menu.categories.map((c) => c.name)).toEqual(['招牌推荐', '凉菜', '热菜', '汤羹', '主食', '小吃', '酒水饮料', '套餐']);
    const dishes = menu.categories.flatMap((c) => c.dishes);
    const dish = (name: string) => dishes.find((d) => d.name === name);
    expect(dish('麻婆豆腐')).toMatchObject({ price: 2200, memberPrice: 2000, available: true });
    expect(dish('麻婆豆腐')!.image).toMatch(/^\/media\/dish\/[0-9a-f]{32}\.png$/);
    expect(dish('麻婆豆腐')!.specGroups.map((g) => g.name)).toEqual(['辣度', '麻度', '忌口']);
    expect(dish('麻婆豆腐')!.specGroups[0]!.options.find((o) => o.isDefault)?.name).toBe('微辣');
    expect(dish('辣子鸡')!.skus.map((k) => [k.name, k.price, k.available])).toEqual([['小份', 3800, true], ['大份', 5800, true]]);
    expect(dish('叶儿粑')).toMatchObject({ available: false });
    expect(dish('香辣虾')).toMatchObject({ available: true, stock: 12 });
    expect(dish('啤酒鸭')).toBeUndefined(); // off the shelf
    const combos = menu.categories.flatMap((c) => c.combos);
    expect(combos.map((c) => c.name)).toEqual(DEMO_STORES[0]!.combos.list.map((c) => c.name));
    expect(combos.every((c) => c.available && c.image)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/store/menu?storeId=${tea}`, headers })).statusCode).toBe(404);
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    await seedStore(app.database, config);
    await seedStore(app.database, config);
    expect(await snapshot()).toEqual(before);
  });

  it('adds nothing with DEMO_DATA off; with it on, seeds again only what was forgotten, pictures served as PNG', async () => {
    await forgetDemo();
    const before = await snapshot();
    await seedStore(app.database, { ...config, DEMO_DATA: 'off' });
    expect(await snapshot()).toEqual(before);

    await seedStore(app.database, config); // this app's media folder: its pictures can be fetched
    const ids = await demoStoreIds();
    expect(ids).toHaveLength(2);
    const [first] = await db.select({ logo: store.logo }).from(store).where(eq(store.id, ids[0]!));
    const dishes = await db.select({ name: storeDish.name, images: storeDish.images }).from(storeDish).where(inArray(storeDish.storeId, ids));
    const combos = await db.select({ images: storeCombo.images }).from(storeCombo).where(inArray(storeCombo.storeId, ids));
    const urls = [first!.logo!, ...[...dishes, ...combos].map((d) => `/media/${d.images[0]}`)];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(url === first!.logo ? [240, 240] : [400, 400]);
    }
    // the old demo stores stay as they were (renamed), and a further run adds nothing
    expect((await db.select({ n: count() }).from(store).where(like(store.name, '旧·%')))[0]!.n).toBe(2);
    const after = await snapshot();
    await seedStore(app.database, config);
    expect(await snapshot()).toEqual(after);
  });

  it('skips when a store of the brand exists already, even without its record of having seeded', async () => {
    await db.delete(appSetting).where(eq(appSetting.key, 'store.demoSeeded'));
    const before = await snapshot();
    await seedStore(app.database, config);
    expect(await snapshot()).toEqual({ ...before });
  });
});

describe('the demo data keeps the editors\' rules', () => {
  // What the web would send for each demo row, with made-up ids: every rule of the forms holds.
  const fake = (i: number) => String(i + 1);
  for (const demo of DEMO_STORES) {
    it(`${demo.name}: store, option groups, dishes, combos and tables`, () => {
      const { logo: _logo, specGroups, categories, combos, areas, ...fields } = demo;
      expect(storeBodySchema.safeParse(fields).error).toBeUndefined();
      for (const g of specGroups) {
        expect(specGroupBodySchema.safeParse({ storeId: '1', ...g }).error, g.name).toBeUndefined();
      }
      const groupNames = specGroups.map((g) => g.name);
      const dishes = categories.flatMap((c) => c.dishes);
      expect(new Set(dishes.map((d) => d.name)).size).toBe(dishes.length);
      for (const d of dishes) {
        const body = {
          storeId: '1', categoryId: '1', name: d.name, images: ['dish/0123456789abcdef0123456789abcdef.png'], description: d.description, unit: d.unit,
          price: d.price, memberPrice: d.memberPrice, stockMode: d.stockMode, stock: d.stock, dailyStock: d.dailyStock, soldOut: d.soldOut, onShelf: d.onShelf,
          tags: d.tags, packingFee: d.packingFee, orderTypes: d.orderTypes, skus: d.skus,
          specGroupIds: (d.specs ?? []).map((name) => {
            expect(groupNames, `${d.name}: 规格 ${name}`).toContain(name);
            return fake(groupNames.indexOf(name));
          }),
        };
        expect(dishBodySchema.safeParse(body).error, d.name).toBeUndefined();
      }
      const byName = new Map(dishes.map((d) => [d.name, d]));
      for (const c of combos.list) {
        for (const item of c.groups.flatMap((g) => g.items)) {
          const dish = byName.get(item.dish);
          expect(dish, `${c.name}: ${item.dish}`).toBeDefined();
          // a dish with sizes is sold in a combo as one of them
          expect(Boolean(item.sku), `${c.name}: ${item.dish}`).toBe(Boolean(dish!.skus?.length));
          if (item.sku) expect(dish!.skus!.map((s) => s.name)).toContain(item.sku);
        }
        const body = {
          storeId: '1', categoryId: '1', name: c.name, description: c.description, price: c.price, memberPrice: c.memberPrice,
          groups: c.groups.map((g) => ({ ...g, items: g.items.map((i) => ({ dishId: fake(dishes.indexOf(byName.get(i.dish)!)), quantity: i.quantity, extraPrice: i.extraPrice, isDefault: i.isDefault })) })),
        };
        expect(comboBodySchema.safeParse(body).error, c.name).toBeUndefined();
      }
      expect(combos.list.every((c) => c.groups.some((g) => g.kind === 'optional'))).toBe(true);
      expect(areas).toHaveLength(2);
      const codes = areas.flatMap((a) => a.tables.map((t) => t.code));
      expect(new Set(codes).size).toBe(codes.length);
      for (const t of areas.flatMap((a) => a.tables)) expect(tableBodySchema.safeParse({ storeId: '1', areaId: '1', ...t }).error, t.code).toBeUndefined();
    });
  }

  it('has 60+ dishes and 5+ combos in all', () => {
    expect(DEMO_STORES.flatMap((s) => s.categories.flatMap((c) => c.dishes)).length).toBeGreaterThanOrEqual(60);
    expect(DEMO_STORES.flatMap((s) => s.combos.list).length).toBeGreaterThanOrEqual(5);
  });
});
