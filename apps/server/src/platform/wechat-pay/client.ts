import { X509Certificate, type KeyObject } from 'node:crypto';
import {
  buildAuthorization, decryptResource, verifySignedHeaders,
  type EncryptedResource, type PayNotification, type PayRefund, type PayRefundNotice, type PayTransaction,
} from '@canteen/wechat-protocol';
import { readKeysDir, type WechatPayConfig } from './config.js';
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
  /** Keys read from WXPAY_PLATFORM_KEYS_DIR, and the 平台证书 downloaded, by serial. */
  private fromDir: Map<string, KeyObject> | null = null;
  private downloaded = new Map<string, KeyObject>();
  /** When the certificates were last downloaded (or last failed to be: tried again a minute later). */
  private downloadedAt: number | null = null;
  /** When an unknown serial last made it learn the keys again (at most every 10 s: serials are the sender's to choose). */
  private unknownSerialAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(readonly config: WechatPayConfig) {}

  /** The customer page that pays a native code (the simulator's); null on the real platform (scan the QR). */
  payPageUrl(codeUrl: string): string | null {
    return this.config.simulator ? `${this.config.baseUrl}/pay/scan?code_url=${encodeURIComponent(codeUrl)}` : null;
  }

  /** The platform key with this serial (Wechatpay-Serial): given, in the folder, or downloaded. */
  readonly keyOf = (serial: string): KeyObject | null => this.config.platformKeys.get(serial) ?? this.fromDir?.get(serial) ?? this.downloaded.get(serial) ?? null;

  /** The serials of the platform keys known now. */
  knownSerials(): string[] {
    return [...new Set([...this.config.platformKeys.keys(), ...(this.fromDir?.keys() ?? []), ...this.downloaded.keys()])];
  }

  /** Learns the platform keys again (the folder, the 平台证书): one at a time however many ask. */
  refreshKeys(): Promise<void> {
    this.refreshing ??= this.loadKeys().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async loadKeys(): Promise<void> {
    if (this.config.platformKeysDir) this.fromDir = readKeysDir(this.config.platformKeysDir);
    if (!this.config.downloadCertificates) return;
    try {
      this.downloaded = await this.downloadCertificates();
      this.downloadedAt = Date.now();
    } catch (error) {
      this.downloadedAt = Date.now() - this.config.certificateRefreshMs + 60_000;
      throw error;
    }
  }

  /** Before a check: the folder read once, the certificates downloaded when never yet or longer ago than the refresh. */
  private async ready(): Promise<void> {
    const stale = this.config.downloadCertificates && (this.downloadedAt === null || Date.now() - this.downloadedAt > this.config.certificateRefreshMs);
    if (stale || (this.config.platformKeysDir && !this.fromDir)) await this.refreshKeys().catch(() => undefined);
  }

  /**
   * Checks Wechatpay-* headers over the exact body. A serial not known (the platform rotating its
   * key: a new 平台证书, or a new 微信支付公钥 put in the folder) makes it learn the keys again first.
   */
  private async verify(headers: Record<string, string | string[] | undefined>, raw: string, nowSeconds?: number) {
    await this.ready();
    let check = verifySignedHeaders(headers, raw, this.keyOf, nowSeconds);
    const canLearn = this.config.downloadCertificates || this.config.platformKeysDir;
    if (!check.ok && check.reason === 'serial' && canLearn) {
      // One learning in flight serves every answer waiting on it.
      if (this.refreshing) await this.refreshing.catch(() => undefined);
      else if (Date.now() - this.unknownSerialAt > 10_000) {
        this.unknownSerialAt = Date.now();
        await this.refreshKeys().catch(() => undefined);
      }
      check = verifySignedHeaders(headers, raw, this.keyOf, nowSeconds);
    }
    return check;
  }

  /** One signed call; the answer as it came. */
  private async send(method: 'GET' | 'POST', pathWithQuery: string, body?: object): Promise<{ res: Response; raw: string }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const signer = { mchid: this.config.mchid, serialNo: this.config.serialNo, privateKey: this.config.privateKey };
    try {
      const res = await fetch(`${this.config.baseUrl}${pathWithQuery}`, {
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
      return { res, raw: await res.text() };
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw payTimeout();
      throw payUnreachable();
    }
  }

  private refusal(res: Response, raw: string): PayPlatformError {
    let refusal: { code?: string; message?: string } = {};
    try {
      refusal = JSON.parse(raw) as typeof refusal;
    } catch {
      /* not JSON: named by the status below */
    }
    return new PayPlatformError(refusal.code ?? `HTTP_${res.status}`, refusal.message ?? `HTTP ${res.status}`, res.status);
  }

  private async request<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: object): Promise<{ status: number; data: T | null }> {
    const { res, raw } = await this.send(method, pathWithQuery, body);
    if (!res.ok) throw this.refusal(res, raw);
    // A success must be the platform's: its signature over the exact body.
    const check = await this.verify(Object.fromEntries(res.headers.entries()), raw);
    if (!check.ok) throw payBadAnswer(`签名校验失败（${check.reason}）`);
    if (!raw) return { status: res.status, data: null };
    try {
      return { status: res.status, data: JSON.parse(raw) as T };
    } catch {
      throw payBadAnswer('不是 JSON');
    }
  }

  /**
   * 下载平台证书 (GET /v3/certificates): each certificate decrypted with the APIv3 key, its serial
   * checked against the one listed; the answer signed by one of them or by a key known already.
   */
  async downloadCertificates(): Promise<Map<string, KeyObject>> {
    const { res, raw } = await this.send('GET', '/v3/certificates');
    if (!res.ok) throw this.refusal(res, raw);
    let listed: Array<{ serial_no: string; encrypt_certificate: EncryptedResource }>;
    try {
      listed = (JSON.parse(raw) as { data: typeof listed }).data;
      if (!Array.isArray(listed)) throw new Error('no data');
    } catch {
      throw payBadAnswer('平台证书列表不是 JSON');
    }
    const keys = new Map<string, KeyObject>();
    for (const item of listed) {
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(decryptResource(this.config.apiV3Key, item.encrypt_certificate));
      } catch {
        throw payBadAnswer(`平台证书 ${item.serial_no} 无法解密或解析，请检查 APIv3 密钥`);
      }
      if (certificate.serialNumber.toUpperCase() !== item.serial_no.toUpperCase()) throw payBadAnswer(`平台证书序列号不符（${item.serial_no}）`);
      keys.set(item.serial_no, certificate.publicKey);
    }
    const check = verifySignedHeaders(Object.fromEntries(res.headers.entries()), raw, (serial) => keys.get(serial) ?? this.keyOf(serial));
    if (!check.ok) throw payBadAnswer(`平台证书列表签名校验失败（${check.reason}）`);
    return keys;
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
  async verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<VerifiedNotification> {
    const check = await this.verify(headers, rawBody, nowSeconds);
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
