import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, type OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { Db } from '../../../db/client.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, orderMember, setSku, type OrderFixture } from '../../order/testing.js';
import { countOrdersIntoRollups } from './listeners.js';
import { rebuildRollups } from './rebuild.js';
import { rowsOf } from '../../../db/queries.js';

/**
 * Payments (cash and balance), refunds (to the balance) and a rebuild all at once on the same
 * store and day: every request succeeds (the roll-up rows are locked in one order: the wallet's,
 * then the orders'; a rebuild waits for the transactions in flight), and the rows kept equal a
 * rebuild afterwards. Meaningful on PostgreSQL (TEST_DATABASE_URL); PGlite runs one at a time.
 */
const { app } = await createTestApp();
countOrdersIntoRollups(app);
const db = app.database.db;

let admin: AuthHeader;
let f: OrderFixture;
beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 100_000 });
});

/** A member of its own with ¥10,000 (one per order: concurrent payments of one member are the orders module's own test). */
async function richMember(): Promise<string> {
  const { id } = await orderMember(app);
  await db.transaction((tx) => app.customer.wallet.adjust(tx as unknown as Db, id, { principal: 1_000_000, bonus: 0, points: 0, reason: '测试充值' }, { id: null, name: 'test' }));
  return id;
}

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: admin, payload });
const today = () => businessDateOf(new Date(), 'Asia/Shanghai', 4);
const rows = async () => {
  const out: string[] = [];
  for (const table of ['report_daily', 'report_payment_daily', 'report_dish_daily', 'report_wallet_daily']) {
    out.push(...rowsOf<Record<string, unknown>>(await db.execute(sql`select * from ${sql.raw(table)} where store_id = ${f.storeId}`)).map((r) => `${table} ${JSON.stringify(r)}`));
  }
  return out.sort();
};

describe('roll-ups under concurrent payments, refunds and a rebuild', () => {
  it('lose nothing and deadlock nowhere', async () => {
    const orders: OrderRecord[] = [];
    for (let i = 0; i < 16; i++) orders.push(await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway', memberId: await richMember() })));
    const paid = await Promise.all(orders.slice(0, 8).map((o, i) => post(`/order/order/${o.id}/pay`, { method: i % 2 ? 'balance' : 'cash' })));
    expect(paid.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);

    const mixed = await Promise.all([
      ...orders.slice(0, 8).map((o) => post(`/order/order/${o.id}/refund`, { reason: '退款' })),
      ...orders.slice(8).map((o, i) => post(`/order/order/${o.id}/pay`, { method: i % 2 ? 'balance' : 'cash' })),
      rebuildRollups(db, { from: today(), to: today() }).then(() => ({ statusCode: 200, body: 'rebuild' })),
    ]);
    expect(mixed.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);

    const kept = await rows();
    const [daily] = rowsOf<{ orders: number; refund_count: number }>(await db.execute(sql`select orders, refund_count from report_daily where store_id = ${f.storeId}`));
    expect([Number(daily!.orders), Number(daily!.refund_count)]).toEqual([16, 8]);
    await rebuildRollups(db, { from: today(), to: today() });
    expect(await rows()).toEqual(kept);
  }, 60_000);
});
