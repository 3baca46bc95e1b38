import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoAccount, startSim, type Sim } from '../test/helpers.js';

const tokenPath = (appid: string = demoAccount.appId, secret: string = demoAccount.secret, grant = 'client_credential') =>
  `/cgi-bin/token?grant_type=${grant}&appid=${appid}&secret=${secret}`;

describe('access tokens', () => {
  let sim: Sim;
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(async () => sim.close());

  it('issues a token for 7200 s and accepts it on the API', async () => {
    const res = await sim.get(tokenPath());
    expect(res).toEqual({ access_token: expect.any(String), expires_in: 7200 });
    expect(res.access_token.length).toBeGreaterThan(64);
    const menu = await sim.get(`/cgi-bin/menu/get?access_token=${res.access_token}`);
    expect(menu.menu.button.length).toBeGreaterThan(0);
  });

  it('answers the platform codes for bad credentials', async () => {
    expect((await sim.get(tokenPath(demoAccount.appId, demoAccount.secret, 'password'))).errcode).toBe(40002);
    expect((await sim.get(tokenPath('wx0000000000000000'))).errcode).toBe(40013);
    const bad = await sim.get(tokenPath(demoAccount.appId, 'wrong'));
    expect(bad.errcode).toBe(40125);
    expect(bad.errmsg).toMatch(/^invalid appsecret rid: /);
  });

  it('refuses calls without, with an unknown, an expired or a replaced token', async () => {
    const response = await sim.fetch('/cgi-bin/user/get');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { errcode: number }).errcode).toBe(41001);
    expect((await sim.get('/cgi-bin/user/get?access_token=nonsense')).errcode).toBe(40014);

    const first = await sim.token();
    await sim.post('/sim/clock/advance', { seconds: 7199 });
    expect((await sim.get(`/cgi-bin/user/get?access_token=${first}`)).total).toBeGreaterThan(0);
    await sim.post('/sim/clock/advance', { seconds: 1 });
    expect((await sim.get(`/cgi-bin/user/get?access_token=${first}`)).errcode).toBe(42001);

    const second = await sim.token();
    const third = await sim.token();
    // The replaced token keeps working for five minutes, then answers 40001.
    expect((await sim.get(`/cgi-bin/user/get?access_token=${second}`)).total).toBeGreaterThan(0);
    await sim.post('/sim/clock/advance', { minutes: 5 });
    expect((await sim.get(`/cgi-bin/user/get?access_token=${second}`)).errcode).toBe(40001);
    expect((await sim.get(`/cgi-bin/user/get?access_token=${third}`)).total).toBeGreaterThan(0);
  });

  it('keeps one stable token until it nears expiry or is forced', async () => {
    const body = { grant_type: 'client_credential', appid: demoAccount.appId, secret: demoAccount.secret };
    const a = await sim.post('/cgi-bin/stable_token', body);
    expect(a.expires_in).toBe(7200);
    await sim.post('/sim/clock/advance', { minutes: 10 });
    const b = await sim.post('/cgi-bin/stable_token', body);
    expect(b.access_token).toBe(a.access_token);
    expect(7200 - 600 - b.expires_in).toBeLessThanOrEqual(1); // whole seconds left
    // /cgi-bin/token does not disturb the stable token.
    await sim.token();
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${a.access_token}`)).menu).toBeDefined();
    const forced = await sim.post('/cgi-bin/stable_token', { ...body, force_refresh: true });
    expect(forced.access_token).not.toBe(a.access_token);
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${a.access_token}`)).errcode).toBe(40001);
    await sim.post('/sim/clock/advance', { seconds: 7200 - 200 });
    const renewed = await sim.post('/cgi-bin/stable_token', body);
    expect(renewed.access_token).not.toBe(forced.access_token);
    expect((await sim.post('/cgi-bin/stable_token', { ...body, secret: 'x' })).errcode).toBe(40125);
    expect((await sim.post('/cgi-bin/stable_token', { ...body, grant_type: 'x' })).errcode).toBe(40002);
  });

  it('counts the daily quota (45009) and clears it', async () => {
    const token = await sim.token();
    await sim.post('/sim/quota', { appId: demoAccount.appId, path: 'menu/get', limit: 2 });
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${token}`)).menu).toBeDefined();
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${token}`)).menu).toBeDefined();
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${token}`)).errcode).toBe(45009);
    const quota = await sim.post(`/cgi-bin/openapi/quota/get?access_token=${token}`, { cgi_path: '/cgi-bin/menu/get' });
    expect(quota.quota).toEqual({ daily_limit: 2, used: 2, remain: 0 });
    expect(await sim.post(`/cgi-bin/clear_quota?access_token=${token}`, { appid: demoAccount.appId })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${token}`)).menu).toBeDefined();
    // A new day starts a new count.
    await sim.get(`/cgi-bin/menu/get?access_token=${token}`);
    await sim.post('/sim/clock/advance', { days: 1 });
    const fresh = await sim.token();
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${fresh}`)).menu).toBeDefined();
  });

  it('answers injected faults once, then normally', async () => {
    await sim.post('/sim/faults', { path: '/cgi-bin/token', errcode: -1, times: 1 });
    expect((await sim.get(tokenPath())).errcode).toBe(-1);
    const token = await sim.token();
    await sim.post('/sim/faults', { path: 'user/get', errcode: 40001, times: 2 });
    expect((await sim.get(`/cgi-bin/user/get?access_token=${token}`)).errcode).toBe(40001);
    expect((await sim.get(`/cgi-bin/user/get?access_token=${token}`)).errcode).toBe(40001);
    expect((await sim.get(`/cgi-bin/user/get?access_token=${token}`)).total).toBeGreaterThan(0);
    expect(await sim.get('/sim/faults')).toEqual([]);
  });

  it('answers slowly when a delay is injected', async () => {
    const token = await sim.token();
    await sim.post('/sim/faults', { path: 'menu/get', delayMs: 300 });
    const slow = fetch(`${sim.url}/cgi-bin/menu/get?access_token=${token}`, { signal: AbortSignal.timeout(100) });
    await expect(slow).rejects.toThrow();
    expect((await sim.get(`/cgi-bin/menu/get?access_token=${token}`)).menu).toBeDefined();
    expect((await sim.fetch('/sim/faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"path":"menu/get"}' })).status).toBe(400);
  });

  it('answers bad JSON with 47001 and an empty body with 44002', async () => {
    const token = await sim.token();
    const bad = await sim.fetch(`/cgi-bin/tags/create?access_token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(((await bad.json()) as { errcode: number }).errcode).toBe(47001);
    const empty = await sim.fetch(`/cgi-bin/tags/create?access_token=${token}`, { method: 'POST' });
    expect(((await empty.json()) as { errcode: number }).errcode).toBe(44002);
    // JSON sent as text/plain is read as JSON, as the platform does.
    const plain = await sim.fetch(`/cgi-bin/tags/create?access_token=${token}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ tag: { name: '午餐' } }) });
    expect(((await plain.json()) as { tag: { name: string } }).tag.name).toBe('午餐');
  });
});
