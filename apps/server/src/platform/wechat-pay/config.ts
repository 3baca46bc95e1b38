import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
  platformKeyId: string;
  platformPublicKey: KeyObject;
  notifyUrl: string;
  timeoutMs: number;
}

export const NOTIFY_PATH = '/order/pay/wechat/notify';

/** A key given as PEM text (`\n` may be written as the two characters) or as a path to a .pem file. */
function pem(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  return readFileSync(value, 'utf8');
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
    platformKeyId: config.WXPAY_PLATFORM_KEY_ID ?? demo.platformKeyId,
    platformPublicKey: createPublicKey(pem(config.WXPAY_PLATFORM_PUBLIC_KEY ?? demo.platformPublicKey)),
    notifyUrl: config.WXPAY_NOTIFY_URL ?? `${base}${NOTIFY_PATH}`,
    timeoutMs: config.WXPAY_TIMEOUT_MS,
  };
}
