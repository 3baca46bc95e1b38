/**
 * The pay API's control face under `/sim/pay` (tests and the demo): see payments, refunds and
 * notifications; pay as the customer; send a late, replayed, arbitrary or forged notification;
 * inject failures into the pay API.
 */
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { PayEventType } from '@canteen/wechat-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.js';
import { randomId } from '../state.js';
import { codeUrlOf } from './api.js';
import type { PayNotifier } from './notify.js';
import { PayError, type PayService } from './service.js';
import { simPlatformCertificates } from './certificates.js';
import { FORGE_KINDS, PAY_API_NAMES, platformKeysOf, type ForgeKind, type PayApiName, type PayMerchant, type PayOrder } from './state.js';

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body => {
  const value = request.body;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) return value as Body;
  const text = Buffer.isBuffer(value) || typeof value === 'string' ? value.toString() : '';
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as Body;
  } catch {
    throw new PayError(400, 'PARAM_ERROR', 'the body must be JSON');
  }
};

export function registerPayControl(app: FastifyInstance, ctx: SimContext, pay: PayService, notifier: PayNotifier): void {
  const data = () => ctx.store.data.pay;
  const handle =
    (run: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await run(request, reply);
      } catch (error) {
        if (error instanceof PayError) return reply.code(error.status).send({ error: error.message, code: error.code });
        throw error;
      }
    };

  const merchantOf = (request: FastifyRequest): PayMerchant => {
    const mchid = (request.query as Body).mchid ?? bodyOf(request).mchid;
    const merchant = typeof mchid === 'string' ? pay.merchant(mchid) : data().merchants[0];
    if (!merchant) throw new PayError(404, 'NOT_FOUND', `no merchant ${typeof mchid === 'string' ? mchid : ''}`);
    return merchant;
  };
  const orderOf = (request: FastifyRequest): PayOrder => {
    const merchant = merchantOf(request);
    const { outTradeNo } = request.params as { outTradeNo: string };
    const order = pay.order(merchant.mchid, outTradeNo);
    if (!order) throw new PayError(404, 'ORDER_NOT_EXIST', `no payment ${outTradeNo}`);
    return order;
  };
  const view = (request: FastifyRequest, order: PayOrder) => ({
    ...pay.transaction(order),
    prepay_id: order.prepayId,
    description: order.description,
    notify_url: order.notifyUrl,
    expire_time: new Date(order.expiresAt).toISOString(),
    code_url: codeUrlOf(order.prepayId),
    pay_url: `${baseUrl(ctx, request)}/pay/checkmweb?prepay_id=${order.prepayId}`,
    refunds: pay.refundsOf(order).map(pay.refundView),
  });

  app.get('/sim/pay', async () => ({
    merchants: data().merchants.map(({ mchid, appid, name, serialNo, platformKeyId }) => ({ mchid, appid, name, serialNo, platformKeyId })),
    transactions: data().orders.length,
    refunds: data().refunds.length,
    notifications: data().notices.length,
  }));

  app.get('/sim/pay/transactions', async (request) => data().orders.map((order) => view(request, order)).reverse());
  app.get('/sim/pay/transactions/:outTradeNo', handle(async (request) => view(request, orderOf(request))));

  /** Pay now as the customer: `{openid?, notify?: false}` (false: no notification, a late one). */
  app.post(
    '/sim/pay/transactions/:outTradeNo/pay',
    handle(async (request) => {
      const input = bodyOf(request);
      const { order, notice } = await pay.pay(orderOf(request), { openid: typeof input.openid === 'string' ? input.openid : undefined, notify: input.notify !== false });
      return { transaction: view(request, order), notification: notice };
    }),
  );

  /** A new TRANSACTION.SUCCESS for a paid payment (the late notification after `notify: false`). */
  app.post(
    '/sim/pay/transactions/:outTradeNo/notify',
    handle(async (request) => {
      const order = orderOf(request);
      if (order.state !== 'SUCCESS' && order.state !== 'REFUND') throw new PayError(400, 'ORDERNOTPAID', 'the payment is not paid');
      return pay.notifyPaid(order);
    }),
  );

  /** Posts the latest TRANSACTION.SUCCESS of a payment again, same body (a duplicate delivery). */
  app.post(
    '/sim/pay/transactions/:outTradeNo/replay',
    handle(async (request) => {
      const order = orderOf(request);
      const notice = data().notices.filter((n) => n.mchid === order.mchid && n.outTradeNo === order.outTradeNo && n.eventType === 'TRANSACTION.SUCCESS' && !n.forged).at(-1);
      if (!notice) throw new PayError(404, 'NOT_FOUND', 'no notification of this payment yet');
      return notifier.replay(pay.merchant(order.mchid)!, notice);
    }),
  );

  /**
   * A forged TRANSACTION.SUCCESS of a payment, tried once: `signature` (a stranger's key),
   * `tampered` (body changed after signing), `stale` (10 minutes old), `serial` (unknown key id),
   * `key` (resource encrypted with another APIv3 key), `amount` (correctly signed, wrong amount).
   */
  app.post(
    '/sim/pay/transactions/:outTradeNo/forge',
    handle(async (request) => {
      const order = orderOf(request);
      const input = bodyOf(request);
      const kind = input.kind as ForgeKind;
      if (!FORGE_KINDS.includes(kind)) throw new PayError(400, 'PARAM_ERROR', `kind must be one of ${FORGE_KINDS.join(', ')}`);
      const merchant = pay.merchant(order.mchid)!;
      const paidAt = ctx.clock.now();
      const resource = {
        ...pay.transaction({ ...order, state: 'SUCCESS', successAt: order.successAt ?? paidAt, payerOpenid: order.payerOpenid ?? 'oForgedPayer0000000000000000', transactionId: order.transactionId ?? `4200000000${randomBytes(8).toString('hex')}` }),
      };
      if (kind === 'amount') resource.amount = { ...resource.amount, total: order.total + 1, payer_total: order.total + 1 };
      const apiV3Key = kind === 'key' ? randomBytes(16).toString('hex') : merchant.apiV3Key;
      const { body, plaintext } = notifier.build(merchant, 'TRANSACTION.SUCCESS', resource, apiV3Key);
      const url = typeof input.url === 'string' ? input.url : order.notifyUrl;
      return notifier.send(merchant, { eventType: 'TRANSACTION.SUCCESS', outTradeNo: order.outTradeNo, outRefundNo: null, url, body, plaintext, forged: kind });
    }),
  );

  /** Any notification, correctly signed and encrypted: `{url, eventType, resource}` (out-of-order tests). */
  app.post(
    '/sim/pay/notify',
    handle(async (request) => {
      const input = bodyOf(request);
      const merchant = merchantOf(request);
      const eventType = (input.eventType ?? 'TRANSACTION.SUCCESS') as PayEventType;
      if (!['TRANSACTION.SUCCESS', 'REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED'].includes(eventType)) throw new PayError(400, 'PARAM_ERROR', 'unknown eventType');
      if (typeof input.url !== 'string' || !/^https?:\/\//.test(input.url)) throw new PayError(400, 'PARAM_ERROR', 'url must be an http(s) URL');
      const resource = (input.resource ?? {}) as Record<string, unknown>;
      const { body, plaintext } = notifier.build(merchant, eventType, resource);
      return notifier.send(merchant, {
        eventType,
        outTradeNo: typeof resource.out_trade_no === 'string' ? resource.out_trade_no : '',
        outRefundNo: typeof resource.out_refund_no === 'string' ? resource.out_refund_no : null,
        url: input.url,
        body,
        plaintext,
        forged: null,
      });
    }),
  );

  app.get('/sim/pay/refunds', async () => data().refunds.map(pay.refundView).reverse());

  app.get('/sim/pay/notifications', async (request) => {
    const { outTradeNo } = request.query as { outTradeNo?: string };
    return data().notices.filter((n) => !outTradeNo || n.outTradeNo === outTradeNo).reverse();
  });
  app.post(
    '/sim/pay/notifications/:id/replay',
    handle(async (request) => {
      const { id } = request.params as { id: string };
      const notice = data().notices.find((n) => n.id === id);
      if (!notice) throw new PayError(404, 'NOT_FOUND', `no notification ${id}`);
      return notifier.replay(pay.merchant(notice.mchid)!, notice);
    }),
  );

  /**
   * Rotates a merchant's platform key: `{kind?: 'certificate' | 'public_key'}` adds a new one (a 平台证书
   * the merchant downloads from /v3/certificates, or a 微信支付公钥 it is given) beside the valid ones;
   * until the old one is retired (DELETE) both sign, in turn, as during the platform's overlap.
   */
  const merchantByParam = (request: FastifyRequest): PayMerchant => {
    const { mchid } = request.params as { mchid: string };
    const merchant = pay.merchant(mchid);
    if (!merchant) throw new PayError(404, 'NOT_FOUND', `no merchant ${mchid}`);
    return merchant;
  };
  app.get('/sim/pay/merchants/:mchid/platform-keys', handle(async (request) => platformKeysOf(merchantByParam(request)).map(({ serial, privateKey, certificate, effectiveAt }) => ({
      serial, certificate, effectiveAt, publicKey: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string,
    }))),
  );
  app.post(
    '/sim/pay/merchants/:mchid/platform-keys',
    handle(async (request) => {
      const merchant = merchantByParam(request);
      const keys = platformKeysOf(merchant);
      const kind = bodyOf(request).kind === 'public_key' ? 'public_key' : 'certificate';
      let key;
      if (kind === 'certificate') {
        const unused = simPlatformCertificates.find((c) => !keys.some((k) => k.serial === c.serial));
        if (!unused) throw new PayError(409, 'INVALID_REQUEST', 'every simulated platform certificate is in use: retire one first');
        key = { serial: unused.serial, privateKey: unused.privateKey, certificate: unused.certificate, effectiveAt: ctx.clock.now() };
      } else {
        const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const serial = `PUB_KEY_ID_01${merchant.mchid}${randomBytes(10).toString('hex').toUpperCase()}`;
        key = { serial, privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, certificate: null, effectiveAt: ctx.clock.now() };
      }
      merchant.platformKeys = [...keys, key];
      Object.assign(merchant, { platformKeyId: key.serial, platformPrivateKey: key.privateKey });
      ctx.store.changed();
      return { serial: key.serial, kind, valid: merchant.platformKeys.map((k) => k.serial) };
    }),
  );
  app.delete(
    '/sim/pay/merchants/:mchid/platform-keys/:serial',
    handle(async (request) => {
      const merchant = merchantByParam(request);
      const { serial } = request.params as { serial: string };
      const keys = platformKeysOf(merchant);
      if (!keys.some((k) => k.serial === serial)) throw new PayError(404, 'RESOURCE_NOT_EXISTS', `no platform key ${serial}`);
      if (keys.length === 1) throw new PayError(409, 'INVALID_REQUEST', 'the last platform key cannot be retired');
      merchant.platformKeys = keys.filter((k) => k.serial !== serial);
      const newest = merchant.platformKeys.at(-1)!;
      Object.assign(merchant, { platformKeyId: newest.serial, platformPrivateKey: newest.privateKey });
      ctx.store.changed();
      return { valid: merchant.platformKeys.map((k) => k.serial) };
    }),
  );

  app.get('/sim/pay/faults', async () => data().faults);
  /** `{api: native|h5|query|close|refund|refund_query|*, status?, code?, message?, delayMs?, skip?, times?}`. */
  app.post(
    '/sim/pay/faults',
    handle(async (request) => {
      const input = bodyOf(request);
      const api = input.api as PayApiName | '*';
      if (api !== '*' && !PAY_API_NAMES.includes(api)) throw new PayError(400, 'PARAM_ERROR', `api must be * or one of ${PAY_API_NAMES.join(', ')}`);
      const status = input.status === undefined ? (input.delayMs ? 0 : 500) : Number(input.status);
      const fault = {
        id: randomId(6),
        api,
        status,
        code: typeof input.code === 'string' ? input.code : 'SYSTEM_ERROR',
        message: typeof input.message === 'string' ? input.message : '系统错误',
        delayMs: Number(input.delayMs ?? 0) || 0,
        skip: Math.max(0, Number(input.skip ?? 0) || 0),
        remaining: Number(input.times ?? 1) || 1,
      };
      data().faults.push(fault);
      return fault;
    }),
  );
  app.delete('/sim/pay/faults', async () => {
    data().faults = [];
    return { ok: true };
  });
}
