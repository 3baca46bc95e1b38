import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderingMenu } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, failure, insertCategory, insertStore, ok, staffOf, type Caller } from '../../../../test/catalogue.js';
import { bumpMenuVersion } from '../menu-version.js';
import { buildMenu } from './build.js';
import { MenuCache } from './cache.js';
import { store, storeDish } from '../tables.js';

/**
 * The ordering menu read model (GET /store/menu): its content, the cache (answers kept encoded,
 * forgotten by this instance's writes at once, by another instance's within one version check),
 * gzip and ETag, and the store scope; PGlite and PostgreSQL.
 */
const { app } = await createTestApp();
let admin: Caller;
let staffA: Caller;
let storeA: string;
let storeB: string;
let hot: string;
let drinks: string;
let sets: string;
const ids: Record<string, string> = {};

afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  storeA = await insertStore(app, '菜单甲店', { notice: '欢迎光临', packingFeeMode: 'per_item', packingFee: 100 });
  storeB = await insertStore(app, '菜单乙店');
  drinks = await insertCategory(app, storeA, '饮品', 'dish', { sort: 2 });
  hot = await insertCategory(app, storeA, '热菜', 'dish', { sort: 1 });
  sets = await insertCategory(app, storeA, '套餐', 'combo', { sort: 3 });
  await insertCategory(app, storeA, '空分类', 'dish', { sort: 4 });
  const off = await insertCategory(app, storeA, '停用分类', 'dish', { sort: 0, enabled: false });
  staffA = caller(app, await staffOf(app, 'menu-staff-a', [storeA]));
  const spicy = ok<{ id: string; options: Array<{ id: string }> }>(await staffA('POST', '/store/spec', {
    storeId: storeA, name: '辣度', options: [{ name: '微辣', isDefault: true }, { name: '停售辣', enabled: false }, { name: '特辣', priceDelta: 200 }],
  }));
  const dish = async (name: string, body: Record<string, unknown>) =>
    (ids[name] = ok<{ id: string }>(await staffA('POST', '/store/dish', { storeId: storeA, categoryId: hot, name, price: 3800, ...body })).id);
  await dish('水煮鱼', { sort: 2, memberPrice: 3500, specGroupIds: [spicy.id], tags: ['招牌'], images: ['dish/0123456789abcdef0123456789abcdef.png'] });
  await dish('回锅肉', { sort: 1, stockMode: 'total', stock: 3 });
  await dish('下架菜', { onShelf: false });
  await dish('奶茶', { categoryId: drinks, stockMode: 'daily', skus: [{ name: '中杯', price: 1200, dailyStock: 10 }, { name: '大杯', price: 1500, dailyStock: 0, soldOut: true }] });
  await dish('停用分类的菜', { categoryId: off });
  await dish('已删的菜', {});
  ok(await staffA('DELETE', `/store/dish/${ids['已删的菜']}`));
  const teaSkus = ok<{ skus: Array<{ id: string }> }>(await staffA('GET', `/store/dish/${ids['奶茶']}`)).skus;
  ids['套餐'] = ok<{ id: string }>(await staffA('POST', '/store/combo', {
    storeId: storeA, categoryId: sets, name: '单人餐', price: 4800,
    groups: [
      { name: '主菜', kind: 'fixed', items: [{ dishId: ids['回锅肉'] }] },
      { name: '饮品', kind: 'optional', minChoose: 1, maxChoose: 1, items: [{ dishId: ids['奶茶'], skuId: teaSkus[0]!.id }, { dishId: ids['奶茶'], skuId: teaSkus[1]!.id, extraPrice: 300 }] },
    ],
  })).id;
});

const read = async (as: Caller = staffA, storeId = storeA) => ok<OrderingMenu>(await as('GET', `/store/menu?storeId=${storeId}`));
const dishOf = (menu: OrderingMenu, id: string) => menu.categories.flatMap((c) => c.dishes).find((d) => d.id === id);
const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;

describe('the ordering menu', () => {
  it('lists the enabled categories in order with their dishes on the shelf and combos, and the store header', async () => {
    const menu = await read();
    expect(menu.version).toBe(await versionOf(storeA));
    expect(menu.store).toMatchObject({ id: storeA, name: '菜单甲店', notice: '欢迎光临', isOpen: true, openNow: true, packingFeeMode: 'per_item', packingFee: 100 });
    expect(menu.categories.map((c) => [c.name, c.kind])).toEqual([['热菜', 'dish'], ['饮品', 'dish'], ['套餐', 'combo']]);
    const [hotDishes, drinkDishes, combos] = menu.categories;
    expect(hotDishes!.dishes.map((d) => d.name)).toEqual(['回锅肉', '水煮鱼']);
    expect(hotDishes!.dishes[1]).toMatchObject({
      name: '水煮鱼', price: 3800, memberPrice: 3500, tags: ['招牌'], available: true, stock: null, skus: [],
      image: '/media/dish/0123456789abcdef0123456789abcdef.png', images: ['/media/dish/0123456789abcdef0123456789abcdef.png'],
    });
    expect(hotDishes!.dishes[1]!.specGroups).toEqual([{
      id: expect.any(String), name: '辣度', selection: 'single', minSelect: 0, maxSelect: 1,
      options: [{ id: expect.any(String), name: '微辣', priceDelta: 0, isDefault: true }, { id: expect.any(String), name: '特辣', priceDelta: 200, isDefault: false }],
    }]);
    expect(hotDishes!.dishes[0]).toMatchObject({ name: '回锅肉', stock: 3, available: true });
    expect(drinkDishes!.dishes[0]).toMatchObject({
      name: '奶茶', available: true, stock: 10,
      skus: [{ name: '中杯', price: 1200, available: true, stock: 10 }, { name: '大杯', price: 1500, available: false, stock: 0 }],
    });
    expect(combos!.combos).toHaveLength(1);
    expect(combos!.combos[0]).toMatchObject({ name: '单人餐', price: 4800, available: true });
    expect(combos!.combos[0]!.groups[0]).toMatchObject({ name: '主菜', kind: 'fixed', items: [{ name: '回锅肉', quantity: 1, available: true }] });
    expect(combos!.combos[0]!.groups[1]!.items.map((i) => [i.name, i.extraPrice, i.available])).toEqual([['奶茶（中杯）', 0, true], ['奶茶（大杯）', 300, false]]);
  });

  it('shows the sold-out switch at once, for one dish and in a batch, and a combo follows its fixed dish', async () => {
    await read(); // cached
    const fish = ids['水煮鱼']!;
    const pork = ids['回锅肉']!;
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [pork], action: 'soldOut' }));
    let menu = await read();
    expect(dishOf(menu, pork)!.available).toBe(false);
    expect(menu.categories.find((c) => c.kind === 'combo')!.combos[0]).toMatchObject({ available: false, groups: [{ items: [{ available: false }] }, {}] });
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [pork], action: 'available' }));
    expect(dishOf(await read(), pork)!.available).toBe(true);

    const record = ok<Record<string, unknown>>(await staffA('GET', `/store/dish/${fish}`));
    const { id: _, storeId, categoryId, name, price, memberPrice, specGroupIds, tags, images } = record;
    ok(await staffA('PUT', '/store/dish', { id: fish, storeId, categoryId, name, price, memberPrice, specGroupIds, tags, images, soldOut: true }));
    expect(dishOf(await read(), fish)!.available).toBe(false);
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [fish, pork], action: 'soldOut' }));
    menu = await read();
    expect([dishOf(menu, fish)!.available, dishOf(menu, pork)!.available]).toEqual([false, false]);
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [fish, pork], action: 'available' }));
    menu = await read();
    expect([dishOf(menu, fish)!.available, dishOf(menu, pork)!.available]).toEqual([true, true]);
  });

  it('shows a menu edit in the next read: a new price, a dish off the shelf, a category disabled, a new option', async () => {
    const before = await read();
    const pork = ids['回锅肉']!;
    ok(await staffA('PUT', '/store/dish', { id: pork, storeId: storeA, categoryId: hot, name: '回锅肉（升级）', price: 4200, stockMode: 'total', stock: 3, sort: 1 }));
    let menu = await read();
    expect(menu.version).toBeGreaterThan(before.version);
    expect(dishOf(menu, pork)).toMatchObject({ name: '回锅肉（升级）', price: 4200 });
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [ids['奶茶']], action: 'offShelf' }));
    menu = await read();
    expect(menu.categories.map((c) => c.name)).toEqual(['热菜', '套餐']);
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [ids['奶茶']], action: 'onShelf' }));
    const category = ok<Record<string, unknown>>(await staffA('GET', `/store/category/${drinks}`));
    ok(await staffA('PUT', '/store/category', { id: drinks, storeId: storeA, name: category.name, kind: 'dish', sort: 2, enabled: false }));
    expect((await read()).categories.map((c) => c.name)).toEqual(['热菜', '套餐']);
    ok(await staffA('PUT', '/store/category', { id: drinks, storeId: storeA, name: category.name, kind: 'dish', sort: 2, enabled: true }));
    expect((await read()).categories.map((c) => c.name)).toEqual(['热菜', '饮品', '套餐']);
    const spicy = ok<{ records: Array<{ id: string; name: string; options: Array<Record<string, unknown>> }> }>(await staffA('GET', `/store/spec/page?storeId=${storeA}`)).records[0]!;
    ok(await staffA('PUT', '/store/spec', { id: spicy.id, storeId: storeA, name: spicy.name, options: [...spicy.options, { name: '变态辣', priceDelta: 300 }] }));
    expect(dishOf(await read(), ids['水煮鱼']!)!.specGroups[0]!.options.map((o) => o.name)).toEqual(['微辣', '特辣', '变态辣']);
  });

  it('serves the cached answer until the version moves on; another instance\'s write shows after one version check', async () => {
    // A cache of its own whose timer never ticks during the test: the checks are the test's.
    const cache = new MenuCache(app.database.db, (storeId) => buildMenu(app.database.db, storeId), { checkMs: 3_600_000 });
    const menuOf = async () => JSON.parse((await cache.get(storeA)).json.toString()).data as OrderingMenu;
    try {
      const fish = ids['水煮鱼']!;
      const cached = await menuOf();
      // Written as another instance would: the version bumped, but no `changed` here.
      await app.database.db.transaction(async (tx) => {
        await tx.update(storeDish).set({ price: 9900 }).where(eq(storeDish.id, fish));
        await bumpMenuVersion(tx, storeA);
      });
      expect(dishOf(await menuOf(), fish)!.price).toBe(dishOf(cached, fish)!.price);
      await cache.check();
      const fresh = await menuOf();
      expect(dishOf(fresh, fish)!.price).toBe(9900);
      expect(fresh.version).toBe(cached.version + 1);
      // A local write: forgotten at once, no check needed; a build that started before it is not kept.
      cache.changed(storeA);
      expect(cache.peek(storeA)).toBeUndefined();
      const building = cache.get(storeA);
      cache.changed(storeA); // a write commits while that build runs
      await building;
      expect(cache.peek(storeA)).toBeUndefined();
      await cache.get(storeA);
      expect(cache.peek(storeA)).toBeDefined();
    } finally {
      cache.close();
    }
  });

  it('answers brotli or gzip to a client that takes it, and 304 to a revalidation of the same version', async () => {
    const headers = await signIn(app, 'admin');
    const plain = await app.inject({ url: `/store/menu?storeId=${storeA}`, headers });
    const zipped = await app.inject({ url: `/store/menu?storeId=${storeA}`, headers: { ...headers, 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const br = await app.inject({ url: `/store/menu?storeId=${storeA}`, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"menu-\d+-\d+-[01]"$/);
    const again = await app.inject({ url: `/store/menu?storeId=${storeA}`, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [ids['水煮鱼']], action: 'soldOut' }));
    const changed = await app.inject({ url: `/store/menu?storeId=${storeA}`, headers: { ...headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    ok(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [ids['水煮鱼']], action: 'available' }));
  });

  it('recomputes openNow from the store\'s hours as the clock moves, without a menu change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-06T04:30:00Z')); // Friday 12:30 in Shanghai
    const asAdmin = caller(app, await signIn(app, 'admin')); // a token of that time
    const storeId = await insertStore(app, '午市店', { businessHours: [{ days: [5], open: '11:00', close: '13:00' }] });
    const first = await read(asAdmin, storeId);
    expect(first.store).toMatchObject({ openNow: true, nextOpenAt: null, timeZone: 'Asia/Shanghai' });
    vi.setSystemTime(new Date('2031-06-06T05:10:00Z')); // 13:10
    await app.store.menu.check();
    const later = await read(asAdmin, storeId);
    expect(later.store.openNow).toBe(false);
    // Closed: the page can say when it opens again, next Friday 11:00 in Shanghai.
    expect(later.store.nextOpenAt).toBe('2031-06-13T03:00:00.000Z');
    expect(later.version).toBe(first.version);
    expect(later.categories).toEqual([]);
  });

  it('is scoped: another store\'s menu, or a store that does not exist, is a 404', async () => {
    expect((await read(admin, storeB)).store.id).toBe(storeB);
    expect(failure(await staffA('GET', `/store/menu?storeId=${storeB}`))).toEqual({ status: 404, msg: `门店 ${storeB} 不存在` });
    expect(failure(await admin('GET', '/store/menu?storeId=999999'))).toEqual({ status: 404, msg: '门店 999999 不存在' });
  });
});
