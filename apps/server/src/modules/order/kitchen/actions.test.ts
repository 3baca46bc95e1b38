import { beforeAll, describe, expect, it } from 'vitest';
import type { DinerOrder, OrderRecord, PickupBoard } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { callerOf, cartOf, chickenLine, couponStatus, createOrderApi, dataOf, insertTable, orderCoupon, orderFixture, orderMember, payInFull, setSku, stockOf, type OrderFixture } from '../../../../test/orders.js';
import type { App } from '../../../app.js';

/**
 * 催菜, 退菜 and the pickup board (issue 24): rushed lines flagged with the log row and the hook,
 * 退菜 of an unpaid order taking its amounts and stock back (a paid one is refunded instead), and
 * the pickup board's 制作中 and 请取餐 following the lines.
 */
let app: App;
let admin: AuthHeader;
let call: ReturnType<typeof callerOf>;
let f: OrderFixture;
let tab: OrderFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signIn(app, 'admin');
  call = callerOf(app, admin);
  f = await orderFixture(app);
  tab = await orderFixture(app, { payMode: 'pay_later' });
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
  await setSku(app, tab.storeId, tab.skus.large, { stock: 10 });
});

const rice = (s: OrderFixture, quantity = 1) => ({ kind: 'dish' as const, itemId: s.dishes.rice, quantity });
const top = (o: OrderRecord) => o.lines.filter((l) => l.kind !== 'combo_item');
const mark = (storeId: string, lineIds: string[], state: 'making' | 'ready' | 'served') => call('POST', '/order/kitchen/lines', { storeId, lineIds, state });

async function openTab(code: string, lines: unknown[]): Promise<OrderRecord> {
  const tableId = await insertTable(app, tab.storeId, code);
  const { orderUrl } = dataOf<{ orderUrl: string }>(await call('GET', `/store/table/${tableId}`));
  dataOf<{ order: DinerOrder }>(await app.inject({ method: 'POST', url: `/order/diner/${orderUrl.split('/').pop()!}/order`, payload: { lines } as object }));
  return dataOf<OrderRecord>(await call('GET', `/order/table/${tableId}/open`));
}

describe('催菜', () => {
  it('flags the lines not yet out, logs 催菜 and tells linesRushed; a double click rushes once; nothing left is a 409', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1), rice(f, 2)]));
    expect((await call('POST', `/order/order/${o.id}/rush`, {})).json()).toMatchObject({ msg: '订单尚未支付，菜品还没有下厨' });
    await payInFull(app, o.id);
    const [chicken, riceLine] = top(o);
    await mark(f.storeId, [riceLine!.id], 'ready');
    const told: Array<{ orderId: string; lineIds: string[] }> = [];
    app.order.hooks.on('linesRushed', async (_tx, event) => void told.push(event));
    const rushed = dataOf<OrderRecord>(await call('POST', `/order/order/${o.id}/rush`, {}));
    expect(rushed.logs.at(-1)).toMatchObject({ action: 'rush', remark: '催菜：辣子鸡×1' });
    expect(told).toEqual([{ orderId: o.id, lineIds: [chicken!.id] }]);
    const board = dataOf<{ tickets: Array<{ orderId: string; lines: Array<{ id: string; rushedAt: string | null }> }> }>(await call('GET', `/order/kitchen/board?storeId=${f.storeId}`));
    expect(board.tickets.find((t) => t.orderId === o.id)!.lines.find((l) => l.id === chicken!.id)!.rushedAt).not.toBeNull();
    dataOf(await call('POST', `/order/order/${o.id}/rush`, {}));
    expect(told).toHaveLength(1);
    expect((await call('POST', `/order/order/${o.id}/rush`, { lineIds: [riceLine!.id] })).json()).toMatchObject({ msg: '没有需要催的菜品：都已出餐' });
    expect((await call('POST', `/order/order/${o.id}/rush`, { lineIds: ['999999999'] })).statusCode).toBe(404);
  });
});

describe('退菜', () => {
  it('takes part of a line off an unpaid tab: amounts, stock back, log and lineVoided; never more than is left', async () => {
    const stock0 = await stockOf(app, { skuId: tab.skus.large });
    const t = await openTab('V01', [chickenLine(tab, 2), rice(tab, 1)]);
    expect(await stockOf(app, { skuId: tab.skus.large })).toBe(stock0! - 2);
    const [chicken] = top(t);
    // 辣子鸡 大份 ¥48 × 2 + 米饭 ¥2 (+ packing ¥1 each dish, dine-in: none).
    const before = t.payableAmount;
    const told: unknown[] = [];
    app.order.hooks.on('lineVoided', async (_tx, event) => void told.push(event));
    const res = await call('POST', `/order/order/${t.id}/lines/${chicken!.id}/void`, { quantity: 1, reason: '上错了' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: OrderRecord }>().data;
    expect(after.goodsAmount).toBe(t.goodsAmount - 4800);
    expect(after.payableAmount).toBe(before - (t.goodsAmount - after.goodsAmount) - (t.packingFee - after.packingFee));
    expect(after.logs.at(-1)).toMatchObject({ action: 'void', remark: '退菜 辣子鸡×1：上错了' });
    expect(await stockOf(app, { skuId: tab.skus.large })).toBe(stock0! - 1);
    expect(told).toEqual([{ orderId: t.id, lineId: chicken!.id, quantity: 1, reason: '上错了' }]);
    const kitchen = dataOf<{ tickets: Array<{ orderId: string; lines: Array<{ name: string; quantity: number }> }> }>(await call('GET', `/order/kitchen/board?storeId=${tab.storeId}`));
    expect(kitchen.tickets.find((x) => x.orderId === t.id)!.lines.find((l) => l.name === '辣子鸡')!.quantity).toBe(1);
    expect((await call('POST', `/order/order/${t.id}/lines/${chicken!.id}/void`, { quantity: 2, reason: '再退' })).json()).toMatchObject({ msg: '「辣子鸡」最多可退 1份' });

    // Cancelling gives back only what the order still holds.
    dataOf(await call('POST', `/order/order/${t.id}/cancel`, { reason: '走了' }));
    expect(await stockOf(app, { skuId: tab.skus.large })).toBe(stock0);
  });

  it('a coupon the order no longer reaches goes back to the member, and the payable follows', async () => {
    const m = await orderMember(app);
    const couponId = await orderCoupon(app, m.id); // 满50减10
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 2)], { memberId: m.id, couponId }));
    expect(o).toMatchObject({ goodsAmount: 9600, couponDiscount: 1000 });
    expect(await couponStatus(app, couponId)).toBe('locked');
    const after = dataOf<OrderRecord>(await call('POST', `/order/order/${o.id}/lines/${o.lines[0]!.id}/void`, { quantity: 1, reason: '点多了' }));
    expect(after).toMatchObject({ goodsAmount: 4800, couponDiscount: 0, coupon: null, payableAmount: 4800 + after.packingFee });
    expect(await couponStatus(app, couponId)).toBe('unused');
    expect(after.logs.at(-1)!.remark).toBe('退菜 辣子鸡×1：点多了（未达优惠券门槛，优惠券已退回）');
  });

  it('a paid order is refunded instead (409)', async () => {
    const o = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)]));
    await payInFull(app, o.id);
    expect((await call('POST', `/order/order/${o.id}/lines/${o.lines[0]!.id}/void`, { quantity: 1, reason: '不要了' })).json()).toMatchObject({ msg: '已支付的订单请使用退款' });
    expect((await call('POST', `/order/order/${o.id}/lines/999999999/void`, { quantity: 1, reason: '不要了' })).statusCode).toBe(409);
  });
});

describe('the pickup board', () => {
  it('shows a paid takeaway 制作中, then 请取餐 when its dishes are out, and no more once collected', async () => {
    const s = await orderFixture(app);
    const o = await createOrderApi(app, admin, cartOf(s, [rice(s, 1)], { type: 'takeaway' }));
    const pickup = async () => dataOf<PickupBoard>(await call('GET', `/order/pickup/board?storeId=${s.storeId}`));
    expect(await pickup()).toMatchObject({ making: [], ready: [] });
    await payInFull(app, o.id);
    expect((await pickup()).making).toEqual([expect.objectContaining({ orderId: o.id, pickupNo: o.pickupNo })]);
    await mark(s.storeId, [o.lines[0]!.id], 'ready');
    const ready = await pickup();
    expect(ready.making).toEqual([]);
    expect(ready.ready).toEqual([expect.objectContaining({ orderId: o.id, pickupNo: o.pickupNo, lineIds: [o.lines[0]!.id] })]);
    await mark(s.storeId, ready.ready[0]!.lineIds!, 'served');
    expect((await pickup()).ready).toEqual([]);
  });
});
