import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoPayMerchant } from '@canteen/wechat-protocol';
import { createTestApp } from '../test/app.js';
import { testConfig } from '../test/config.js';
import { demoModeWarning, publicCredentialsInForce, PublicCredentialsError, refusePublicCredentials } from './demo-guard.js';
import { hashPassword } from './util/passwords.js';
import { sysUser } from './modules/upms/tables.js';
import { wxApp } from './modules/wxmp/tables.js';

// The seeded test database is the demo's: admin/123456, operator/123456, the demo 公众号.
const { app } = await createTestApp();
const db = app.database.db;
const key = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** A WeChat Pay of its own (what the guard reads of it: the base URL, the merchant number, the key). */
const ownPay = (over: Record<string, string> = {}) => ({
  WXPAY_BASE_URL: 'https://api.mch.weixin.qq.com', WXPAY_MCHID: '1612345678', WXPAY_APPID: 'wx0123456789abcdef', WXPAY_MERCHANT_SERIAL: 'ABCDEF0123456789',
  WXPAY_PRIVATE_KEY: key(), WXPAY_APIV3_KEY: 'k'.repeat(32), WXPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_0112345678', WXPAY_PLATFORM_PUBLIC_KEY: 'unused here', ...over,
});
const production = (over: Record<string, string> = {}) => testConfig({ NODE_ENV: 'production', SECRETS_KEY: app.config.SECRETS_KEY!, ...over });

describe('production with public credentials (issue 22 #2)', () => {
  it('refuses to start, naming each public credential in force in one message', async () => {
    const refusal = await refusePublicCredentials(app.database, production({ DEMO_DATA: 'on' })).then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(PublicCredentialsError);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('DEMO_DATA=on');
    expect(message).toContain('user admin still has the demo password 123456');
    expect(message).toContain('user operator still has the demo password 123456');
    expect(message).toMatch(/公众号 wx6c3a1e5f0b7d9246 has the repository's demo/);
    expect(message).toMatch(/WeChat Pay is not configured \(WXPAY_BASE_URL unset\).*simulator's demo merchant/);
    expect(message).toContain('DEMO_MODE=on');
  });

  it("names WeChat Pay configured with the simulator's demo merchant", async () => {
    const found = await publicCredentialsInForce(app.database, production(ownPay({ WXPAY_MCHID: demoPayMerchant.mchid })));
    expect(found.some((item) => item.includes("simulator's demo merchant"))).toBe(true);
    const byKey = await publicCredentialsInForce(app.database, production(ownPay({ WXPAY_PRIVATE_KEY: demoPayMerchant.merchantPrivateKey.replace(/\n/g, '\\n') })));
    expect(byKey.some((item) => item.includes("simulator's demo merchant"))).toBe(true);
  });

  it('names a 公众号 whose Token alone is the demo one, whatever its AppID', async () => {
    await db.update(wxApp).set({ appId: 'wx00000000000000aa' }).where(eq(wxApp.appId, 'wx6c3a1e5f0b7d9246'));
    const found = await publicCredentialsInForce(app.database, production());
    expect(found).toContain("公众号 wx00000000000000aa has the repository's demo AppID/Token/EncodingAESKey");
  });

  it('starts once each is fixed: demo data off (the production default), own passwords, no demo account, WeChat Pay of its own', async () => {
    for (const username of ['admin', 'operator']) await db.update(sysUser).set({ password: await hashPassword(`${username}-Own-9`) }).where(eq(sysUser.username, username));
    await db.delete(wxApp);
    const config = production(ownPay());
    expect(config.DEMO_DATA).toBe('off');
    expect(await publicCredentialsInForce(app.database, config)).toEqual([]);
    await expect(refusePublicCredentials(app.database, config)).resolves.toBeUndefined();
  });

  it('lets demo mode and tests start, and demo mode says so in one warning line', async () => {
    await expect(refusePublicCredentials(app.database, production({ DEMO_MODE: 'on' }))).resolves.toBeUndefined();
    await expect(refusePublicCredentials(app.database, testConfig({ NODE_ENV: 'test' }))).resolves.toBeUndefined();
    const warning = await demoModeWarning(app.database, production({ DEMO_MODE: 'on' }));
    expect(warning).toMatch(/^DEMO MODE \(DEMO_MODE=on\).*DEMO_DATA=on.*WeChat Pay is not configured/);
    expect(warning).not.toContain('\n');
    expect(await demoModeWarning(app.database, production())).toBeUndefined();
  });
});
