import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPayResult, OrderRecord } from '@canteen/contract';
import { demoPayMerchant, encryptResource, signedHeaders } from '@canteen/wechat-protocol';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import type { Db } from '../../../db/client.js';
import { WechatPayClient } from '../../../platform/wechat-pay/client.js';
import { wechatPayConfig } from '../../../platform/wechat-pay/config.js';
import { createPayments } from './service.js';
import { syncOpenPayments } from './sync.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, orderMember, setSku, type OrderFixture } from '../testing.js';
import { payTestApp } from '../../../../test/pay.js';

/**
 * Payments over real HTTP: the server listens (port 4320) so that the simulator's pay API posts
 * its signed, encrypted notifications to it, as the platform would. Cash with change, member
 * balance (frozen refused, the parts recorded), split payments, WeChat Pay paid through the
 * simulator's customer page, notifications handled exactly once (replayed, forged, out of order,
 * late with the query fallback), and the Idempotency-Key of 收款.
 */
const PORT = 4320;
const { app, simUrl } = await payTestApp({ port: PORT, notifyBackoffMs: [100, 100] });

let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
});

 
const simCall = async <T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T }> => {
  const res = await fetch(`${simUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const data: T = text ? JSON.parse(text) : null;
  return { status: res.status, data };
};

const pay = (orderId: string, body: Record<string, unknown>, key?: string) =>
  app.inject({ method: 'POST', url: `/order/order/${orderId}/pay`, headers: { ...admin, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
const paid = async (orderId: string, body: Record<string, unknown>, key?: string) => {
  const res = await pay(orderId, body, key);
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json<{ data: OrderPayResult }>();
  return data;
};
const refused = async (orderId: string, body: Record<string, unknown>) => {
  const res = await pay(orderId, body);
  return { status: res.statusCode, msg: res.json<{ msg: string }>().msg };
};
const orderOf = (id: string) => app.order.get(id);
const clientOf = () => new WechatPayClient(wechatPayConfig(app.config));
const paymentsOf = () => createPayments(app, clientOf());
/** A takeaway order of `n` 辣子鸡 (大份 ¥48, packing ¥1 each): ¥49 × n. */
const newOrder = (n = 1, fields: Record<string, unknown> = {}): Promise<OrderRecord> => createOrderApi(app, admin, cartOf(f, [chickenLine(f, n)], { type: 'takeaway', ...fields }));

async function giveBalance(memberId: string, principal: number, bonus: number) {
  await app.database.db.transaction((tx) => app.customer.wallet.adjust(tx as unknown as Db, memberId, { principal, bonus, points: 0, reason: '测试充值' }, { id: null, name: 'test' }));
}

describe('cash', () => {
  it('takes what is handed over, gives change, and the order is paid', async () => {
    const order = await newOrder();
    expect(order).toMatchObject({ status: 'pending', payableAmount: 4900 });
    expect(await refused(order.id, { method: 'cash', tendered: 4800 })).toEqual({ status: 400, msg: '实收金额 ¥48.00 不足应收 ¥49.00' });
    const result = await paid(order.id, { method: 'cash', tendered: 10000 });
    expect(result.payment).toMatchObject({ method: 'cash', amount: 4900, status: 'success', tendered: 10000, change: 5100 });
    expect(result.order).toMatchObject({ status: 'paid', paidAmount: 4900, payMethods: ['cash'] });
    expect(result.codeUrl).toBeNull();
    expect((await refused(order.id, { method: 'cash' })).status).toBe(409);
  });

  it('refuses more than is left to pay', async () => {
    const order = await newOrder();
    expect(await refused(order.id, { method: 'cash', amount: 5000 })).toEqual({ status: 400, msg: '支付金额 ¥50.00 超过待付金额 ¥49.00' });
  });
});

describe('member balance', () => {
  it('splits with cash: the balance part in the payment\'s transaction with its ledger row and parts', async () => {
    const m = await orderMember(app);
    await giveBalance(m.id, 3000, 1000);
    const order = await newOrder(2, { memberId: m.id });
    const first = await paid(order.id, { method: 'balance', amount: 4000 });
    expect(first.payment).toMatchObject({ method: 'balance', amount: 4000, status: 'success', balancePrincipal: 3000, balanceBonus: 1000 });
    expect(first.order).toMatchObject({ status: 'pending', paidAmount: 4000 });
    expect(await app.customer.wallet.balances(app.database.db, m.id)).toMatchObject({ balancePrincipal: 0, balanceBonus: 0 });
    const ledger = await app.inject({ method: 'GET', url: `/customer/member/${m.id}/balance-ledger`, headers: admin });
    expect(ledger.json<{ data: { records: Record<string, unknown>[] } }>().data.records.find((l) => l.kind === 'consume')).toMatchObject({ principalChange: -3000, bonusChange: -1000, orderId: order.id });
    const rest = await paid(order.id, { method: 'cash', tendered: 6000 });
    expect(rest.payment).toMatchObject({ amount: 5800, change: 200 });
    expect(rest.order).toMatchObject({ status: 'paid', paidAmount: 9800 });
    expect(rest.order.payMethods.sort()).toEqual(['balance', 'cash']);
  });

  it('refuses a frozen member, a short balance and an order without a member', async () => {
    const m = await orderMember(app);
    await giveBalance(m.id, 10000, 0);
    const order = await newOrder(1, { memberId: m.id });
    expect((await refused(order.id, { method: 'balance', amount: 100_000 })).status).toBe(400);
    expect((await app.inject({ method: 'PUT', url: `/customer/member/${m.id}/status`, headers: admin, payload: { status: 'frozen' } })).statusCode).toBe(200);
    const frozen = await refused(order.id, { method: 'balance' });
    expect(frozen.status).toBe(400);
    expect(frozen.msg).toContain('已冻结');
    expect((await orderOf(order.id)).payments).toEqual([]);
    expect(await refused((await newOrder()).id, { method: 'balance' })).toEqual({ status: 400, msg: '该订单没有关联会员，不能使用余额支付' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried payment with the same payment, once', async () => {
    const order = await newOrder();
    const first = await paid(order.id, { method: 'cash', amount: 1000 }, 'pay-retry-00000001');
    const again = await paid(order.id, { method: 'cash', amount: 1000 }, 'pay-retry-00000001');
    expect(again.payment.id).toBe(first.payment.id);
    const both = await Promise.all([pay(order.id, { method: 'cash', amount: 1000 }, 'pay-retry-00000002'), pay(order.id, { method: 'cash', amount: 1000 }, 'pay-retry-00000002')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(both.map((r) => r.json<{ data: OrderPayResult }>().data.payment.id)).size).toBe(1);
    expect((await orderOf(order.id)).payments).toHaveLength(2);
  });
});

describe('WeChat Pay through the simulator', () => {
  it('shows a QR, the customer pays on the simulator\'s page, the notification makes the order paid', async () => {
    const order = await newOrder();
    const result = await paid(order.id, { method: 'wechat' });
    expect(result.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(result.payUrl).toBe(`${simUrl}/pay/scan?code_url=${encodeURIComponent(result.codeUrl!)}`);
    expect(result.payment).toMatchObject({ method: 'wechat', status: 'pending', amount: 4900 });
    // Asked again while the QR is open: the same QR.
    expect((await paid(order.id, { method: 'wechat' })).payment.id).toBe(result.payment.id);

    const page = await (await fetch(result.payUrl!)).text();
    expect(page).toContain('确认支付');
    const prepayId = /name="prepay_id" value="([^"]+)"/.exec(page)![1]!;
    const confirm = await fetch(`${simUrl}/pay/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `prepay_id=${prepayId}`, redirect: 'manual' });
    expect(confirm.status).toBe(303);
    const record = await orderOf(order.id);
    expect(record).toMatchObject({ status: 'paid', paidAmount: 4900, payMethods: ['wechat'] });
    expect(record.payments[0]).toMatchObject({ status: 'success', tradeNo: expect.stringMatching(/^42000/) as unknown });
    const outTradeNo = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.find((t) => t.attach === `order:${order.id}`)!.out_trade_no;
    const [notice] = (await simCall<{ attempts: { status: number }[] }[]>('GET', `/sim/pay/notifications?outTradeNo=${outTradeNo}`)).data;
    expect(notice!.attempts.map((a) => a.status)).toEqual([204]);

    // Replayed: acknowledged, no effect.
    const replay = await simCall<{ status: number }>('POST', `/sim/pay/transactions/${outTradeNo}/replay`);
    expect(replay.data.status).toBe(204);
    const after = await orderOf(order.id);
    expect(after.payments).toHaveLength(1);
    expect(after.paidAmount).toBe(4900);
    expect(after.logs.filter((l) => l.toStatus === 'paid')).toHaveLength(1);
  });

  it('refuses forged notifications (401 FAIL) and a wrong amount (400): the order stays unpaid', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    for (const kind of ['signature', 'tampered', 'stale', 'serial', 'key']) {
      const notice = await simCall<{ attempts: { status: number; body: string }[] }>('POST', `/sim/pay/transactions/${tx!.out_trade_no}/forge`, { kind });
      expect(notice.data.attempts[0]!.status, kind).toBe(401);
      expect(JSON.parse(notice.data.attempts[0]!.body)).toMatchObject({ code: 'FAIL' });
    }
    const amount = await simCall<{ attempts: { status: number }[] }>('POST', `/sim/pay/transactions/${tx!.out_trade_no}/forge`, { kind: 'amount' });
    expect(amount.data.attempts[0]!.status).toBe(400);
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', paidAmount: 0 });
    // A plain POST with no signature at all.
    const bare = await app.inject({ method: 'POST', url: '/order/pay/wechat/notify', headers: { 'content-type': 'application/json' }, payload: '{"id":"x"}' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ code: 'FAIL', message: '缺少微信支付签名头' });
  });

  it('acknowledges notices out of order: a refund notice before any payment, a payment that is not ours', async () => {
    const url = `http://127.0.0.1:${PORT}/order/pay/wechat/notify`;
    const refund = await simCall<{ attempts: { status: number }[] }>('POST', '/sim/pay/notify', {
      url, eventType: 'REFUND.SUCCESS',
      resource: { mchid: '1900012026', out_trade_no: 'CTNEVERPAID0001', transaction_id: '4200000000', out_refund_no: 'RF1', refund_id: '503', refund_status: 'SUCCESS', user_received_account: '零钱', amount: { total: 100, refund: 100, payer_total: 100, payer_refund: 100 } },
    });
    expect(refund.data.attempts[0]!.status).toBe(204);
    const stranger = await simCall<{ attempts: { status: number }[] }>('POST', '/sim/pay/notify', {
      url, eventType: 'TRANSACTION.SUCCESS',
      resource: { appid: 'wx6c3a1e5f0b7d9246', mchid: '1900012026', out_trade_no: 'CTNOTOURS000001', transaction_id: '4200000001', trade_state: 'SUCCESS', trade_state_desc: '支付成功', amount: { total: 100, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect(stranger.data.attempts[0]!.status).toBe(204);
  });

  it('late notification: the cashier asking again finds it paid through the platform\'s query; the notification then changes nothing', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    await simCall('POST', `/sim/pay/transactions/${tx!.out_trade_no}/pay`, { notify: false });
    expect((await orderOf(order.id)).status).toBe('pending');
    const asked = await paid(order.id, { method: 'wechat' });
    expect(asked.order).toMatchObject({ status: 'paid', paidAmount: 4900 });
    expect(asked.payment.status).toBe('success');
    const late = await simCall<{ attempts: { status: number }[] }>('POST', `/sim/pay/transactions/${tx!.out_trade_no}/notify`);
    expect(late.data.attempts[0]!.status).toBe(204);
    expect((await orderOf(order.id)).payments).toHaveLength(1);
  });

  it('a cash payment closes the open QR first (it can no longer be paid)', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    const cash = await paid(order.id, { method: 'cash' });
    expect(cash.order.status).toBe('paid');
    expect(cash.order.payments.map((p) => [p.method, p.status])).toEqual([['wechat', 'closed'], ['cash', 'success']]);
    expect((await simCall<{ trade_state: string }>('GET', `/sim/pay/transactions/${tx!.out_trade_no}`)).data.trade_state).toBe('CLOSED');
  });
  it('money for an order cancelled meanwhile goes straight back through the platform', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    const cancel = await app.inject({ method: 'POST', url: `/order/order/${order.id}/cancel`, headers: admin, payload: { reason: '顾客走了' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await simCall<{ notification: { attempts: { status: number }[] } }>('POST', `/sim/pay/transactions/${tx!.out_trade_no}/pay`);
    expect(late.data.notification.attempts[0]!.status).toBe(204);
    const record = await orderOf(order.id);
    expect(record).toMatchObject({ status: 'cancelled', paidAmount: 4900, refundedAmount: 4900 });
    expect(record.refunds[0]).toMatchObject({ amount: 4900, reason: '订单已取消，自动退款', parts: [{ method: 'wechat', amount: 4900 }] });
    const platform = (await simCall<{ trade_state: string; refunds: { amount: { refund: number } }[] }>('GET', `/sim/pay/transactions/${tx!.out_trade_no}`)).data;
    expect(platform.trade_state).toBe('REFUND');
    expect(platform.refunds.map((r) => r.amount.refund)).toEqual([4900]);
  });
  it('the query fallback job settles a payment whose notification never came, and closes the QR of a cancelled order', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    await simCall('POST', `/sim/pay/transactions/${tx!.out_trade_no}/pay`, { notify: false });
    const later = new Date(Date.now() + 60_000);
    expect(await syncOpenPayments(app, paymentsOf(), clientOf(), later)).toBeGreaterThanOrEqual(1);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', paidAmount: 4900 });

    const dropped = await newOrder();
    await paid(dropped.id, { method: 'wechat' });
    const [open] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${dropped.id}`);
    expect((await app.inject({ method: 'POST', url: `/order/order/${dropped.id}/cancel`, headers: admin, payload: { reason: '不要了' } })).statusCode).toBe(200);
    await syncOpenPayments(app, paymentsOf(), clientOf(), later);
    expect((await simCall<{ trade_state: string }>('GET', `/sim/pay/transactions/${open!.out_trade_no}`)).data.trade_state).toBe('CLOSED');
    expect((await orderOf(dropped.id)).payments[0]!.status).toBe('closed');
  });
  it('cash never waits on the platform: a QR that cannot be closed there is closed here, and if paid anyway its money goes back', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    await simCall('POST', '/sim/pay/faults', { api: 'close', status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' });
    const cash = await paid(order.id, { method: 'cash' });
    expect(cash.order.status).toBe('paid');
    expect(cash.order.payments.map((p) => [p.method, p.status])).toEqual([['wechat', 'closed'], ['cash', 'success']]);
    const late = await simCall<{ notification: { attempts: { status: number }[] } }>('POST', `/sim/pay/transactions/${tx!.out_trade_no}/pay`);
    expect(late.data.notification.attempts[0]!.status).toBe(204);
    const record = await orderOf(order.id);
    expect(record).toMatchObject({ status: 'paid', paidAmount: 9800, refundedAmount: 4900 });
    expect(record.refunds[0]).toMatchObject({ reason: '重复支付，自动退款', parts: [{ method: 'wechat', amount: 4900 }] });
    expect(record.logs.filter((l) => l.toStatus === 'paid')).toHaveLength(1);
  });
  it('the same notification arriving five times at once is handled once', async () => {
    const order = await newOrder();
    await paid(order.id, { method: 'wechat' });
    const [tx] = (await simCall<{ out_trade_no: string; attach: string }[]>('GET', '/sim/pay/transactions')).data.filter((t) => t.attach === `order:${order.id}`);
    await simCall('POST', `/sim/pay/transactions/${tx!.out_trade_no}/pay`, { notify: false });
    const transaction = (await simCall('GET', `/sim/pay/transactions/${tx!.out_trade_no}`)).data;
    const m = demoPayMerchant;
    const body = JSON.stringify({
      id: 'dup-1', create_time: '2026-01-01T00:00:00+08:00', event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', summary: '支付成功',
      resource: encryptResource(m.apiV3Key, JSON.stringify(transaction), 'transaction', 'transaction'),
    });
    const headers = { ...signedHeaders(m.platformPrivateKey, m.platformKeyId, body), 'content-type': 'application/json' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'POST', url: '/order/pay/wechat/notify', headers, payload: body })));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204]);
    const record = await orderOf(order.id);
    expect(record).toMatchObject({ status: 'paid', paidAmount: 4900, refundedAmount: 0 });
    expect(record.payments.map((p) => p.status)).toEqual(['success']);
    expect(record.logs.filter((l) => l.toStatus === 'paid')).toHaveLength(1);
  });
  it('payOnline (the diners\' page): an h5 page that pays and returns to the order\'s page; asked again, the same page', async () => {
    const order = await newOrder();
    const returnUrl = `http://127.0.0.1:${PORT}/order/t/x/order/y`;
    const { payUrl } = await app.order.payOnline!({ orderId: order.id, operator: { id: null, name: '扫码顾客' }, returnUrl });
    expect(payUrl).toMatch(new RegExp(`^${simUrl}/pay/checkmweb\\?prepay_id=wx\\w+&redirect_url=`));
    expect((await app.order.payOnline!({ orderId: order.id, operator: { id: null, name: '扫码顾客' }, returnUrl })).payUrl).toBe(payUrl);
    const page = await (await fetch(payUrl)).text();
    expect(page).toContain('确认支付');
    const prepayId = new URL(payUrl).searchParams.get('prepay_id')!;
    const confirm = await fetch(`${simUrl}/pay/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ prepay_id: prepayId, redirect_url: returnUrl }).toString(), redirect: 'manual' });
    expect(confirm.headers.get('location')).toBe(returnUrl);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', paidAmount: 4900, payMethods: ['wechat'] });
  });
  it('a QR the platform refuses is closed and a retry with the same key tries again', async () => {
    const order = await newOrder();
    await simCall('POST', '/sim/pay/faults', { api: 'native', status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' });
    const failed = await pay(order.id, { method: 'wechat' }, 'qr-retry-00000001');
    expect(failed.statusCode).toBe(503);
    expect(failed.json<{ msg: string }>().msg).toContain('微信支付系统繁忙');
    const retried = await paid(order.id, { method: 'wechat' }, 'qr-retry-00000001');
    expect(retried.codeUrl).toMatch(/^weixin:/);
    expect(retried.order.payments.map((p) => p.status)).toEqual(['closed', 'pending']);
  });
});
