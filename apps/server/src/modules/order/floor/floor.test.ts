import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TAB_SECRET_HEADER, type DinerOrder, type Floor, type OrderRecord, type TablePanel } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { createTestUser, signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { assignStore, cartOf, chickenLine, createOrderApi, insertTable, orderFixture, payInFull, setSku, stockOf, type OrderFixture } from '../../../../test/orders.js';
import { rowsOf } from '../../../db/queries.js';
import type { OrderService } from '../orders/order-service.js';
import { tableSession } from '../tables.js';

/**
 * The floor (issue 24): a table's seating and its state, derived from its orders — 开台 →
 * 已开台, an order → 就餐中, 买单 → 待结账, paid and all out → 待清台, 清台 → 空闲 — a diner's
 * pay-first QR order opening a seating, 转台, 并台 into one bill paid once, 清台 refused while
 * unpaid, two devices opening one table at once, the counter refused a second order at a table
 * with an open tab, another store's table 404 and no permission 403.
 */
let app: App;
let admin: AuthHeader;
let first: OrderFixture; // pay-first store
let later: OrderFixture; // pay-later store
/** The floor's staff (the floor's permissions are not on the seeded menus' roles yet), in both stores. */
let floor: AuthHeader;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  first = await orderFixture(app);
  later = await orderFixture(app, { payMode: 'pay_later' });
  for (const f of [first, later]) {
    await setSku(app, f.storeId, f.skus.small, { stock: 100 });
    await setSku(app, f.storeId, f.skus.large, { stock: 100 });
  }
  floor = await userWith(`floor-all-${Date.now()}`, ['order:floor:index', 'order:floor:open', 'order:floor:transfer', 'order:floor:clear'], [first.storeId, later.storeId]);
});

/** A user with only these permissions, working in these stores. */
async function userWith(name: string, permissions: string[], storeIds: string[]): Promise<AuthHeader> {
  const db = app.database.db;
  const userId = await createTestUser(app, name);
  if (permissions.length) {
    // A role of its own through menu buttons, as the seeded roles get theirs (SQL: the identity module's tables are its own).
    const [role] = rowsOf<{ id: string }>(await db.execute(sql`insert into sys_role (role_name, role_code) values (${name}, ${`ROLE_${name.toUpperCase().replace(/-/g, '_')}`}) returning id::text as id`));
    for (const permission of permissions) {
      const [menu] = rowsOf<{ id: string }>(await db.execute(sql`insert into sys_menu (name, permission, type) values (${permission}, ${permission}, '1') returning id::text as id`));
      await db.execute(sql`insert into sys_role_menu (role_id, menu_id) values (${role!.id}::bigint, ${menu!.id}::bigint)`);
    }
    await db.execute(sql`insert into sys_user_role (user_id, role_id) values (${userId}::bigint, ${role!.id}::bigint)`);
  }
  for (const storeId of storeIds) await assignStore(app, userId, storeId);
  return signIn(app, name);
}


const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = floor) => {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = res.json<{ data: T; msg: string }>();
  return { status: res.statusCode, data: json.data, msg: json.msg };
};
const panel = async (tableId: string) => (await call<TablePanel>('GET', `/order/floor/table/${tableId}`)).data;
const stateOf = async (tableId: string) => (await panel(tableId)).table.state;

async function newTable(f: OrderFixture, code: string): Promise<{ id: string; token: string }> {
  const id = await insertTable(app, f.storeId, code);
  const { data } = await call<{ orderUrl: string }>('GET', `/store/table/${id}`, undefined, admin);
  return { id, token: data.orderUrl.split('/').pop()! };
}

const secrets = new Map<string, string>();
async function dinerOrder(f: OrderFixture, token: string, quantity = 1) {
  const res = await call<{ order: DinerOrder; tabSecret?: string }>('POST', `/order/diner/${token}/order`,
    { lines: [chickenLine(f, quantity, { skuId: f.skus.small })] }, secrets.has(token) ? { [TAB_SECRET_HEADER]: secrets.get(token)! } : {});
  if (res.data?.tabSecret) secrets.set(token, res.data.tabSecret);
  return res;
}

describe('a table follows what happens at it', () => {
  it('开台 → 已开台, an order → 就餐中, paid with dishes to make → 就餐中, all out → 待清台, 清台 → 空闲; the occupancy times are kept', async () => {
    const t = await newTable(first, 'F01');
    expect(await stateOf(t.id)).toBe('idle');
    const opened = await call<TablePanel>('POST', `/order/floor/table/${t.id}/open`, { guests: 3, note: '靠窗' });
    expect(opened.status).toBe(200);
    expect(opened.data.table).toMatchObject({ state: 'opened', session: { guests: 3, note: '靠窗', orderCount: 0, firstOrderAt: null } });
    const record = await createOrderApi(app, admin, cartOf(first, [chickenLine(first, 1)], { tableId: t.id }));
    let p = await panel(t.id);
    expect(p.table).toMatchObject({ state: 'dining', session: { orderCount: 1, amount: record.payableAmount, unpaidAmount: record.payableAmount } });
    expect(p.table.session!.firstOrderAt).not.toBeNull();
    expect(p.orders.map((o) => o.id)).toEqual([record.id]);
    await payInFull(app, record.id);
    p = await panel(t.id);
    expect(p.table).toMatchObject({ state: 'dining', session: { unpaidAmount: 0, linesToMake: 1 } });
    expect(p.table.session!.paidAt).not.toBeNull();
    await (app.order as OrderService).accept(record.id, { id: null, name: 'test' });
    expect(await stateOf(t.id)).toBe('dining');
    await (app.order as OrderService).finish(record.id, { id: null, name: 'test' });
    expect(await stateOf(t.id)).toBe('to_clear');
    const cleared = await call<TablePanel>('POST', `/order/floor/table/${t.id}/clear`);
    expect(cleared.status).toBe(200);
    expect(cleared.data.table).toMatchObject({ state: 'idle', session: null });
    const [row] = await app.database.db.select().from(tableSession).where(eq(tableSession.tableId, t.id));
    expect(row).toMatchObject({ state: 'cleared', guests: 3, clearedBy: expect.stringMatching(/^floor-all-/) });
    expect(row!.firstOrderAt && row!.paidAt && row!.clearedAt).toBeTruthy();
    expect((await app.order.get(record.id)).logs.map((l) => l.remark)).toContain('清台 F01');
  });

  it('a diner\'s tab: 就餐中, 买单 → 待结账, paid → 待清台 once its dishes are out; a cancelled order alone leaves it 已开台', async () => {
    const t = await newTable(later, 'L01');
    const tab = await dinerOrder(later, t.token);
    expect(tab.status).toBe(200);
    const p = await panel(t.id);
    expect(p.table).toMatchObject({ state: 'dining', session: { orderCount: 1 } });
    // Each line's kitchen side for the panel's tags: nothing made, rushed or voided yet.
    const waiting = p.orders[0]!.lines.map((l) => ({ lineId: l.id, state: 'waiting', rushedAt: null, voidedQuantity: 0 }));
    expect(p.kitchen).toHaveLength(waiting.length);
    expect(p.kitchen).toEqual(expect.arrayContaining(waiting));
    const id = p.orders[0]!.id;
    expect((await call('POST', `/order/order/${id}/bill`, undefined, admin)).status).toBe(200);
    expect(await stateOf(t.id)).toBe('billing');
    expect((await panel(t.id)).table.session!.billAt).not.toBeNull();
    await payInFull(app, id);
    await (app.order as OrderService).finish(id, { id: null, name: 'test' });
    expect(await stateOf(t.id)).toBe('to_clear');

    const u = await newTable(first, 'F02');
    const o = await createOrderApi(app, admin, cartOf(first, [chickenLine(first, 1)], { tableId: u.id, guests: 2 }));
    expect((await panel(u.id)).table).toMatchObject({ state: 'dining', session: { guests: 2 } });
    expect((await call('POST', `/order/order/${o.id}/cancel`, { reason: '客人走了' }, admin)).status).toBe(200);
    expect((await panel(u.id)).table).toMatchObject({ state: 'opened', session: { orderCount: 0 } });
  });

  it('a diner\'s pay-first QR order opens the table\'s seating; the map shows it with its amount', async () => {
    const t = await newTable(first, 'F03');
    // What the diners' page does (its payment link needs WeChat Pay, tested in diner/).
    const created = await app.order.create({ cart: { type: 'dine_in', lines: [chickenLine(first, 1, { skuId: first.skus.small })] }, source: 'qr', tableToken: t.token, operator: { id: null, name: '' } });
    expect(created).toMatchObject({ status: 'pending', tableCode: 'F03' });
    const floor = (await call<Floor>('GET', `/order/floor/map?storeId=${first.storeId}`)).data;
    const table = floor.tables.find((x) => x.id === t.id)!;
    expect(table).toMatchObject({ code: 'F03', state: 'dining', session: { orderCount: 1, unpaidAmount: created.payableAmount } });
    expect(floor.counts.dining).toBeGreaterThanOrEqual(1);
  });
});

describe('转台, 并台 and 清台', () => {
  it('转台 moves the seating and its orders to a free table (logged, tableTransferred heard); a busy target is refused naming it', async () => {
    const a = await newTable(first, 'T01');
    const b = await newTable(first, 'T02');
    const busy = await newTable(first, 'T03');
    const heard: unknown[] = [];
    app.order.hooks.on('tableTransferred', async (_tx, e) => {
      heard.push(e);
    });
    const o = await createOrderApi(app, admin, cartOf(first, [chickenLine(first, 1)], { tableId: a.id }));
    await call('POST', `/order/floor/table/${busy.id}/open`, { guests: 2 });
    const refused = await call('POST', `/order/floor/table/${a.id}/transfer`, { toTableId: busy.id });
    expect(refused).toMatchObject({ status: 409, msg: '目标桌台 T03 不是空闲状态' });
    const moved = await call<TablePanel>('POST', `/order/floor/table/${a.id}/transfer`, { toTableId: b.id });
    expect(moved.status).toBe(200);
    expect(moved.data.table).toMatchObject({ id: b.id, state: 'dining' });
    expect(await stateOf(a.id)).toBe('idle');
    const after = await app.order.get(o.id);
    expect(after).toMatchObject({ tableId: b.id, tableCode: 'T02' });
    expect(after.logs.at(-1)).toMatchObject({ action: 'transfer', remark: '转台 T01 → T02' });
    expect(heard).toContainEqual(expect.objectContaining({ fromTableCode: 'T01', toTableCode: 'T02', orderIds: [o.id] }));
  });

  it('并台: the other table\'s tab joins this one as a new round, its order cancelled 并台至 without stock back; one bill, paid once; both tables cleared together', async () => {
    const a = await newTable(later, 'M01');
    const b = await newTable(later, 'M02');
    await dinerOrder(later, a.token, 1);
    await dinerOrder(later, b.token, 2);
    const tabA = (await panel(a.id)).orders[0]!;
    const tabB = (await panel(b.id)).orders[0]!;
    const stock = await stockOf(app, { skuId: later.skus.small });
    const merged = await call<TablePanel>('POST', `/order/floor/table/${a.id}/merge`, { fromTableId: b.id });
    expect(merged.status).toBe(200);
    expect(merged.data.table.session).toMatchObject({ mergedTableCodes: ['M02'], orderCount: 1, amount: tabA.payableAmount + tabB.payableAmount });
    const one = merged.data.orders.find((o) => o.id === tabA.id)!;
    expect(one.payableAmount).toBe(tabA.payableAmount + tabB.payableAmount);
    expect(one.lines.map((l) => [l.round, l.quantity])).toEqual([[1, 1], [2, 2]]);
    const gone = await app.order.get(tabB.id);
    expect(gone).toMatchObject({ status: 'cancelled', cancelReason: '并台至 M01', payableAmount: 0 });
    expect(await stockOf(app, { skuId: later.skus.small })).toBe(stock);
    // The merged table shows the seating it joined.
    expect((await panel(b.id)).table.session).toMatchObject({ mergedIntoTableCode: 'M01', state: 'dining', amount: one.payableAmount });
    expect((await call('POST', `/order/floor/table/${a.id}/clear`)).msg).toBe(`还有未结账的订单（¥${(one.payableAmount / 100).toFixed(2)}），不能清台`);
    await payInFull(app, tabA.id);
    expect((await app.order.get(tabA.id)).paidAmount).toBe(one.payableAmount);
    expect((await call('POST', `/order/floor/table/${b.id}/clear`)).status).toBe(200);
    expect(await stateOf(a.id)).toBe('idle');
    expect(await stateOf(b.id)).toBe('idle');
  });

  it('two devices open one table at once: one gets it, the other is told who', async () => {
    const t = await newTable(first, 'C01');
    const answers = await Promise.all([1, 2].map((g) => call('POST', `/order/floor/table/${t.id}/open`, { guests: g })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.msg).toMatch(/^该桌已开台（floor-all-\d+ \d\d:\d\d）$/);
    const rows = await app.database.db.select().from(tableSession).where(eq(tableSession.tableId, t.id));
    expect(rows).toHaveLength(1);
  });

  it('two orders at once at a free table open one seating and both join it', async () => {
    const t = await newTable(first, 'C02');
    const cart = { type: 'dine_in' as const, lines: [chickenLine(first, 1, { skuId: first.skus.small })] };
    const made = await Promise.all([1, 2].map(() => app.order.create({ cart, source: 'qr', tableToken: t.token, operator: { id: null, name: '' } })));
    const rows = await app.database.db.select().from(tableSession).where(eq(tableSession.tableId, t.id));
    expect(rows).toHaveLength(1);
    const p = await panel(t.id);
    expect(p.table).toMatchObject({ state: 'dining', session: { orderCount: 2 } });
    expect(p.orders.map((o) => o.id).sort()).toEqual(made.map((o) => o.id).sort());
  });

  it('the counter does not join a table\'s open tab: 409 naming the tab and its amount', async () => {
    const t = await newTable(later, 'K01');
    await dinerOrder(later, t.token, 1);
    const tab = (await panel(t.id)).orders[0]!;
    const res = await app.inject({ method: 'POST', url: '/order/order', headers: admin, payload: cartOf(later, [chickenLine(later, 1)], { tableId: t.id }) as object });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ msg: string }>().msg).toBe(`该桌有进行中的订单 ${tab.orderNo}（¥${(tab.payableAmount / 100).toFixed(2)}），请在该订单上加菜`);
    expect((await panel(t.id)).orders.map((o: OrderRecord) => o.id)).toEqual([tab.id]);
  });
});

describe('the map follows every change at once (it is served from a per-instance read model)', () => {
  const map = async () => (await call<Floor>('GET', `/order/floor/map?storeId=${first.storeId}`)).data;
  it('开台, a new table, a renamed area and a failed write: each read after a change shows it', async () => {
    const table = await newTable(first, 'M01');
    expect((await map()).tables.find((t) => t.id === table.id)?.state).toBe('idle');
    await map(); // now kept
    expect((await call('POST', `/order/floor/table/${table.id}/open`, { guests: 2 })).status).toBe(200);
    expect((await map()).tables.find((t) => t.id === table.id)?.state).toBe('opened');

    const areaId = (await call<{ areaId: string }>('GET', `/store/table/${table.id}`, undefined, admin)).data.areaId;
    const created = await call<{ id: string }>('POST', '/store/table', { storeId: first.storeId, areaId, code: 'M02', seats: 6 }, admin);
    expect(created.status).toBe(200);
    expect((await map()).tables.find((t) => t.id === created.data.id)?.code).toBe('M02');

    const renamed = `二楼${Date.now() % 10000}`;
    expect((await call('PUT', '/store/area', { id: areaId, storeId: first.storeId, name: renamed, sort: 0 }, admin)).status).toBe(200);
    expect((await map()).areas.find((a) => a.id === areaId)?.name).toBe(renamed);

    const before = await map();
    const duplicate = await call('POST', '/store/table', { storeId: first.storeId, areaId, code: 'M02', seats: 2 }, admin);
    expect(duplicate.status).toBe(409);
    expect((await map()).tables.length).toBe(before.tables.length);
  });
});

describe('access', () => {
  it('another store\'s table answers 404, and without the permission 403', async () => {
    const other = await newTable(later, 'X01');
    const mine = await newTable(first, 'X02');
    const staff = await userWith(`floor-staff-${Date.now()}`, ['order:floor:index', 'order:floor:open'], [first.storeId]);
    expect((await call('GET', `/order/floor/table/${mine.id}`, undefined, staff)).status).toBe(200);
    expect((await call('GET', `/order/floor/table/${other.id}`, undefined, staff)).status).toBe(404);
    expect((await call('POST', `/order/floor/table/${other.id}/open`, { guests: 1 }, staff)).status).toBe(404);
    expect((await call('GET', `/order/floor/map?storeId=${later.storeId}`, undefined, staff)).status).toBe(404);
    expect((await call('POST', `/order/floor/table/${mine.id}/clear`, undefined, staff)).status).toBe(403);
    const nobody = await userWith(`floor-none-${Date.now()}`, [], [first.storeId]);
    expect((await call('GET', `/order/floor/map?storeId=${first.storeId}`, undefined, nobody)).status).toBe(403);
  });
});
