import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPayResult, OrderRecord } from '@canteen/contract';
import { demoPayMerchant } from '@canteen/wechat-protocol';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { cartOf, chickenLine, createOrderApi, orderFixture, setSku, type OrderFixture } from '../testing.js';
import { payTestApp } from '../../../../test/pay.js';

/**
 * The pay platform rotates its key mid-run (issue 28 #1): the simulator's merchant starts on the
 * 微信支付公钥 the server is given, then a 平台证书 is added (both valid: answers and notifications
 * are signed with each in turn), then the old key is retired. The server (WXPAY_PLATFORM_CERTIFICATES
 * on) learns the new serial from /v3/certificates the first time it meets it; payments whose QR
 * was shown before the rotation are paid after it, refunds are made during the overlap and after,
 * and every answer and notification is taken the first time: nothing fails, nothing is retried.
 */
const { app, simUrl } = await payTestApp({ port: 4323, notifyBackoffMs: [100, 100], config: { WXPAY_PLATFORM_CERTIFICATES: 'on' } });

let admin: AuthHeader;
let f: OrderFixture;

beforeAll(async () => {
  admin = await signIn(app, 'admin');
  f = await orderFixture(app);
  await setSku(app, f.storeId, f.skus.large, { stock: 1000 });
});

const simCall = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${simUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
};
const post = async <T>(url: string, body: unknown): Promise<T> => {
  const res = await app.inject({ method: 'POST', url, headers: admin, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};
const keysPath = `/sim/pay/merchants/${demoPayMerchant.mchid}/platform-keys`;

/** A takeaway order whose WeChat QR is shown (the native order made and its answer checked). */
async function shownQr(): Promise<{ order: OrderRecord; outTradeNo: string }> {
  const order = await createOrderApi(app, admin, cartOf(f, [chickenLine(f, 1)], { type: 'takeaway' }));
  const result = await post<OrderPayResult>(`/order/order/${order.id}/pay`, { method: 'wechat' });
  expect(result.codeUrl).toMatch(/^weixin:/);
  const tx = (await simCall<Array<{ out_trade_no: string; attach: string }>>('GET', '/sim/pay/transactions')).find((t) => t.attach === `order:${order.id}`)!;
  return { order, outTradeNo: tx.out_trade_no };
}
/** The customer pays; the notification (signed with whichever key signs now) must make the order paid. */
async function customerPays(q: { order: OrderRecord; outTradeNo: string }) {
  await simCall('POST', `/sim/pay/transactions/${q.outTradeNo}/pay`, {});
  expect((await app.order.get(q.order.id)).status).toBe('paid');
}
const refundAll = (orderId: string) => post<OrderRecord>(`/order/order/${orderId}/refund`, { reason: '顾客取消' });

describe('the pay platform rotating its key', () => {
  it('takes every payment, refund and notification across the rotation the first time', { timeout: 120_000 }, async () => {
    const before = await Promise.all([shownQr(), shownQr(), shownQr(), shownQr()]);
    await customerPays(before[0]);

    // The rotation: a 平台证书 beside the 微信支付公钥, both valid, each signing in turn.
    const rotated = await simCall<{ serial: string; valid: string[] }>('POST', keysPath, { kind: 'certificate' });
    expect(rotated.valid).toEqual([demoPayMerchant.platformKeyId, rotated.serial]);

    // In flight at the rotation: QRs shown before it are paid now, a payment made before it is refunded now.
    for (const q of before.slice(1)) await customerPays(q);
    expect((await refundAll(before[0].order.id)).status).toBe('refunded');
    // New ones during the overlap.
    const during = await Promise.all([shownQr(), shownQr()]);
    for (const q of during) await customerPays(q);
    expect((await refundAll(before[1].order.id)).status).toBe('refunded');

    // The old key retired: only the certificate signs.
    await simCall('DELETE', `${keysPath}/${demoPayMerchant.platformKeyId}`);
    const after = await shownQr();
    await customerPays(after);
    expect((await refundAll(after.order.id)).status).toBe('refunded');
    expect((await refundAll(during[0].order.id)).status).toBe('refunded');

    // Every notification was acknowledged at its first try (after the retirement only the certificate signs: the server learnt it).
    const ours = new Set([...before, ...during, after].map((q) => q.outTradeNo));
    type Notice = { outTradeNo: string; eventType: string; status: string; attempts: Array<{ status: number | null; error: string | null }> };
    const noticesNow = async () => (await simCall<Notice[]>('GET', '/sim/pay/notifications')).filter((n) => ours.has(n.outTradeNo));
    // A refund's notification is posted after its answer: wait until each has had its first answer.
    await expect.poll(async () => (await noticesNow()).every((n) => n.attempts.length > 0 && n.attempts[0]!.status !== null), { timeout: 30_000 }).toBe(true);
    const notices = await noticesNow();
    expect(notices.filter((n) => n.eventType === 'TRANSACTION.SUCCESS')).toHaveLength(7);
    expect(notices.filter((n) => n.eventType === 'REFUND.SUCCESS').length).toBeGreaterThanOrEqual(4);
    for (const n of notices) expect(n.attempts.map((a) => a.status)).toEqual([204]);
  });
});
