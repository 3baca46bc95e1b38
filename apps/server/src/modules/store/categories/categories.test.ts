import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../../test/store.js';
import { cartOf, chickenLine, createOrderApi, orderFixture } from '../../../../test/orders.js';
import { store, storeCategory, storeCombo, storeComboGroup, storeDish } from '../tables.js';

const { app } = await createTestApp();
let call: ReturnType<typeof callerOf>;
let storeA: string;
let storeB: string;

type Category = { id: string; storeId: string; name: string; kind: string; sort: number; enabled: boolean; itemCount: number };
type Page = { records: Category[]; total: number };

beforeAll(async () => {
  const admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeA = await createStore(app, admin, '分类测试甲店');
  storeB = await createStore(app, admin, '分类测试乙店');
});

const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;
const create = async (storeId: string, name: string, fields: Record<string, unknown> = {}) =>
  dataOf<Category>(await call('POST', '/store/category', { storeId, name, ...fields }));
const pageOf = async (query: string) => dataOf<Page>(await call('GET', `/store/category/page?${query}`));
const dish = (storeId: string, categoryId: string, name: string, archived = false) =>
  app.database.db.insert(storeDish).values({ storeId, categoryId, name, price: 1000, ...(archived ? { archivedAt: new Date() } : {}) });

describe('categories (菜品分类)', () => {
  it('creates categories, unique by name within a store, and bumps the menu version on every write', async () => {
    const v0 = await versionOf(storeA);
    const hot = await create(storeA, '热菜', { sort: 2 });
    expect(hot).toMatchObject({ storeId: storeA, name: '热菜', kind: 'dish', sort: 2, enabled: true, itemCount: 0 });
    expect(await versionOf(storeA)).toBe(v0 + 1);
    const dup = await call('POST', '/store/category', { storeId: storeA, name: '热菜' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('分类 热菜 已存在');
    expect(await versionOf(storeA)).toBe(v0 + 1);
    // The same name in another store is another category.
    expect((await create(storeB, '热菜')).storeId).toBe(storeB);
    const renamed = dataOf<Category>(await call('PUT', '/store/category', { id: hot.id, storeId: storeA, name: '招牌热菜', sort: 2 }));
    expect(renamed.name).toBe('招牌热菜');
    expect(await versionOf(storeA)).toBe(v0 + 2);
    const empty = await call('POST', '/store/category', { storeId: storeA, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('分类名称不能为空');
  });

  it('pages a store\'s categories by sort then id, with kind and name filters and the sort whitelist', async () => {
    const cold = await create(storeA, '凉菜', { sort: 1 });
    const drinks = await create(storeA, '饮品', { sort: 1 });
    await create(storeA, '超值套餐', { kind: 'combo', sort: 0 });
    const all = await pageOf(`storeId=${storeA}&size=50`);
    expect(all.records.map((c) => c.name)).toEqual(['超值套餐', '凉菜', '饮品', '招牌热菜']);
    expect(all.records.every((c) => c.storeId === storeA)).toBe(true);
    expect((await pageOf(`storeId=${storeA}&kind=combo`)).records.map((c) => c.name)).toEqual(['超值套餐']);
    expect((await pageOf(`storeId=${storeA}&name=${encodeURIComponent('饮')}`)).records.map((c) => c.id)).toEqual([drinks.id]);
    expect((await pageOf(`storeId=${storeA}&kind=dish&descs=create_time`)).records.map((c) => c.id).slice(0, 2)).toEqual([drinks.id, cold.id]);
    const bad = await call('GET', `/store/category/page?storeId=${storeA}&ascs=store_id`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('不支持按 store_id 排序');
  });

  it('counts live dishes and combos, and refuses to delete a category that holds any', async () => {
    const noodles = await create(storeA, '面食');
    await dish(storeA, noodles.id, '担担面');
    await dish(storeA, noodles.id, '燃面');
    await dish(storeA, noodles.id, '牛肉面');
    await dish(storeA, noodles.id, '旧面', true);
    expect(dataOf<Category>(await call('GET', `/store/category/${noodles.id}`)).itemCount).toBe(3);
    const v = await versionOf(storeA);
    const refused = await call('DELETE', `/store/category/${noodles.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('该分类下还有 3 个菜品，不能删除');
    const toCombo = await call('PUT', '/store/category', { id: noodles.id, storeId: storeA, name: '面食', kind: 'combo' });
    expect(toCombo.statusCode).toBe(409);
    expect(toCombo.json().msg).toBe('该分类下还有 3 个菜品，不能改为套餐分类');

    const sets = await create(storeA, '双人套餐', { kind: 'combo' });
    await app.database.db.insert(storeCombo).values({ storeId: storeA, categoryId: sets.id, name: '双人餐', price: 8800 });
    expect(dataOf<Category>(await call('GET', `/store/category/${sets.id}`)).itemCount).toBe(1);
    expect((await call('DELETE', `/store/category/${sets.id}`)).json().msg).toBe('该分类下还有 1 个套餐，不能删除');

    expect(await versionOf(storeA)).toBe(v + 1); // the combo category's creation only

    // Only archived dishes left, which no order names: they go with the category.
    await app.database.db.update(storeDish).set({ archivedAt: new Date() }).where(eq(storeDish.categoryId, noodles.id));
    expect(dataOf<Category>(await call('GET', `/store/category/${noodles.id}`)).itemCount).toBe(0);
    expect(dataOf(await call('DELETE', `/store/category/${noodles.id}`))).toBe(true);
    expect(await app.database.db.select().from(storeDish).where(eq(storeDish.categoryId, noodles.id))).toEqual([]);
    expect(await versionOf(storeA)).toBe(v + 2);

    const spare = await create(storeA, '临时分类');
    expect(dataOf(await call('DELETE', `/store/category/${spare.id}`))).toBe(true);
    expect(await versionOf(storeA)).toBe(v + 4);
    expect((await call('GET', `/store/category/${spare.id}`)).statusCode).toBe(404);
  });

  it('keeps archived dishes and combos that orders name, and the category with them; the others go', async () => {
    const f = await orderFixture(app);
    const [hot, sets] = await Promise.all(['热菜', '套餐'].map(async (name) =>
      (await app.database.db.select({ id: storeCategory.id }).from(storeCategory).where(and(eq(storeCategory.storeId, f.storeId), eq(storeCategory.name, name))))[0]!.id));
    await createOrderApi(app, await signIn(app, 'admin'), cartOf(f, [chickenLine(f)]));
    const archiveAll = () => Promise.all([
      app.database.db.update(storeDish).set({ archivedAt: new Date() }).where(eq(storeDish.storeId, f.storeId)),
      app.database.db.update(storeCombo).set({ archivedAt: new Date() }).where(eq(storeCombo.storeId, f.storeId)),
    ]);
    await archiveAll();
    const left = async () => (await app.database.db.select({ name: storeDish.name }).from(storeDish).where(eq(storeDish.storeId, f.storeId))).map((d) => d.name).sort();

    // 辣子鸡 was ordered: it stays, so does the category; nothing else was deleted meanwhile.
    const refused = await call('DELETE', `/store/category/${hot}`);
    expect([refused.statusCode, refused.json().msg]).toEqual([409, '该分类下有 1 个已删除的菜品或套餐为历史订单保留，不能删除，可以停用该分类']);
    expect(await left()).toHaveLength(6);

    // The combo no order named goes with its category, its groups and items.
    expect(dataOf(await call('DELETE', `/store/category/${sets}`))).toBe(true);
    expect(await app.database.db.select().from(storeCombo).where(eq(storeCombo.id, f.combo.id))).toEqual([]);
    expect(await app.database.db.select().from(storeComboGroup).where(eq(storeComboGroup.comboId, f.combo.id))).toEqual([]);

    // An ordered combo keeps the dishes it lists.
    const other = await orderFixture(app);
    const line = { kind: 'combo' as const, itemId: other.combo.id, quantity: 1, choices: [{ comboItemId: other.combo.cola, quantity: 1 }] };
    await createOrderApi(app, await signIn(app, 'admin'), cartOf(other, [line]));
    const otherHot = (await app.database.db.select({ id: storeCategory.id }).from(storeCategory).where(and(eq(storeCategory.storeId, other.storeId), eq(storeCategory.name, '热菜'))))[0]!.id;
    await app.database.db.update(storeDish).set({ archivedAt: new Date() }).where(eq(storeDish.storeId, other.storeId));
    await app.database.db.update(storeCombo).set({ archivedAt: new Date() }).where(eq(storeCombo.storeId, other.storeId));
    const kept = await call('DELETE', `/store/category/${otherHot}`);
    expect(kept.json().msg).toBe('该分类下有 3 个已删除的菜品或套餐为历史订单保留，不能删除，可以停用该分类'); // 米饭, 可乐, 酸梅汤
  });

  it('never moves a category to another store', async () => {
    const c = await create(storeA, '移动测试');
    const moved = await call('PUT', '/store/category', { id: c.id, storeId: storeB, name: '移动测试' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().msg).toBe('storeId: 分类不能移到其他门店');
    expect((await app.database.db.select().from(storeCategory).where(eq(storeCategory.id, c.id)))[0]!.storeId).toBe(storeA);
  });

  it('reorders by drag: the ids get sort 0, 1, 2… within the given store only', async () => {
    const fresh = await createStore(app, await signIn(app, 'admin'), '排序店');
    const [x, y, z] = [await create(fresh, 'X'), await create(fresh, 'Y'), await create(fresh, 'Z')];
    const v = await versionOf(fresh);
    expect(dataOf(await call('PUT', '/store/category/sort', { storeId: fresh, ids: [z.id, x.id, y.id] }))).toBe(true);
    expect(await versionOf(fresh)).toBe(v + 1);
    const sorted = await pageOf(`storeId=${fresh}`);
    expect(sorted.records.map((c) => [c.name, c.sort])).toEqual([['Z', 0], ['X', 1], ['Y', 2]]);

    const other = await create(storeB, '别店分类');
    const foreign = await call('PUT', '/store/category/sort', { storeId: fresh, ids: [x.id, other.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(`分类 ${other.id} 不存在`);
    expect(dataOf<Category>(await call('GET', `/store/category/${other.id}`)).sort).toBe(0);
    expect((await pageOf(`storeId=${fresh}`)).records.map((c) => c.name)).toEqual(['Z', 'X', 'Y']);
    expect((await call('PUT', '/store/category/sort', { storeId: fresh, ids: [x.id, x.id] })).statusCode).toBe(400);
    expect(await versionOf(fresh)).toBe(v + 1);
  });

  it('the ordering menu shows a category change at once (its cache hears of the write)', async () => {
    const shop = await createStore(app, await signIn(app, 'admin'), '菜单刷新店');
    const c = await create(shop, '早餐');
    await dish(shop, c.id, '豆浆');
    type Menu = { categories: Array<{ name: string }> };
    expect(dataOf<Menu>(await call('GET', `/store/menu?storeId=${shop}`)).categories.map((x) => x.name)).toEqual(['早餐']);
    dataOf(await call('PUT', '/store/category', { id: c.id, storeId: shop, name: '早点' }));
    expect(dataOf<Menu>(await call('GET', `/store/menu?storeId=${shop}`)).categories.map((x) => x.name)).toEqual(['早点']);
    dataOf(await call('PUT', '/store/category', { id: c.id, storeId: shop, name: '早点', enabled: false }));
    expect(dataOf<Menu>(await call('GET', `/store/menu?storeId=${shop}`)).categories).toEqual([]);
  });

  it('a user of one store neither reads nor writes another store\'s categories', async () => {
    const theirs = await create(storeB, '乙店私有');
    const staff = await storeStaff(app, 'category-staff', [storeA]);
    const as = callerOf(app, staff.headers);
    for (const res of [
      await as('GET', `/store/category/page?storeId=${storeB}`),
      await as('POST', '/store/category', { storeId: storeB, name: '闯入' }),
      await as('PUT', '/store/category/sort', { storeId: storeB, ids: [theirs.id] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`门店 ${storeB} 不存在`);
    }
    for (const res of [
      await as('GET', `/store/category/${theirs.id}`),
      await as('PUT', '/store/category', { id: theirs.id, storeId: storeA, name: '改名' }),
      await as('DELETE', `/store/category/${theirs.id}`),
      await as('PUT', '/store/category/sort', { storeId: storeA, ids: [theirs.id] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`分类 ${theirs.id} 不存在`);
    }
    expect(dataOf<Category>(await call('GET', `/store/category/${theirs.id}`))).toMatchObject({ name: '乙店私有', sort: 0 });
    expect(dataOf<Page>(await as('GET', `/store/category/page?storeId=${storeA}&size=100`)).records.every((c) => c.storeId === storeA)).toBe(true);
  });
});
