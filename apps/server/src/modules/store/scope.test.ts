import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { callerOf, createStore, dataOf, storeStaff } from '../../../test/store.js';
import * as storeTables from './tables.js';

/**
 * The store scope on every store-side route (STORE.md §1): a user assigned to store A only,
 * holding every store:* permission, never reads or changes store B, whatever route and
 * whatever ids or store it names. The routes come from `app.routeAccess` (every route under
 * /store/), so a route added later fails this test until it has a request here.
 */

const { app } = await createTestApp();
await app.ready();

/** The rows of one store that a request can name. */
interface Ids {
  store: string;
  category: string;
  comboCategory: string;
  area: string;
  table: string;
  spec: string;
  dish: string;
  combo: string;
  printer: string;
  printJob: string;
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Request {
  url: string;
  payload?: unknown;
}
/** A request of a route, naming `ids`'s rows and `storeId` as its store. */
type Fixture = (ids: Ids, storeId: string) => Request;

const q = (storeId: string, extra = '') => `storeId=${storeId}${extra}`;
const noBody = (path: (ids: Ids) => string): Fixture => (ids) => ({ url: path(ids) });

/** Every store-side route with a request that names a store and its rows. */
const FIXTURES: Record<string, Fixture> = {
  'GET /store/shop/:id': noBody((i) => `/store/shop/${i.store}`),
  'PUT /store/shop': (i) => ({ url: '/store/shop', payload: { id: i.store, name: `改名-${i.store}` } }),
  'DELETE /store/shop/:id': noBody((i) => `/store/shop/${i.store}`),
  'GET /store/shop/:id/users': noBody((i) => `/store/shop/${i.store}/users`),
  'PUT /store/shop/:id/users': (i) => ({ url: `/store/shop/${i.store}/users`, payload: { userIds: [staffId] } }),

  'GET /store/category/page': (_i, s) => ({ url: `/store/category/page?${q(s)}` }),
  'GET /store/category/:id': noBody((i) => `/store/category/${i.category}`),
  'POST /store/category': (_i, s) => ({ url: '/store/category', payload: { storeId: s, name: '新分类' } }),
  'PUT /store/category': (i, s) => ({ url: '/store/category', payload: { id: i.category, storeId: s, name: '改名分类' } }),
  'DELETE /store/category/:id': noBody((i) => `/store/category/${i.category}`),
  'PUT /store/category/sort': (i, s) => ({ url: '/store/category/sort', payload: { storeId: s, ids: [i.category, i.comboCategory] } }),

  'GET /store/spec/page': (_i, s) => ({ url: `/store/spec/page?${q(s)}` }),
  'GET /store/spec/:id': noBody((i) => `/store/spec/${i.spec}`),
  'POST /store/spec': (_i, s) => ({ url: '/store/spec', payload: { storeId: s, name: '新规格', options: [{ name: '小份' }] } }),
  'PUT /store/spec': (i, s) => ({ url: '/store/spec', payload: { id: i.spec, storeId: s, name: '改名规格', options: [{ name: '大份' }] } }),
  'DELETE /store/spec/:id': noBody((i) => `/store/spec/${i.spec}`),

  'GET /store/dish/page': (_i, s) => ({ url: `/store/dish/page?${q(s)}` }),
  'GET /store/dish/:id': noBody((i) => `/store/dish/${i.dish}`),
  'POST /store/dish': (i, s) => ({ url: '/store/dish', payload: { storeId: s, categoryId: i.category, name: '新菜', price: 100, specGroupIds: [i.spec] } }),
  'PUT /store/dish': (i, s) => ({ url: '/store/dish', payload: { id: i.dish, storeId: s, categoryId: i.category, name: '改名菜', price: 200 } }),
  'DELETE /store/dish/:id': noBody((i) => `/store/dish/${i.dish}`),
  'PUT /store/dish/batch': (i, s) => ({ url: '/store/dish/batch', payload: { storeId: s, ids: [i.dish], action: 'soldOut' } }),
  'PUT /store/dish/sort': (i, s) => ({ url: '/store/dish/sort', payload: { storeId: s, ids: [i.dish] } }),

  'GET /store/combo/page': (_i, s) => ({ url: `/store/combo/page?${q(s)}` }),
  'GET /store/combo/:id': noBody((i) => `/store/combo/${i.combo}`),
  'POST /store/combo': (i, s) => ({ url: '/store/combo', payload: comboBody(i, s, '新套餐') }),
  'PUT /store/combo': (i, s) => ({ url: '/store/combo', payload: { id: i.combo, ...comboBody(i, s, '改名套餐') } }),
  'DELETE /store/combo/:id': noBody((i) => `/store/combo/${i.combo}`),
  'PUT /store/combo/sort': (i, s) => ({ url: '/store/combo/sort', payload: { storeId: s, ids: [i.combo] } }),

  'GET /store/area/page': (_i, s) => ({ url: `/store/area/page?${q(s)}` }),
  'GET /store/area/:id': noBody((i) => `/store/area/${i.area}`),
  'POST /store/area': (_i, s) => ({ url: '/store/area', payload: { storeId: s, name: '新区域' } }),
  'PUT /store/area': (i, s) => ({ url: '/store/area', payload: { id: i.area, storeId: s, name: '改名区域' } }),
  'DELETE /store/area/:id': noBody((i) => `/store/area/${i.area}`),

  'GET /store/table/page': (_i, s) => ({ url: `/store/table/page?${q(s)}` }),
  'GET /store/table/:id': noBody((i) => `/store/table/${i.table}`),
  'POST /store/table': (i, s) => ({ url: '/store/table', payload: { storeId: s, areaId: i.area, code: 'N1' } }),
  'PUT /store/table': (i, s) => ({ url: '/store/table', payload: { id: i.table, storeId: s, areaId: i.area, code: 'M1' } }),
  'DELETE /store/table/:id': noBody((i) => `/store/table/${i.table}`),
  'POST /store/table/batch': (i, s) => ({ url: '/store/table/batch', payload: { storeId: s, areaId: i.area, prefix: 'Q', from: 1, to: 3 } }),
  'PUT /store/table/:id/token': noBody((i) => `/store/table/${i.table}/token`),
  'GET /store/table/:id/qrcode': noBody((i) => `/store/table/${i.table}/qrcode`),
  'GET /store/table/qrsheet': (i, s) => ({ url: `/store/table/qrsheet?${q(s, `&areaId=${i.area}`)}` }),

  'GET /store/menu': (_i, s) => ({ url: `/store/menu?${q(s)}` }),

  'GET /store/printer/page': (_i, s) => ({ url: `/store/printer/page?${q(s)}` }),
  'GET /store/printer/:id': noBody((i) => `/store/printer/${i.printer}`),
  'POST /store/printer': (_i, s) => ({ url: '/store/printer', payload: printerBody(s, '新打印机') }),
  'PUT /store/printer': (i, s) => ({ url: '/store/printer', payload: { id: i.printer, ...printerBody(s, '改名打印机') } }),
  'DELETE /store/printer/:id': noBody((i) => `/store/printer/${i.printer}`),
  'POST /store/printer/:id/test': noBody((i) => `/store/printer/${i.printer}/test`),
  'POST /store/printer/:id/status': noBody((i) => `/store/printer/${i.printer}/status`),
  'GET /store/printer/job/page': (_i, s) => ({ url: `/store/printer/job/page?${q(s)}` }),
  'POST /store/printer/job/:id/reprint': noBody((i) => `/store/printer/job/${i.printJob}/reprint`),
};

/**
 * Routes that name no store: the store list and the switcher (their answers are checked to
 * hold only the user's stores), creating a store (it becomes the creator's), and uploads
 * (they store a file and answer its address, nothing of any store).
 */
const LISTS = new Set(['GET /store/shop/page', 'GET /store/shop/mine']);
const UNSCOPED = new Set([
  'POST /store/shop', 'POST /store/shop/logo', 'POST /store/dish/image', 'POST /store/combo/image',
  // The 飞鹅 account is the deployment's (one for every store); a preview renders sample data.
  'GET /store/printer/feie-account', 'PUT /store/printer/feie-account', 'GET /store/printer/preview',
]);

/** A network printer nothing listens for (port 9109, a printer port staff may set): its test page is a job that waits to be retried. */
const printerBody = (storeId: string, name: string) => ({ storeId, name, brand: 'escpos', host: '127.0.0.1', port: 9109, paper: 58, tickets: ['kitchen'] });

const comboBody = (i: Ids, storeId: string, name: string) => ({
  storeId, categoryId: i.comboCategory, name, price: 3000, groups: [{ name: '主菜', kind: 'fixed', minChoose: 1, maxChoose: 1, items: [{ dishId: i.dish }] }],
});

let staffId = '';
let asStaff: ReturnType<typeof callerOf>;
const ids: Record<'A' | 'B', Ids> = { A: {} as Ids, B: {} as Ids };
const storeRoutes = app.routeAccess.filter((r) => r.url.startsWith('/store/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
const has = (key: string) => storeRoutes.some((r) => `${r.method} ${r.url}` === key);

/** Every store-side table, rows in a stable order: what no refused request may change. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of Object.values(storeTables)) {
    if (!is(table, PgTable)) continue;
    const rows = await app.database.db.select().from(table);
    out[getTableName(table)] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

beforeAll(async () => {
  const admin = await signIn(app, 'admin');
  const call = callerOf(app, admin);
  for (const key of ['A', 'B'] as const) {
    const store = await createStore(app, admin, `范围测试${key}店`);
    const made = (res: Awaited<ReturnType<typeof call>>) => dataOf<{ id: string }>(res).id;
    const category = made(await call('POST', '/store/category', { storeId: store, name: '热菜' }));
    const comboCategory = made(await call('POST', '/store/category', { storeId: store, name: '套餐', kind: 'combo' }));
    const area = made(await call('POST', '/store/area', { storeId: store, name: '大厅' }));
    const table = made(await call('POST', '/store/table', { storeId: store, areaId: area, code: 'T1' }));
    const spec = has('POST /store/spec') ? made(await call('POST', '/store/spec', { storeId: store, name: '辣度', options: [{ name: '微辣' }] })) : '0';
    const dish = has('POST /store/dish') ? made(await call('POST', '/store/dish', { storeId: store, categoryId: category, name: '回锅肉', price: 3800 })) : '0';
    const combo = has('POST /store/combo') ? made(await call('POST', '/store/combo', comboBody({ dish, comboCategory } as Ids, store, '单人餐'))) : '0';
    const printer = has('POST /store/printer') ? made(await call('POST', '/store/printer', printerBody(store, '后厨'))) : '0';
    let printJob = '0';
    if (has('POST /store/printer/:id/test')) {
      await call('POST', `/store/printer/${printer}/test`);
      printJob = dataOf<{ records: Array<{ id: string }> }>(await call('GET', `/store/printer/job/page?storeId=${store}`)).records[0]!.id;
    }
    ids[key] = { store, category, comboCategory, area, table, spec, dish, combo, printer, printJob };
  }
  const staff = await storeStaff(app, 'scope-staff', [ids.A.store]);
  staffId = staff.id;
  asStaff = callerOf(app, staff.headers);
});

describe('the store scope on every store-side route', () => {
  it('has a request for every route under /store/', () => {
    expect(storeRoutes.length).toBeGreaterThan(30);
    const uncovered = storeRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !FIXTURES[k] && !LISTS.has(k) && !UNSCOPED.has(k));
    expect(uncovered).toEqual([]);
  });

  it('lists only the user\'s own stores', async () => {
    const page = dataOf<{ records: Array<{ id: string }> }>(await asStaff('GET', '/store/shop/page?size=1000'));
    expect(page.records.map((s) => s.id)).toEqual([ids.A.store]);
    expect(dataOf<Array<{ id: string }>>(await asStaff('GET', '/store/shop/mine')).map((s) => s.id)).toEqual([ids.A.store]);
  });

  it('answers 404 to every request that names store B or one of its rows, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of storeRoutes) {
      const key = `${route.method} ${route.url}`;
      const fixture = FIXTURES[key];
      if (!fixture) continue;
      // B's rows in store B; and B's rows named under store A, the user's own store.
      const variants: Array<[string, Request]> = [['B', fixture(ids.B, ids.B.store)]];
      const mixed = fixture(ids.B, ids.A.store);
      const same = (x: Request, y: Request) => JSON.stringify(x) === JSON.stringify(y);
      // Only when the request names rows besides the store, and names the store at all.
      if (!same(mixed, fixture(ids.A, ids.A.store)) && !same(mixed, variants[0]![1])) variants.push(['B rows in A', mixed]);
      for (const [name, request] of variants) {
        const res = await asStaff(route.method as Method, request.url, request.payload);
        if (res.statusCode !== 404) failures.push(`${key} (${name}): ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('the same requests for store A are served (the 404s above are the scope, not a bad request)', async () => {
    const failures: string[] = [];
    // Deletes last: the other requests need the rows.
    const ordered = [...storeRoutes].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of ordered) {
      const key = `${route.method} ${route.url}`;
      const fixture = FIXTURES[key];
      if (!fixture) continue;
      const request = fixture(ids.A, ids.A.store);
      const res = await asStaff(route.method as Method, request.url, request.payload);
      // 409: a refused delete of a row still in use (a category with dishes, an area with tables, a store with both).
      if (res.statusCode !== 200 && res.statusCode !== 409) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
