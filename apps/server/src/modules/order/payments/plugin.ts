import type { FastifyPluginAsync } from 'fastify';
import { WechatPayClient } from '../../../platform/wechat-pay/client.js';
import { wechatPayConfig } from '../../../platform/wechat-pay/config.js';
import { refundRoutes } from '../refunds/routes.js';
import { createRefunds } from '../refunds/service.js';
import { paymentRoutes } from './routes.js';
import { createPayments } from './service.js';
import { registerWechatPaySync } from './sync.js';

/**
 * Payments and refunds of the orders module: the pay client (WXPAY_*, the simulator by
 * default), the pay and notify routes, the refund route, the query fallback job (sync.ts), and
 * what they plug into `app.order` (payOnline for the diners' page, refundAll for the cancel of a
 * paid order).
 */
export const paymentsPlugin: FastifyPluginAsync = async (app) => {
  const client = new WechatPayClient(wechatPayConfig(app.config));
  const payments = createPayments(app, client);
  const refunds = createRefunds(app, client);
  app.order.payOnline = (input) => payments.payOnline(input);
  app.order.refundAll = refunds.refundAll;
  registerWechatPaySync(app, payments, client);
  await app.register(paymentRoutes(payments, client));
  await app.register(refundRoutes(refunds));
};
