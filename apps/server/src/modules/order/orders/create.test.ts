import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { storeStaff } from '../../../../test/store.js';
import type { App } from '../../../app.js';
import {
  callerOf, cartOf, chickenLine, couponStatus, createOrderApi, orderCoupon, orderFixture, orderMember, setDish, setSku, stockOf, type OrderFixture,
} from '../../../../test/orders.js';

let app: App;
let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, headers: { ...admin, ...headers }, payload: body as object });
const refusal = async (url: string, body: unknown) => {
  const res = await post(url, body);
  return { status: res.statusCode, msg: res.json<{ msg: string }>().msg };
};

describe('creating an order at the counter', () => {
  it('prices every line on the server, takes stock and answers the record with its lines and log', async () => {
    const before = await stockOf(app, { skuId: f.skus.large });
    const order = await createOrderApi(app, admin, cartOf(f, [
      chickenLine(f, 2, { optionIds: [f.options.hot, f.options.egg], remark: '少油' }),
      { kind: 'dish', itemId: f.dishes.rice, quantity: 3 },
      { kind: 'combo', itemId: f.combo.id, quantity: 1, choices: [{ comboItemId: f.combo.cola, quantity: 1 }] },
    ], { guests: 2, remark: '靠窗' }));
    // 辣子鸡 大份 48 + 特辣 2 + 加蛋 3 = 53 × 2; 米饭 2 × 3; 套餐 45 + 可乐 2.
    expect(order.lines.filter((l) => l.kind !== 'combo_item').map((l) => [l.name, l.specText, l.unitPrice, l.quantity, l.lineAmount])).toEqual([
      ['辣子鸡', '大份/特辣/加蛋', 5300, 2, 10600],
      ['米饭', '', 200, 3, 600],
      ['单人套餐', '可乐', 4700, 1, 4700],
    ]);
    const combo = order.lines.find((l) => l.kind === 'combo')!;
    expect(order.lines.filter((l) => l.parentId === combo.id).map((l) => [l.name, l.quantity, l.lineAmount])).toEqual([['米饭', 1, 0], ['可乐', 1, 0]]);
    expect(order).toMatchObject({
      status: 'pending', type: 'dine_in', source: 'cashier', goodsAmount: 15900, packingFee: 0, memberDiscount: 0, couponDiscount: 0, payableAmount: 15900,
      paidAmount: 0, guests: 2, remark: '靠窗', itemCount: 6, operatorName: 'admin',
    });
    expect(order.orderNo).toMatch(/^\d{6}\d{3,}\d{4}$/);
    expect(order.pickupNo).toBe(order.orderNo.endsWith('0001') ? '1' : expect.any(String));
    expect(order.expireTime).not.toBeNull();
    expect(order.logs.map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([['create', null, 'pending']]);
    expect(await stockOf(app, { skuId: f.skus.large })).toBe(before! - 2);
  });

  it('charges packing fees on takeaway only, per item', async () => {
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2), { kind: 'dish', itemId: f.dishes.rice, quantity: 1 }], { type: 'takeaway' }));
    expect(order.packingFee).toBe(200);
    expect(order.payableAmount).toBe(4800 * 2 + 200 + 200);
    expect(order.tableCode).toBeNull();
    expect(order.pickupNo).not.toBeNull();
  });

  it('gives a member the member price where the dish has one, and the level discount elsewhere (once per line, half-up)', async () => {
    const m = await orderMember(app, 88);
    const order = await createOrderApi(app, admin, cartOf(f, [
      { kind: 'dish', itemId: f.dishes.rice, quantity: 3 },
      { kind: 'dish', itemId: f.dishes.fish, quantity: 1.235 },
    ], { memberId: m.id }));
    const [rice, fish] = order.lines;
    expect([rice!.unitPrice, rice!.lineAmount, rice!.discountAmount]).toEqual([150, 450, 0]);
    // 68 × 1.235 = 83.98; 12% of it = 10.0776 → 10.08 off.
    expect([fish!.unitPrice, fish!.quantity, fish!.lineAmount, fish!.discountAmount]).toEqual([6800, 1.235, 8398, 1008]);
    expect(order).toMatchObject({ goodsAmount: 8848, memberDiscount: 1008, payableAmount: 7840, memberId: m.id, memberPhone: `${m.phone.slice(0, 3)}****${m.phone.slice(-4)}` });
  });

  it('locks the coupon at creation (its discount on what is left after the member discount)', async () => {
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id);
    const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small }), { kind: 'dish', itemId: f.dishes.cola, quantity: 4 }], { memberId: m.id, couponId }));
    expect(order).toMatchObject({ goodsAmount: 5200, couponDiscount: 1000, payableAmount: 4200, coupon: { id: couponId } });
    expect(await couponStatus(app, couponId)).toBe('locked');
    // The same coupon cannot go into a second order.
    const again = await refusal('/order/order', cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small }), { kind: 'dish', itemId: f.dishes.cola, quantity: 4 }], { memberId: m.id, couponId }));
    expect(again).toEqual({ status: 400, msg: expect.stringContaining('正被其他订单使用') });
    expect(await refusal('/order/order', cartOf(f, [chickenLine(f)], { couponId }))).toEqual({ status: 400, msg: '使用优惠券请先选择会员' });
  });

  it('answers the same order to a retry with the same Idempotency-Key, and takes stock once', async () => {
    const before = await stockOf(app, { skuId: f.skus.small });
    const cart = cartOf(f, [chickenLine(f, 1, { skuId: f.skus.small })]);
    const first = await createOrderApi(app, admin, cart, 'retry-key-0001');
    const second = await createOrderApi(app, admin, cart, 'retry-key-0001');
    const [third, fourth] = await Promise.all([createOrderApi(app, admin, cart, 'retry-key-0002'), createOrderApi(app, admin, cart, 'retry-key-0002')]);
    expect(second.id).toBe(first.id);
    expect(fourth.id).toBe(third.id);
    expect(third.id).not.toBe(first.id);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before! - 2);
    // Every other route keeps the global guard: a repeated key is a 409 there.
    const key = { 'idempotency-key': 'retry-key-0003' };
    const created = (await post('/order/order', cart, key)).json<{ data: OrderRecord }>();
    expect((await post(`/order/order/${created.data.id}/cancel`, { reason: '测试' }, key)).statusCode).toBe(200);
    expect((await post(`/order/order/${created.data.id}/cancel`, { reason: '测试' }, key)).statusCode).toBe(409);
  });
});

describe('refusals name the dish and the reason', () => {
  it('sold out, short of stock, off the shelf', async () => {
    const g = await orderFixture(app);
    await setSku(app, g.storeId, g.skus.large, { stock: 0 });
    expect(await refusal('/order/order', cartOf(g, [chickenLine(g)]))).toEqual({ status: 400, msg: '辣子鸡（大份）已售罄' });
    await setSku(app, g.storeId, g.skus.large, { stock: 2 });
    expect(await refusal('/order/order', cartOf(g, [chickenLine(g, 3)]))).toEqual({ status: 400, msg: '辣子鸡（大份）库存不足，仅剩2份' });
    expect(await stockOf(app, { skuId: g.skus.large })).toBe(2);
    await setDish(app, g.storeId, g.dishes.cola, { soldOut: true });
    expect(await refusal('/order/order', cartOf(g, [{ kind: 'dish', itemId: g.dishes.cola, quantity: 1 }]))).toEqual({ status: 400, msg: '可乐已售罄' });
    expect(await refusal('/order/order', cartOf(g, [{ kind: 'combo', itemId: g.combo.id, quantity: 1, choices: [{ comboItemId: g.combo.cola, quantity: 1 }] }])))
      .toEqual({ status: 400, msg: '单人套餐：可乐已售罄' });
    expect(await refusal('/order/order', cartOf(g, [{ kind: 'dish', itemId: g.dishes.offShelf, quantity: 1 }]))).toEqual({ status: 400, msg: '下架菜已下架' });
  });

  it('options, SKUs, order types, combo counts, whole portions', async () => {
    const cases: Array<[unknown, string]> = [
      [cartOf(f, [chickenLine(f, 1, { optionIds: [] })]), '辣子鸡：请选择辣度'],
      [cartOf(f, [chickenLine(f, 1, { optionIds: [f.options.mild, f.options.hot] })]), '辣子鸡：辣度最多选择1项'],
      [cartOf(f, [chickenLine(f, 1, { optionIds: [f.options.mild, f.options.egg, f.options.meat, f.options.extraRice] })]), '辣子鸡：加料最多选择2项'],
      [cartOf(f, [chickenLine(f, 1, { skuId: undefined })]), '请选择辣子鸡的规格'],
      [cartOf(f, [chickenLine(f, 1.5)]), '辣子鸡（大份）的数量必须是整数'],
      [cartOf(f, [{ kind: 'dish', itemId: f.dishes.plum, quantity: 1 }], { type: 'takeaway' }), '酸梅汤不支持外带'],
      [cartOf(f, [{ kind: 'combo', itemId: f.combo.id, quantity: 1 }]), '单人套餐：饮料请选择1份'],
      [cartOf(f, [{ kind: 'combo', itemId: f.combo.id, quantity: 1, choices: [{ comboItemId: f.combo.cola, quantity: 1 }, { comboItemId: f.combo.plum, quantity: 1 }] }]), '单人套餐：饮料最多选择1份'],
      [cartOf(f, [{ kind: 'combo', itemId: f.combo.id, quantity: 1, choices: [{ comboItemId: f.combo.cola, quantity: 2 }] }]), '单人套餐：饮料不能重复选择同一菜品'],
    ];
    for (const [cart, msg] of cases) expect(await refusal('/order/quote', cart)).toEqual({ status: 400, msg });
  });

  it('a closed store, a store without takeaway', async () => {
    const closed = await orderFixture(app, { isOpen: false });
    expect(await refusal('/order/order', cartOf(closed, [chickenLine(closed)]))).toEqual({ status: 400, msg: '本店休息中' });
    const dineInOnly = await orderFixture(app, { orderTypes: ['dine_in'] });
    expect(await refusal('/order/order', cartOf(dineInOnly, [chickenLine(dineInOnly)], { type: 'takeaway' }))).toEqual({ status: 400, msg: '本店不支持外带' });
  });
});

describe('quote', () => {
  it('prices without saving anything and lists the member coupons usable on the cart, best first', async () => {
    const m = await orderMember(app);
    const small = await orderCoupon(app, m.id, { value: 500, minSpend: 3000 });
    const big = await orderCoupon(app, m.id);
    const tooHigh = await orderCoupon(app, m.id, { value: 5000, minSpend: 50_000 });
    const before = await stockOf(app, { skuId: f.skus.small });
    const quote = (await post('/order/quote', cartOf(f, [chickenLine(f, 2, { skuId: f.skus.small })], { memberId: m.id, couponId: big }))).json<{ data: Record<string, unknown> }>().data;
    expect(quote).toMatchObject({ goodsAmount: 6400, couponDiscount: 1000, payableAmount: 5400 });
    expect((quote.coupons as Array<{ id: string; discount: number }>).map((c) => [c.id, c.discount])).toEqual([[big, 1000], [small, 500]]);
    expect((quote.coupons as Array<{ id: string }>).some((c) => c.id === tooHigh)).toBe(false);
    expect(await stockOf(app, { skuId: f.skus.small })).toBe(before);
    expect(await couponStatus(app, big)).toBe('unused');
  });
});

describe('store scope', () => {
  it("another store's order is a 404, and its staff cannot order there", async () => {
    const other = await orderFixture(app);
    const staff = await storeStaff(app, `order-staff-${Date.now()}`, [other.storeId]);
    const mine = await createOrderApi(app, admin, cartOf(f, [{ kind: 'dish', itemId: f.dishes.rice, quantity: 1 }]));
    const call = callerOf(app, staff.headers);
    expect((await call('GET', `/order/order/${mine.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/order/order/${mine.id}/accept`)).statusCode).toBe(404);
    expect((await call('POST', `/order/order/${mine.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/order/order', cartOf(f, [{ kind: 'dish', itemId: f.dishes.rice, quantity: 1 }]))).statusCode).toBe(404);
    const theirs = await createOrderApi(app, staff.headers, cartOf(other, [{ kind: 'dish', itemId: other.dishes.rice, quantity: 1 }]));
    expect((await call('GET', `/order/order/${theirs.id}`)).statusCode).toBe(200);
    const page = (await call('GET', '/order/order/page?size=100')).json<{ data: { records: Array<{ storeId: string }> } }>();
    expect(new Set(page.data.records.map((r) => r.storeId))).toEqual(new Set([other.storeId]));
  });
});
