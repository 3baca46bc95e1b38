import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cashierEndpoints, IDEMPOTENCY_HEADER, wechatPayNotifyEndpoint } from '@canteen/contract';
import { serve } from '../../../http/endpoint.js';
import { NotificationRefused, type WechatPayClient } from '../../../platform/wechat-pay/client.js';
import { canSee } from '../../store/scope.js';
import type { OrderOperator } from '../orders/service.js';
import type { Payments } from './service.js';

const operatorOf = (request: FastifyRequest): OrderOperator => ({ id: request.user?.id ?? null, name: request.user?.username ?? '' });
const keyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

/** Why a notification is refused, in the answer the platform logs (it retries). */
const REFUSALS: Record<NotificationRefused['reason'], string> = {
  missing: '缺少微信支付签名头',
  serial: '未知的微信支付平台公钥',
  timestamp: '通知时间戳超出允许范围',
  signature: '签名验证失败',
  body: '通知内容格式错误',
  decrypt: '通知资源解密失败',
};

/**
 * 收款 (order:cashier:pay, Idempotency-Key answered by the payment it made) and the WeChat Pay
 * notification (public; signature, timestamp window and decryption checked; handled once).
 */
export function paymentRoutes(payments: Payments, client: WechatPayClient): FastifyPluginAsync {
  return async (app) => {
    serve(app, cashierEndpoints.pay, async ({ params, body }, request) => {
      const access = await app.store.scope.of(request);
      return payments.pay({ orderId: params.id, body, operator: operatorOf(request), idempotencyKey: keyOf(request), canSee: (storeId) => canSee(access, storeId) });
    }, { ownIdempotency: true });

    serve(app, cashierEndpoints.payment, async ({ params }, request) => {
      const access = await app.store.scope.of(request);
      return payments.paymentState(params.id, params.paymentId, (storeId) => canSee(access, storeId));
    });

    // The notification's signature covers its exact bytes: this scope keeps the body as text.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => done(null, String(text)));
      serve(scope, wechatPayNotifyEndpoint, async (_input, request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        let verified;
        try {
          verified = await client.verifyNotification(request.headers, raw);
        } catch (error) {
          if (!(error instanceof NotificationRefused)) throw error;
          request.log.warn({ reason: error.reason }, 'wechat pay: notification refused');
          return reply.code(401).send({ code: 'FAIL', message: REFUSALS[error.reason] });
        }
        if (verified.eventType === 'TRANSACTION.SUCCESS') {
          const outcome = await payments.settleWechat(verified.transaction);
          if (outcome === 'mismatch') {
            request.log.error({ outTradeNo: verified.transaction.out_trade_no }, 'wechat pay: notified amount differs from the payment');
            return reply.code(400).send({ code: 'FAIL', message: '支付金额与订单不一致' });
          }
          // Handled now, handled before, or not ours (nothing a retry would change): acknowledged.
          if (outcome === 'unknown') request.log.warn({ outTradeNo: verified.transaction.out_trade_no }, 'wechat pay: notification for an unknown payment');
          return reply.code(204).send();
        }
        // Refunds are recorded when the platform accepts them; their results need nothing more.
        request.log.info({ outRefundNo: verified.refund.out_refund_no, status: verified.refund.refund_status }, 'wechat pay: refund notification');
        return reply.code(204).send();
      });
    });
  };
}
