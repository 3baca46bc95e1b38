import { verifySignedHeaders } from '@canteen/wechat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '../test/helpers.js';
import { merchant, nativeOrder, payCall, startNotifyReceiver } from '../test/pay.js';

const keyOf = (serial: string) => (serial === merchant.platformKeyId ? merchant.platformPublicKey : null);
let seq = 0;
const tradeNo = () => `T${Date.now()}${++seq}`;

describe('pay API (WeChat Pay v3 style)', () => {
  let sim: Sim;
  let receiver: Awaited<ReturnType<typeof startNotifyReceiver>>;
  beforeAll(async () => {
    sim = await startSim({ payNotifyBackoffMs: [30, 30], payNotifyTimeoutMs: 2000 });
    receiver = await startNotifyReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await sim.close();
  });

  it('creates a native payment, signs its answers, and answers the same code for the same order', async () => {
    const no = tradeNo();
    const first = await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 2550, receiver.url));
    expect(first.status).toBe(200);
    expect(first.json.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=wx\w+$/);
    expect(verifySignedHeaders(first.headers, first.raw, keyOf)).toEqual({ ok: true });
    const again = await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 2550, receiver.url));
    expect(again.json.code_url).toBe(first.json.code_url);
    const changed = await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 100, receiver.url));
    expect(changed).toMatchObject({ status: 400, json: { code: 'INVALID_REQUEST' } });
    const query = await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/${no}?mchid=${merchant.mchid}`);
    expect(query.json).toMatchObject({ out_trade_no: no, trade_state: 'NOTPAY', amount: { total: 2550 } });
    expect((await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/NOPE12345?mchid=${merchant.mchid}`)).json.code).toBe('ORDER_NOT_EXIST');
    const bad = await payCall(sim, 'POST', '/v3/pay/transactions/native', { ...nativeOrder(tradeNo(), 0, receiver.url) });
    expect(bad).toMatchObject({ status: 400, json: { code: 'PARAM_ERROR' } });
  });

  it('refuses requests not signed by the merchant (key, serial, stale timestamp, altered body)', async () => {
    const body = nativeOrder(tradeNo(), 100, receiver.url);
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    expect(await payCall(sim, 'POST', '/v3/pay/transactions/native', body, { privateKey: merchant.platformPrivateKey })).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });
    expect(await payCall(sim, 'POST', '/v3/pay/transactions/native', body, { serialNo: 'ABCDEF' })).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });
    expect(await payCall(sim, 'POST', '/v3/pay/transactions/native', body, { timestamp: stale })).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });
    expect(await payCall(sim, 'POST', '/v3/pay/transactions/native', body, { mchid: '1234567890' })).toMatchObject({ status: 401 });
    const res = await sim.fetch('/v3/pay/transactions/native', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(401);
  });

  it('pays through the customer page and notifies the merchant, signed and encrypted', async () => {
    const no = tradeNo();
    const { json } = await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 1880, receiver.url, { attach: 'order:1' }));
    expect(await (await sim.fetch('/pay')).text()).toContain(`prepay_id=${/pr=(\w+)/.exec(json.code_url)![1]}`);
    const page = await sim.fetch(`/pay/scan?code_url=${encodeURIComponent(json.code_url)}`);
    const html = await page.text();
    expect(html).toContain('确认支付');
    expect(html).toContain('¥18.80');
    const prepayId = /name="prepay_id" value="([^"]+)"/.exec(html)![1]!;
    const confirm = await sim.fetch('/pay/confirm', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `prepay_id=${prepayId}`, redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(await (await sim.fetch(confirm.headers.get('location')!)).text()).toContain('支付成功');
    const notice = receiver.received.find((n) => n.resource?.out_trade_no === no)!;
    expect(notice.verified).toEqual({ ok: true });
    expect(notice.notification).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' } });
    expect(notice.resource).toMatchObject({ mchid: merchant.mchid, appid: merchant.appid, out_trade_no: no, trade_state: 'SUCCESS', trade_type: 'NATIVE', attach: 'order:1', amount: { total: 1880, payer_total: 1880 } });
    expect(notice.resource.transaction_id).toMatch(/^42000\d+$/);
    expect((await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/${no}?mchid=${merchant.mchid}`)).json.trade_state).toBe('SUCCESS');
    // Paid: the page says so, paying again and closing are refused.
    expect(await (await sim.fetch(`/pay/scan?code_url=${encodeURIComponent(json.code_url)}`)).text()).toContain('支付成功');
    expect((await sim.post(`/sim/pay/transactions/${no}/pay`)).code).toBe('ORDERPAID');
    expect(await payCall(sim, 'POST', `/v3/pay/transactions/out-trade-no/${no}/close`, { mchid: merchant.mchid })).toMatchObject({ status: 400, json: { code: 'ORDERPAID' } });
  });

  it('h5: pays and goes back to the redirect_url', async () => {
    const no = tradeNo();
    const created = await payCall(sim, 'POST', '/v3/pay/transactions/h5', { ...nativeOrder(no, 990, receiver.url), scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } } });
    expect(created.json.h5_url).toMatch(/\/pay\/checkmweb\?prepay_id=wx/);
    const back = 'http://127.0.0.1:9/order/done?x=1';
    const h5 = new URL(`${created.json.h5_url}&redirect_url=${encodeURIComponent(back)}`);
    const html = await (await sim.fetch(`${h5.pathname}${h5.search}`)).text();
    expect(html).toContain('name="redirect_url"');
    const prepayId = h5.searchParams.get('prepay_id')!;
    const confirm = await sim.fetch('/pay/confirm', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ prepay_id: prepayId, redirect_url: back }).toString(), redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(back);
    expect(receiver.received.find((n) => n.resource?.out_trade_no === no)?.resource.trade_type).toBe('MWEB');
    const noIp = await payCall(sim, 'POST', '/v3/pay/transactions/h5', nativeOrder(tradeNo(), 990, receiver.url));
    expect(noIp.json.code).toBe('PARAM_ERROR');
  });

  it('closes an unpaid payment, which then cannot be paid', async () => {
    const no = tradeNo();
    const { json } = await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 500, receiver.url));
    const closed = await payCall(sim, 'POST', `/v3/pay/transactions/out-trade-no/${no}/close`, { mchid: merchant.mchid });
    expect(closed.status).toBe(204);
    expect(verifySignedHeaders(closed.headers, '', keyOf)).toEqual({ ok: true });
    expect((await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/${no}?mchid=${merchant.mchid}`)).json.trade_state).toBe('CLOSED');
    expect(await (await sim.fetch(`/pay/scan?code_url=${encodeURIComponent(json.code_url)}`)).text()).toContain('订单已关闭');
    expect((await sim.post(`/sim/pay/transactions/${no}/pay`)).code).toBe('ORDER_CLOSED');
  });

  it('retries an unacknowledged notification with backoff, the same body each time', async () => {
    const flaky = await startNotifyReceiver((count) => (count < 3 ? 500 : 204));
    try {
      const no = tradeNo();
      await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 300, flaky.url));
      const paid = await sim.post(`/sim/pay/transactions/${no}/pay`);
      expect(paid.notification.status).toBe('pending');
      await expect.poll(() => flaky.received.length, { timeout: 5000 }).toBe(3);
      expect(new Set(flaky.received.map((n) => n.body)).size).toBe(1);
      expect(flaky.received.every((n) => n.verified.ok)).toBe(true);
      const latest = async () => (await sim.get<{ status: string; attempts: { status: number }[] }[]>(`/sim/pay/notifications?outTradeNo=${no}`))[0]!;
      await expect.poll(async () => (await latest()).status).toBe('delivered');
      expect((await latest()).attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    } finally {
      await flaky.close();
    }
  });

  it('gives up after the last retry', async () => {
    const down = await startNotifyReceiver(() => 503);
    try {
      const no = tradeNo();
      await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 300, down.url));
      await sim.post(`/sim/pay/transactions/${no}/pay`);
      await expect.poll(async () => (await sim.get<{ status: string }[]>(`/sim/pay/notifications?outTradeNo=${no}`))[0]!.status, { timeout: 5000 }).toBe('failed');
      expect(down.received).toHaveLength(3);
    } finally {
      await down.close();
    }
  });

  it('control: pays without notifying, notifies late, replays, forges', async () => {
    const no = tradeNo();
    await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 4200, receiver.url));
    const silent = await sim.post(`/sim/pay/transactions/${no}/pay`, { notify: false });
    expect(silent).toMatchObject({ transaction: { trade_state: 'SUCCESS' }, notification: null });
    expect(receiver.received.some((n) => n.resource?.out_trade_no === no)).toBe(false);
    await sim.post(`/sim/pay/transactions/${no}/notify`);
    await sim.post(`/sim/pay/transactions/${no}/replay`);
    const mine = receiver.received.filter((n) => n.resource?.out_trade_no === no);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.body).toBe(mine[1]!.body);

    const forged = async (kind: string) => {
      const before = receiver.received.length;
      const notice = await sim.post(`/sim/pay/transactions/${no}/forge`, { kind });
      expect(notice.forged).toBe(kind);
      return receiver.received.slice(before)[0]!;
    };
    expect((await forged('signature')).verified).toEqual({ ok: false, reason: 'signature' });
    expect((await forged('tampered')).verified).toEqual({ ok: false, reason: 'signature' });
    expect((await forged('stale')).verified).toEqual({ ok: false, reason: 'timestamp' });
    expect((await forged('serial')).verified).toEqual({ ok: false, reason: 'serial' });
    const key = await forged('key');
    expect(key.verified).toEqual({ ok: true });
    expect(key.resource).toBeNull();
    const amount = await forged('amount');
    expect(amount.verified).toEqual({ ok: true });
    expect(amount.resource.amount.total).toBe(4201);
    expect((await sim.post(`/sim/pay/transactions/${no}/forge`, { kind: 'nope' })).code).toBe('PARAM_ERROR');
  });

  it('refunds in parts up to the amount paid, idempotent by out_refund_no, and notifies', async () => {
    const no = tradeNo();
    await payCall(sim, 'POST', '/v3/pay/transactions/native', nativeOrder(no, 1000, receiver.url));
    const beforePay = await payCall(sim, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: no, out_refund_no: `R${no}a`, amount: { refund: 100, total: 1000, currency: 'CNY' } });
    expect(beforePay).toMatchObject({ status: 400, json: { code: 'INVALID_REQUEST' } });
    await sim.post(`/sim/pay/transactions/${no}/pay`);
    const refund = (outRefundNo: string, amount: number) =>
      payCall(sim, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: no, out_refund_no: outRefundNo, reason: '退菜', notify_url: receiver.url, amount: { refund: amount, total: 1000, currency: 'CNY' } });
    const first = await refund(`R${no}1`, 300);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ out_trade_no: no, out_refund_no: `R${no}1`, status: 'SUCCESS', channel: 'ORIGINAL', amount: { refund: 300, total: 1000 } });
    expect(verifySignedHeaders(first.headers, first.raw, keyOf)).toEqual({ ok: true });
    expect((await refund(`R${no}1`, 300)).json.refund_id).toBe(first.json.refund_id);
    expect((await refund(`R${no}1`, 200)).json.code).toBe('INVALID_REQUEST');
    expect((await refund(`R${no}2`, 701)).json.code).toBe('INVALID_REQUEST');
    expect((await refund(`R${no}2`, 700)).json.status).toBe('SUCCESS');
    expect((await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/${no}?mchid=${merchant.mchid}`)).json.trade_state).toBe('REFUND');
    expect((await payCall(sim, 'GET', `/v3/refund/domestic/refunds/R${no}2`)).json.amount.refund).toBe(700);
    await expect.poll(() => receiver.received.filter((n) => n.notification.event_type === 'REFUND.SUCCESS' && n.resource?.out_trade_no === no).length).toBe(2);
    const notice = receiver.received.find((n) => n.resource?.out_refund_no === `R${no}1`)!;
    expect(notice.notification.resource.associated_data).toBe('refund');
    expect(notice.resource).toMatchObject({ refund_status: 'SUCCESS', amount: { refund: 300, total: 1000 } });
  });

  it('injects pay API failures', async () => {
    await sim.post('/sim/pay/faults', { api: 'refund', status: 500, code: 'SYSTEM_ERROR', times: 1 });
    const failed = await payCall(sim, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: 'NOPE12345', out_refund_no: 'R1', amount: { refund: 1, total: 1 } });
    expect(failed).toMatchObject({ status: 500, json: { code: 'SYSTEM_ERROR' } });
    const after = await payCall(sim, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: 'NOPE12345', out_refund_no: 'R1', amount: { refund: 1, total: 1 } });
    expect(after.status).toBe(404);
    await sim.post('/sim/pay/faults', { api: 'query', skip: 1, status: 503, code: 'SYSTEM_ERROR' });
    const query = () => payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/NOPE12345?mchid=${merchant.mchid}`);
    expect([(await query()).status, (await query()).status, (await query()).status]).toEqual([404, 503, 404]);
  });
});
