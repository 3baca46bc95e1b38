import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { apiToken, signIn } from './shell-pages.js';
import { useSimulator } from './wxmp-pages.js';

const APP_ID = 'wx6c3a1e5f0b7d9246';
const FOLLOWERS = {
  wang: 'oyezWrPPEaeR_aM3xkmC8nQq1oUC',
  li: 'oMmt-inMjbPz2192YKHNv-GW8IV5',
  chen: 'ofNHT7J9ozunYnT7-SiYxSWi_KVM',
} as const;

/**
 * The follower conversation against the simulator: followers write through the simulator's
 * control API (pushed to the product's callback), the operator answers in the panel, and what
 * the follower received is read back from the simulator.
 */
describe.skipIf(!hasBrowser())('follower conversations (用户消息) against the simulator', () => {
  const sim = useSimulator();
  const session = useServerAndBrowser(sim.env);

  const simCall = sim.call;
  const followerPath = (openid: string) => `/sim/accounts/${APP_ID}/followers/${openid}`;

  /** A follower writes; the push must reach the product. */
  const followerSends = async (openid: string, message: Record<string, unknown>) => {
    const answer = await simCall<{ delivery: { outcome: string } }>('POST', `${followerPath(openid)}/messages`, message);
    expect(['replied', 'empty']).toContain(answer.delivery.outcome);
  };

  /** What the account sent to the follower (customer-service messages), as text. */
  const sentToFollower = async (openid: string) => {
    const { entries } = await simCall<{ entries: { direction: string; source: string; payload: unknown }[] }>('GET', `${followerPath(openid)}/conversation`);
    return entries.filter((e) => e.direction === 'out' && e.source === 'custom').map((e) => JSON.stringify(e.payload));
  };

  /** The product's id of a follower (created by their first push). */
  const followerId = async (openid: string) => {
    const token = await apiToken(session.server.url);
    const response = await fetch(`${session.server.url}/weixin/wxuser/page?appId=${APP_ID}&current=1&size=100`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { records: { id: string; openId: string }[] } };
    const found = body.data.records.find((r) => r.openId === openid);
    if (!found) throw new Error(`no follower ${openid} in the product`);
    return found.id;
  };

  /** Signs in and opens the conversation through the URL the header bell uses. */
  const openConversation = async (openid: string): Promise<Page> => {
    const wxUserId = await followerId(openid);
    const page = await session.newPage('/login');
    await signIn(page, 'admin');
    await page.goto(`/views/wxmp/wxmsg/index?appId=${APP_ID}&wxUserId=${wxUserId}`);
    await page.getByTestId('conversation-panel').waitFor();
    return page;
  };

  const history = (page: Page) => page.getByTestId('conversation-history');
  const bubbles = (page: Page) => history(page).getByTestId('conversation-message');

  beforeAll(async () => {
    // The simulator's demo account pushes to this test's server.
    await simCall('PATCH', `/sim/accounts/${APP_ID}`, { callbackUrl: `${session.server.url}/weixin/portal/${APP_ID}` });
  });

  it("shows the history, loads older pages in front, and the operator's reply reaches the follower", async () => {
    for (let i = 1; i <= 16; i += 1) await followerSends(FOLLOWERS.li, { msgType: 'text', content: `李阿姨的第${i}条消息` });
    const page = await openConversation(FOLLOWERS.li);

    // Page 1: the newest 14, oldest at the top.
    await expect.poll(() => bubbles(page).count()).toBe(14);
    expect(await bubbles(page).first().innerText()).toContain('李阿姨的第3条消息');
    expect(await bubbles(page).last().innerText()).toContain('李阿姨的第16条消息');
    await page.getByTestId('load-more').click();
    await expect.poll(() => bubbles(page).count()).toBe(16);
    expect(await bubbles(page).first().innerText()).toContain('李阿姨的第1条消息');
    await page.getByTestId('no-more').getByText('没有更多了').waitFor();

    // The operator answers; the message is appended and reaches the follower.
    await page.getByTestId('reply-text').fill('您好，李阿姨，今天有红烧肉');
    await page.getByTestId('send-button').click();
    await bubbles(page).filter({ hasText: '您好，李阿姨，今天有红烧肉' }).waitFor();
    expect(await bubbles(page).last().getAttribute('data-type')).toBe('2');
    await expect.poll(() => sentToFollower(FOLLOWERS.li)).toEqual([expect.stringContaining('您好，李阿姨，今天有红烧肉')]);
    expect(await page.getByTestId('reply-text').inputValue()).toBe('');

    // S sends while the reply box (not the text area) has focus.
    await page.getByTestId('reply-text').fill('还需要别的吗');
    await page.getByTestId('reply-box').focus();
    await page.keyboard.press('s');
    await expect.poll(() => sentToFollower(FOLLOWERS.li)).toHaveLength(2);
    await bubbles(page).filter({ hasText: '还需要别的吗' }).waitFor();
  });

  it("appends a follower's text that arrives while the conversation is open", async () => {
    await followerSends(FOLLOWERS.wang, { msgType: 'text', content: '我想订一份午餐' });
    const page = await openConversation(FOLLOWERS.wang);
    await bubbles(page).filter({ hasText: '我想订一份午餐' }).waitFor();
    await page.getByTestId('no-more').waitFor();

    await followerSends(FOLLOWERS.wang, { msgType: 'text', content: '十二点来取' });
    await bubbles(page).filter({ hasText: '十二点来取' }).waitFor();
    expect(await bubbles(page).last().innerText()).toContain('十二点来取');
    // Received while open, it was marked read at once (the list call without wxUserId marks nothing).
    const unread = async () => {
      const token = await apiToken(session.server.url);
      const response = await fetch(`${session.server.url}/weixin/wxmsg/page?appId=${APP_ID}&type=1&readFlag=0&size=100`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data: { records: { repContent: string | null }[] } };
      return body.data.records.map((r) => r.repContent);
    };
    await expect.poll(unread).not.toContain('十二点来取');

    // A fresh voice (AMR) arrives live too; the first click loads and decodes it in the browser.
    await followerSends(FOLLOWERS.wang, { msgType: 'voice' });
    const voice = bubbles(page).last().getByTestId('voice-message');
    await voice.waitFor();
    await voice.getByTestId('voice-toggle').click();
    await expect.poll(async () => (await voice.getByTestId('voice-toggle').innerText()).trim()).toMatch(/\d+″/);
    expect(await voice.getAttribute('data-state')).not.toBe('failed');
  });

  it('shows a voice older than 3 days as expired and the 48-hour refusal when answering', async () => {
    // The follower's voice was sent four days ago on the platform's clock.
    const clock = await simCall<{ now: number }>('GET', '/sim/clock');
    await simCall('POST', '/sim/clock/set', { now: Number(clock.now) - 4 * 86_400_000 });
    try {
      await followerSends(FOLLOWERS.chen, { msgType: 'voice' });
    } finally {
      await simCall('POST', '/sim/clock/reset');
    }
    const page = await openConversation(FOLLOWERS.chen);
    await history(page).getByTestId('voice-expired').getByText('语音已过期').waitFor();
    expect(await history(page).getByTestId('voice-toggle').count()).toBe(0);

    await page.getByTestId('reply-text').fill('抱歉回复晚了');
    await page.getByTestId('send-button').click();
    const refusal = page.getByTestId('send-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('48小时');
    expect(await bubbles(page).filter({ hasText: '抱歉回复晚了' }).count()).toBe(0);
    expect(await sentToFollower(FOLLOWERS.chen)).toEqual([]);
  });
});
