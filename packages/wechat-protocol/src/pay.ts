/**
 * WeChat Pay APIv3's wire rules, shared by the server (merchant side) and the simulator
 * (platform side): request signatures in the `Authorization: WECHATPAY2-SHA256-RSA2048 …` header,
 * signed answers and notifications (`Wechatpay-Timestamp`, `-Nonce`, `-Signature`, `-Serial`),
 * and the AEAD_AES_256_GCM resource of a notification, keyed by the 32-byte APIv3 key.
 */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyLike } from 'node:crypto';

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** A signed timestamp more than this far from the receiver's clock is refused (replays). */
export const WECHATPAY_TIMESTAMP_WINDOW_S = 300;

/** The signed headers of a platform answer or notification. */
export const WECHATPAY_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
  signatureType: 'wechatpay-signature-type',
} as const;

/** 32 letters and digits, the platform's nonce form. */
export function payNonce(): string {
  return randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, '0');
}

export function rsaSign(privateKey: KeyLike, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(publicKey: KeyLike, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** What a merchant signs: method, path with query, timestamp, nonce, body, each line ending in \n. */
export function requestSignatureMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** What the platform signs on answers and notifications. */
export function responseSignatureMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export interface MerchantSigner {
  mchid: string;
  /** The serial number of the merchant's API certificate (which key signed). */
  serialNo: string;
  privateKey: KeyLike;
}

/** The `Authorization` header of one merchant request. */
export function buildAuthorization(signer: MerchantSigner, method: string, pathWithQuery: string, body: string, timestamp = String(Math.floor(Date.now() / 1000)), nonce = payNonce()): string {
  const signature = rsaSign(signer.privateKey, requestSignatureMessage(method, pathWithQuery, timestamp, nonce, body));
  return `${WECHATPAY_AUTH_SCHEMA} mchid="${signer.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serialNo}"`;
}

/** Reads an `Authorization` header; null when it is not a complete WECHATPAY2-SHA256-RSA2048 one. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | null {
  if (!header || !header.startsWith(`${WECHATPAY_AUTH_SCHEMA} `)) return null;
  const parts: Record<string, string> = {};
  for (const match of header.slice(WECHATPAY_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) parts[match[1]!] = match[2]!;
  const keys = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'] as const;
  if (!keys.every((key) => parts[key])) return null;
  return parts as unknown as AuthorizationParts;
}

/** The headers the platform puts on a signed answer or notification. */
export function signedHeaders(privateKey: KeyLike, serial: string, body: string, timestamp = String(Math.floor(Date.now() / 1000)), nonce = payNonce()): Record<string, string> {
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(privateKey, responseSignatureMessage(timestamp, nonce, body)),
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature-Type': WECHATPAY_AUTH_SCHEMA,
  };
}

export type SignedHeadersCheck = { ok: true } | { ok: false; reason: 'missing' | 'serial' | 'timestamp' | 'signature' };

/**
 * Checks the Wechatpay-* headers of an answer or notification: the serial names a key we
 * hold, the timestamp is within the window of `nowSeconds`, the signature covers the exact body.
 */
export function verifySignedHeaders(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  keyOf: (serial: string) => KeyLike | null | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
  windowSeconds = WECHATPAY_TIMESTAMP_WINDOW_S,
): SignedHeadersCheck {
  const read = (name: string) => {
    const value = headers[name] ?? headers[name.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => dash + c.toUpperCase())];
    return Array.isArray(value) ? value[0] : value;
  };
  const timestamp = read(WECHATPAY_HEADERS.timestamp);
  const nonce = read(WECHATPAY_HEADERS.nonce);
  const signature = read(WECHATPAY_HEADERS.signature);
  const serial = read(WECHATPAY_HEADERS.serial);
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing' };
  const key = keyOf(serial);
  if (!key) return { ok: false, reason: 'serial' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > windowSeconds) return { ok: false, reason: 'timestamp' };
  return rsaVerify(key, responseSignatureMessage(timestamp, nonce, body), signature) ? { ok: true } : { ok: false, reason: 'signature' };
}

/** The encrypted `resource` of a notification (and of certificates). */
export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  original_type: string;
  nonce: string;
}

/** Encrypts a resource with the APIv3 key: Base64(ciphertext ‖ 16-byte tag), a 12-character nonce. */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string, originalType: string, nonce = payNonce().slice(0, 12)): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', apiV3Key32(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: body.toString('base64'), associated_data: associatedData, original_type: originalType, nonce };
}

/** Decrypts a resource; throws when the key, nonce, associated data or ciphertext do not match. */
export function decryptResource(apiV3Key: string, resource: Pick<EncryptedResource, 'algorithm' | 'ciphertext' | 'associated_data' | 'nonce'>): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${String(resource.algorithm)}`);
  const raw = Buffer.from(resource.ciphertext, 'base64');
  if (raw.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key32(apiV3Key), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
}

function apiV3Key32(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return key;
}

// ---------- what travels ----------

/** Trade states of a payment (the ones the simulator plays). */
export type PayTradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
export type PayTradeType = 'NATIVE' | 'MWEB';

/** A payment as the query answers it and the TRANSACTION.SUCCESS notification carries it. */
export interface PayTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: PayTradeType;
  trade_state: PayTradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid: string };
  amount: { total: number; payer_total?: number; currency: 'CNY'; payer_currency: 'CNY' };
}

export type PayRefundStatus = 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';

/** A refund as the refund API answers it. */
export interface PayRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  channel: 'ORIGINAL';
  user_received_account: string;
  success_time?: string;
  create_time: string;
  status: PayRefundStatus;
  amount: { total: number; refund: number; payer_total: number; payer_refund: number; currency: 'CNY' };
}

/** The REFUND.* notification's resource. */
export interface PayRefundNotice {
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  out_refund_no: string;
  refund_id: string;
  refund_status: PayRefundStatus;
  success_time?: string;
  user_received_account: string;
  amount: { total: number; refund: number; payer_total: number; payer_refund: number };
}

export type PayEventType = 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED';

/** The body of a notification POSTed to the merchant's notify_url. */
export interface PayNotification {
  id: string;
  create_time: string;
  event_type: PayEventType;
  resource_type: 'encrypt-resource';
  summary: string;
  resource: EncryptedResource;
}

/** RFC 3339 in China time, as the platform writes times (2026-01-02T15:04:05+08:00). */
export function payTime(ms: number = Date.now()): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
