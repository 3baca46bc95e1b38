import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, failure, insertCategory, insertStore, ok, staffOf, type Caller } from '../../../../test/catalogue.js';
import { multipart } from '../../../../test/sim.js';
import { bumpMenuVersion } from '../menu-version.js';
import { store, storeDish, storeDishSku } from '../tables.js';

/** 菜品: dishes with SKUs and option groups, archive, filters, batch, reorder, photos; PGlite and PostgreSQL. */
const { app } = await createTestApp();
let admin: Caller;
let staffA: Caller;
let storeA: string;
let storeB: string;
let hot: string;
let cold: string;
let comboCategory: string;
let categoryB: string;

interface Sku { id: string; name: string; price: number; memberPrice: number | null; stock: number | null; dailyStock: number | null; soldOut: boolean }
interface Dish {
  id: string; name: string; categoryId: string; categoryName: string; price: number; stockMode: string; stock: number | null; dailyStock: number | null;
  soldOut: boolean; onShelf: boolean; sort: number; skus: Sku[]; specGroupIds: string[]; images: string[];
}
type DishPage = { records: Dish[]; total: number };

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  storeA = await insertStore(app, '菜品甲店');
  storeB = await insertStore(app, '菜品乙店');
  hot = await insertCategory(app, storeA, '热菜');
  cold = await insertCategory(app, storeA, '凉菜');
  comboCategory = await insertCategory(app, storeA, '超值套餐', 'combo');
  categoryB = await insertCategory(app, storeB, '热菜');
  staffA = caller(app, await staffOf(app, 'dish-staff-a', [storeA]));
});

const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;
const dishBody = (name: string, fields: Record<string, unknown> = {}) => ({ storeId: storeA, categoryId: hot, name, price: 2800, ...fields });
const create = async (name: string, fields: Record<string, unknown> = {}) => ok<Dish>(await staffA('POST', '/store/dish', dishBody(name, fields)));
const page = async (query: string, as = staffA) => ok<DishPage>(await as('GET', `/store/dish/page?storeId=${storeA}&size=100&${query}`));

describe('dishes (菜品)', () => {
  it('creates a dish with SKUs and option groups, bumping the menu version; the name is unique among live dishes of the store', async () => {
    const spicy = ok<{ id: string }>(await staffA('POST', '/store/spec', { storeId: storeA, name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] }));
    const before = await versionOf(storeA);
    const dish = await create('水煮牛肉', {
      memberPrice: 2600, specGroupIds: [spicy.id], tags: ['招牌'],
      skus: [{ name: '小份', price: 2800 }, { name: '大份', price: 4200, memberPrice: 3900 }],
    });
    expect(dish).toMatchObject({ name: '水煮牛肉', categoryName: '热菜', price: 2800, stockMode: 'unlimited', stock: null, specGroupIds: [spicy.id], onShelf: true, soldOut: false });
    expect(dish.skus.map((s) => [s.name, s.price, s.memberPrice])).toEqual([['小份', 2800, null], ['大份', 4200, 3900]]);
    expect(await versionOf(storeA)).toBe(before + 1);
    expect(failure(await staffA('POST', '/store/dish', dishBody('水煮牛肉')))).toEqual({ status: 409, msg: '菜品 水煮牛肉 已存在' });
    ok(await admin('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '水煮牛肉', price: 100 }));
  });

  it('needs a dish category of the same store and the store\'s own option groups (404/400 naming the id)', async () => {
    expect(failure(await staffA('POST', '/store/dish', dishBody('串店分类', { categoryId: categoryB })))).toEqual({ status: 404, msg: `分类 ${categoryB} 不存在` });
    expect(failure(await staffA('POST', '/store/dish', dishBody('套餐分类', { categoryId: comboCategory })))).toEqual({
      status: 400, msg: 'categoryId: 分类「超值套餐」是套餐分类，菜品只能放在菜品分类中',
    });
    const theirs = ok<{ id: string }>(await admin('POST', '/store/spec', { storeId: storeB, name: '乙店口味', options: [{ name: '咸' }] }));
    expect(failure(await staffA('POST', '/store/dish', dishBody('串店规格', { specGroupIds: [theirs.id] })))).toEqual({ status: 404, msg: `规格 ${theirs.id} 不存在` });
    expect(failure(await staffA('POST', '/store/dish', dishBody('没有库存', { stockMode: 'total' }))).msg).toContain('请填写库存');
  });

  it('upserts SKUs by id and archives the removed ones; a SKU of another dish is refused', async () => {
    const dish = await create('奶茶', { skus: [{ name: '中杯', price: 1200 }, { name: '大杯', price: 1500 }] });
    const [medium, large] = dish.skus;
    const updated = ok<Dish>(await staffA('PUT', '/store/dish', dishBody('奶茶', {
      id: dish.id, skus: [{ id: large!.id, name: '中杯', price: 1300 }, { id: medium!.id, name: '小杯', price: 1000 }, { name: '超大杯', price: 1800 }],
    })));
    // Two SKUs swapped names; the order is sort, then id.
    expect(updated.skus.map((s) => [s.id, s.name, s.price])).toEqual([[medium!.id, '小杯', 1000], [large!.id, '中杯', 1300], [updated.skus[2]!.id, '超大杯', 1800]]);
    const trimmed = ok<Dish>(await staffA('PUT', '/store/dish', dishBody('奶茶', { id: dish.id, skus: [{ id: large!.id, name: '中杯', price: 1300 }] })));
    expect(trimmed.skus.map((s) => s.id)).toEqual([large!.id]);
    const archived = await app.database.db.select({ id: storeDishSku.id }).from(storeDishSku).where(and(eq(storeDishSku.dishId, dish.id), isNotNull(storeDishSku.archivedAt)));
    expect(archived.map((s) => s.id).sort()).toEqual([medium!.id, updated.skus[2]!.id].sort());
    const other = await create('果汁', { skus: [{ name: '杯', price: 900 }] });
    expect(failure(await staffA('PUT', '/store/dish', dishBody('奶茶', { id: dish.id, skus: [{ id: other.skus[0]!.id, name: '杯', price: 900 }] })))).toEqual({
      status: 400, msg: `skus: SKU ${other.skus[0]!.id} 不属于该菜品`,
    });
  });

  it('keeps stock by mode: none when unlimited, the count for total, today\'s count and the daily reset value for daily', async () => {
    const total = await create('限量烤鸭', { stockMode: 'total', stock: 5, dailyStock: 9 });
    expect(total).toMatchObject({ stockMode: 'total', stock: 5, dailyStock: null });
    const daily = await create('每日卤味', { stockMode: 'daily', dailyStock: 30 });
    expect(daily).toMatchObject({ stockMode: 'daily', stock: 30, dailyStock: 30 });
    await app.database.db.update(storeDish).set({ stock: 12 }).where(eq(storeDish.id, daily.id)); // sold 18 today
    // An edit that does not send today's count keeps what is left (at most the new daily count).
    expect(ok<Dish>(await staffA('PUT', '/store/dish', dishBody('每日卤味', { id: daily.id, stockMode: 'daily', dailyStock: 40 })))).toMatchObject({ stock: 12, dailyStock: 40 });
    expect(ok<Dish>(await staffA('PUT', '/store/dish', dishBody('每日卤味', { id: daily.id, stockMode: 'daily', dailyStock: 10 })))).toMatchObject({ stock: 10, dailyStock: 10 });
    const unlimited = ok<Dish>(await staffA('PUT', '/store/dish', dishBody('每日卤味', { id: daily.id, stockMode: 'unlimited', stock: 3 })));
    expect(unlimited).toMatchObject({ stock: null, dailyStock: null });
    const skuDaily = await create('现磨咖啡', { stockMode: 'daily', skus: [{ name: '中杯', price: 1800, dailyStock: 20 }, { name: '大杯', price: 2200, dailyStock: 10, stock: 4 }] });
    expect(skuDaily).toMatchObject({ stock: null, dailyStock: null });
    expect(skuDaily.skus.map((s) => [s.stock, s.dailyStock])).toEqual([[20, 20], [4, 10]]);
    expect(failure(await staffA('POST', '/store/dish', dishBody('缺规格库存', { stockMode: 'total', skus: [{ name: '份', price: 100 }] })))).toEqual({
      status: 400, msg: 'skus.0.stock: 请填写规格「份」的库存',
    });
  });

  it('archives on delete: hidden from get, page and edits, the name free again, the menu version bumped', async () => {
    const dish = await create('临时菜');
    const before = await versionOf(storeA);
    expect(ok(await staffA('DELETE', `/store/dish/${dish.id}`))).toBe(true);
    expect(await versionOf(storeA)).toBe(before + 1);
    const [row] = await app.database.db.select({ archivedAt: storeDish.archivedAt }).from(storeDish).where(eq(storeDish.id, dish.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect(failure(await staffA('GET', `/store/dish/${dish.id}`))).toEqual({ status: 404, msg: `菜品 ${dish.id} 不存在` });
    expect((await page(`name=${encodeURIComponent('临时菜')}`)).total).toBe(0);
    expect((await staffA('PUT', '/store/dish', dishBody('临时菜', { id: dish.id }))).statusCode).toBe(404);
    expect((await staffA('DELETE', `/store/dish/${dish.id}`)).statusCode).toBe(404);
    expect((await create('临时菜')).id).not.toBe(dish.id);
  });

  it('refuses to delete a dish used by live combos, naming how many', async () => {
    const dish = await create('套餐米饭', { price: 200 });
    const combo = (name: string) => staffA('POST', '/store/combo', {
      storeId: storeA, categoryId: comboCategory, name, price: 3000, groups: [{ name: '主食', kind: 'fixed', items: [{ dishId: dish.id }] }],
    });
    ok(await combo('单人餐'));
    const second = ok<{ id: string }>(await combo('双人餐'));
    expect(failure(await staffA('DELETE', `/store/dish/${dish.id}`))).toEqual({ status: 409, msg: '该菜品在 2 个套餐中使用，不能删除' });
    ok(await staffA('DELETE', `/store/combo/${second.id}`));
    expect(failure(await staffA('DELETE', `/store/dish/${dish.id}`))).toEqual({ status: 409, msg: '该菜品在 1 个套餐中使用，不能删除' });
  });

  it('filters by category, name (any part, case-insensitive, wildcards literal), shelf and sold-out; sorts only by the whitelist', async () => {
    await create('宫保鸡丁', { categoryId: cold, sort: 2 });
    await create('辣子鸡', { categoryId: cold, sort: 1, onShelf: false });
    await create('Coca-Cola 可乐', { categoryId: cold, sort: 3, soldOut: true, price: 500 });
    await create('100%果汁', { categoryId: cold, sort: 4, price: 900 });
    const names = (p: DishPage) => p.records.map((d) => d.name);
    expect(names(await page(`categoryId=${cold}`))).toEqual(['辣子鸡', '宫保鸡丁', 'Coca-Cola 可乐', '100%果汁']);
    expect(names(await page(`name=${encodeURIComponent('鸡')}&categoryId=${cold}`))).toEqual(['辣子鸡', '宫保鸡丁']);
    expect(names(await page(`name=${encodeURIComponent('鸡丁')}`))).toEqual(['宫保鸡丁']);
    expect(names(await page(`name=${encodeURIComponent('丁鸡')}`))).toEqual([]);
    expect(names(await page('name=coca'))).toEqual(['Coca-Cola 可乐']);
    expect(names(await page(`name=${encodeURIComponent('%')}`))).toEqual(['100%果汁']);
    expect(names(await page(`name=${encodeURIComponent('_')}`))).toEqual([]);
    expect(names(await page(`categoryId=${cold}&onShelf=false`))).toEqual(['辣子鸡']);
    expect(names(await page(`categoryId=${cold}&soldOut=true`))).toEqual(['Coca-Cola 可乐']);
    expect(names(await page(`categoryId=${cold}&ascs=price&descs=name`)).slice(0, 2)).toEqual(['Coca-Cola 可乐', '100%果汁']);
    expect(failure(await staffA('GET', `/store/dish/page?storeId=${storeA}&ascs=store_id`)).status).toBe(400);
    // The default order: category, then sort, then id.
    const all = (await page('')).records;
    const keys = all.map((d) => [BigInt(d.categoryId), d.sort, BigInt(d.id)] as const);
    const sorted = [...keys].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] !== b[1] ? a[1] - b[1] : a[2] < b[2] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('batch: on and off the shelf, sold out and back, moved to another dish category; all or nothing', async () => {
    const a = await create('批量甲');
    const b = await create('批量乙');
    const ids = [a.id, b.id];
    const batch = (body: Record<string, unknown>, as = staffA) => as('PUT', '/store/dish/batch', { storeId: storeA, ids, ...body });
    const state = async () => (await page(`name=${encodeURIComponent('批量')}`)).records.map((d) => [d.onShelf, d.soldOut, d.categoryId]);
    const before = await versionOf(storeA);
    expect(ok(await batch({ action: 'offShelf' }))).toEqual({ updated: 2 });
    expect(ok(await batch({ action: 'soldOut' }))).toEqual({ updated: 2 });
    expect(await state()).toEqual([[false, true, hot], [false, true, hot]]);
    expect(await versionOf(storeA)).toBe(before + 2);
    ok(await batch({ action: 'onShelf' }));
    ok(await batch({ action: 'available' }));
    ok(await batch({ action: 'move', categoryId: cold }));
    expect(await state()).toEqual([[true, false, cold], [true, false, cold]]);
    const theirs = ok<Dish>(await admin('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '乙店菜', price: 100 }));
    expect(failure(await staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [a.id, theirs.id], action: 'soldOut' }))).toEqual({ status: 404, msg: `菜品 ${theirs.id} 不存在` });
    expect(failure(await batch({ action: 'move', categoryId: comboCategory })).status).toBe(400);
    expect(failure(await batch({ action: 'move', categoryId: categoryB }))).toEqual({ status: 404, msg: `分类 ${categoryB} 不存在` });
    expect(await state()).toEqual([[true, false, cold], [true, false, cold]]);
    expect(failure(await staffA('PUT', '/store/dish/batch', { storeId: storeB, ids: [theirs.id], action: 'soldOut' })).status).toBe(404);
    expect(ok<Dish>(await admin('GET', `/store/dish/${theirs.id}`)).soldOut).toBe(false);
  });

  it('reorders by drag: the ids get sort 0, 1, 2… in that order, only the store\'s live dishes', async () => {
    const category = await insertCategory(app, storeA, '拖动');
    const [x, y, z] = [await create('拖甲', { categoryId: category }), await create('拖乙', { categoryId: category }), await create('拖丙', { categoryId: category })];
    expect(ok(await staffA('PUT', '/store/dish/sort', { storeId: storeA, ids: [z.id, x.id, y.id] }))).toBe(true);
    expect((await page(`categoryId=${category}`)).records.map((d) => [d.name, d.sort])).toEqual([['拖丙', 0], ['拖甲', 1], ['拖乙', 2]]);
    const theirs = ok<Dish>(await admin('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '乙店拖', price: 100 }));
    expect(failure(await staffA('PUT', '/store/dish/sort', { storeId: storeA, ids: [x.id, theirs.id] }))).toEqual({ status: 404, msg: `菜品 ${theirs.id} 不存在` });
    expect(failure(await staffA('PUT', '/store/dish/sort', { storeId: storeB, ids: [theirs.id] })).status).toBe(404);
  });

  it('lists another instance\'s new dish once the menu version check has seen it', async () => {
    const category = await insertCategory(app, storeA, '别处新增');
    await create('本机菜', { categoryId: category });
    expect((await page(`categoryId=${category}`)).total).toBe(1);
    // Written as another instance would: the dish and the version bump, no change event here.
    await app.database.db.transaction(async (tx) => {
      await tx.insert(storeDish).values({ storeId: storeA, categoryId: category, name: '别处的菜', price: 100 });
      await bumpMenuVersion(tx, storeA);
    });
    await app.store.menu.check();
    expect((await page(`categoryId=${category}`)).records.map((d) => d.name)).toEqual(['本机菜', '别处的菜']);
  });

  it('answers a category\'s new name at once after a rename', async () => {
    const category = await insertCategory(app, storeA, '旧名分类');
    const dish = await create('改名分类的菜', { categoryId: category });
    expect((await page(`categoryId=${category}`)).records[0]!.categoryName).toBe('旧名分类');
    ok(await staffA('PUT', '/store/category', { id: category, storeId: storeA, name: '新名分类', kind: 'dish' }));
    expect((await page(`categoryId=${category}`)).records[0]!.categoryName).toBe('新名分类');
    expect(ok<Dish>(await staffA('GET', `/store/dish/${dish.id}`)).categoryName).toBe('新名分类');
  });

  it('never shows or changes another store\'s dish (404) through any route', async () => {
    const theirs = ok<Dish>(await admin('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '乙店私房菜', price: 100 }));
    expect(failure(await staffA('GET', `/store/dish/page?storeId=${storeB}`))).toEqual({ status: 404, msg: `门店 ${storeB} 不存在` });
    expect((await staffA('GET', `/store/dish/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/dish', { id: theirs.id, storeId: storeB, categoryId: categoryB, name: '改名', price: 1 })).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/dish', dishBody('改名', { id: theirs.id }))).statusCode).toBe(404);
    expect((await staffA('DELETE', `/store/dish/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '闯入', price: 1 })).statusCode).toBe(404);
    expect(ok<Dish>(await admin('GET', `/store/dish/${theirs.id}`)).name).toBe('乙店私房菜');
  });

  it('uploads a dish photo (bytes checked) and saves it by key; the record answers its URL', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const headers = await signIn(app, 'admin');
    const form = multipart({}, [{ name: 'dish.png', type: 'image/png', bytes: png }]);
    const uploaded = ok<{ key: string; url: string }>(await app.inject({ method: 'POST', url: '/store/dish/image', headers: { ...headers, ...form.headers }, payload: form.payload }));
    expect(uploaded.key).toMatch(/^dish\/[0-9a-f]{32}\.png$/);
    expect(uploaded.url).toBe(`/media/${uploaded.key}`);
    expect((await app.inject(uploaded.url)).rawPayload.equals(png)).toBe(true);
    const dish = await create('有图的菜', { images: [uploaded.key, uploaded.url.replace(uploaded.key, uploaded.key)] });
    expect(dish.images).toEqual([uploaded.url, uploaded.url]);
    const [row] = await app.database.db.select({ images: storeDish.images }).from(storeDish).where(eq(storeDish.id, dish.id));
    expect(row!.images).toEqual([uploaded.key, uploaded.key]);
    expect(failure(await staffA('POST', '/store/dish', dishBody('坏图', { images: ['../etc/passwd'] }))).msg).toContain('images.0');
    const svg = multipart({}, [{ name: 'dish.png', type: 'image/png', bytes: Buffer.from('<svg></svg>') }]);
    const refused = await app.inject({ method: 'POST', url: '/store/dish/image', headers: { ...headers, ...svg.headers }, payload: svg.payload });
    expect(failure(refused)).toEqual({ status: 415, msg: '菜品图片只能是 JPG、PNG 或 WebP 格式!' });
  });
});
