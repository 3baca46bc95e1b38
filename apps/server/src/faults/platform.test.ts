import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { demoAccount } from '@canteen/wechat-sim';
import { createTestApp } from '../../test/app.js';
import { signIn } from '../../test/auth.js';
import { startSimulator } from '../../test/sim.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';

/**
 * The messaging platform failing under the screens that call it: answering 5xx, slow past the
 * timeout (the simulator's delay switch), hanging, unreachable. Each call gets a 503 whose
 * message says what is wrong with the platform (never a 500), a sync in the background ends
 * failed with a reason, the server keeps serving everything else, and once the platform is
 * back the same screens work without a restart. The simulator sits behind a TCP proxy the test
 * switches (it cannot answer an HTTP error status by itself).
 */
const { sim, call: simCall } = await startSimulator();
const simAddress = sim.server.address() as { port: number };
const proxy = await startTcpProxy({ host: '127.0.0.1', port: simAddress.port });
afterAll(() => proxy.close());
const { app } = await createTestApp({ WECHAT_API_BASE: `http://127.0.0.1:${proxy.port}`, WECHAT_TIMEOUT_MS: '1000' });
const auth = await signIn(app, 'admin');
const appId = demoAccount.appId;

const BUSY = '微信平台系统繁忙，请稍后再试（微信错误码 -1）';
const TIMEOUT = '微信平台无响应（请求超时），请稍后再试';
const UNREACHABLE = '无法连接微信平台，请检查网络或平台地址配置';

let tagNumber = 0;
/**
 * 标签管理, as a user works there: the list (read from the platform, or from the local mirror
 * when the platform fails: it stays usable) and creating a tag (only the platform can).
 */
const screens = async () => {
  const list = await app.inject({ method: 'GET', url: '/weixin/wxusertags/list', query: { appId }, headers: auth });
  const create = await app.inject({ method: 'POST', url: '/weixin/wxusertags', headers: auth, payload: { appId, name: `故障${++tagNumber}` } });
  return { list: list.statusCode, create: [create.statusCode, create.statusCode === 200 ? 'ok' : create.json<{ msg: string }>().msg] };
};
const allAnswer = (status: number, msg: string) => ({ list: 200, create: [status, msg] });
const serving = async () => (await app.inject({ method: 'GET', url: '/upms/user/info', headers: auth })).statusCode;

describe('the messaging platform failing', () => {
  afterEach(async () => {
    proxy.restore();
    await simCall('DELETE', '/sim/faults');
  });

  it('works before anything fails', async () => {
    expect(await screens()).toEqual(allAnswer(200, 'ok'));
  });

  it('answering 5xx: 503 saying the platform is busy; back to normal when it is', async () => {
    proxy.set({ kind: 'http', status: 502 });
    expect(await screens()).toEqual(allAnswer(503, BUSY));
    proxy.set({ kind: 'http', status: 500 });
    expect(await screens()).toEqual(allAnswer(503, BUSY));
    expect(await serving()).toBe(200);
    proxy.restore();
    expect(await screens()).toEqual(allAnswer(200, 'ok'));
  });

  it('slower than the timeout (the simulator\'s delay switch) or hanging: 503 saying it did not answer in time', async () => {
    await simCall('POST', '/sim/faults', { path: '*', appId, delayMs: 3000, times: 2 });
    const started = Date.now();
    expect(await screens()).toEqual(allAnswer(503, TIMEOUT));
    expect(Date.now() - started).toBeLessThan(3000); // the timeout, not the platform, decided
    await simCall('DELETE', '/sim/faults');
    proxy.set({ kind: 'hang' });
    expect(await screens()).toEqual(allAnswer(503, TIMEOUT));
    proxy.restore();
    expect(await screens()).toEqual(allAnswer(200, 'ok'));
  });

  it('unreachable: 503 saying it cannot be reached; a background sync ends failed with the reason, and succeeds once it is back', async () => {
    proxy.cut();
    expect(await screens()).toEqual(allAnswer(503, UNREACHABLE));
    const sync = () => app.inject({ method: 'POST', url: '/weixin/wxuser/synchron', headers: auth, payload: { appId } });
    const progress = async () =>
      (await app.inject({ method: 'GET', url: '/weixin/wxuser/synchron/progress', query: { appId }, headers: auth })).json<{ data: { state: string; message: string | null } }>().data;
    expect((await sync()).statusCode).toBe(200);
    await expect.poll(async () => (await progress()).state, { timeout: 20_000 }).toBe('failed');
    expect((await progress()).message).toBeTruthy();
    expect(await serving()).toBe(200);

    proxy.restore();
    expect(await screens()).toEqual(allAnswer(200, 'ok'));
    expect((await sync()).statusCode).toBe(200);
    await expect.poll(async () => (await progress()).state, { timeout: 20_000 }).toBe('done');
  }, 60_000);
});
