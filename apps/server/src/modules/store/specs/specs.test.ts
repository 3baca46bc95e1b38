import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, failure, insertCategory, insertStore, ok, staffOf, type Caller } from '../../../../test/catalogue.js';
import { store, storeDishSpecGroup } from '../tables.js';

/** 规格: option groups with nested options, scoped per store, on PGlite and PostgreSQL. */
const { app } = await createTestApp();
let admin: Caller;
let staffA: Caller;
let storeA: string;
let storeB: string;
let categoryA: string;

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  storeA = await insertStore(app, '规格甲店');
  storeB = await insertStore(app, '规格乙店');
  categoryA = await insertCategory(app, storeA, '热菜');
  staffA = caller(app, await staffOf(app, 'spec-staff-a', [storeA]));
});

const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;

interface Group { id: string; name: string; options: Array<{ id: string; name: string; priceDelta: number; isDefault: boolean; enabled: boolean; sort: number }>; dishCount: number }

const spicy = (storeId: string, name = '辣度') => ({
  storeId, name, selection: 'single', minSelect: 1, maxSelect: 1,
  options: [{ name: '不辣', isDefault: true }, { name: '微辣' }, { name: '特辣', priceDelta: 100 }],
});

describe('option groups (规格)', () => {
  it('creates a group with its options in order, bumps the menu version, and refuses a duplicate name in the same store only', async () => {
    const before = await versionOf(storeA);
    const group = ok<Group>(await staffA('POST', '/store/spec', spicy(storeA)));
    expect(group).toMatchObject({ name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, dishCount: 0, storeId: storeA });
    expect(group.options.map((o) => [o.name, o.priceDelta, o.isDefault])).toEqual([['不辣', 0, true], ['微辣', 0, false], ['特辣', 100, false]]);
    expect(await versionOf(storeA)).toBe(before + 1);
    expect(failure(await staffA('POST', '/store/spec', spicy(storeA)))).toEqual({ status: 409, msg: '规格 辣度 已存在' });
    ok(await admin('POST', '/store/spec', spicy(storeB)));
  });

  it('refuses bodies that break the selection rules, naming the field', async () => {
    const multipleDefaults = await staffA('POST', '/store/spec', { ...spicy(storeA, '甜度'), options: [{ name: '全糖', isDefault: true }, { name: '半糖', isDefault: true }] });
    expect(failure(multipleDefaults)).toEqual({ status: 400, msg: 'options: 单选规格只能有一个默认选项' });
    const tooMany = await staffA('POST', '/store/spec', { ...spicy(storeA, '加料'), selection: 'single', maxSelect: 2 });
    expect(tooMany.statusCode).toBe(400);
    expect(failure(tooMany).msg).toContain('单选规格最多只能选1项');
    const duplicate = await staffA('POST', '/store/spec', { ...spicy(storeA, '温度'), options: [{ name: '热' }, { name: '热' }] });
    expect(failure(duplicate).msg).toContain('规格选项名称不能重复');
  });

  it('upserts options by id, deletes the missing ones, and lets two options swap names, in one transaction', async () => {
    const group = ok<Group>(await staffA('POST', '/store/spec', { storeId: storeA, name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: 500 }, { name: '超大份' }] }));
    const [small, large] = group.options;
    const updated = ok<Group>(await staffA('PUT', '/store/spec', {
      id: group.id, storeId: storeA, name: '份量', selection: 'multiple', minSelect: 0, maxSelect: 2,
      options: [{ id: small!.id, name: '大份', priceDelta: 500, sort: 2 }, { id: large!.id, name: '小份', sort: 1 }, { name: '加量' }],
    }));
    expect(updated.options.map((o) => [o.id, o.name, o.priceDelta])).toEqual([
      [updated.options[0]!.id, '加量', 0], [large!.id, '小份', 0], [small!.id, '大份', 500],
    ]);
    expect(updated).toMatchObject({ selection: 'multiple', maxSelect: 2 });

    // An option id of another group fails the whole update: nothing changed.
    const other = ok<Group>(await staffA('POST', '/store/spec', { storeId: storeA, name: '温度', options: [{ name: '冰' }] }));
    const foreign = await staffA('PUT', '/store/spec', { id: group.id, storeId: storeA, name: '份量改', options: [{ id: other.options[0]!.id, name: '冰' }] });
    expect(failure(foreign)).toEqual({ status: 400, msg: `options: 选项 ${other.options[0]!.id} 不属于该规格` });
    expect(ok<Group>(await staffA('GET', `/store/spec/${group.id}`))).toMatchObject({ name: '份量', options: updated.options });
  });

  it('pages by store with the name filter and the sort whitelist', async () => {
    const page = ok<{ records: Group[]; total: number }>(await staffA('GET', `/store/spec/page?storeId=${storeA}&name=${encodeURIComponent('份')}`));
    expect(page.records.map((g) => g.name)).toEqual(['份量']);
    const all = ok<{ records: Group[]; total: number }>(await staffA('GET', `/store/spec/page?storeId=${storeA}&descs=name`));
    expect(all.records.map((g) => g.name)).toEqual([...all.records.map((g) => g.name)].sort().reverse());
    expect((await staffA('GET', `/store/spec/page?storeId=${storeA}&ascs=store_id`)).statusCode).toBe(400);
  });

  it('never shows or changes another store\'s group (404), whatever the route', async () => {
    const theirs = ok<{ records: Group[] }>(await admin('GET', `/store/spec/page?storeId=${storeB}`)).records[0]!;
    expect(failure(await staffA('GET', `/store/spec/page?storeId=${storeB}`))).toEqual({ status: 404, msg: `门店 ${storeB} 不存在` });
    expect((await staffA('GET', `/store/spec/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/spec', { ...spicy(storeB), id: theirs.id })).statusCode).toBe(404);
    expect((await staffA('PUT', '/store/spec', { ...spicy(storeA, '辣度X'), id: theirs.id })).statusCode).toBe(404);
    expect((await staffA('DELETE', `/store/spec/${theirs.id}`)).statusCode).toBe(404);
    expect((await staffA('POST', '/store/spec', spicy(storeB, '新规格'))).statusCode).toBe(404);
    expect(ok<Group>(await admin('GET', `/store/spec/${theirs.id}`)).name).toBe('辣度');
  });

  it('refuses to delete a group attached to live dishes, naming how many, and deletes it once they let go', async () => {
    const group = ok<Group>(await staffA('POST', '/store/spec', spicy(storeA, '口味')));
    const dish = (name: string) => staffA('POST', '/store/dish', { storeId: storeA, categoryId: categoryA, name, price: 1800, specGroupIds: [group.id] });
    const one = ok<{ id: string }>(await dish('口味菜一'));
    const two = ok<{ id: string }>(await dish('口味菜二'));
    expect(ok<Group>(await staffA('GET', `/store/spec/${group.id}`)).dishCount).toBe(2);
    expect(failure(await staffA('DELETE', `/store/spec/${group.id}`))).toEqual({ status: 409, msg: '该规格已关联 2 个菜品，请先取消关联再删除' });
    ok(await staffA('PUT', '/store/dish', { id: one.id, storeId: storeA, categoryId: categoryA, name: '口味菜一', price: 1800, specGroupIds: [] }));
    ok(await staffA('DELETE', `/store/dish/${two.id}`)); // archived: no longer counts
    expect(ok<Group>(await staffA('GET', `/store/spec/${group.id}`)).dishCount).toBe(0);
    const before = await versionOf(storeA);
    expect(ok(await staffA('DELETE', `/store/spec/${group.id}`))).toBe(true);
    expect(await versionOf(storeA)).toBe(before + 1);
    expect((await staffA('GET', `/store/spec/${group.id}`)).statusCode).toBe(404);
    expect(await app.database.db.select().from(storeDishSpecGroup).where(eq(storeDishSpecGroup.groupId, group.id))).toEqual([]);
  });
});
