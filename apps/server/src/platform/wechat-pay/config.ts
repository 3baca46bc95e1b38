import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { demoPayMerchant } from '@canteen/wechat-protocol';
import type { Config } from '../../config.js';

/** Everything the pay client needs, resolved from WXPAY_* (or the simulator's demo merchant). */
export interface WechatPayConfig {
  baseUrl: string;
  /** True when paying through the local simulator (it has a customer page to pay a QR). */
  simulator: boolean;
  mchid: string;
  appid: string;
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  /** The platform keys given (微信支付公钥 or 平台证书), by serial (Wechatpay-Serial). */
  platformKeys: Map<string, KeyObject>;
  /** A folder of `<serial>.pem` platform keys, read at start and again on an unknown serial. */
  platformKeysDir: string | null;
  /** Download the 平台证书 from /v3/certificates. */
  downloadCertificates: boolean;
  /** How old a download may get before the next use downloads again. */
  certificateRefreshMs: number;
  notifyUrl: string;
  timeoutMs: number;
}

export const NOTIFY_PATH = '/order/pay/wechat/notify';

/** A key given as PEM text (`\n` may be written as the two characters) or as a path to a .pem file. */
function pem(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  return readFileSync(value, 'utf8');
}

/** The key of a PEM public key or certificate. */
export function publicKeyOf(text: string): KeyObject {
  return text.includes('BEGIN CERTIFICATE') ? new X509Certificate(text).publicKey : createPublicKey(text);
}

/** The keys of a folder of `<serial>.pem` files (public keys or certificates). */
export function readKeysDir(dir: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.pem')) keys.set(name.slice(0, -4), publicKeyOf(readFileSync(path.join(dir, name), 'utf8')));
  }
  return keys;
}

/**
 * WXPAY_BASE_URL unset: the simulator beside the server (SIM_PORT) and the demo merchant whose
 * keys the simulator knows. Set: every WXPAY_* part comes from the environment (the config schema
 * refuses a partial set).
 */
export function wechatPayConfig(config: Config): WechatPayConfig {
  const demo = demoPayMerchant;
  const simulator = !config.WXPAY_BASE_URL;
  const base = (config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
  return {
    baseUrl: (config.WXPAY_BASE_URL ?? `http://127.0.0.1:${config.SIM_PORT}`).replace(/\/+$/, ''),
    simulator,
    mchid: config.WXPAY_MCHID ?? demo.mchid,
    appid: config.WXPAY_APPID ?? demo.appid,
    serialNo: config.WXPAY_MERCHANT_SERIAL ?? demo.serialNo,
    privateKey: createPrivateKey(pem(config.WXPAY_PRIVATE_KEY ?? demo.merchantPrivateKey)),
    apiV3Key: config.WXPAY_APIV3_KEY ?? demo.apiV3Key,
    platformKeys: new Map(simulator || config.WXPAY_PLATFORM_KEY_ID
      ? [[config.WXPAY_PLATFORM_KEY_ID ?? demo.platformKeyId, publicKeyOf(pem(config.WXPAY_PLATFORM_PUBLIC_KEY ?? demo.platformPublicKey))]]
      : []),
    platformKeysDir: config.WXPAY_PLATFORM_KEYS_DIR ?? null,
    downloadCertificates: config.WXPAY_PLATFORM_CERTIFICATES === 'on',
    certificateRefreshMs: config.WXPAY_CERT_REFRESH_MIN * 60_000,
    notifyUrl: config.WXPAY_NOTIFY_URL ?? `${base}${NOTIFY_PATH}`,
    timeoutMs: config.WXPAY_TIMEOUT_MS,
  };
}
