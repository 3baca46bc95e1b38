import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { cartOf, chickenLine, createOrderApi, memberTotals, orderFixture, orderMember, payInFull, setSku, type OrderFixture } from '../testing.js';

/** A refund takes back the member's spend with the points: the amount leaves the total spent, and a whole refund the order count. */
let app: App;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 100 });
});

const refund = async (id: string, body: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/order/order/${id}/refund`, headers: admin, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OrderRecord }>().data;
};

describe('the member\'s spend on a refund', () => {
  it('a part, then the rest: total spent back to what it was, the order no longer counted', async () => {
    const m = await orderMember(app);
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { memberId: m.id }));
    await payInFull(app, o.id);
    // 辣子鸡 大份 ¥48 × 2 at the table.
    expect(await memberTotals(app, m.id)).toMatchObject({ spent: 9600, orders: 1, points: 96 });
    await refund(o.id, { reason: '少上一份', lines: [{ lineId: o.lines[0]!.id, quantity: 1 }] });
    expect(await memberTotals(app, m.id)).toMatchObject({ spent: 4800, orders: 1, points: 48 });
    await refund(o.id, { reason: '整单退' });
    expect(await memberTotals(app, m.id)).toEqual({ spent: 0, orders: 0, points: 0 });
  });
});
