import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import {
  dinerCartSchema, dinerCreateResultSchema, dinerOpenTabSchema, dinerOrderSchema, dinerTableSchema, orderAddLinesBodySchema, orderCancelBodySchema, orderCartSchema, orderCountsSchema,
  orderPayBodySchema, orderPayResultSchema, orderQuerySchema, orderQuoteSchema, orderRecordSchema, orderRefundBodySchema, orderRowSchema,
} from '../order.js';
import { pageSchema } from '../paging.js';
import { orderingMenuSchema } from '../store.js';

/**
 * 订单管理 (issue 13): the admin list and drawer (order:order), the counter (order:cashier), the
 * WeChat Pay notification and the diners' page (public: a table's QR token, an order's view
 * token; both random, never ids). Orders carry a store: another store's order answers 404.
 * Creating and paying take an `Idempotency-Key` header (a retry answers the first answer).
 */

const storeQuery = z.object({ storeId: z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号').optional() });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '桌台二维码无效') });
const viewParams = z.object({ viewToken: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '订单链接无效') });

export const orderEndpoints = {
  page: endpoint({
    method: 'GET', path: '/order/order/page', tag: 'order:order', summary: '订单分页', access: { permission: 'order:order:index' },
    query: orderQuerySchema, data: pageSchema(orderRowSchema),
  }),
  /** Orders per tab, for the tabs and the 待处理 badge. */
  counts: endpoint({
    method: 'GET', path: '/order/order/counts', tag: 'order:order', summary: '订单数量', access: { permission: 'order:order:index' },
    query: storeQuery, data: orderCountsSchema,
  }),
  get: endpoint({
    method: 'GET', path: '/order/order/:id', tag: 'order:order', summary: '订单详情', access: { permission: 'order:order:get' },
    params: idParamsSchema, data: orderRecordSchema,
  }),
  /** 接单: paid → making. */
  accept: endpoint({
    method: 'POST', path: '/order/order/:id/accept', tag: 'order:order', summary: '接单', access: { permission: 'order:order:edit' },
    params: idParamsSchema, data: orderRecordSchema,
  }),
  /** 出餐完成: making → finished (a pay-later tab: paid → finished when it is cleared). */
  finish: endpoint({
    method: 'POST', path: '/order/order/:id/finish', tag: 'order:order', summary: '完成订单', access: { permission: 'order:order:edit' },
    params: idParamsSchema, data: orderRecordSchema,
  }),
  /** 买单: a pay-later table asks for the bill, dining → pending (no unpaid timeout: the diners are at the table). */
  bill: endpoint({
    method: 'POST', path: '/order/order/:id/bill', tag: 'order:order', summary: '买单', access: { permission: 'order:order:edit' },
    params: idParamsSchema, data: orderRecordSchema,
  }),
  /** 取消: dining, pending or paid (paid money goes back to where it came from), with a reason. */
  cancel: endpoint({
    method: 'POST', path: '/order/order/:id/cancel', tag: 'order:order', summary: '取消订单', access: { permission: 'order:order:edit' },
    params: idParamsSchema, body: orderCancelBodySchema, data: orderRecordSchema,
  }),
  /** 退款: the whole order or chosen lines and quantities, back to the original methods. */
  refund: endpoint({
    method: 'POST', path: '/order/order/:id/refund', tag: 'order:order', summary: '订单退款', access: { permission: 'order:order:refund' },
    params: idParamsSchema, body: orderRefundBodySchema, data: orderRecordSchema,
  }),
};

export const cashierEndpoints = {
  /** Prices a cart (server prices only) with the member's usable coupons; saves nothing. */
  quote: endpoint({
    method: 'POST', path: '/order/quote', tag: 'order:cashier', summary: '订单试算', access: { permission: 'order:cashier:index' },
    body: orderCartSchema, data: orderQuoteSchema,
  }),
  /** Creates an order (pending, or dining for a pay-later table): stock taken, coupon locked. */
  create: endpoint({
    method: 'POST', path: '/order/order', tag: 'order:cashier', summary: '下单', access: { permission: 'order:cashier:index' },
    body: orderCartSchema, data: orderRecordSchema,
  }),
  /** 加菜: a round added to a pay-later table's open (dining) order; answers the order with it. */
  addLines: endpoint({
    method: 'POST', path: '/order/order/:id/lines', tag: 'order:cashier', summary: '加菜', access: { permission: 'order:cashier:index' },
    params: idParamsSchema, body: orderAddLinesBodySchema, data: orderRecordSchema,
  }),
  /** A table's open (dining) order, or null: the counter adds to it instead of opening another. */
  openTab: endpoint({
    method: 'GET', path: '/order/table/:id/open', tag: 'order:cashier', summary: '桌台进行中的订单', access: { permission: 'order:cashier:index' },
    params: idParamsSchema, data: orderRecordSchema.nullable(),
  }),
  /** One payment of the order as it is now (the counter waits on a WeChat Pay QR with this). */
  payment: endpoint({
    method: 'GET', path: '/order/order/:id/pay/:paymentId', tag: 'order:cashier', summary: '收款状态', access: { permission: 'order:cashier:index' },
    params: z.object({ id: idParamsSchema.shape.id, paymentId: idParamsSchema.shape.id }), data: orderPayResultSchema,
  }),
  /** One payment (cash, balance, WeChat Pay QR); several make a split payment. */
  pay: endpoint({
    method: 'POST', path: '/order/order/:id/pay', tag: 'order:cashier', summary: '收款', access: { permission: 'order:cashier:pay' },
    params: idParamsSchema, body: orderPayBodySchema, data: orderPayResultSchema,
  }),
};

/**
 * The payment platform's notification (WeChat Pay v3 style): signed headers, an encrypted
 * resource. Answers 204 when handled (or handled before), `{ code: 'FAIL', message }` with a 4xx
 * or 5xx otherwise, so the platform retries.
 */
export const wechatPayNotifyEndpoint = endpoint({
  method: 'POST', path: '/order/pay/wechat/notify', tag: 'order:pay', summary: '微信支付结果通知', access: { public: true }, raw: true,
  body: z.unknown(), data: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const dinerEndpoints = {
  /** The table and its store's ordering menu. */
  menu: endpoint({
    method: 'GET', path: '/order/diner/:token', tag: 'order:diner', summary: '扫码点餐菜单', access: { public: true },
    params: tokenParams, data: z.object({ table: dinerTableSchema, menu: orderingMenuSchema }),
  }),
  quote: endpoint({
    method: 'POST', path: '/order/diner/:token/quote', tag: 'order:diner', summary: '扫码点餐试算', access: { public: true },
    params: tokenParams, body: dinerCartSchema, data: orderQuoteSchema,
  }),
  create: endpoint({
    method: 'POST', path: '/order/diner/:token/order', tag: 'order:diner', summary: '扫码下单', access: { public: true },
    params: tokenParams, body: dinerCartSchema, data: dinerCreateResultSchema,
  }),
  order: endpoint({
    method: 'GET', path: '/order/diner/order/:viewToken', tag: 'order:diner', summary: '扫码订单状态', access: { public: true },
    params: viewParams, data: dinerOrderSchema,
  }),
  /**
   * The table's open pay-later order (dining, or pending after 买单) when this device holds its
   * secret (TAB_SECRET_HEADER): the page shows its rounds; another device learns only that the
   * table is in use.
   */
  open: endpoint({
    method: 'GET', path: '/order/diner/:token/open', tag: 'order:diner', summary: '本桌进行中的订单', access: { public: true },
    params: tokenParams, data: dinerOpenTabSchema,
  }),
  /** 买单: the table's open order dining → pending (the tab's secret, the store open); pay at the counter or by WeChat Pay (pay below). */
  bill: endpoint({
    method: 'POST', path: '/order/diner/order/:viewToken/bill', tag: 'order:diner', summary: '扫码买单', access: { public: true },
    params: viewParams, data: dinerOrderSchema,
  }),
  /** Pay a pending order through WeChat Pay again (the first page was closed). */
  pay: endpoint({
    method: 'POST', path: '/order/diner/order/:viewToken/pay', tag: 'order:diner', summary: '扫码订单支付', access: { public: true },
    params: viewParams, data: dinerCreateResultSchema,
  }),
};
