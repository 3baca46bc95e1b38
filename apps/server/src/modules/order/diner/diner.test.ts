import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TAB_SECRET_HEADER, type DinerOrder, type OrderingMenu } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, failure, insertCategory, insertStore, ok, type Caller } from '../../../../test/catalogue.js';
import { startSimulator } from '../../../../test/sim.js';
import { DINER_ORDERS_PER_TABLE } from './routes.js';

/**
 * The diners' page's public routes: a table's menu by its QR token (unknown or disabled → 404
 * 桌台二维码无效或已失效), quoting and creating through the orders service with the table and
 * store taken from the token (pay-later waits for the counter, pay-first answers a payment page
 * returning to the order's status page), an order's status by its view token, the creation
 * limit per table, and diner.html served at the table's address.
 */
const dist = mkdtempSync(path.join(os.tmpdir(), 'canteen-diner-web-'));
writeFileSync(path.join(dist, 'diner.html'), '<!doctype html><title>扫码点餐</title><div id="diner"></div><script>window.x=1</script>');
const simulator = await startSimulator();
const { app } = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_BASE_URL: 'https://canteen.example', SIM_PORT: new URL(simulator.url).port });

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
let admin: Caller;
/** Store name → { id, table token, dish id }. */
const stores: Record<string, { id: string; token: string; tableId: string; dishId: string }> = {};

const anonymous = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function storeWithTable(name: string, fields: Parameters<typeof insertStore>[2]) {
  const id = await insertStore(app, name, fields);
  const categoryId = await insertCategory(app, id, '热菜');
  const dishId = ok<{ id: string }>(await admin('POST', '/store/dish', { storeId: id, categoryId, name: '宫保鸡丁', price: 2800 })).id;
  const areaId = ok<{ id: string }>(await admin('POST', '/store/area', { storeId: id, name: '大厅' })).id;
  const table = ok<{ id: string; orderUrl: string }>(await admin('POST', '/store/table', { storeId: id, areaId, code: 'A01' }));
  stores[name] = { id, token: table.orderUrl.split('/').pop()!, tableId: table.id, dishId };
}

const cartOf = (name: string, quantity = 2) => ({ lines: [{ kind: 'dish', itemId: stores[name]!.dishId, quantity }], remark: '少辣' });

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  await storeWithTable('先付店', { payMode: 'pay_first' });
  await storeWithTable('后付店', { payMode: 'pay_later' });
  await storeWithTable('休息店', { isOpen: false });
});

describe('a table by its QR token', () => {
  it('answers the table and its store\'s ordering menu (gzipped when asked)', async () => {
    const { id, token } = stores['先付店']!;
    const data = ok<{ table: Record<string, unknown>; menu: OrderingMenu }>(await anonymous('GET', `/order/diner/${token}`));
    expect(data.table).toEqual({ storeId: id, storeName: '先付店', tableCode: 'A01', areaName: '大厅', payMode: 'pay_first' });
    expect(data.menu).toEqual(ok<OrderingMenu>(await admin('GET', `/store/menu?storeId=${id}`)));
    expect(data.menu.categories[0]!.dishes.map((d) => d.name)).toEqual(['宫保鸡丁']);
    const zipped = await anonymous('GET', `/order/diner/${token}`, undefined, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual({ code: 0, msg: null, data });
    // Revisited unchanged: 304; the menu edited: a new tag.
    const etag = String(zipped.headers.etag);
    expect((await anonymous('GET', `/order/diner/${token}`, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    ok(await admin('POST', '/store/dish', { storeId: id, categoryId: data.menu.categories[0]!.id, name: '鱼香肉丝', price: 2600 }));
    const edited = await anonymous('GET', `/order/diner/${token}`, undefined, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('refuses an unknown, malformed or disabled table token with 404 naming it (every route)', async () => {
    for (const [method, url, body] of [
      ['GET', `/order/diner/${UNKNOWN}`, undefined],
      ['POST', `/order/diner/${UNKNOWN}/quote`, cartOf('先付店')],
      ['POST', `/order/diner/${UNKNOWN}/order`, cartOf('先付店')],
    ] as const) {
      expect(failure(await anonymous(method, url, body))).toEqual({ status: 404, msg: '桌台二维码无效或已失效' });
    }
    expect(failure(await anonymous('GET', '/order/diner/short')).status).toBe(400);
    const { tableId, token, id } = stores['休息店']!;
    const table = ok<Record<string, unknown>>(await admin('GET', `/store/table/${tableId}`));
    ok(await admin('PUT', '/store/table', { ...table, enabled: false, storeId: id }));
    expect(failure(await anonymous('GET', `/order/diner/${token}`))).toEqual({ status: 404, msg: '桌台二维码无效或已失效' });
    ok(await admin('PUT', '/store/table', { ...table, enabled: true, storeId: id }));
  });

  it('serves the diners\' page at the table\'s address and its order status address', async () => {
    for (const url of [`/order/t/${stores['先付店']!.token}`, `/order/t/${stores['先付店']!.token}/order/${UNKNOWN}`]) {
      const page = await anonymous('GET', url, undefined, { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="diner">');
      expect(page.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    }
  });
});

describe('ordering from a table', () => {
  it('shows a closed store in the menu and refuses its orders', async () => {
    const { token } = stores['休息店']!;
    const { menu } = ok<{ menu: OrderingMenu }>(await anonymous('GET', `/order/diner/${token}`));
    expect(menu.store.isOpen).toBe(false);
    const refused = failure(await anonymous('POST', `/order/diner/${token}/order`, cartOf('休息店')));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.msg).toMatch(/休息|打烊|营业/);
  });

  it('outside its hours: the menu says when it opens, the cart is still priced, an order is refused', async () => {
    const lunch = [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:30', close: '14:00' }];
    await storeWithTable('午市店', { payMode: 'pay_later', businessHours: lunch });
    const { token } = stores['午市店']!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-06-05T19:30:00Z')); // Friday 03:30 in Shanghai
      await app.store.menu.check();
      const { menu } = ok<{ menu: OrderingMenu }>(await anonymous('GET', `/order/diner/${token}`));
      expect(menu.store).toMatchObject({ isOpen: true, openNow: false, nextOpenAt: '2031-06-06T02:30:00.000Z', timeZone: 'Asia/Shanghai' });
      expect(ok<{ payableAmount: number }>(await anonymous('POST', `/order/diner/${token}/quote`, cartOf('午市店'))).payableAmount).toBe(5600);
      expect(failure(await anonymous('POST', `/order/diner/${token}/order`, cartOf('午市店')))).toEqual({ status: 400, msg: '本店休息中' });
      vi.setSystemTime(new Date('2031-06-06T02:30:00Z')); // 10:30: open
      await app.store.menu.check();
      expect(ok<{ menu: OrderingMenu }>(await anonymous('GET', `/order/diner/${token}`)).menu.store).toMatchObject({ openNow: true, nextOpenAt: null });
      ok(await anonymous('POST', `/order/diner/${token}/order`, cartOf('午市店')));
    } finally {
      vi.useRealTimers();
    }
  });

  it('quotes a cart at the server\'s prices', async () => {
    const quote = ok<{ goodsAmount: number; payableAmount: number }>(await anonymous('POST', `/order/diner/${stores['后付店']!.token}/quote`, cartOf('后付店')));
    expect(quote).toMatchObject({ goodsAmount: 5600, payableAmount: 5600 });
  });

  it('pay-later: the order waits for the counter, at the token\'s table, and its view token shows it', async () => {
    const created = ok<{ order: DinerOrder; payUrl: string | null }>(await anonymous('POST', `/order/diner/${stores['后付店']!.token}/order`, cartOf('后付店')));
    expect(created.payUrl).toBeNull();
    expect(created.order).toMatchObject({ status: 'dining', type: 'dine_in', tableCode: 'A01', payableAmount: 5600, paidAmount: 0, remark: '少辣' });
    expect(created.order.lines.map((l) => [l.name, l.quantity, l.lineAmount])).toEqual([['宫保鸡丁', 2, 5600]]);
    expect(ok<DinerOrder>(await anonymous('GET', `/order/diner/order/${created.order.viewToken}`))).toEqual(created.order);
    expect(failure(await anonymous('POST', `/order/diner/order/${created.order.viewToken}/pay`)).status).toBe(409);
  });

  it('pay-first: the order is pending and the answer is a payment page that returns to the order\'s status page', async () => {
    const { token } = stores['先付店']!;
    const created = ok<{ order: DinerOrder; payUrl: string | null }>(await anonymous('POST', `/order/diner/${token}/order`, cartOf('先付店', 1)));
    expect(created.order).toMatchObject({ status: 'pending', payableAmount: 2800, paidAmount: 0 });
    expect(created.payUrl).toMatch(/^https?:\/\//);
    const back = `https://canteen.example/order/t/${token}/order/${created.order.viewToken}`;
    expect(decodeURIComponent(created.payUrl!)).toContain(back);
    // Paying again (the first page was closed): another page for the same order.
    const again = ok<{ order: DinerOrder; payUrl: string | null }>(await anonymous('POST', `/order/diner/order/${created.order.viewToken}/pay`));
    expect(again.order.orderNo).toBe(created.order.orderNo);
    expect(decodeURIComponent(again.payUrl!)).toContain(back);
  });

  it('takes away only where the store allows it', async () => {
    const takeaway = ok<{ order: DinerOrder }>(await anonymous('POST', `/order/diner/${stores['后付店']!.token}/order`, { ...cartOf('后付店', 1), type: 'takeaway' }));
    expect(takeaway.order.type).toBe('takeaway');
    await storeWithTable('堂食店', { payMode: 'pay_later', orderTypes: ['dine_in'] });
    const refused = failure(await anonymous('POST', `/order/diner/${stores['堂食店']!.token}/order`, { ...cartOf('堂食店', 1), type: 'takeaway' }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.msg).toContain('外带');
  });

  it('answers a retried creation (same Idempotency-Key) with the same order', async () => {
    // A table of its own: 后付店's A01 has a tab open (by another device) since the pay-later case.
    await storeWithTable('重试店', { payMode: 'pay_later' });
    const { token } = stores['重试店']!;
    const headers = { 'idempotency-key': 'diner-retry-0001' };
    const first = ok<{ order: DinerOrder }>(await anonymous('POST', `/order/diner/${token}/order`, cartOf('重试店', 1), headers));
    const second = ok<{ order: DinerOrder }>(await anonymous('POST', `/order/diner/${token}/order`, cartOf('重试店', 1), headers));
    expect(second.order.orderNo).toBe(first.order.orderNo);
    expect(second.order.viewToken).toBe(first.order.viewToken);
  });

  it('refuses an unknown view token', async () => {
    expect(failure(await anonymous('GET', `/order/diner/order/${UNKNOWN}`)).status).toBe(404);
    expect(failure(await anonymous('POST', `/order/diner/order/${UNKNOWN}/pay`)).status).toBe(404);
  });

  it(`limits creating to ${DINER_ORDERS_PER_TABLE.max} orders a minute per table`, async () => {
    await storeWithTable('限流店', { payMode: 'pay_later' });
    const { token } = stores['限流店']!;
    // The device that opened the tab adds to it (its secret, issue 22 #5).
    const opened = await anonymous('POST', `/order/diner/${token}/order`, cartOf('限流店', 1));
    const mine = { [TAB_SECRET_HEADER]: ok<{ tabSecret: string }>(opened).tabSecret };
    const answers: number[] = [opened.statusCode];
    for (let i = 1; i < DINER_ORDERS_PER_TABLE.max; i++) answers.push((await anonymous('POST', `/order/diner/${token}/order`, cartOf('限流店', 1), mine)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    const last = await anonymous('POST', `/order/diner/${token}/order`, cartOf('限流店', 1), mine);
    expect(failure(last).status).toBe(429);
    expect(failure(last).msg).toMatch(/^下单太频繁，请 \d+ 秒后再试$/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
