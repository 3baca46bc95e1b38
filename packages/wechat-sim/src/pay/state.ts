import { demoPayMerchant, type PayEventType, type PayRefundStatus, type PayTradeState, type PayTradeType } from '@canteen/wechat-protocol';

/** A merchant the pay API knows: its public key checks requests; the platform key signs answers. */
export interface PayMerchant {
  mchid: string;
  appid: string;
  name: string;
  serialNo: string;
  merchantPublicKey: string;
  apiV3Key: string;
  platformKeyId: string;
  platformPrivateKey: string;
  /**
   * Every platform key valid now, by serial: the 微信支付公钥 (PUB_KEY_ID_…) and/or 平台证书 (with
   * the certificate, listed by /v3/certificates). Unset: the one key above. While more than one is
   * valid (a rotation's overlap) answers and notifications are signed with each in turn.
   */
  platformKeys?: PlatformKey[];
  /** How many answers and notifications were signed (picks the key in turn). */
  signCount?: number;
}

export interface PlatformKey {
  serial: string;
  privateKey: string;
  /** The 平台证书 (PEM), or null for a 微信支付公钥. */
  certificate: string | null;
  /** Epoch ms on the simulator's clock. */
  effectiveAt: number;
}

export const platformKeysOf = (merchant: PayMerchant): PlatformKey[] =>
  merchant.platformKeys ?? [{ serial: merchant.platformKeyId, privateKey: merchant.platformPrivateKey, certificate: null, effectiveAt: 0 }];

/** The key that signs the next answer or notification: the only one, or each valid one in turn. */
export function signerOf(merchant: PayMerchant): { serial: string; privateKey: string } {
  const keys = platformKeysOf(merchant);
  if (keys.length === 1) return keys[0]!;
  merchant.signCount = (merchant.signCount ?? 0) + 1;
  return keys[merchant.signCount % keys.length]!;
}

/** One payment (预支付交易) from native or h5 ordering. */
export interface PayOrder {
  mchid: string;
  appid: string;
  outTradeNo: string;
  prepayId: string;
  tradeType: PayTradeType;
  description: string;
  attach: string;
  notifyUrl: string;
  total: number;
  /** Epoch ms on the simulator's clock after which the code cannot be paid. */
  expiresAt: number;
  state: PayTradeState;
  transactionId: string | null;
  payerOpenid: string | null;
  successAt: number | null;
  closedAt: number | null;
  createdAt: number;
  /** h5 only: the payer's IP the merchant sent. */
  payerClientIp: string | null;
}

export interface PayRefundRecord {
  mchid: string;
  outTradeNo: string;
  transactionId: string;
  outRefundNo: string;
  refundId: string;
  reason: string;
  notifyUrl: string | null;
  refund: number;
  total: number;
  status: PayRefundStatus;
  createdAt: number;
  successAt: number | null;
}

export interface PayNoticeAttempt {
  at: number;
  status: number | null;
  error: string | null;
  /** The answer's body, cut to 500 characters. */
  body: string | null;
}

/**
 * A notification to a merchant's notify_url. `forged` ones were sent by the control hook to test
 * the merchant's checks; they are tried once.
 */
export interface PayNotice {
  id: string;
  mchid: string;
  eventType: PayEventType;
  outTradeNo: string;
  outRefundNo: string | null;
  url: string;
  /** The exact JSON body posted (the same on every retry and replay). */
  body: string;
  /** The decrypted resource, for the control API. */
  plaintext: string;
  attempts: PayNoticeAttempt[];
  /** pending: retries left; delivered: a 2xx answer; failed: retries used up. */
  status: 'pending' | 'delivered' | 'failed';
  forged: ForgeKind | null;
  nextAttemptAt: number | null;
  createdAt: number;
}

/** How the control hook's forged notifications are wrong. */
export const FORGE_KINDS = ['signature', 'tampered', 'stale', 'serial', 'key', 'amount'] as const;
export type ForgeKind = (typeof FORGE_KINDS)[number];

/** An injected failure of the pay API: the next `times` calls of `api` answer this error. */
export interface PayFault {
  id: string;
  api: PayApiName | '*';
  status: number;
  code: string;
  message: string;
  delayMs: number;
  /** Calls let through before the fault starts (a failure in the middle of a sequence). */
  skip: number;
  remaining: number;
}

export const PAY_API_NAMES = ['native', 'h5', 'query', 'close', 'refund', 'refund_query', 'certificates'] as const;
export type PayApiName = (typeof PAY_API_NAMES)[number];

export interface PayData {
  merchants: PayMerchant[];
  orders: PayOrder[];
  refunds: PayRefundRecord[];
  notices: PayNotice[];
  faults: PayFault[];
}

export function emptyPayData(): PayData {
  return { merchants: [], orders: [], refunds: [], notices: [], faults: [] };
}

/** The demo merchant (the same keys as the server's WXPAY_* defaults). */
export function demoMerchant(): PayMerchant {
  const m = demoPayMerchant;
  return {
    mchid: m.mchid,
    appid: m.appid,
    name: m.name,
    serialNo: m.serialNo,
    merchantPublicKey: m.merchantPublicKey,
    apiV3Key: m.apiV3Key,
    platformKeyId: m.platformKeyId,
    platformPrivateKey: m.platformPrivateKey,
  };
}

/** The payer the customer page pays as (the demo follower 小王同学). */
export const DEFAULT_PAYER_OPENID = 'oyezWrPPEaeR_aM3xkmC8nQq1oUC';

/** code_url is valid for two hours unless time_expire says sooner. */
export const CODE_URL_TTL_MS = 2 * 60 * 60 * 1000;

/** The platform's retry schedule of a notification that was not acknowledged (24 h 4 m in all). */
export const NOTIFY_BACKOFF_MS = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600].map((s) => s * 1000);
