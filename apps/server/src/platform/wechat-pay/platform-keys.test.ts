import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPayMerchant } from '@canteen/wechat-protocol';
import { buildSimulator } from '@canteen/wechat-sim';
import { testConfig } from '../../../test/config.js';
import { WechatPayClient } from './client.js';
import { wechatPayConfig } from './config.js';

/**
 * The platform keys the pay client checks with (issue 28 #1): a new 微信支付公钥 put in
 * WXPAY_PLATFORM_KEYS_DIR is read when an answer names its serial; a 平台证书 rotation is learnt from
 * /v3/certificates; a serial known nowhere is refused; the configuration asks for a key only when
 * nothing else gives one.
 */
const sim = await buildSimulator({ quiet: true });
const simUrl = await sim.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => sim.close());
const keysPath = `${simUrl}/sim/pay/merchants/${demoPayMerchant.mchid}/platform-keys`;
const rotate = async (kind: 'public_key' | 'certificate') => (await (await fetch(keysPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind }) })).json()) as { serial: string };
const retire = (serial: string) => fetch(`${keysPath}/${serial}`, { method: 'DELETE' });
const keysNow = async () => (await (await fetch(keysPath)).json()) as Array<{ serial: string; publicKey: string }>;
const clientWith = (overrides: Record<string, string>) => new WechatPayClient(wechatPayConfig(testConfig({ SIM_PORT: new URL(simUrl).port, ...overrides })));
/** A signed answer: the query of a payment that does not exist is a refusal, so create one first. */
const signedCall = async (client: WechatPayClient) => client.createNative({ outTradeNo: `KEYS${Math.random().toString(36).slice(2, 12)}`, description: '测试', total: 1 });

describe('platform keys', () => {
  it('a new 微信支付公钥 in the keys folder is read when an answer names it; without it the answer is refused', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-wxpay-keys-'));
    const withDir = clientWith({ WXPAY_PLATFORM_KEYS_DIR: dir });
    const without = clientWith({});
    const { serial } = await rotate('public_key');
    await retire(demoPayMerchant.platformKeyId);
    try {
      await expect(signedCall(without)).rejects.toMatchObject({ message: expect.stringContaining('签名校验失败（serial）') as unknown });
      // Not yet in the folder: refused too.
      await expect(signedCall(withDir)).rejects.toMatchObject({ message: expect.stringContaining('serial') as unknown });
      writeFileSync(path.join(dir, `${serial}.pem`), (await keysNow()).find((k) => k.serial === serial)!.publicKey);
      // Learnt from the folder (the 10 s between unknown-serial reads is a new client's first).
      const fresh = clientWith({ WXPAY_PLATFORM_KEYS_DIR: dir });
      expect((await signedCall(fresh)).codeUrl).toMatch(/^weixin:/);
      expect(fresh.knownSerials()).toContain(serial);
    } finally {
      // Back to the demo merchant's one key for the next test.
      await fetch(`${simUrl}/sim/reset`, { method: 'POST' });
    }
  });

  it('a 平台证书 rotation is downloaded from /v3/certificates and checked', async () => {
    const client = clientWith({ WXPAY_PLATFORM_CERTIFICATES: 'on' });
    expect((await signedCall(client)).codeUrl).toMatch(/^weixin:/);
    const { serial } = await rotate('certificate');
    await retire(demoPayMerchant.platformKeyId);
    expect((await signedCall(client)).codeUrl).toMatch(/^weixin:/);
    expect(client.knownSerials()).toContain(serial);
    const downloaded = await client.downloadCertificates();
    expect([...downloaded.keys()]).toEqual([serial]);
  });

  it('the configuration asks for the platform key only when neither a folder nor the certificates give keys', () => {
    const real = {
      WXPAY_BASE_URL: 'https://api.mch.weixin.qq.com', WXPAY_MCHID: '1900012026', WXPAY_APPID: 'wx6c3a1e5f0b7d9246', WXPAY_MERCHANT_SERIAL: '4AD58ABD482582B20F17F246B8ED57E4',
      WXPAY_PRIVATE_KEY: demoPayMerchant.merchantPrivateKey, WXPAY_APIV3_KEY: demoPayMerchant.apiV3Key,
    };
    expect(() => testConfig(real)).toThrow(/WXPAY_PLATFORM_KEY_ID/);
    expect(testConfig({ ...real, WXPAY_PLATFORM_CERTIFICATES: 'on' }).WXPAY_PLATFORM_CERTIFICATES).toBe('on');
    expect(testConfig({ ...real, WXPAY_PLATFORM_KEYS_DIR: os.tmpdir() }).WXPAY_PLATFORM_KEYS_DIR).toBe(os.tmpdir());
    expect(() => testConfig({ ...real, WXPAY_PLATFORM_CERTIFICATES: 'on', WXPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_X' })).toThrow(/WXPAY_PLATFORM_PUBLIC_KEY/);
  });
});
