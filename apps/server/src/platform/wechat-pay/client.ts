import {
  buildAuthorization, decryptResource, verifySignedHeaders,
  type PayNotification, type PayRefund, type PayRefundNotice, type PayTransaction,
} from '@canteen/wechat-protocol';
import type { WechatPayConfig } from './config.js';
import { PayPlatformError, payBadAnswer, payTimeout, payUnreachable } from './errors.js';

export interface CreatePaymentInput {
  outTradeNo: string;
  description: string;
  total: number;
  /** When the code stops being payable. */
  expireAt?: Date | null;
  attach?: string;
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  reason: string;
  refund: number;
  total: number;
}

/** A notification that passed every check: which event, and its decrypted resource. */
export type VerifiedNotification =
  | { eventType: 'TRANSACTION.SUCCESS'; id: string; transaction: PayTransaction }
  | { eventType: 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED'; id: string; refund: PayRefundNotice };

/** Why a notification was refused (the notify route answers 401 FAIL and the platform retries). */
export class NotificationRefused extends Error {
  constructor(readonly reason: 'missing' | 'serial' | 'timestamp' | 'signature' | 'body' | 'decrypt') {
    super(reason);
  }
}

const rfc3339 = (at: Date) => `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * The merchant side of WeChat Pay APIv3: every request signed with the merchant key
 * (`Authorization: WECHATPAY2-SHA256-RSA2048`), every answer's Wechatpay-* signature checked
 * against the platform key, refusals turned into Chinese errors; notifications verified and
 * decrypted. Keys stay inside; nothing here logs them.
 */
export class WechatPayClient {
  constructor(readonly config: WechatPayConfig) {}

  /** The customer page that pays a native code (the simulator's); null on the real platform (scan the QR). */
  payPageUrl(codeUrl: string): string | null {
    return this.config.simulator ? `${this.config.baseUrl}/pay/scan?code_url=${encodeURIComponent(codeUrl)}` : null;
  }

  private async request<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: object): Promise<{ status: number; data: T | null }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const signer = { mchid: this.config.mchid, serialNo: this.config.serialNo, privateKey: this.config.privateKey };
    let res: Response;
    let raw: string;
    try {
      res = await fetch(`${this.config.baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          Authorization: buildAuthorization(signer, method, pathWithQuery, text),
          Accept: 'application/json',
          'User-Agent': 'canteen-server',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      raw = await res.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw payTimeout();
      throw payUnreachable();
    }
    if (res.ok) {
      // A success must be the platform's: its signature over the exact body.
      const check = verifySignedHeaders(Object.fromEntries(res.headers.entries()), raw, (serial) => (serial === this.config.platformKeyId ? this.config.platformPublicKey : null));
      if (!check.ok) throw payBadAnswer(`签名校验失败（${check.reason}）`);
      if (!raw) return { status: res.status, data: null };
      try {
        return { status: res.status, data: JSON.parse(raw) as T };
      } catch {
        throw payBadAnswer('不是 JSON');
      }
    }
    let refusal: { code?: string; message?: string } = {};
    try {
      refusal = JSON.parse(raw) as typeof refusal;
    } catch {
      /* not JSON: named by the status below */
    }
    throw new PayPlatformError(refusal.code ?? `HTTP_${res.status}`, refusal.message ?? `HTTP ${res.status}`, res.status);
  }

  private order(input: CreatePaymentInput) {
    return {
      appid: this.config.appid,
      mchid: this.config.mchid,
      description: input.description.slice(0, 127),
      out_trade_no: input.outTradeNo,
      ...(input.expireAt ? { time_expire: rfc3339(input.expireAt) } : {}),
      ...(input.attach ? { attach: input.attach } : {}),
      notify_url: this.config.notifyUrl,
      amount: { total: input.total, currency: 'CNY' },
    };
  }

  /** Native payment: the code to show as a QR at the counter. */
  async createNative(input: CreatePaymentInput): Promise<{ codeUrl: string }> {
    const { data } = await this.request<{ code_url?: string }>('POST', '/v3/pay/transactions/native', this.order(input));
    if (!data?.code_url) throw payBadAnswer('缺少 code_url');
    return { codeUrl: data.code_url };
  }

  /** H5 payment: the page that pays it, which then returns to `returnUrl`. */
  async createH5(input: CreatePaymentInput & { payerIp: string; returnUrl: string }): Promise<{ h5Url: string }> {
    const { data } = await this.request<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
      ...this.order(input),
      scene_info: { payer_client_ip: input.payerIp, h5_info: { type: 'Wap' } },
    });
    if (!data?.h5_url) throw payBadAnswer('缺少 h5_url');
    return { h5Url: `${data.h5_url}&redirect_url=${encodeURIComponent(input.returnUrl)}` };
  }

  /** The payment as the platform has it (the fallback when a notification is late). */
  async query(outTradeNo: string): Promise<PayTransaction> {
    const { data } = await this.request<PayTransaction>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${this.config.mchid}`);
    if (!data) throw payBadAnswer('空应答');
    return data;
  }

  async close(outTradeNo: string): Promise<void> {
    await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.config.mchid });
  }

  /** A refund (the same out_refund_no is the same refund: safe to retry). */
  async refund(input: RefundRequest): Promise<PayRefund> {
    const { data } = await this.request<PayRefund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: input.reason.slice(0, 80),
      notify_url: this.config.notifyUrl,
      amount: { refund: input.refund, total: input.total, currency: 'CNY' },
    });
    if (!data) throw payBadAnswer('空应答');
    return data;
  }

  /**
   * Checks a notification: signed by the platform key over the exact body, within the timestamp
   * window, resource decrypted with the APIv3 key. Throws NotificationRefused otherwise.
   */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifiedNotification {
    const check = verifySignedHeaders(headers, rawBody, (serial) => (serial === this.config.platformKeyId ? this.config.platformPublicKey : null), nowSeconds);
    if (!check.ok) throw new NotificationRefused(check.reason);
    let notification: PayNotification;
    try {
      notification = JSON.parse(rawBody) as PayNotification;
    } catch {
      throw new NotificationRefused('body');
    }
    if (!notification?.resource || typeof notification.event_type !== 'string') throw new NotificationRefused('body');
    let plaintext: string;
    try {
      plaintext = decryptResource(this.config.apiV3Key, notification.resource);
    } catch {
      throw new NotificationRefused('decrypt');
    }
    let resource: unknown;
    try {
      resource = JSON.parse(plaintext);
    } catch {
      throw new NotificationRefused('decrypt');
    }
    if (notification.event_type === 'TRANSACTION.SUCCESS') return { eventType: 'TRANSACTION.SUCCESS', id: notification.id, transaction: resource as PayTransaction };
    if (notification.event_type.startsWith('REFUND.')) return { eventType: notification.event_type as 'REFUND.SUCCESS', id: notification.id, refund: resource as PayRefundNotice };
    throw new NotificationRefused('body');
  }
}
