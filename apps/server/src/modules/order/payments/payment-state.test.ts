import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPayResult } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, setSku, type OrderFixture } from '../testing.js';

/** 收款状态 (GET /order/order/:id/pay/:paymentId, order:cashier:index): the counter reads its payment without order:order:get. */
let app: App;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 100 });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: admin });

describe('a payment as it is now', () => {
  it('answers the payment with its order, as the pay route did; 404 for another order\'s payment or none', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
    const paid = (await app.inject({ method: 'POST', url: `/order/order/${o.id}/pay`, headers: admin, payload: { method: 'cash', amount: 2000, tendered: 2000 } })).json<{ data: OrderPayResult }>().data;
    const res = await get(`/order/order/${o.id}/pay/${paid.payment.id}`);
    expect(res.statusCode).toBe(200);
    const state = res.json<{ data: OrderPayResult }>().data;
    expect(state.payment).toEqual(paid.payment);
    expect(state.order).toMatchObject({ id: o.id, status: 'pending', paidAmount: 2000 });
    expect(state).toMatchObject({ codeUrl: null, payUrl: null });
    const other = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
    expect((await get(`/order/order/${other.id}/pay/${paid.payment.id}`)).statusCode).toBe(404);
    expect((await get(`/order/order/${o.id}/pay/999999`)).json<{ msg: string }>().msg).toBe('收款记录 999999 不存在');
  });

  it('is the cashier\'s: order:cashier:index, not order:order:get', async () => {
    const { cashierEndpoints } = await import('@canteen/contract');
    expect(cashierEndpoints.payment.access).toEqual({ permission: 'order:cashier:index' });
  });
});
