import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAccount, demoFollowers } from './index.js';
import { startSim } from '../test/helpers.js';

describe('wechat-sim server', () => {
  it('answers its health call over real HTTP', async () => {
    const sim = await startSim();
    try {
      const res = await sim.fetch('/health');
      expect(await res.json()).toEqual({ status: 'up', name: 'wechat-sim' });
    } finally {
      await sim.close();
    }
  });

  it('serves the follower console page', async () => {
    const sim = await startSim();
    try {
      const res = await sim.fetch('/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('关注者控制台');
      for (const label of ['文字', '图片', '语音', '视频', '位置', '链接', '取消关注', '发送']) expect(html).toContain(label);
      // The page's script at least compiles (it runs in the browser, not here).
      const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
      expect(() => new Script(script)).not.toThrow();
      // Everything the page calls exists.
      expect((await sim.fetch('/sim/samples')).status).toBe(200);
      expect((await sim.get<{ kind: string }[]>('/sim/samples')).map((s) => s.kind)).toEqual(['image', 'image', 'image', 'voice', 'video', 'thumb']);
      for (const sample of await sim.get<{ url: string; contentType: string }[]>('/sim/samples')) {
        const file = await sim.fetch(sample.url);
        expect(file.headers.get('content-type')).toBe(sample.contentType);
        expect((await file.arrayBuffer()).byteLength).toBeLessThan(50 * 1024);
      }
      expect((await sim.get('/sim/accounts'))[0]).toMatchObject({ ...demoAccount, callbackUrl: `http://127.0.0.1:8080/weixin/portal/${demoAccount.appId}` });
      expect((await sim.get(`/sim/accounts/${demoAccount.appId}/menu`)).menu.button).toHaveLength(3);
      expect(await sim.get(`/sim/accounts/${demoAccount.appId}/followers`)).toHaveLength(demoFollowers.length);
      expect((await sim.get('/sim')).accounts[0].appId).toBe(demoAccount.appId);
    } finally {
      await sim.close();
    }
  });

  it('moves, sets and resets its clock', async () => {
    const sim = await startSim();
    try {
      const start = await sim.get('/sim/clock');
      const moved = await sim.post('/sim/clock/advance', { days: 2, hours: 1 });
      expect(moved.now - start.now).toBeGreaterThanOrEqual(49 * 3600 * 1000);
      expect(moved.offsetMs).toBeGreaterThanOrEqual(49 * 3600 * 1000);
      const set = await sim.post('/sim/clock/set', { now: '2030-01-01T00:00:00Z' });
      expect(Math.abs(set.now - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5000);
      expect((await sim.fetch('/sim/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":-1}' })).status).toBe(400);
      expect((await sim.post('/sim/clock/reset')).offsetMs).toBe(0);
    } finally {
      await sim.close();
    }
  });

  it('keeps its state in SIM_DATA_DIR across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wechat-sim-'));
    try {
      const first = await startSim({ dataDir: dir });
      const token = await first.token();
      await first.post(`/cgi-bin/tags/create?access_token=${token}`, { tag: { name: '持久化' } });
      await first.post('/sim/clock/advance', { days: 1 });
      await first.close();
      expect(JSON.parse(readFileSync(join(dir, 'wechat-sim.json'), 'utf8')).tags).toHaveLength(3);

      const second = await startSim({ dataDir: dir });
      // The token issued before the day passed has expired on the restored clock.
      expect((await second.get(`/cgi-bin/tags/get?access_token=${token}`)).errcode).toBe(42001);
      const fresh = await second.token();
      const tags = await second.get(`/cgi-bin/tags/get?access_token=${fresh}`);
      expect((tags.tags as { name: string }[]).map((tag) => tag.name)).toContain('持久化');
      expect((await second.get('/sim/clock')).offsetMs).toBeGreaterThanOrEqual(86_400_000 - 1000);
      const info = await second.get(`/cgi-bin/user/info?access_token=${fresh}&openid=${demoFollowers[0].openid}`);
      expect((await second.fetch(new URL(info.headimgurl as string).pathname)).headers.get('content-type')).toBe('image/png');
      await second.post('/sim/reset');
      expect((await second.get(`/cgi-bin/tags/get?access_token=${(await second.token())}`)).tags).toHaveLength(3);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts afresh, keeping a damaged state file aside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wechat-sim-'));
    try {
      writeFileSync(join(dir, 'wechat-sim.json'), '{not json');
      const sim = await startSim({ dataDir: dir });
      expect(await sim.get('/sim/accounts')).toHaveLength(1);
      await sim.close();
      expect(readdirSync(dir).some((name) => name.startsWith('wechat-sim.json.damaged-'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('manages accounts through the control API', async () => {
    const sim = await startSim({ seed: false });
    try {
      expect(await sim.get('/sim/accounts')).toEqual([]);
      const created = await sim.post('/sim/accounts', { appId: 'wx1111222233334444', secret: 's3cret', token: 't', encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', mode: 'safe', name: '二店' });
      expect(created).toMatchObject({ appId: 'wx1111222233334444', mode: 'safe', callbackUrl: 'http://127.0.0.1:8080/weixin/portal/wx1111222233334444' });
      const bad = await sim.fetch('/sim/accounts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appId: 'wx1', encodingAesKey: 'short' }) });
      expect(bad.status).toBe(400);
      const token = await sim.get('/cgi-bin/token?grant_type=client_credential&appid=wx1111222233334444&secret=s3cret');
      expect(token.access_token).toEqual(expect.any(String));
      expect((await sim.get(`/cgi-bin/user/get?access_token=${token.access_token}`)).total).toBe(0);
      expect((await sim.fetch('/sim/accounts/wx1111222233334444', { method: 'DELETE' })).status).toBe(200);
      expect((await sim.get(`/cgi-bin/user/get?access_token=${token.access_token}`)).errcode).toBe(40014);
      expect((await sim.fetch('/sim/accounts/nobody')).status).toBe(404);
    } finally {
      await sim.close();
    }
  });
});
