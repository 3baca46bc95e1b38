/**
 * The pay API in WeChat Pay APIv3's form (`/v3/*`): every request carries the merchant's
 * `Authorization: WECHATPAY2-SHA256-RSA2048 …` signature over the exact method, path, timestamp,
 * nonce and body (checked against the merchant's public key, timestamp within 5 minutes of the
 * simulator's clock); every answer is signed with the platform key (Wechatpay-* headers).
 * Refusals are `{ code, message }` with the platform's HTTP status.
 */
import { encryptResource, parseAuthorization, payTime, requestSignatureMessage, rsaVerify, signedHeaders, WECHATPAY_TIMESTAMP_WINDOW_S } from '@canteen/wechat-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.js';
import { PayError, type CreateInput, type PayService, type RefundInput } from './service.js';
import { platformKeysOf, signerOf, type PayApiName, type PayMerchant } from './state.js';

declare module 'fastify' {
  interface FastifyRequest {
    payMerchant?: PayMerchant;
  }
}

type Json = Record<string, unknown>;

/** `code_url` of a native payment: what the counter's QR holds. */
export const codeUrlOf = (prepayId: string) => `weixin://wxpay/bizpayurl?pr=${prepayId}`;

export function registerPayApi(app: FastifyInstance, ctx: SimContext, pay: PayService): void {
  void app.register(async (scope) => {
    // Signatures cover the exact bytes: keep the body as text, parse it in the route.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => done(null, String(text)));

    scope.addHook('onSend', async (request, reply, payload) => {
      const merchant = request.payMerchant;
      if (!merchant) return payload;
      const text = typeof payload === 'string' ? payload : payload == null ? '' : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (text === null) return payload;
      const signer = signerOf(merchant);
      for (const [name, value] of Object.entries(signedHeaders(signer.privateKey, signer.serial, text, String(ctx.clock.seconds())))) reply.header(name, value);
      return payload;
    });

    const rawBody = (request: FastifyRequest): string => {
      const body = request.body;
      if (body === undefined || body === null) return '';
      if (typeof body === 'string') return body;
      if (Buffer.isBuffer(body)) return body.toString('utf8');
      return JSON.stringify(body);
    };

    /** Checks the merchant's signature; answers 401 SIGN_ERROR when it does not hold. */
    const authenticate = (request: FastifyRequest): PayMerchant => {
      const parts = parseAuthorization(request.headers.authorization);
      if (!parts) throw new PayError(401, 'SIGN_ERROR', 'Authorization 头缺失或格式错误（WECHATPAY2-SHA256-RSA2048）');
      const merchant = pay.merchant(parts.mchid);
      if (!merchant) throw new PayError(401, 'SIGN_ERROR', `商户号 ${parts.mchid} 不存在`);
      if (parts.serial_no !== merchant.serialNo) throw new PayError(401, 'SIGN_ERROR', '商户证书序列号有误');
      if (!/^\d+$/.test(parts.timestamp) || Math.abs(ctx.clock.seconds() - Number(parts.timestamp)) > WECHATPAY_TIMESTAMP_WINDOW_S) {
        throw new PayError(401, 'SIGN_ERROR', '请求时间戳与当前时间相差超过5分钟');
      }
      const message = requestSignatureMessage(request.method, request.url, parts.timestamp, parts.nonce_str, rawBody(request));
      if (!rsaVerify(merchant.merchantPublicKey, message, parts.signature)) throw new PayError(401, 'SIGN_ERROR', '签名错误，请检查后再试');
      request.payMerchant = merchant;
      return merchant;
    };

    const json = (request: FastifyRequest): Json => {
      const text = rawBody(request);
      try {
        const value = JSON.parse(text || 'null') as unknown;
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
      } catch {
        /* answered below */
      }
      throw new PayError(400, 'PARAM_ERROR', '请求体不是合法的JSON对象');
    };

    const applyFault = async (api: PayApiName) => {
      const faults = ctx.store.data.pay.faults;
      const index = faults.findIndex((f) => f.api === api || f.api === '*');
      if (index === -1) return;
      const fault = faults[index]!;
      if (fault.skip > 0) {
        fault.skip -= 1;
        return;
      }
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.splice(index, 1);
      if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.status > 0) throw new PayError(fault.status, fault.code, fault.message);
    };

    const route =
      (api: PayApiName, run: (request: FastifyRequest, merchant: PayMerchant, reply: FastifyReply) => unknown) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          const merchant = authenticate(request);
          await applyFault(api);
          return await run(request, merchant, reply);
        } catch (error) {
          if (error instanceof PayError) return reply.code(error.status).send({ code: error.code, message: error.message });
          throw error;
        }
      };

    const sameMerchant = (merchant: PayMerchant, mchid: unknown) => {
      if (mchid !== merchant.mchid) throw new PayError(400, 'PARAM_ERROR', 'mchid 与请求签名的商户号不一致');
    };

    scope.post(
      '/v3/pay/transactions/native',
      route('native', (request, merchant) => {
        const input = json(request) as unknown as CreateInput;
        sameMerchant(merchant, input.mchid);
        const order = pay.create(merchant, 'NATIVE', input);
        return { code_url: codeUrlOf(order.prepayId) };
      }),
    );

    scope.post(
      '/v3/pay/transactions/h5',
      route('h5', (request, merchant) => {
        const input = json(request) as unknown as CreateInput;
        sameMerchant(merchant, input.mchid);
        if (!input.scene_info?.payer_client_ip) throw new PayError(400, 'PARAM_ERROR', 'scene_info.payer_client_ip 不能为空');
        const order = pay.create(merchant, 'MWEB', input);
        // The merchant appends `&redirect_url=…` (URL-encoded) to send the payer back afterwards.
        return { h5_url: `${baseUrl(ctx, request)}/pay/checkmweb?prepay_id=${order.prepayId}` };
      }),
    );

    const findOrder = (merchant: PayMerchant, request: FastifyRequest) => {
      const { out_trade_no: outTradeNo } = request.params as { out_trade_no: string };
      const order = pay.order(merchant.mchid, outTradeNo);
      if (!order) throw new PayError(404, 'ORDER_NOT_EXIST', '订单不存在');
      return order;
    };

    scope.get(
      '/v3/pay/transactions/out-trade-no/:out_trade_no',
      route('query', (request, merchant) => {
        sameMerchant(merchant, (request.query as Json).mchid);
        return pay.transaction(findOrder(merchant, request));
      }),
    );

    scope.get(
      '/v3/pay/transactions/id/:transaction_id',
      route('query', (request, merchant) => {
        sameMerchant(merchant, (request.query as Json).mchid);
        const { transaction_id: id } = request.params as { transaction_id: string };
        const order = ctx.store.data.pay.orders.find((o) => o.mchid === merchant.mchid && o.transactionId === id);
        if (!order) throw new PayError(404, 'ORDER_NOT_EXIST', '订单不存在');
        return pay.transaction(order);
      }),
    );

    scope.post(
      '/v3/pay/transactions/out-trade-no/:out_trade_no/close',
      route('close', (request, merchant, reply) => {
        sameMerchant(merchant, json(request).mchid);
        pay.close(findOrder(merchant, request));
        return reply.code(204).send('');
      }),
    );

    scope.post(
      '/v3/refund/domestic/refunds',
      route('refund', (request, merchant) => pay.refundView(pay.refund(merchant, json(request) as unknown as RefundInput))),
    );

    // 下载平台证书: the merchant's valid 平台证书, each encrypted with the APIv3 key. A merchant on
    // the 微信支付公钥 alone has none (the platform answers 404 证书不存在).
    scope.get(
      '/v3/certificates',
      route('certificates', (_request, merchant) => {
        const certificates = platformKeysOf(merchant).filter((key) => key.certificate);
        if (!certificates.length) throw new PayError(404, 'RESOURCE_NOT_EXISTS', '证书不存在');
        return {
          data: certificates.map((key) => ({
            serial_no: key.serial,
            effective_time: payTime(key.effectiveAt),
            expire_time: payTime(key.effectiveAt + 5 * 365 * 24 * 3600_000),
            encrypt_certificate: encryptResource(merchant.apiV3Key, key.certificate!, 'certificate', 'certificate'),
          })),
        };
      }),
    );

    scope.get(
      '/v3/refund/domestic/refunds/:out_refund_no',
      route('refund_query', (request, merchant) => {
        const { out_refund_no: outRefundNo } = request.params as { out_refund_no: string };
        const refund = ctx.store.data.pay.refunds.find((r) => r.mchid === merchant.mchid && r.outRefundNo === outRefundNo);
        if (!refund) throw new PayError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
        return pay.refundView(refund);
      }),
    );
  });
}
