import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRecord, MemberRow, Page } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, dataOf } from '../../../../test/store.js';
import { storeForReads as store } from '../../store/service.js';
import { addMember, expectConsistent, freshPhone } from '../testing.js';
import { member, memberLevel } from '../tables.js';

const { app } = await createTestApp();
const db = app.database.db;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
});
afterEach(async () => {
  await expectConsistent(app);
});

const page = async (query: string) => dataOf<Page<MemberRow>>(await call('GET', `/customer/member/page?${query}`));
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describe('members (会员)', () => {
  it('adds a member at the entry level with a member number, balances zero; the detail has the full phone', async () => {
    const phone = freshPhone();
    const [shop] = await db.select({ id: store.id, name: store.name }).from(store).limit(1);
    const created = dataOf<MemberRecord>(await call('POST', '/customer/member', {
      phone, name: '王小明', gender: 'male', birthday: '1990-05-20', firstStoreId: shop!.id, remark: '不吃香菜',
      // balances cannot be set by the body: they are not in it
      balancePrincipal: 99_999, points: 500,
    }));
    const [entry] = await db.select().from(memberLevel).where(eq(memberLevel.rank, 0));
    expect(created).toMatchObject({
      phone, name: '王小明', gender: 'male', birthday: '1990-05-20', levelId: entry!.id, levelName: entry!.name, level: { rank: 0 },
      balancePrincipal: 0, balanceBonus: 0, balance: 0, points: 0, status: 'active', source: 'cashier', firstStoreId: shop!.id,
      firstStoreName: shop!.name, remark: '不吃香菜',
    });
    expect(created.memberNo).toBe(String(10_000_000 + Number(created.id)));
    expect(created.nextLevel).toMatchObject({ remaining: created.nextLevel!.threshold });
    expect(dataOf<MemberRecord>(await call('GET', `/customer/member/${created.id}`)).phone).toBe(phone);
  });

  it('refuses a second member with the same phone (409, the phone masked) and a wrong phone (400)', async () => {
    const phone = freshPhone();
    await addMember(app, admin, { phone });
    const dup = await call('POST', '/customer/member', { phone });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(`手机号 ${masked(phone)} 已是会员`);
    const bad = await call('POST', '/customer/member', { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('手机号码');
    expect((await call('POST', '/customer/member', { phone: freshPhone(), levelId: '999999' })).json().msg).toBe('levelId: 会员等级 999999 不存在');
    expect((await call('POST', '/customer/member', { phone: freshPhone(), firstStoreId: '999999' })).statusCode).toBe(400);
  });

  it('lists members with phones masked, searching by phone prefix, member number prefix or name prefix', async () => {
    const phone = freshPhone();
    const id = await addMember(app, admin, { phone, name: 'Zed搜索' });
    const byPhone = await page(`keyword=${phone.slice(0, 9)}`);
    expect(byPhone.records.map((r) => r.id)).toContain(id);
    const row = byPhone.records.find((r) => r.id === id)!;
    expect(row.phone).toBe(masked(phone));
    expect(JSON.stringify(byPhone)).not.toContain(phone);
    const memberNo = String(10_000_000 + Number(id));
    expect((await page(`keyword=${memberNo}`)).records.map((r) => r.id)).toEqual([id]);
    expect((await page(`keyword=${encodeURIComponent('zed搜')}`)).records.map((r) => r.id)).toEqual([id]);
    // a prefix, not a substring; % matches itself
    expect((await page(`keyword=${phone.slice(3, 10)}`)).records.map((r) => r.id)).not.toContain(id);
    expect((await page(`keyword=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('lists a search by digits in phone order, page by page', async () => {
    const ids = [];
    for (const phone of ['19800000003', '19800000001', '19800000002']) ids.push(await addMember(app, admin, { phone }));
    const first = await page('keyword=1980000000&size=2&current=1');
    expect(first.total).toBe(3);
    expect(first.records.map((r) => r.phone)).toEqual(['198****0001', '198****0002']);
    expect((await page('keyword=1980000000&size=2&current=2')).records.map((r) => r.id)).toEqual([ids[0]]);
    // with an order of its own, the chosen order
    expect((await page('keyword=1980000000&descs=create_time')).records.map((r) => r.id)).toEqual([...ids].reverse());
  });

  it('finds members by the phone\'s last four digits (尾号), those first in phone order, then phone and member-number prefixes, page by page', async () => {
    const ids: string[] = [];
    for (const phone of ['16622227391', '16600007391', '16611117391']) ids.push(await addMember(app, admin, { phone }));
    const elsewhere = await addMember(app, admin, { phone: '17391000000' }); // 7391 inside, not at the end
    const all = await page('keyword=7391&size=50');
    const lastFour = all.records.filter((r) => r.phone.endsWith('7391'));
    expect(all.records.slice(0, lastFour.length)).toEqual(lastFour); // the 尾号 matches come first
    expect(lastFour.map((r) => r.phone)).toEqual([...lastFour.map((r) => r.phone)].sort());
    expect(lastFour.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(all.records.map((r) => r.id)).not.toContain(elsewhere);
    const mine = (await page('keyword=7391&size=50&status=active')).records.filter((r) => ids.includes(r.id)).map((r) => r.phone);
    expect(mine).toEqual(['166****7391', '166****7391', '166****7391']);
    // 1661 ends one phone and begins another: 尾号 first, then the prefix; page by page across them, nothing twice or lost
    const ending = await addMember(app, admin, { phone: '13900001661' });
    const beginning = await addMember(app, admin, { phone: '16613334444' });
    const both = (await page('keyword=1661&size=50')).records.map((r) => r.id);
    expect(both.indexOf(ending)).toBeGreaterThanOrEqual(0);
    expect(both.indexOf(ending)).toBeLessThan(both.indexOf(beginning));
    const walked: string[] = [];
    for (let current = 1; current <= both.length; current++) walked.push(...(await page(`keyword=1661&size=1&current=${current}`)).records.map((r) => r.id));
    expect(walked).toEqual(both);
    // five or three digits are prefixes only
    expect((await page('keyword=17391')).records.map((r) => r.id)).toEqual([elsewhere]);
    expect((await page('keyword=391')).records.map((r) => r.id)).not.toContain(ids[0]);
  });

  it('filters by level, status and balance range, and sorts by the whitelist', async () => {
    const levels = await db.select().from(memberLevel);
    const top = levels.sort((a, b) => b.rank - a.rank)[0]!;
    const rich = await addMember(app, admin, { levelId: top.id, name: '余额筛选' });
    dataOf(await call('POST', `/customer/member/${rich}/adjust`, { principal: 777_700, bonus: 23, reason: '筛选测试' }));
    const range = await page('balanceMin=777723&balanceMax=777723');
    expect(range.records.map((r) => r.id)).toEqual([rich]);
    expect(range.records[0]).toMatchObject({ balance: 777_723, levelName: top.name });
    expect((await page(`levelId=${top.id}&size=1000`)).records.every((r) => r.levelId === top.id)).toBe(true);
    dataOf(await call('PUT', `/customer/member/${rich}/status`, { status: 'frozen' }));
    const frozen = await page('status=frozen&size=1000');
    expect(frozen.records.map((r) => r.id)).toContain(rich);
    expect(frozen.records.every((r) => r.status === 'frozen')).toBe(true);
    expect((await call('GET', '/customer/member/page?balanceMin=10&balanceMax=5')).statusCode).toBe(400);
    const sorted = await page('descs=balance&size=3');
    expect(sorted.records.map((r) => r.balance)).toEqual([...sorted.records.map((r) => r.balance)].sort((a, b) => b - a));
    expect((await call('GET', '/customer/member/page?descs=phone')).statusCode).toBe(400);
  });

  it('edits the profile but never the balances', async () => {
    const id = await addMember(app, admin);
    dataOf(await call('POST', `/customer/member/${id}/adjust`, { principal: 500, reason: '编辑测试' }));
    const phone = freshPhone();
    const edited = dataOf<MemberRecord>(await call('PUT', '/customer/member', { id, phone, name: '改名', gender: 'female', balancePrincipal: 0 }));
    expect(edited).toMatchObject({ phone, name: '改名', gender: 'female', balancePrincipal: 500 });
    expect((await call('PUT', '/customer/member', { id: '999999999', phone: freshPhone() })).statusCode).toBe(404);
  });

  it('freezes and unfreezes', async () => {
    const id = await addMember(app, admin);
    expect(dataOf<MemberRecord>(await call('PUT', `/customer/member/${id}/status`, { status: 'frozen' })).status).toBe('frozen');
    expect(dataOf<MemberRecord>(await call('PUT', `/customer/member/${id}/status`, { status: 'active' })).status).toBe('active');
    expect((await call('PUT', `/customer/member/${id}/status`, { status: 'gone' })).statusCode).toBe(400);
    expect((await call('PUT', '/customer/member/999999999/status', { status: 'frozen' })).statusCode).toBe(404);
  });

  it('deletes a member without history, and refuses one with ledger rows (409 naming why)', async () => {
    const fresh = await addMember(app, admin);
    expect(dataOf(await call('DELETE', `/customer/member/${fresh}`))).toBe(true);
    expect((await call('GET', `/customer/member/${fresh}`)).statusCode).toBe(404);
    const used = await addMember(app, admin);
    dataOf(await call('POST', `/customer/member/${used}/adjust`, { bonus: 100, points: 1, reason: '删除测试' }));
    const refused = await call('DELETE', `/customer/member/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('该会员已有1 条余额流水、1 条积分流水，不能删除，可以冻结该会员');
    expect((await db.select().from(member).where(eq(member.id, used))).length).toBe(1);
  });

  it('keeps full phones out of the operation log', async () => {
    const phone = freshPhone();
    await addMember(app, admin, { phone });
    const dup = await call('POST', '/customer/member', { phone });
    expect(dup.statusCode).toBe(409);
    await app.operationLog.flush();
    // The operation log as stored (upms's table, read here as plain rows).
    const rows = await app.database.exclusive((exec) => exec('select * from sys_log'));
    expect(rows.some((r) => JSON.stringify(r).includes(masked(phone)))).toBe(true);
    expect(rows.some((r) => JSON.stringify(r).includes(phone))).toBe(false);
  });
});
