import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { createTestUser, signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../../test/store.js';
import { store, storeArea, storeCategory, storeTable } from '../tables.js';

const { app } = await createTestApp();
let admin: AuthHeader;
let asAdmin: ReturnType<typeof callerOf>;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  asAdmin = callerOf(app, admin);
});
afterEach(() => {
  vi.useRealTimers();
});

const versionOf = async (id: string) => (await app.database.db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;

describe('stores (门店信息)', () => {
  it('creates a store with the defaults, answers the record, and refuses a duplicate name', async () => {
    const created = dataOf(await asAdmin('POST', '/store/shop', { name: '川味小馆·测试', phone: '028-8888 6666', address: '人民南路 1 号' }));
    expect(created).toMatchObject({
      name: '川味小馆·测试', phone: '028-8888 6666', timeZone: 'Asia/Shanghai', isOpen: true, openNow: true, businessHours: [],
      orderTypes: ['dine_in', 'takeaway'], payMode: 'pay_first', pickupRule: { prefix: '', start: 1, end: 999, skip: [] }, logo: null, latitude: null,
    });
    const dup = await asAdmin('POST', '/store/shop', { name: '川味小馆·测试' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('门店名称 川味小馆·测试 已存在');
    const bad = await asAdmin('POST', '/store/shop', { name: 'X', timeZone: 'Mars/Base', businessHours: [{ days: [8], open: '10:00', close: '10:00' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('pages with the name filter and the sort whitelist', async () => {
    await createStore(app, admin, '分页甲店', { sort: 2 });
    await createStore(app, admin, '分页乙店', { sort: 1 });
    const page = dataOf<{ records: Array<{ name: string }>; total: number }>(await asAdmin('GET', `/store/shop/page?name=${encodeURIComponent('分页')}`));
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.name)).toEqual(['分页乙店', '分页甲店']);
    const byName = dataOf<{ records: Array<{ name: string }> }>(await asAdmin('GET', `/store/shop/page?name=${encodeURIComponent('分页')}&descs=create_time`));
    expect(byName.records.map((r) => r.name)).toEqual(['分页乙店', '分页甲店']);
    expect((await asAdmin('GET', '/store/shop/page?ascs=menu_version')).statusCode).toBe(400);
  });

  it('openNow follows the switch and the weekly hours in the store\'s time zone', async () => {
    const id = await createStore(app, admin, '夜宵店', { businessHours: [{ days: [5], open: '17:00', close: '02:00' }] });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-07T17:30:00Z')); // Saturday 01:30 in Shanghai, after a Friday evening
    expect(dataOf(await asAdmin('GET', `/store/shop/${id}`)).openNow).toBe(true);
    const mine = dataOf<Array<{ id: string; openNow: boolean; isOpen: boolean }>>(await asAdmin('GET', '/store/shop/mine'));
    expect(mine.find((s) => s.id === id)).toMatchObject({ isOpen: true, openNow: true });
    vi.setSystemTime(new Date('2024-06-08T05:00:00Z')); // Saturday 13:00
    expect(dataOf(await asAdmin('GET', `/store/shop/${id}`)).openNow).toBe(false);
    vi.setSystemTime(new Date('2024-06-07T17:30:00Z'));
    const closed = dataOf(await asAdmin('PUT', '/store/shop', { id, name: '夜宵店', isOpen: false, businessHours: [{ days: [5], open: '17:00', close: '02:00' }] }));
    expect(closed).toMatchObject({ isOpen: false, openNow: false });
    // In UTC the same instant is Friday 17:30: still open by the hours, had the switch been on.
    const utc = dataOf(await asAdmin('PUT', '/store/shop', { id, name: '夜宵店', timeZone: 'UTC', businessHours: [{ days: [5], open: '17:00', close: '02:00' }] }));
    expect(utc).toMatchObject({ isOpen: true, openNow: true });
  });

  it('bumps the menu version when an ordering field changes, not otherwise', async () => {
    const id = await createStore(app, admin, '版本店');
    const v0 = await versionOf(id);
    dataOf(await asAdmin('PUT', '/store/shop', { id, name: '版本店', phone: '12345' }));
    expect(await versionOf(id)).toBe(v0);
    dataOf(await asAdmin('PUT', '/store/shop', { id, name: '版本店', phone: '12345', notice: '今日特价' }));
    expect(await versionOf(id)).toBe(v0 + 1);
    dataOf(await asAdmin('PUT', '/store/shop', { id, name: '版本店', phone: '12345', notice: '今日特价', packingFeeMode: 'per_order', packingFee: 100 }));
    expect(await versionOf(id)).toBe(v0 + 2);
    dataOf(await asAdmin('PUT', '/store/shop', { id, name: '版本店', phone: '12345', notice: '今日特价', packingFeeMode: 'per_order', packingFee: 100 }));
    expect(await versionOf(id)).toBe(v0 + 2);
    // A failed update changes nothing, the version included.
    await createStore(app, admin, '版本店2');
    expect((await asAdmin('PUT', '/store/shop', { id, name: '版本店2', notice: '别的' })).statusCode).toBe(409);
    expect(await versionOf(id)).toBe(v0 + 2);
    // The ordering menu shows the change at once.
    const menuNotice = async () => dataOf<{ store: { notice: string } }>(await asAdmin('GET', `/store/menu?storeId=${id}`)).store.notice;
    expect(await menuNotice()).toBe('今日特价');
    dataOf(await asAdmin('PUT', '/store/shop', { id, name: '版本店', notice: '明日休息' }));
    expect(await menuNotice()).toBe('明日休息');
  });

  it('refuses to delete a store that still has categories, areas or tables, naming them', async () => {
    const id = await createStore(app, admin, '待删店');
    const db = app.database.db;
    const [cat] = await db.insert(storeCategory).values({ storeId: id, name: '热菜' }).returning();
    const [area] = await db.insert(storeArea).values({ storeId: id, name: '大厅' }).returning();
    await db.insert(storeTable).values([{ storeId: id, areaId: area!.id, code: 'A01', qrToken: `t-${id}-1` }, { storeId: id, areaId: area!.id, code: 'A02', qrToken: `t-${id}-2` }]);
    const refused = await asAdmin('DELETE', `/store/shop/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('该门店还有 1 个分类、1 个区域、2 张桌台，不能删除');
    await db.delete(storeTable).where(eq(storeTable.storeId, id));
    await db.delete(storeArea).where(eq(storeArea.storeId, id));
    await db.delete(storeCategory).where(eq(storeCategory.id, cat!.id));
    expect(dataOf(await asAdmin('DELETE', `/store/shop/${id}`))).toBe(true);
    expect((await asAdmin('GET', `/store/shop/${id}`)).statusCode).toBe(404);
  });

  it('a non-admin sees and edits only their stores; a store they create is theirs', async () => {
    const a = await createStore(app, admin, '员工甲店');
    const b = await createStore(app, admin, '员工乙店');
    const staff = await storeStaff(app, 'shop-staff', [a]);
    const as = callerOf(app, staff.headers);
    const page = dataOf<{ records: Array<{ id: string }>; total: number }>(await as('GET', '/store/shop/page?size=100'));
    expect(page.records.map((r) => r.id)).toEqual([a]);
    expect(dataOf<Array<{ id: string }>>(await as('GET', '/store/shop/mine')).map((s) => s.id)).toEqual([a]);
    for (const res of [
      await as('GET', `/store/shop/${b}`),
      await as('PUT', '/store/shop', { id: b, name: '改名' }),
      await as('DELETE', `/store/shop/${b}`),
      await as('GET', `/store/shop/${b}/users`),
      await as('PUT', `/store/shop/${b}/users`, { userIds: [staff.id] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`门店 ${b} 不存在`);
    }
    expect(dataOf(await asAdmin('GET', `/store/shop/${b}`)).name).toBe('员工乙店');

    const own = dataOf<{ id: string }>(await as('POST', '/store/shop', { name: '员工自建店' }));
    expect(dataOf(await as('GET', `/store/shop/${own.id}`)).name).toBe('员工自建店');
    expect(dataOf<Array<{ id: string }>>(await as('GET', '/store/shop/mine')).map((s) => s.id)).toEqual([a, own.id]);
    expect(dataOf<Array<{ username: string }>>(await asAdmin('GET', `/store/shop/${own.id}/users`)).map((u) => u.username)).toEqual(['shop-staff']);
  });

  it('assigns users to a store; the assignment takes effect at once', async () => {
    const id = await createStore(app, admin, '排班店');
    const newcomer = await storeStaff(app, 'newcomer', []);
    const other = await createTestUser(app, 'other-user');
    expect(dataOf<unknown[]>(await callerOf(app, newcomer.headers)('GET', '/store/shop/mine'))).toEqual([]);
    // Cached for a few seconds, but forgotten on every change.
    expect(dataOf(await asAdmin('PUT', `/store/shop/${id}/users`, { userIds: [newcomer.id, other, newcomer.id] }))).toBe(true);
    expect(dataOf<Array<{ id: string }>>(await callerOf(app, newcomer.headers)('GET', '/store/shop/mine')).map((s) => s.id)).toEqual([id]);
    expect(dataOf<Array<{ username: string; nickname: string | null }>>(await asAdmin('GET', `/store/shop/${id}/users`))).toEqual([
      { id: newcomer.id, username: 'newcomer', nickname: 'newcomer' },
      { id: other, username: 'other-user', nickname: 'other-user' },
    ]);
    const unknown = await asAdmin('PUT', `/store/shop/${id}/users`, { userIds: [other, '999999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('userIds: 用户 999999 不存在');
    expect(dataOf(await asAdmin('PUT', `/store/shop/${id}/users`, { userIds: [other] }))).toBe(true);
    expect(dataOf<unknown[]>(await callerOf(app, newcomer.headers)('GET', '/store/shop/mine'))).toEqual([]);
    expect((await callerOf(app, newcomer.headers)('GET', `/store/shop/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/store/shop/999999/users')).statusCode).toBe(404);
  });

  it('uploads a logo and answers its media URL', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const upload = (name: string, data: Buffer) => {
      const boundary = '----store-logo';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({ method: 'POST', url: '/store/shop/logo', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    const url = dataOf<{ url: string }>(await upload('logo.png', png)).url;
    expect(url).toMatch(/^\/media\/store\/[\w-]+\.png$/);
    expect((await app.inject(url)).rawPayload.equals(png)).toBe(true);
    const fake = await upload('logo.png', Buffer.from('<svg></svg>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().msg).toBe('门店Logo只能是 JPG、PNG 或 WebP 格式!');
    const id = await createStore(app, admin, 'Logo店', { logo: url });
    expect(dataOf(await asAdmin('GET', `/store/shop/${id}`)).logo).toBe(url);
  });
});
