import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './modules/auth/cipher.js';
import { portsIn, spawnServerProcess, startServerProcess } from '../test/server-process.js';

/** src/main.ts as a real deployment runs it (issue 22 #2): production, DEMO_MODE off. */
const realDeployment = { DEMO_MODE: 'off', LOG_LEVEL: 'info' };
const pem = (key: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer }, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** A WeChat Pay of its own (never called here). */
const ownPay = {
  WXPAY_BASE_URL: 'http://127.0.0.1:9', WXPAY_MCHID: '1612345678', WXPAY_APPID: 'wx0123456789abcdef', WXPAY_MERCHANT_SERIAL: 'ABCDEF0123456789',
  WXPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'), WXPAY_APIV3_KEY: 'k'.repeat(32), WXPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_0112345678', WXPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
};

describe('booting in production (issue 22 #2)', () => {
  it('refuses to start with public credentials, naming each in one line, and seeds nothing', async () => {
    const [port] = await portsIn(31150, 31159, 1);
    const server = spawnServerProcess(port!, { ...realDeployment, DEMO_DATA: 'on' });
    expect(await server.exited).toBe(1);
    const refusal = server.output().split('\n').filter((line) => line.includes('refuses to start'));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toContain('DEMO_DATA=on');
    expect(refusal[0]).toContain('WeChat Pay is not configured (WXPAY_BASE_URL unset)');
    await server.stop();
  }, 180_000);

  it('starts a real deployment with its first administrator: a one-time password printed once, to be changed before anything else', async () => {
    const [port] = await portsIn(31150, 31159, 1);
    const server = await startServerProcess(port!, { ...realDeployment, ...ownPay });
    try {
      const lines = server.output().split('\n').filter((line) => line.includes('one-time password'));
      expect(lines).toHaveLength(1);
      const password = /one-time password (\S+) /.exec(lines[0]!)![1]!;
      const query = new URLSearchParams({ username: 'admin', password: encryptPassword(password, 'thanks,pig4cloud'), grant_type: 'password', scope: 'server' });
      const signIn = await fetch(`${server.url}/auth/oauth/token?${query.toString()}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, isToken: 'false' } });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      expect(token).toBeTruthy();
      const headers = { authorization: `Bearer ${token}` };
      const refused = await fetch(`${server.url}/upms/user/page`, { headers });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { msg: string }).msg).toBe('请先修改初始密码：修改密码后才能继续使用');
      // No demo user, no demo password.
      const demo = new URLSearchParams({ username: 'admin', password: encryptPassword('123456', 'thanks,pig4cloud'), grant_type: 'password', scope: 'server' });
      expect((await fetch(`${server.url}/auth/oauth/token?${demo.toString()}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, isToken: 'false' } })).status).not.toBe(200);
      const changed = await fetch(`${server.url}/upms/user/edit`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ password, newpassword1: 'Own-pass-9' }) });
      expect(changed.status).toBe(200);
      expect((await fetch(`${server.url}/upms/user/page`, { headers })).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
