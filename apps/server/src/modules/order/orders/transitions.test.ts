import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeOrdersDestination, type OrderRecord } from '@canteen/contract';
import { buildApp } from '../../../app.js';
import { createTestDatabase } from '../../../../test/database.js';
import { testConfig } from '../../../../test/config.js';
import { createTestUser, signIn, type AuthHeader } from '../../../../test/auth.js';
import type { App } from '../../../app.js';
import type { Database, Db } from '../../../db/client.js';
import { order as orderTable, orderPayment } from '../tables.js';
import {
  assignStore, cartOf, chickenLine, couponStatus, createOrderApi, memberTotals, orderCoupon, orderFixture, orderMember, payInFull, setSku, stockOf, type OrderFixture,
} from '../../../../test/orders.js';
import { orderDestinations } from './live.js';

let app: App;
let admin: AuthHeader;
let f: OrderFixture;

let database: Database;

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database });
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.small, { stock: 1000 });
});

const act = async (id: string, action: 'accept' | 'finish' | 'cancel', body?: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/order/order/${id}/${action}`, headers: admin, ...(body ? { payload: body } : {}) });
  const json = res.json<{ data: OrderRecord; msg: string }>();
  return { status: res.statusCode, order: json.data, msg: json.msg };
};
const newOrder = (quantity = 1, fields = {}) => createOrderApi(app, admin, cartOf(f, [chickenLine(f, quantity, { skuId: f.skus.small })], fields));

describe('transitions', () => {
  it('pending → paid → making → finished, each logged once; repeats answer the order unchanged', async () => {
    const o = await newOrder();
    expect(await payInFull(app, o.id)).toBe(true);
    expect(await payInFull(app, o.id)).toBe(false); // paid already: the second settle changes nothing
    const accepted = await act(o.id, 'accept');
    expect(accepted).toMatchObject({ status: 200, order: { status: 'making' } });
    expect((await act(o.id, 'accept')).order.status).toBe('making');
    const finished = await act(o.id, 'finish');
    expect(finished.order.status).toBe('finished');
    expect((await act(o.id, 'finish')).order.status).toBe('finished');
    expect((await act(o.id, 'accept')).order.status).toBe('finished');
    expect(finished.order.logs.map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['create', null, 'pending'], ['pay', 'pending', 'paid'], ['accept', 'paid', 'making'], ['finish', 'making', 'finished'],
    ]);
    expect(finished.order.paidAmount).toBe(o.payableAmount);
    expect(finished.order.paidTime).not.toBeNull();
  });

  it('refuses illegal moves with a 409 naming the state', async () => {
    const o = await newOrder();
    expect(await act(o.id, 'accept')).toMatchObject({ status: 409, msg: '订单待支付，不能接单' });
    expect(await act(o.id, 'finish')).toMatchObject({ status: 409, msg: '订单待支付，不能完成' });
    await payInFull(app, o.id);
    expect(await act(o.id, 'finish')).toMatchObject({ status: 409, msg: '订单尚未接单，请先接单' });
    await act(o.id, 'accept');
    expect(await act(o.id, 'cancel', { reason: '不要了' })).toMatchObject({ status: 409, msg: '订单制作中，不能取消，请使用退款' });
    await act(o.id, 'finish');
    expect(await act(o.id, 'cancel', { reason: '不要了' })).toMatchObject({ status: 409, msg: '订单已完成，不能取消' });
    const cancelled = await newOrder();
    await act(cancelled.id, 'cancel', { reason: '点错了' });
    expect(await act(cancelled.id, 'accept')).toMatchObject({ status: 409, msg: '订单已取消，不能接单' });
    expect((await app.inject({ method: 'POST', url: '/order/order/999999999/accept', headers: admin })).statusCode).toBe(404);
  });

  it('cancelling an unpaid order gives its stock and coupon back exactly once', async () => {
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id, { minSpend: 3000 });
    const before = await stockOf(app, { skuId: f.skus.small });
    const o = await newOrder(2, { memberId: m.id, couponId });
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before! - 2);
    expect(await couponStatus(app, couponId)).toBe('locked');
    const [first, second] = await Promise.all([act(o.id, 'cancel', { reason: '顾客离开' }), act(o.id, 'cancel', { reason: '顾客离开' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await act(o.id, 'cancel', { reason: '再取消一次' });
    expect(again.order).toMatchObject({ status: 'cancelled', cancelReason: '顾客离开', expireTime: null });
    expect(again.order.logs.filter((l) => l.toStatus === 'cancelled')).toHaveLength(1);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before);
    expect(await couponStatus(app, couponId)).toBe('unused');
    // A released order cannot release again through the service either.
    expect(await app.database.db.transaction((tx) => app.order.releaseHeld(tx as unknown as Db, o.id))).toBe(false);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before);
  });

  it('paying makes stock and coupon final (used), earns points and counts the spend', async () => {
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id, { minSpend: 3000 });
    const before = await stockOf(app, { skuId: f.skus.small });
    const o = await newOrder(2, { memberId: m.id, couponId });
    expect(await payInFull(app, o.id, 'cash')).toBe(true);
    expect(await couponStatus(app, couponId)).toBe('used');
    expect(await memberTotals(app, m.id)).toEqual({ points: Math.floor(o.payableAmount / 100), spent: o.payableAmount, orders: 1 });
    expect(await app.database.db.transaction((tx) => app.order.releaseHeld(tx as unknown as Db, o.id))).toBe(false);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before! - 2);
  });

  it('a paid order is cancelled through the refunds hook (once), and refused while there is none', async () => {
    const o = await newOrder();
    await payInFull(app, o.id);
    const saved = app.order.refundAll;
    try {
      app.order.refundAll = undefined;
      expect(await act(o.id, 'cancel', { reason: '商家拒单' })).toMatchObject({ status: 409, msg: '已支付的订单取消需要原路退款，退款功能暂不可用' });
      const refundAll = vi.fn(async () => undefined);
      app.order.refundAll = refundAll;
      expect((await act(o.id, 'cancel', { reason: '商家拒单' })).order).toMatchObject({ status: 'cancelled', cancelReason: '商家拒单' });
      await act(o.id, 'cancel', { reason: '商家拒单' });
      expect(refundAll).toHaveBeenCalledTimes(1);
      expect(refundAll.mock.calls[0]).toEqual([expect.anything(), expect.objectContaining({ id: o.id, status: 'paid' }), '商家拒单', { id: expect.any(String), name: 'admin' }]);
    } finally {
      app.order.refundAll = saved;
    }
  });

  it('an unpaid order with part payments gives them back through the refunds hook (once), then its stock; refused while there is none', async () => {
    const before = await stockOf(app, { skuId: f.skus.small });
    const o = await newOrder(2);
    await app.database.db.transaction(async (tx) => {
      await tx.insert(orderPayment).values({ orderId: o.id, storeId: o.storeId, businessDate: o.businessDate, method: 'cash', amount: 1000, status: 'success', paidAt: new Date() });
      expect(await app.order.settlePaid(tx, o.id, { id: null, name: 'test' })).toBe(false);
    });
    const saved = app.order.refundAll;
    try {
      app.order.refundAll = undefined;
      expect(await act(o.id, 'cancel', { reason: '顾客走了' })).toMatchObject({ status: 409, msg: '订单已收款 ¥10.00，取消需要原路退款，退款功能暂不可用' });
      expect((await app.order.get(o.id)).status).toBe('pending');
      const refundAll = vi.fn(async () => undefined);
      app.order.refundAll = refundAll;
      const [first, second] = await Promise.all([act(o.id, 'cancel', { reason: '顾客走了' }), act(o.id, 'cancel', { reason: '顾客走了' })]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(refundAll).toHaveBeenCalledTimes(1);
      expect(refundAll.mock.calls[0]).toEqual([expect.anything(), expect.objectContaining({ id: o.id, status: 'pending', paidAmount: 1000 }), '顾客走了', { id: expect.any(String), name: 'admin' }]);
      expect(await stockOf(app, { skuId: f.skus.small })).toBe(before);
    } finally {
      app.order.refundAll = saved;
    }
  });

  it('a zero payable order is paid at creation', async () => {
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id, { kind: 'cash', value: 100_000, minSpend: 0 });
    const o = await createOrderApi(app, admin, cartOf(f, [{ kind: 'dish', itemId: f.dishes.rice, quantity: 1 }], { memberId: m.id, couponId }));
    expect(o).toMatchObject({ payableAmount: 0, status: 'paid' });
  });
});

describe('the live alert', () => {
  it('publishes a paid order to its store after the commit', async () => {
    const publish = vi.spyOn(app.live, 'publish');
    try {
      const o = await newOrder();
      await payInFull(app, o.id);
      expect(publish).not.toHaveBeenCalled(); // settling only: the payment publishes after its commit
      await app.order.publishPaid(o.id);
      expect(publish).toHaveBeenCalledWith(storeOrdersDestination(f.storeId), expect.objectContaining({ id: o.id, orderNo: o.orderNo, status: 'paid', storeId: f.storeId }));
    } finally {
      publish.mockRestore();
    }
  });

  it('lets a subscriber see only the stores they may', async () => {
    const [destination] = orderDestinations(app);
    const userId = await createTestUser(app, `order-live-${Date.now()}`, ['ROLE_OPERATOR']);
    await assignStore(app, userId, f.storeId);
    const user = { id: userId, username: 'x', roles: ['ROLE_OPERATOR'], permissions: new Set(['order:order:index']) };
    expect(await destination!.allow!(user, { storeId: f.storeId })).toBe(true);
    expect(await destination!.allow!(user, { storeId: '999999' })).toBe(false);
    const admin = { id: '1', username: 'admin', roles: ['ROLE_ADMIN'], permissions: new Set(['order:order:index']) };
    expect(await destination!.allow!(admin, { storeId: '999999' })).toBe(true);
    expect(destination!.permission).toBe('order:order:index');
  });
});

describe('the order row', () => {
  it('keeps the payable within goods and fees (the table check)', async () => {
    const o = await newOrder();
    await expect(app.database.db.update(orderTable).set({ payableAmount: o.goodsAmount + 1 }).where(eq(orderTable.id, o.id))).rejects.toThrow();
  });
});
