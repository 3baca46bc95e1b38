import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { callerOf, createStore, dataOf } from '../../../../test/store.js';
import { storeTable } from '../tables.js';
import { qrPng } from './qr.js';

const { app } = await createTestApp();
let call: ReturnType<typeof callerOf>;
let admin: Awaited<ReturnType<typeof signIn>>;
let storeA: string;
let storeB: string;
let hall: string;

type Area = { id: string; storeId: string; name: string; sort: number; tableCount: number };
type Table = { id: string; storeId: string; areaId: string; areaName: string; code: string; seats: number; minSpend: number | null; orderUrl: string };

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  storeA = await createStore(app, admin, '桌台测试·川味小馆');
  storeB = await createStore(app, admin, '桌台测试乙店');
  hall = dataOf<Area>(await call('POST', '/store/area', { storeId: storeA, name: '大厅' })).id;
});

const tableIn = async (storeId: string, areaId: string, code: string, fields: Record<string, unknown> = {}) =>
  dataOf<Table>(await call('POST', '/store/table', { storeId, areaId, code, ...fields }));
const tokenOf = (t: Table) => t.orderUrl.slice('/order/t/'.length);
const pageOf = async (query: string) => dataOf<{ records: Table[]; total: number }>(await call('GET', `/store/table/page?${query}`));

describe('areas', () => {
  it('are unique by name within a store, count their tables, and are not deleted while they have any', async () => {
    const rooms = dataOf<Area>(await call('POST', '/store/area', { storeId: storeA, name: '包间', sort: 1 }));
    const dup = await call('POST', '/store/area', { storeId: storeA, name: '包间' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('区域 包间 已存在');
    expect(dataOf<Area>(await call('POST', '/store/area', { storeId: storeB, name: '包间' })).storeId).toBe(storeB);
    await tableIn(storeA, rooms.id, 'V1');
    await tableIn(storeA, rooms.id, 'V2');
    const list = dataOf<{ records: Area[] }>(await call('GET', `/store/area/page?storeId=${storeA}`)).records;
    expect(list.map((a) => [a.name, a.tableCount])).toEqual([['大厅', 0], ['包间', 2]]);
    const refused = await call('DELETE', `/store/area/${rooms.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('该区域下还有 2 张桌台，不能删除');
    const spare = dataOf<Area>(await call('POST', '/store/area', { storeId: storeA, name: '露台' }));
    expect(dataOf(await call('DELETE', `/store/area/${spare.id}`))).toBe(true);
    const moved = await call('PUT', '/store/area', { id: rooms.id, storeId: storeB, name: '包间' });
    expect(moved.statusCode).toBe(400);
  });
});

describe('tables', () => {
  it('get a random QR token (≥ 128 bits, base64url, not the id) and a code unique within the store', async () => {
    const t = await tableIn(storeA, hall, 'T1', { seats: 6, minSpend: 20000 });
    expect(t).toMatchObject({ storeId: storeA, areaId: hall, areaName: '大厅', code: 'T1', seats: 6, minSpend: 20000 });
    expect(t.orderUrl).toMatch(/^\/order\/t\/[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(tokenOf(t), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(tokenOf(t)).not.toContain(t.id);
    const other = await tableIn(storeA, hall, 'T2');
    expect(tokenOf(other)).not.toBe(tokenOf(t));
    const dup = await call('POST', '/store/table', { storeId: storeA, areaId: hall, code: 'T1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('桌号 T1 已存在');
    const renamed = await call('PUT', '/store/table', { id: other.id, storeId: storeA, areaId: hall, code: 'T1' });
    expect(renamed.statusCode).toBe(409);
    const badCode = await call('POST', '/store/table', { storeId: storeA, areaId: hall, code: '一号' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().msg).toContain('桌号只能包含字母、数字和 -');
  });

  it('an area must be the store\'s own', async () => {
    const areaB = dataOf<Area>(await call('POST', '/store/area', { storeId: storeB, name: '乙店大厅' }));
    const res = await call('POST', '/store/table', { storeId: storeA, areaId: areaB.id, code: 'X1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`区域 ${areaB.id} 不存在`);
    // The same code in another store is another table.
    expect((await tableIn(storeB, areaB.id, 'T1')).storeId).toBe(storeB);
  });

  it('creates A01–A20 in one go, or none when some code exists (naming them)', async () => {
    const patio = dataOf<Area>(await call('POST', '/store/area', { storeId: storeA, name: '外摆区', sort: 5 }));
    expect(dataOf(await call('POST', '/store/table/batch', { storeId: storeA, areaId: patio.id, prefix: 'A', from: 1, to: 20 }))).toEqual({ created: 20 });
    const page = await pageOf(`storeId=${storeA}&areaId=${patio.id}&size=50`);
    expect(page.total).toBe(20);
    expect(page.records.map((t) => t.code)).toEqual(Array.from({ length: 20 }, (_, i) => `A${String(i + 1).padStart(2, '0')}`));
    expect(new Set(page.records.map(tokenOf)).size).toBe(20);
    const overlap = await call('POST', '/store/table/batch', { storeId: storeA, areaId: patio.id, prefix: 'A', from: 18, to: 25 });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().msg).toBe('桌号 A18、A19、A20 已存在，未创建任何桌台');
    expect((await pageOf(`storeId=${storeA}&areaId=${patio.id}`)).total).toBe(20);
    expect(dataOf(await call('POST', '/store/table/batch', { storeId: storeA, areaId: patio.id, prefix: 'B-', from: 8, to: 10, digits: 3, seats: 2 }))).toEqual({ created: 3 });
    expect((await pageOf(`storeId=${storeA}&code=B-&size=10`)).records.map((t) => [t.code, t.seats])).toEqual([['B-008', 2], ['B-009', 2], ['B-010', 2]]);
    const reversed = await call('POST', '/store/table/batch', { storeId: storeA, areaId: patio.id, prefix: 'C', from: 5, to: 1 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('起始编号不能大于结束编号');
  });

  it('filters by area and code; a table has no typed status (its state is its seating\'s: the floor)', async () => {
    const t = (await pageOf(`storeId=${storeA}&code=T2`)).records[0]!;
    expect(t).not.toHaveProperty('status');
    expect((await pageOf(`storeId=${storeA}&code=T2`)).records.map((r) => r.code)).toEqual(['T2']);
    expect((await pageOf(`storeId=${storeA}&areaId=${hall}`)).records.map((r) => r.code)).toEqual(['T1', 'T2']);
    expect((await call('GET', `/store/table/page?storeId=${storeA}&ascs=qr_token`)).statusCode).toBe(400);
  });

  it('regenerating the token voids the old address', async () => {
    const t = (await pageOf(`storeId=${storeA}&code=T1`)).records[0]!;
    const again = dataOf<Table>(await call('PUT', `/store/table/${t.id}/token`));
    expect(again.id).toBe(t.id);
    expect(again.orderUrl).not.toBe(t.orderUrl);
    const [row] = await app.database.db.select({ token: storeTable.qrToken }).from(storeTable).where(eq(storeTable.id, t.id));
    expect(row!.token).toBe(tokenOf(again));
  });

  it('answers a table\'s QR code as a PNG of the absolute ordering address', async () => {
    const t = (await pageOf(`storeId=${storeA}&code=T1`)).records[0]!;
    const res = await app.inject({ url: `/store/table/${t.id}/qrcode`, headers: { ...admin, host: 'order.example.com', 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('桌台测试·川味小馆-T1.png')}`);
    // X-Forwarded-Proto counts only from TRUST_PROXY's hops (off here, issue 22 #1): the address is the request's own http.
    expect(res.rawPayload.equals(await qrPng(`http://order.example.com${t.orderUrl}`, { code: 'T1', caption: '大厅 · 桌台测试·川味小馆' }))).toBe(true);
    const missing = await call('GET', '/store/table/999999/qrcode');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('桌台 999999 不存在');
  });

  it('prints a PDF sheet of a store\'s or an area\'s tables, six to a page, with the CJK font embedded', async () => {
    const whole = await call('GET', `/store/table/qrsheet?storeId=${storeA}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toMatch(/^attachment; /);
    expect(whole.headers['content-disposition']).toContain(encodeURIComponent('桌台测试·川味小馆-桌台二维码.pdf'));
    const pdf = whole.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const total = (await pageOf(`storeId=${storeA}`)).total; // 2 + 2 + 20 + 3
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(Math.ceil(total / 6));
    expect(pdf).toMatch(/\/FontFile2/);
    expect(pdf).toContain('NotoSansSC');
    if (process.env.STORE_SHEET_OUT) writeFileSync(process.env.STORE_SHEET_OUT, whole.rawPayload);

    const hallOnly = await call('GET', `/store/table/qrsheet?storeId=${storeA}&areaId=${hall}`);
    expect(hallOnly.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(hallOnly.headers['content-disposition']).toContain(encodeURIComponent('桌台测试·川味小馆-大厅-桌台二维码.pdf'));
    const empty = dataOf<Area>(await call('POST', '/store/area', { storeId: storeA, name: '空区域' }));
    const none = await call('GET', `/store/table/qrsheet?storeId=${storeA}&areaId=${empty.id}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('区域「空区域」还没有桌台，没有可打印的二维码');
    const foreignArea = await call('GET', `/store/table/qrsheet?storeId=${storeB}&areaId=${hall}`);
    expect(foreignArea.statusCode).toBe(404);
  });
});
