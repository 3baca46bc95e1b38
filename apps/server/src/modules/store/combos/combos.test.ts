import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, failure, insertCategory, insertStore, ok, staffOf, type Caller } from '../../../../test/catalogue.js';
import { store, storeCombo, storeComboGroup } from '../tables.js';

/** 套餐: combos with fixed and choose-N-of-M groups, availability, archive, scope; PGlite and PostgreSQL. */
const { app } = await createTestApp();
let admin: Caller;
let staffA: Caller;
let storeA: string;
let storeB: string;
let mains: string;
let sets: string;
let setsB: string;
const dish: Record<string, { id: string; skus: Array<{ id: string; name: string }> }> = {};
let dishB: string;

interface Item { dishId: string; dishName: string; skuId: string | null; skuName: string | null; quantity: number; extraPrice: number; isDefault: boolean }
interface Combo {
  id: string; name: string; categoryName: string; price: number; available: boolean; onShelf: boolean; soldOut: boolean; sort: number;
  groups: Array<{ id: string; name: string; kind: string; minChoose: number; maxChoose: number; allowRepeat: boolean; items: Item[] }>;
}

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  storeA = await insertStore(app, '套餐甲店');
  storeB = await insertStore(app, '套餐乙店');
  mains = await insertCategory(app, storeA, '主食');
  sets = await insertCategory(app, storeA, '超值套餐', 'combo');
  setsB = await insertCategory(app, storeB, '套餐', 'combo');
  staffA = caller(app, await staffOf(app, 'combo-staff-a', [storeA]));
  const create = async (name: string, fields: Record<string, unknown> = {}) =>
    (dish[name] = ok(await staffA('POST', '/store/dish', { storeId: storeA, categoryId: mains, name, price: 1000, ...fields })));
  await create('汉堡');
  await create('薯条');
  await create('鸡翅', { stockMode: 'total', stock: 1 });
  await create('可乐', { skus: [{ name: '中杯', price: 600 }, { name: '大杯', price: 800 }] });
  await create('雪碧', { price: 600 });
  const categoryB = await insertCategory(app, storeB, '主食');
  dishB = ok<{ id: string }>(await admin('POST', '/store/dish', { storeId: storeB, categoryId: categoryB, name: '乙店汉堡', price: 1000 })).id;
});

const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;
const meal = (name: string, fields: Record<string, unknown> = {}) => ({
  storeId: storeA, categoryId: sets, name, price: 3500, memberPrice: 3200,
  groups: [
    { name: '主食', kind: 'fixed', items: [{ dishId: dish['汉堡']!.id }, { dishId: dish['薯条']!.id, quantity: 2 }] },
    {
      name: '饮料任选1', kind: 'optional', minChoose: 1, maxChoose: 1,
      items: [{ dishId: dish['可乐']!.id, skuId: dish['可乐']!.skus[0]!.id, isDefault: true }, { dishId: dish['可乐']!.id, skuId: dish['可乐']!.skus[1]!.id, extraPrice: 200 }, { dishId: dish['雪碧']!.id }],
    },
  ],
  ...fields,
});
const setDish = (name: string, fields: Record<string, unknown>) =>
  staffA('PUT', '/store/dish/batch', { storeId: storeA, ids: [dish[name]!.id], ...fields }).then((r) => ok(r));

describe('combos (套餐)', () => {
  it('creates a combo with fixed and optional groups, item names and extra prices, bumping the menu version', async () => {
    const before = await versionOf(storeA);
    const combo = ok<Combo>(await staffA('POST', '/store/combo', meal('汉堡套餐')));
    expect(combo).toMatchObject({ name: '汉堡套餐', categoryName: '超值套餐', price: 3500, available: true, onShelf: true, soldOut: false });
    expect(combo.groups.map((g) => [g.name, g.kind, g.minChoose, g.maxChoose])).toEqual([['主食', 'fixed', 2, 2], ['饮料任选1', 'optional', 1, 1]]);
    expect(combo.groups[1]!.items.map((i) => [i.dishName, i.skuName, i.extraPrice, i.isDefault])).toEqual([
      ['可乐', '中杯', 0, true], ['可乐', '大杯', 200, false], ['雪碧', null, 0, false],
    ]);
    expect(combo.groups[0]!.items[1]).toMatchObject({ dishName: '薯条', quantity: 2 });
    expect(await versionOf(storeA)).toBe(before + 1);
    expect(failure(await staffA('POST', '/store/combo', meal('汉堡套餐')))).toEqual({ status: 409, msg: '套餐 汉堡套餐 已存在' });
  });

  it('needs a combo category and live dishes of the same store, and a SKU of the item\'s dish', async () => {
    expect(failure(await staffA('POST', '/store/combo', meal('错分类', { categoryId: mains }))).msg).toBe('categoryId: 分类「主食」是菜品分类，套餐只能放在套餐分类中');
    expect(failure(await staffA('POST', '/store/combo', meal('串店分类', { categoryId: setsB })))).toEqual({ status: 404, msg: `分类 ${setsB} 不存在` });
    const foreign = meal('串店菜', { groups: [{ name: '主食', kind: 'fixed', items: [{ dishId: dishB }] }] });
    expect(failure(await staffA('POST', '/store/combo', foreign))).toEqual({ status: 404, msg: `菜品 ${dishB} 不存在` });
    const wrongSku = meal('错规格', { groups: [{ name: '饮料', kind: 'fixed', items: [{ dishId: dish['雪碧']!.id, skuId: dish['可乐']!.skus[0]!.id }] }] });
    expect(failure(await staffA('POST', '/store/combo', wrongSku))).toEqual({ status: 400, msg: `groups.0.items.0.skuId: SKU ${dish['可乐']!.skus[0]!.id} 不是菜品「雪碧」的规格` });
    const noSku = meal('缺规格', { groups: [{ name: '饮料', kind: 'fixed', items: [{ dishId: dish['可乐']!.id }] }] });
    expect(failure(await staffA('POST', '/store/combo', noSku)).msg).toContain('请选择其中一个');
    const tooFew = meal('选不满', { groups: [{ name: '任选2', kind: 'optional', minChoose: 2, maxChoose: 2, items: [{ dishId: dish['雪碧']!.id }] }] });
    expect(failure(await staffA('POST', '/store/combo', tooFew)).msg).toContain('最少选择不能多于可选菜品数');
  });

  it('replaces groups and items on update, in one transaction', async () => {
    const combo = ok<Combo>(await staffA('POST', '/store/combo', meal('替换套餐')));
    const oldGroups = combo.groups.map((g) => g.id);
    const updated = ok<Combo>(await staffA('PUT', '/store/combo', {
      ...meal('替换套餐'), id: combo.id, price: 2900, memberPrice: 2800,
      groups: [{ name: '小食任选2', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: true, items: [{ dishId: dish['薯条']!.id }, { dishId: dish['鸡翅']!.id, extraPrice: 300 }] }],
    }));
    expect(updated.price).toBe(2900);
    expect(updated.groups.map((g) => [g.name, g.allowRepeat, g.items.map((i) => i.dishName)])).toEqual([['小食任选2', true, ['薯条', '鸡翅']]]);
    const rows = await app.database.db.select({ id: storeComboGroup.id }).from(storeComboGroup).where(eq(storeComboGroup.comboId, combo.id));
    expect(rows.map((r) => r.id).some((id) => oldGroups.includes(id))).toBe(false);
    // A failing update (an item of another store) leaves the combo as it was.
    const bad = await staffA('PUT', '/store/combo', { ...meal('替换套餐'), id: combo.id, groups: [{ name: 'X', kind: 'fixed', items: [{ dishId: dishB }] }] });
    expect(bad.statusCode).toBe(404);
    expect(ok<Combo>(await staffA('GET', `/store/combo/${combo.id}`)).groups.map((g) => g.name)).toEqual(['小食任选2']);
  });

  it('is available only while on the shelf, not sold out, every fixed item orderable and every choice group satisfiable', async () => {
    const combo = ok<Combo>(await staffA('POST', '/store/combo', meal('可售套餐')));
    const available = async () => ok<Combo>(await staffA('GET', `/store/combo/${combo.id}`)).available;
    expect(await available()).toBe(true);
    await setDish('汉堡', { action: 'soldOut' });
    expect(await available()).toBe(false);
    await setDish('汉堡', { action: 'available' });
    await setDish('薯条', { action: 'offShelf' });
    expect(await available()).toBe(false);
    await setDish('薯条', { action: 'onShelf' });
    expect(await available()).toBe(true);
    // The optional drinks: all three sold out leaves nothing to choose.
    await setDish('可乐', { action: 'soldOut' });
    expect(await available()).toBe(true);
    await setDish('雪碧', { action: 'soldOut' });
    expect(await available()).toBe(false);
    await setDish('可乐', { action: 'available' });
    await setDish('雪碧', { action: 'available' });
    // A fixed item needs stock for its quantity: 鸡翅 has 1 left.
    const wings = ok<Combo>(await staffA('POST', '/store/combo', meal('双鸡翅', { groups: [{ name: '小食', kind: 'fixed', items: [{ dishId: dish['鸡翅']!.id, quantity: 2 }] }] })));
    expect(wings.available).toBe(false);
    const one = ok<Combo>(await staffA('POST', '/store/combo', meal('单鸡翅', { groups: [{ name: '小食', kind: 'fixed', items: [{ dishId: dish['鸡翅']!.id }] }] })));
    expect(one.available).toBe(true);
    expect(ok<Combo>(await staffA('POST', '/store/combo', meal('估清套餐', { soldOut: true }))).available).toBe(false);
    expect(ok<Combo>(await staffA('POST', '/store/combo', meal('下架套餐', { onShelf: false }))).available).toBe(false);
  });

  it('archives on delete, pages with filters and reorders by drag', async () => {
    const first = ok<Combo>(await staffA('POST', '/store/combo', meal('排序甲')));
    const second = ok<Combo>(await staffA('POST', '/store/combo', meal('排序乙', { onShelf: false })));
    ok(await staffA('PUT', '/store/combo/sort', { storeId: storeA, ids: [second.id, first.id] }));
    const page = async (query: string) => ok<{ records: Combo[] }>(await staffA('GET', `/store/combo/page?storeId=${storeA}&size=100&${query}`)).records;
    expect((await page(`name=${encodeURIComponent('排序')}`)).map((c) => [c.name, c.sort])).toEqual([['排序乙', 0], ['排序甲', 1]]);
    expect((await page(`name=${encodeURIComponent('排序')}&onShelf=false`)).map((c) => c.name)).toEqual(['排序乙']);
    expect((await page(`name=${encodeURIComponent('排序')}&descs=price&ascs=name`)).map((c) => c.name)).toEqual(['排序乙', '排序甲']);
    expect((await staffA('GET', `/store/combo/page?storeId=${storeA}&ascs=archived_at`)).statusCode).toBe(400);
    const before = await versionOf(storeA);
    ok(await staffA('DELETE', `/store/combo/${first.id}`));
    expect(await versionOf(storeA)).toBe(before + 1);
    const [row] = await app.database.db.select({ archivedAt: storeCombo.archivedAt }).from(storeCombo).where(eq(storeCombo.id, first.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await staffA('GET', `/store/combo/${first.id}`)).statusCode).toBe(404);
    expect((await page(`name=${encodeURIComponent('排序')}`)).map((c) => c.name)).toEqual(['排序乙']);
    ok(await staffA('POST', '/store/combo', meal('排序甲'))); // the name is free again
  });

  it('never shows or changes another store\'s combo (404) through any route', async () => {
    const theirs = ok<Combo>(await admin('POST', '/store/combo', { storeId: storeB, categoryId: setsB, name: '乙店套餐', price: 100, groups: [{ name: '主食', kind: 'fixed', items: [{ dishId: dishB }] }] }));
    expect(failure(await staffA('GET', `/store/combo/page?storeId=${storeB}`))).toEqual({ status: 404, msg: `门店 ${storeB} 不存在` });
    expect((await staffA('GET', `/store/combo/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/combo', { ...meal('改'), id: theirs.id })).statusCode).toBe(404);
    expect((await staffA('DELETE', `/store/combo/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/combo/sort', { storeId: storeA, ids: [theirs.id] })).statusCode).toBe(404);
    expect((await staffA('POST', '/store/combo', { storeId: storeB, categoryId: setsB, name: '闯入', price: 1, groups: [{ name: 'x', kind: 'fixed', items: [{ dishId: dishB }] }] })).statusCode).toBe(404);
    expect(ok<Combo>(await admin('GET', `/store/combo/${theirs.id}`)).name).toBe('乙店套餐');
  });
});
