import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TAB_KEYS, ORDER_TABS, type OrderRow, type Page } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { order } from '../tables.js';
import { callerOf, cartOf, chickenLine, createOrderApi, insertTable, orderFixture, orderMember, payInFull, setSku, type OrderFixture } from '../../../../test/orders.js';

let app: App;
let admin: AuthHeader;
let f: OrderFixture;
const ids: Record<string, string> = {};
let phone = '';

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.small, { stock: 1000 });
  const db = app.database.db;
  const tableId = await insertTable(app, f.storeId, 'A08');
  const m = await orderMember(app);
  phone = m.phone;
  const rice = { kind: 'dish' as const, itemId: f.dishes.rice, quantity: 1 };
  ids.pending = (await createOrderApi(app, admin, cartOf(f, [rice], { tableId }))).id;
  ids.paid = (await createOrderApi(app, admin, cartOf(f, [rice], { memberId: m.id }))).id;
  await payInFull(app, ids.paid, 'balance');
  ids.making = (await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small })], { type: 'takeaway' }))).id;
  await payInFull(app, ids.making, 'wechat');
  await callerOf(app, admin)('POST', `/order/order/${ids.making}/accept`);
  ids.finished = (await createOrderApi(app, admin, cartOf(f, [rice]))).id;
  await payInFull(app, ids.finished, 'cash');
  await callerOf(app, admin)('POST', `/order/order/${ids.finished}/accept`);
  await callerOf(app, admin)('POST', `/order/order/${ids.finished}/finish`);
  ids.cancelled = (await createOrderApi(app, admin, cartOf(f, [rice]))).id;
  await callerOf(app, admin)('POST', `/order/order/${ids.cancelled}/cancel`, { reason: '测试' });
  // One from an earlier business day, from a table's QR code.
  ids.old = (await createOrderApi(app, admin, cartOf(f, [rice]))).id;
  await db.update(order).set({ businessDate: '2026-01-02', source: 'qr' }).where(eq(order.id, ids.old));
});

const page = async (query: string) => {
  const res = await callerOf(app, admin)('GET', `/order/order/page?storeId=${f.storeId}&${query.includes('size=') ? '' : 'size=50&'}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page<OrderRow> }>().data;
};
const found = async (query: string) => (await page(query)).records.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? r.id);

describe('the order list', () => {
  it('lists newest first (business date, then id) with totals', async () => {
    const all = await page('');
    expect(all.total).toBe(6);
    expect(all.records.map((r) => r.id)).toEqual([ids.cancelled, ids.finished, ids.making, ids.paid, ids.pending, ids.old]);
    const row = all.records.find((r) => r.id === ids.paid)!;
    expect(row).toMatchObject({ storeId: f.storeId, status: 'paid', payLater: false, payMethods: ['balance'], memberPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, itemCount: 1 });
    expect(row.storeName).toMatch(/^订单测试店/);
    const second = await page('size=2&current=2');
    expect(second).toMatchObject({ total: 6, pages: 3, current: 2 });
    expect(second.records.map((r) => r.id)).toEqual([ids.making, ids.paid]);
  });

  it('has the tabs of the specification (todo holds unpaid and paid-not-accepted)', async () => {
    expect(await found('tab=todo')).toEqual(['paid', 'pending', 'old']);
    expect(await found('tab=making')).toEqual(['making']);
    expect(await found('tab=finish')).toEqual(['finished']);
    expect(await found('tab=canceled')).toEqual(['cancelled']);
    const counts = (await callerOf(app, admin)('GET', `/order/order/counts?storeId=${f.storeId}`)).json<{ data: Record<string, number> }>();
    expect(counts.data).toEqual({ all: 6, todo: 3, making: 1, finish: 1, canceled: 1 });
  });

  it("keeps each order's tab as the contract's ORDER_TABS say (the database's generated column)", async () => {
    const probe = await createOrderApi(app, admin, cartOf(f, [{ kind: 'dish', itemId: f.dishes.rice, quantity: 1 }]));
    const db = app.database.db;
    try {
      for (const status of ORDER_STATUSES) {
        const [row] = await db.update(order).set({ status }).where(eq(order.id, probe.id)).returning({ tab: order.tab });
        const expected = ORDER_TAB_KEYS.find((tab) => tab !== 'all' && (ORDER_TABS[tab] as readonly string[]).includes(status));
        expect([status, row!.tab]).toEqual([status, expected]);
      }
    } finally {
      await db.delete(order).where(eq(order.id, probe.id));
    }
  });

  it('filters by dates, number, phone, table, type, source and payment method', async () => {
    const today = (await page('')).records[0]!.businessDate;
    expect(await found(`dateFrom=${today}&dateTo=${today}`)).toEqual(['cancelled', 'finished', 'making', 'paid', 'pending']);
    expect(await found('dateTo=2026-01-02')).toEqual(['old']);
    const paid = (await page('')).records.find((r) => r.id === ids.paid)!;
    expect(await found(`orderNo=${paid.orderNo}`)).toEqual(['paid']);
    // A prefix: the day and the store (the old order kept its number when its date was moved).
    expect(await found(`orderNo=${paid.orderNo.slice(0, 9)}`)).toHaveLength(6);
    expect(await found(`phone=${phone}`)).toEqual(['paid']);
    expect(await found(`phone=${phone.slice(-4)}`)).toEqual(['paid']);
    expect(await found(`phone=${phone.slice(-6)}`)).toEqual(['paid']);
    expect(await found('tableCode=A08')).toEqual(['pending']);
    expect(await found('type=takeaway')).toEqual(['making']);
    expect(await found('source=qr')).toEqual(['old']);
    expect(await found('payMethod=wechat')).toEqual(['making']);
    expect(await found('payMethod=cash&tab=finish')).toEqual(['finished']);
    // ¥2 twice (newest first on a tie), then the member's ¥1.50.
    expect(await found('descs=payable_amount&tab=todo')).toEqual(['old', 'pending', 'paid']);
    const bad = await callerOf(app, admin)('GET', `/order/order/page?storeId=${f.storeId}&descs=secret`);
    expect(bad.statusCode).toBe(400);
  });
});
