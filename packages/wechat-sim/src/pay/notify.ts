/**
 * Pay notifications: POSTed to the merchant's notify_url with a body whose resource is encrypted
 * with the APIv3 key, signed by the platform key (Wechatpay-* headers, fresh on every try). A 2xx
 * answer ends it; anything else is tried again after the platform's backoff (15 s, 15 s, 30 s,
 * 3 m … 6 h), with the same body.
 */
import { encryptResource, payTime, signedHeaders, type PayEventType, type PayNotification } from '@canteen/wechat-protocol';
import { generateKeyPairSync } from 'node:crypto';
import type { SimContext } from '../context.js';
import { randomId } from '../state.js';
import { signerOf, type ForgeKind, type PayMerchant, type PayNotice, type PayNoticeAttempt } from './state.js';

const SUMMARIES: Record<PayEventType, string> = {
  'TRANSACTION.SUCCESS': '支付成功',
  'REFUND.SUCCESS': '退款成功',
  'REFUND.ABNORMAL': '退款异常',
  'REFUND.CLOSED': '退款关闭',
};

/** A key nobody holds, to sign forged notifications. */
let strangerKey: string | null = null;
const stranger = () => (strangerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);

export class PayNotifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly ctx: SimContext) {}

  /** Builds the notification body of an event (the resource encrypted with `apiV3Key`). */
  build(merchant: PayMerchant, eventType: PayEventType, resource: object, apiV3Key = merchant.apiV3Key): { body: string; plaintext: string } {
    const plaintext = JSON.stringify(resource);
    const original = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
    const notification: PayNotification = {
      id: crypto.randomUUID(),
      create_time: payTime(this.ctx.clock.now()),
      event_type: eventType,
      resource_type: 'encrypt-resource',
      summary: SUMMARIES[eventType],
      resource: encryptResource(apiV3Key, plaintext, original, original),
    };
    return { body: JSON.stringify(notification), plaintext };
  }

  /** Records a notification and makes its first try (awaited, so the caller knows the merchant's answer). */
  async send(merchant: PayMerchant, notice: Omit<PayNotice, 'id' | 'attempts' | 'status' | 'nextAttemptAt' | 'createdAt' | 'mchid'>): Promise<PayNotice> {
    const record: PayNotice = { ...notice, id: randomId(9), mchid: merchant.mchid, attempts: [], status: 'pending', nextAttemptAt: null, createdAt: this.ctx.clock.now() };
    const notices = this.ctx.store.data.pay.notices;
    notices.push(record);
    if (notices.length > 1000) notices.splice(0, notices.length - 1000);
    await this.attempt(merchant, record);
    return record;
  }

  /** Posts the same body once more (a duplicate delivery, as the platform may make). */
  async replay(merchant: PayMerchant, notice: PayNotice): Promise<PayNoticeAttempt> {
    return this.post(merchant, notice, null);
  }

  /** Resumes the retries of notifications still pending (after a restart). */
  resume(): void {
    for (const notice of this.ctx.store.data.pay.notices) {
      if (notice.status !== 'pending' || notice.forged) continue;
      const merchant = this.ctx.store.data.pay.merchants.find((m) => m.mchid === notice.mchid);
      if (merchant) this.schedule(merchant, notice, Math.max(0, (notice.nextAttemptAt ?? 0) - this.ctx.clock.now()));
    }
  }

  stop(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(merchant: PayMerchant, notice: PayNotice): Promise<void> {
    const result = await this.post(merchant, notice, notice.forged);
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      notice.status = 'delivered';
      notice.nextAttemptAt = null;
    } else if (notice.forged || notice.attempts.length > this.ctx.settings.payNotifyBackoffMs.length) {
      notice.status = 'failed';
      notice.nextAttemptAt = null;
    } else {
      const wait = this.ctx.settings.payNotifyBackoffMs[notice.attempts.length - 1]!;
      notice.nextAttemptAt = this.ctx.clock.now() + wait;
      this.schedule(merchant, notice, wait);
    }
    this.ctx.store.changed();
  }

  private schedule(merchant: PayMerchant, notice: PayNotice, waitMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (notice.status === 'pending') void this.attempt(merchant, notice);
    }, waitMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** One POST; a forged notice is signed (or shaped) wrongly in the way its kind says. */
  private async post(merchant: PayMerchant, notice: PayNotice, forged: ForgeKind | null): Promise<PayNoticeAttempt> {
    const now = this.ctx.clock.now();
    const timestamp = String(Math.floor((forged === 'stale' ? now - 10 * 60_000 : now) / 1000));
    const signer = signerOf(merchant);
    const key = forged === 'signature' ? stranger() : signer.privateKey;
    const serial = forged === 'serial' ? 'PUB_KEY_ID_UNKNOWN0000000000000000000000000' : signer.serial;
    const headers = signedHeaders(key, serial, notice.body, timestamp);
    // Tampered: signed, then changed on the way (one byte of the ciphertext).
    const body = forged === 'tampered' ? notice.body.replace(/"ciphertext":"(.)/, (_, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`) : notice.body;
    const attempt: PayNoticeAttempt = { at: now, status: null, error: null, body: null };
    notice.attempts.push(attempt);
    try {
      const response = await fetch(notice.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'User-Agent': 'Mozilla/4.0 (wechatpay-sim)', ...headers },
        body,
        signal: AbortSignal.timeout(this.ctx.settings.payNotifyTimeoutMs),
      });
      attempt.status = response.status;
      attempt.body = (await response.text()).slice(0, 500);
    } catch (error) {
      const name = (error as Error).name;
      attempt.error = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${this.ctx.settings.payNotifyTimeoutMs} ms` : (error as Error).message;
    }
    this.ctx.store.changed();
    return attempt;
  }
}
