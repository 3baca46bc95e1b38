import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dinerEndpoints as api, IDEMPOTENCY_HEADER, TAB_SECRET_HEADER, type DinerOrder } from '@canteen/contract';
import { AppError, conflict, notFound, TooManyRequests } from '../../../http/errors.js';
import { tableByQrToken, type TableByToken } from '../../store/service.js';
import type { OrderOperator } from '../orders/service.js';
import { serve } from '../../../http/endpoint.js';
import { dinerOrderPagePath, dinerPageRoutes } from './page.js';
import './online-pay.js';
import { orderIdByViewToken } from './view.js';
import { orderByKey, TabAlreadyOpen } from '../orders/create.js';
import { order as orderTable } from '../tables.js';
import { absoluteUrl } from '../../../http/public-url.js';
import { stockOnPayShort } from '../orders/transitions.js';
import { holdsTab, issueTabSecret, TABLE_IN_USE } from './tab-secret.js';

const gzip = promisify(gzipCallback);

/** Who orders from a table: nobody signed in (the order log names the channel). */
export const DINER_OPERATOR: OrderOperator = { id: null, name: '扫码顾客' };
/** Orders created from one table's QR code per minute: a table orders a few times a meal, a script many. */
export const DINER_ORDERS_PER_TABLE = { max: 10, windowSeconds: 60 };

/** What the encoded menu answer (store/menu/cache.ts) starts with: its `data` follows, then `}`. */
const MENU_PREFIX = Buffer.from('{"code":0,"msg":null,"data":');


/**
 * 扫码点餐: the public routes of a table's QR code (its random token names the store and the
 * table; an order's random view token reaches its status). Nobody signs in: prices, stock and
 * availability are the server's (app.order), the table and store come from the token, never from
 * the body; creating is limited per table.
 */
export const dinerRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  /** The tab secret the request carries (TAB_SECRET_HEADER), if any. */
  const secretOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers[TAB_SECRET_HEADER];
    return Array.isArray(header) ? header[0] : header;
  };

  const tableOf = async (token: string): Promise<TableByToken> => {
    const table = await tableByQrToken(db, token);
    if (!table) throw notFound('桌台二维码无效或已失效');
    return table;
  };

  /** Pay-first: a WeChat Pay h5 payment of what is left to pay, its page returning to the order's status page. */
  const payUrlOf = async (request: FastifyRequest, orderId: string, tableToken: string, order: DinerOrder, idempotencyKey?: string): Promise<string | null> => {
    if (order.status !== 'pending' || order.payableAmount - order.paidAmount <= 0) return null;
    const pay = app.order.payOnline;
    if (!pay) throw new AppError(503, '在线支付暂不可用，请到收银台付款');
    const { payUrl } = await pay({
      orderId,
      operator: DINER_OPERATOR,
      returnUrl: absoluteUrl(request, dinerOrderPagePath(tableToken, order.viewToken)),
      idempotencyKey,
      payerIp: request.ip,
    });
    return payUrl;
  };

  serve(app, api.menu, async ({ params }, request, reply) => {
    const table = await tableOf(params.token);
    const cached = app.store.menu.get(table.storeId);
    const answer = 'json' in cached ? cached : await cached;
    const head = JSON.stringify({ storeId: table.storeId, storeName: table.storeName, tableCode: table.tableCode, areaName: table.areaName, payMode: table.payMode });
    // The menu's own tag (its version and whether the store is open now) with the table's part: a revisit gets a 304.
    const etag = `"${answer.etag.replaceAll('"', '')}-${createHash('sha1').update(head).digest('base64url').slice(0, 10)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // The cached menu stays encoded: its `data` is spliced in, not parsed and encoded again.
    const menu = answer.json.subarray(0, MENU_PREFIX.length).equals(MENU_PREFIX)
      ? answer.json.subarray(MENU_PREFIX.length, answer.json.length - 1)
      : Buffer.from(JSON.stringify((JSON.parse(answer.json.toString('utf8')) as { data: unknown }).data));
    const body = Buffer.concat([Buffer.from(`{"code":0,"msg":null,"data":{"table":${head},"menu":`), menu, Buffer.from('}}')]);
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(await gzip(body));
    return reply.send(body);
  });

  serve(app, api.quote, async ({ params, body }) => {
    const table = await tableOf(params.token);
    return app.order.quote({ ...body, tableId: table.tableId, storeId: table.storeId }, { source: 'qr', tableToken: params.token });
  });

  serve(app, api.create, async ({ params, body }, request) => {
    const table = await tableOf(params.token);
    const counted = await app.identity.limiter.take(`diner-order:${params.token}`, DINER_ORDERS_PER_TABLE);
    if (counted.hits > DINER_ORDERS_PER_TABLE.max) throw new TooManyRequests(counted.retryAfterSeconds, `下单太频繁，请 ${counted.retryAfterSeconds} 秒后再试`);
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const secret = secretOf(request);
    // A pay-later table's open tab gains a round (加菜) instead of a second order, from the device
    // that opened it only (its secret); any other device is told the table is in use.
    // (A retry of the creation that opened the tab is answered by creating, which finds its order by the key.)
    const retried = idempotencyKey ? await orderByKey(db, table.storeId, idempotencyKey) : null;
    const addToTab = async (tabId: string) => {
      if (!await holdsTab(db, tabId, secret)) throw conflict(TABLE_IN_USE);
      await app.order.addRound({ orderId: tabId, lines: body.lines, remark: body.remark, source: 'qr', operator: DINER_OPERATOR, idempotencyKey });
      const [view] = await db.select({ viewToken: orderTable.viewToken }).from(orderTable).where(eq(orderTable.id, tabId));
      return { order: await app.order.getByViewToken(view!.viewToken), payUrl: null };
    };
    const tab = !retried && table.payMode === 'pay_later' && body.type === 'dine_in' ? await app.order.openTab(table.tableId) : null;
    if (tab) return addToTab(tab.id);
    let created;
    try {
      created = await app.order.create({
        cart: { ...body, storeId: table.storeId, tableId: table.tableId },
        source: 'qr',
        operator: DINER_OPERATOR,
        tableToken: params.token,
        idempotencyKey,
      });
    } catch (error) {
      // Another phone at the table opened the tab a moment before: its tab, not this device's.
      if (error instanceof TabAlreadyOpen) return addToTab(error.orderId);
      throw error;
    }
    const order = await app.order.getByViewToken(created.viewToken);
    // This submission opened the table's tab (or is the retry of the one that did: the same key):
    // the device gets the tab's secret, a new one on a retry (the first answer never arrived).
    if (order.status === 'dining' || (retried && order.status === 'pending' && await isTab(created.id))) {
      return { order, payUrl: null, tabSecret: await issueTabSecret(db, created.id) };
    }
    return { order, payUrl: await payUrlOf(request, created.id, params.token, order, idempotencyKey && `diner-${idempotencyKey}`.slice(0, 64)) };
  }, { ownIdempotency: true });

  serve(app, api.order, async ({ params }) => app.order.getByViewToken(params.viewToken));

  serve(app, api.open, async ({ params }, request) => {
    const table = await tableOf(params.token);
    const tab = await app.order.openTab(table.tableId);
    if (!tab) return { order: null, inUse: false };
    if (!await holdsTab(db, tab.id, secretOf(request))) return { order: null, inUse: true };
    const [view] = await db.select({ viewToken: orderTable.viewToken }).from(orderTable).where(eq(orderTable.id, tab.id));
    return { order: await app.order.getByViewToken(view!.viewToken), inUse: false };
  });

  serve(app, api.bill, async ({ params }, request) => {
    const found = await orderIdByViewToken(db, params.viewToken);
    if (!found) throw notFound('订单不存在');
    if (!await holdsTab(db, found.id, secretOf(request))) throw conflict(TABLE_IN_USE);
    await app.order.assertDinersMayOrder(found.storeId);
    await app.order.requestBill(found.id, DINER_OPERATOR);
    return app.order.getByViewToken(params.viewToken);
  });

  serve(app, api.pay, async ({ params }, request) => {
    const found = await orderIdByViewToken(db, params.viewToken);
    if (!found) throw notFound('订单不存在');
    const order = await app.order.getByViewToken(params.viewToken);
    if (order.status !== 'pending') throw new AppError(409, `订单${order.orderNo}不是待支付状态`);
    if (!found.tableToken) throw new AppError(409, `订单${order.orderNo}请到收银台付款`);
    // Its stock is taken when it is paid: a dish gone meanwhile is said before the diner pays.
    const short = await stockOnPayShort(db, found.id);
    if (short) throw conflict(`${short}，请重新下单`);
    return { order, payUrl: await payUrlOf(request, found.id, found.tableToken, order) };
  });

  /** Whether the order is a pay-later tab (it was opened dining). */
  const isTab = async (orderId: string): Promise<boolean> => {
    const [row] = await db.select({ payLater: orderTable.payLater }).from(orderTable).where(eq(orderTable.id, orderId));
    return row?.payLater === true;
  };

  await app.register(dinerPageRoutes);
};
