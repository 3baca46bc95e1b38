import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberLevelRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, dataOf } from '../../../../test/store.js';
import { addMember } from '../testing.js';

const { app } = await createTestApp();
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
});

const list = async () => dataOf<MemberLevelRecord[]>(await call('GET', '/customer/level/list'));

describe('member levels (会员等级)', () => {
  it('lists the demo levels by rank with their member counts', async () => {
    const levels = await list();
    expect(levels.map((l) => l.name)).toEqual(['普通会员', '银卡会员', '金卡会员', '钻石会员']);
    expect(levels.map((l) => l.rank)).toEqual([0, 1, 2, 3]);
    expect(levels[0]).toMatchObject({ threshold: 0, discountRate: 100, pointsRate: 100 });
    expect(levels.reduce((n, l) => n + l.memberCount, 0)).toBeGreaterThanOrEqual(290);
  });

  it('adds, edits and deletes a level; thresholds must rise with the ranks', async () => {
    const created = dataOf<MemberLevelRecord>(await call('POST', '/customer/level', { name: '黑金会员', rank: 9, threshold: 9_000_000, discountRate: 85, pointsRate: 300 }));
    expect(created).toMatchObject({ name: '黑金会员', rank: 9, memberCount: 0 });
    const low = await call('PUT', '/customer/level', { id: created.id, name: '黑金会员', rank: 9, threshold: 100 });
    expect(low.statusCode).toBe(400);
    expect(low.json().msg).toMatch(/^threshold: 升级门槛必须高于较低等级「.+」的门槛/);
    const between = await call('POST', '/customer/level', { name: '夹层', rank: 5, threshold: 9_500_000 });
    expect(between.json().msg).toMatch(/^threshold: 升级门槛必须低于较高等级「黑金会员」/);
    expect(dataOf<MemberLevelRecord>(await call('PUT', '/customer/level', { id: created.id, name: '黑金', rank: 9, threshold: 8_000_000, discountRate: 80 })))
      .toMatchObject({ name: '黑金', threshold: 8_000_000, discountRate: 80 });
    const dup = await call('POST', '/customer/level', { name: '黑金', rank: 10, threshold: 9_900_000 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('会员等级 黑金 已存在');
    expect((await call('POST', '/customer/level', { name: '同序号', rank: 9, threshold: 9_990_000 })).json().msg).toBe('等级序号 9 已被其他等级使用');
    expect((await call('POST', '/customer/level', { name: '折扣错', rank: 11, threshold: 9_999_000, discountRate: 0 })).statusCode).toBe(400);
    expect(dataOf(await call('DELETE', `/customer/level/${created.id}`))).toBe(true);
    expect((await list()).some((l) => l.id === created.id)).toBe(false);
  });

  it('refuses to delete a level members hold, or the entry level, or to move the entry level', async () => {
    const levels = await list();
    const held = dataOf<MemberLevelRecord>(await call('POST', '/customer/level', { name: '有人', rank: 20, threshold: 50_000_000 }));
    await addMember(app, admin, { levelId: held.id });
    const refused = await call('DELETE', `/customer/level/${held.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('还有 1 名会员属于「有人」，不能删除');
    const entry = levels.find((l) => l.rank === 0)!;
    const base = await call('DELETE', `/customer/level/${entry.id}`);
    expect(base.statusCode).toBe(409);
    expect(base.json().msg).toBe('「普通会员」是新会员的初始等级（序号0），不能删除');
    expect((await call('PUT', '/customer/level', { id: entry.id, name: '普通会员', rank: 4, threshold: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/customer/level', { name: '零级', rank: 0, threshold: 10 })).json().msg).toContain('初始等级（序号0）的升级门槛必须为0');
    expect((await call('DELETE', '/customer/level/999999')).statusCode).toBe(404);
  });
});
