import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, demoFollowers } from '@canteen/wechat-sim';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { startSimulator } from '../../../../test/sim.js';
import { FOLLOWER_SYNC } from '../sync.js';

const { url: simUrl } = await startSimulator();
const { app } = await createTestApp({ WECHAT_API_BASE: simUrl, JOB_POLL_MS: '20' });
const appId = demoAccount.appId;
let auth: AuthHeader;

beforeAll(async () => {
  auth = await signIn(app, 'admin');
});

const get = async <T>(url: string): Promise<T> => {
  const res = await app.inject({ url, headers: auth });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: T }>().data;
};
const progress = () => get<{ state: string; total: number; done: number }>(`/weixin/wxuser/synchron/progress?appId=${appId}`);
const jobs = async () => (await app.database.exclusive((exec) => exec('select id from job where kind = $1 and key = $2', [FOLLOWER_SYNC, appId]))).length;

describe('公众号用户 on an account never synced', () => {
  it('starts the first follower sync at the first listing (once), and lists the followers it pulled', async () => {
    expect((await progress()).state).toBe('idle');
    await get(`/weixin/wxuser/page?appId=${appId}&current=1&size=50`);
    const subscribed = demoFollowers.filter((f) => !('unsubscribed' in f)).length;
    await expect.poll(async () => (await progress()).state, { timeout: 15_000 }).toBe('done');
    expect(await progress()).toMatchObject({ total: subscribed, done: subscribed });
    const listed = await get<{ total: number }>(`/weixin/wxuser/page?appId=${appId}&current=1&size=50&subscribe=1`);
    expect(listed.total).toBe(subscribed);
    expect(await jobs()).toBe(1); // listed again: no second sync
  });
});
