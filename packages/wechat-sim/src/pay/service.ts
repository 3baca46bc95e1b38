/**
 * What the pay platform does, independent of HTTP: payments (native and h5), paying one as the
 * customer, closing, refunding, and the notifications each success sends.
 */
import { payTime, type PayRefund, type PayRefundNotice, type PayTransaction } from '@canteen/wechat-protocol';
import { randomBytes } from 'node:crypto';
import type { SimContext } from '../context.js';
import { demoPaidOrder } from './demo.js';
import type { PayNotifier } from './notify.js';
import { CODE_URL_TTL_MS, DEFAULT_PAYER_OPENID, type PayMerchant, type PayNotice, type PayOrder, type PayRefundRecord } from './state.js';

/** A refusal in the platform's form: HTTP status, `code`, `message`. */
export class PayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export interface CreateInput {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  time_expire?: string;
  attach?: string;
  notify_url: string;
  amount: { total: number; currency?: string };
  scene_info?: { payer_client_ip?: string };
}

export interface RefundInput {
  transaction_id?: string;
  out_trade_no?: string;
  out_refund_no: string;
  reason?: string;
  notify_url?: string;
  amount: { refund: number; total: number; currency?: string };
}

export function createPayService(ctx: SimContext, notifier: PayNotifier) {
  const data = () => ctx.store.data.pay;
  const now = () => ctx.clock.now();

  const merchant = (mchid: string): PayMerchant | undefined => data().merchants.find((m) => m.mchid === mchid);
  const order = (mchid: string, outTradeNo: string) => data().orders.find((o) => o.mchid === mchid && o.outTradeNo === outTradeNo);
  const byPrepay = (prepayId: string) => data().orders.find((o) => o.prepayId === prepayId);
  const refundsOf = (o: PayOrder) => data().refunds.filter((r) => r.mchid === o.mchid && r.outTradeNo === o.outTradeNo);
  const refunded = (o: PayOrder) => refundsOf(o).filter((r) => r.status !== 'CLOSED' && r.status !== 'ABNORMAL').reduce((sum, r) => sum + r.refund, 0);

  function transaction(o: PayOrder): PayTransaction {
    const paid = o.state === 'SUCCESS' || o.state === 'REFUND';
    const desc = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '订单发生过退款' }[o.state];
    return {
      appid: o.appid,
      mchid: o.mchid,
      out_trade_no: o.outTradeNo,
      ...(o.transactionId ? { transaction_id: o.transactionId } : {}),
      ...(paid ? { trade_type: o.tradeType, bank_type: 'OTHERS', success_time: payTime(o.successAt!), payer: { openid: o.payerOpenid! } } : {}),
      trade_state: o.state,
      trade_state_desc: desc,
      attach: o.attach,
      amount: { total: o.total, ...(paid ? { payer_total: o.total } : {}), currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function refundView(r: PayRefundRecord): PayRefund {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: r.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.successAt ? { success_time: payTime(r.successAt) } : {}),
      create_time: payTime(r.createdAt),
      status: r.status,
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
    };
  }

  /** Native or h5 ordering. The same out_trade_no with the same terms answers the same payment. */
  function create(m: PayMerchant, kind: 'NATIVE' | 'MWEB', input: CreateInput): PayOrder {
    if (input.appid !== m.appid) throw new PayError(400, 'PARAM_ERROR', 'appid和mch_id不匹配');
    if (!/^[0-9A-Za-z_\-*|]{6,32}$/.test(input.out_trade_no ?? '')) throw new PayError(400, 'PARAM_ERROR', '输入源“/body/out_trade_no”映射到值字段“商户订单号”字符串规则校验失败，字节数 6-32，只能是数字、大小写字母_-|*');
    if (!input.description || input.description.length > 127) throw new PayError(400, 'PARAM_ERROR', '商品描述不能为空且不超过127个字符');
    if (!/^https?:\/\/[^?#]+$/.test(input.notify_url ?? '')) throw new PayError(400, 'PARAM_ERROR', 'notify_url 必须是不带参数的 http(s) 地址');
    const total = input.amount?.total;
    if (!Number.isInteger(total) || total < 1) throw new PayError(400, 'PARAM_ERROR', '订单金额必须为大于0的整数（分）');
    if (input.amount.currency && input.amount.currency !== 'CNY') throw new PayError(400, 'PARAM_ERROR', '币种只能是CNY');
    let expiresAt = now() + CODE_URL_TTL_MS;
    if (input.time_expire) {
      const at = Date.parse(input.time_expire);
      if (!Number.isFinite(at)) throw new PayError(400, 'PARAM_ERROR', 'time_expire 格式错误，应为 RFC 3339');
      expiresAt = Math.min(expiresAt, at);
    }
    const existing = order(m.mchid, input.out_trade_no);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') throw new PayError(400, 'ORDERPAID', '该订单已支付');
      if (existing.state === 'CLOSED') throw new PayError(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.total !== total || existing.description !== input.description || existing.tradeType !== kind) throw new PayError(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return existing;
    }
    const created: PayOrder = {
      mchid: m.mchid,
      appid: m.appid,
      outTradeNo: input.out_trade_no,
      prepayId: `wx${payTime(now()).replace(/\D/g, '').slice(2, 14)}${randomBytes(12).toString('hex')}`,
      tradeType: kind,
      description: input.description,
      attach: input.attach ?? '',
      notifyUrl: input.notify_url,
      total,
      expiresAt,
      state: 'NOTPAY',
      transactionId: null,
      payerOpenid: null,
      successAt: null,
      closedAt: null,
      createdAt: now(),
      payerClientIp: input.scene_info?.payer_client_ip ?? null,
    };
    data().orders.push(created);
    ctx.store.changed();
    return created;
  }

  function close(o: PayOrder): void {
    if (o.state === 'SUCCESS' || o.state === 'REFUND') throw new PayError(400, 'ORDERPAID', '该订单已支付，无法关闭');
    if (o.state === 'NOTPAY') {
      o.state = 'CLOSED';
      o.closedAt = now();
      ctx.store.changed();
    }
  }

  /**
   * The customer pays: NOTPAY → SUCCESS, then TRANSACTION.SUCCESS goes to notify_url (its first
   * try awaited) unless `notify` is false (a late notification, for the merchant's query fallback).
   */
  async function pay(o: PayOrder, options: { openid?: string; notify?: boolean } = {}): Promise<{ order: PayOrder; notice: PayNotice | null }> {
    if (o.state === 'SUCCESS' || o.state === 'REFUND') throw new PayError(400, 'ORDERPAID', '该订单已支付');
    if (o.state === 'CLOSED') throw new PayError(400, 'ORDER_CLOSED', '订单已关闭');
    if (now() > o.expiresAt) throw new PayError(400, 'ORDER_CLOSED', '二维码已过期，请让商户重新下单');
    o.state = 'SUCCESS';
    o.successAt = now();
    o.payerOpenid = options.openid || DEFAULT_PAYER_OPENID;
    o.transactionId = `42000${payTime(now()).replace(/\D/g, '').slice(0, 8)}${digits(15)}`;
    ctx.store.changed();
    if (options.notify === false) return { order: o, notice: null };
    return { order: o, notice: await notifyPaid(o) };
  }

  async function notifyPaid(o: PayOrder, resource: PayTransaction = transaction(o)): Promise<PayNotice> {
    const m = merchant(o.mchid)!;
    const { body, plaintext } = notifier.build(m, 'TRANSACTION.SUCCESS', resource);
    return notifier.send(m, { eventType: 'TRANSACTION.SUCCESS', outTradeNo: o.outTradeNo, outRefundNo: null, url: o.notifyUrl, body, plaintext, forged: null });
  }

  function refund(m: PayMerchant, input: RefundInput): PayRefundRecord {
    const o = input.out_trade_no
      ? order(m.mchid, input.out_trade_no)
      : data().orders.find((x) => x.mchid === m.mchid && x.transactionId === input.transaction_id);
    if (!input.out_trade_no && !input.transaction_id) throw new PayError(400, 'PARAM_ERROR', 'transaction_id 和 out_trade_no 必须二选一');
    if (!/^[0-9A-Za-z_\-*|@]{1,64}$/.test(input.out_refund_no ?? '')) throw new PayError(400, 'PARAM_ERROR', 'out_refund_no 格式错误');
    if (!o) {
      // The demo data's payments (demo.ts): a paid transaction of the refund's total, kept from now on.
      const demo = demoPaidOrder(m, input.out_trade_no, input.amount?.total ?? NaN, now());
      if (!demo) throw new PayError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      data().orders.push(demo);
      ctx.store.changed();
      return refund(m, input);
    }
    if (o.state !== 'SUCCESS' && o.state !== 'REFUND') throw new PayError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    const amount = input.amount ?? { refund: NaN, total: NaN };
    if (!Number.isInteger(amount.refund) || amount.refund < 1) throw new PayError(400, 'PARAM_ERROR', '退款金额必须为大于0的整数（分）');
    if (amount.total !== o.total) throw new PayError(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const same = data().refunds.find((r) => r.mchid === m.mchid && r.outRefundNo === input.out_refund_no);
    if (same) {
      if (same.outTradeNo !== o.outTradeNo || same.refund !== amount.refund) throw new PayError(400, 'INVALID_REQUEST', '商户退款单号重复');
      return same;
    }
    if (refunded(o) + amount.refund > o.total) throw new PayError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    const record: PayRefundRecord = {
      mchid: m.mchid,
      outTradeNo: o.outTradeNo,
      transactionId: o.transactionId!,
      outRefundNo: input.out_refund_no,
      refundId: `50300${digits(24)}`,
      reason: input.reason ?? '',
      notifyUrl: input.notify_url ?? null,
      refund: amount.refund,
      total: o.total,
      status: 'PROCESSING',
      createdAt: now(),
      successAt: null,
    };
    data().refunds.push(record);
    o.state = 'REFUND';
    ctx.store.changed();
    if (ctx.settings.refundDelayMs <= 0) finishRefund(record, false);
    else setTimeout(() => finishRefund(record, true), ctx.settings.refundDelayMs).unref();
    return record;
  }

  /** PROCESSING → SUCCESS, and REFUND.SUCCESS to the refund's notify_url when it has one. */
  function finishRefund(record: PayRefundRecord, notifyNow: boolean): void {
    if (record.status !== 'PROCESSING') return;
    record.status = 'SUCCESS';
    record.successAt = now();
    ctx.store.changed();
    if (record.notifyUrl) {
      const send = () => void notifyRefund(record).catch(() => undefined);
      if (notifyNow) send();
      else setTimeout(send, 0).unref();
    }
  }

  async function notifyRefund(record: PayRefundRecord): Promise<PayNotice> {
    const m = merchant(record.mchid)!;
    const resource: PayRefundNotice = {
      mchid: record.mchid,
      out_trade_no: record.outTradeNo,
      transaction_id: record.transactionId,
      out_refund_no: record.outRefundNo,
      refund_id: record.refundId,
      refund_status: record.status,
      ...(record.successAt ? { success_time: payTime(record.successAt) } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: record.total, refund: record.refund, payer_total: record.total, payer_refund: record.refund },
    };
    const { body, plaintext } = notifier.build(m, 'REFUND.SUCCESS', resource);
    return notifier.send(m, { eventType: 'REFUND.SUCCESS', outTradeNo: record.outTradeNo, outRefundNo: record.outRefundNo, url: record.notifyUrl!, body, plaintext, forged: null });
  }

  return { merchant, order, byPrepay, refundsOf, transaction, refundView, create, close, pay, notifyPaid, notifyRefund, refund };
}

export type PayService = ReturnType<typeof createPayService>;
