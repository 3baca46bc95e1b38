import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { animationsDone } from './shell-pages.js';
import { openAccountScreen, useSimulator } from './wxmp-pages.js';

const APP_ID = 'wx6c3a1e5f0b7d9246';
const WANG = 'oyezWrPPEaeR_aM3xkmC8nQq1oUC';
const ok = /确\s*定/;
const visibleModal = (page: Page) => page.locator('.ant-modal:visible').last();

interface ConversationEntry {
  direction: 'in' | 'out' | 'system';
  source?: string;
  payload: Record<string, unknown>;
}

/**
 * 消息自动回复 and 自定义菜单 against the simulator: rules and the menu are made in the browser,
 * a follower writes or taps through the simulator's control API (pushed to this test's server),
 * and what the follower received is read back from the simulator.
 */
describe.skipIf(!hasBrowser())('automatic replies and the custom menu against the simulator', () => {
  const sim = useSimulator();
  const session = useServerAndBrowser(sim.env);

  const simCall = sim.call;
  const followerPath = `/sim/accounts/${APP_ID}/followers/${WANG}`;

  /** The passive replies the follower received, as their text. */
  const receivedTexts = async () => {
    const { entries } = await simCall<{ entries: ConversationEntry[] }>('GET', `${followerPath}/conversation`);
    return entries.filter((e) => e.direction === 'out').map((e) => (typeof e.payload.content === 'string' ? e.payload.content : JSON.stringify(e.payload)));
  };

  beforeAll(async () => {
    // The simulator's demo account pushes to this test's server.
    await simCall('PATCH', `/sim/accounts/${APP_ID}`, { callbackUrl: `${session.server.url}/weixin/portal/${APP_ID}` });
  });

  it("answers a follower's text containing a keyword made in 消息自动回复", async () => {
    const { page } = await openAccountScreen(session, '消息自动回复', 'autoreply-page');

    await page.getByRole('tab', { name: '关键词回复' }).click();
    const keywords = page.getByTestId('autoreply-tab-3');
    await keywords.getByTestId('resource-add').click();
    const dialog = visibleModal(page);
    // Clicked during the dialog's zoom, the radio could be missed (the neighbour 全匹配 kept, on a loaded machine).
    await dialog.getByText('半匹配', { exact: true }).waitFor();
    await animationsDone(page);
    await dialog.getByText('半匹配', { exact: true }).click();
    await dialog.getByLabel('关键词').fill('营业时间');
    await dialog.getByTestId('reply-text').fill('本店每天 7:00-21:00 营业');
    await dialog.getByRole('button', { name: ok }).click();
    const row = keywords.locator('tr.ant-table-row').filter({ hasText: '营业时间' });
    await row.waitFor();
    expect(await row.innerText()).toContain('半匹配');
    await page.screenshot({ path: '/tmp/wxmp-shots/autoreply-keywords.png' });

    // The same keyword again is refused with the server's message.
    await keywords.getByTestId('resource-add').click();
    await dialog.getByLabel('关键词').waitFor();
    await animationsDone(page);
    await dialog.getByLabel('关键词').fill('营业时间');
    await dialog.getByTestId('reply-text').fill('重复');
    await dialog.getByRole('button', { name: ok }).click();
    await page.locator('.ant-message').getByText('关键词重复').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    const sent = await simCall<{ delivery: { outcome: string } }>('POST', `${followerPath}/messages`, { msgType: 'text', content: '请问你们的营业时间是几点？' });
    expect(sent.delivery.outcome).toBe('replied');
    await expect.poll(receivedTexts).toContain('本店每天 7:00-21:00 营业');
  });

  it('publishes a menu with a click button made in 自定义菜单; a tap gets its reply', async () => {
    const { page } = await openAccountScreen(session, '自定义菜单', 'menu-page');
    await page.getByTestId('menu-select-hint').getByText('请选择菜单配置').waitFor();
    const settings = page.getByTestId('menu-settings');

    // The editor opens on the menu followers see (the demo account's, on the platform); its
    // 今日菜单 is a click button that wants its reply set here.
    await page.getByTestId('menu-top-0').getByText('今日菜单').waitFor();
    await page.getByTestId('menu-top-0').click();
    await settings.getByTestId('reply-text').fill('今日推荐：水煮鱼 48 元');
    // Room for one more top button: the second goes (会员服务, whose 联系我们 has no reply either).
    await page.getByTestId('menu-top-1').click();
    await page.getByTestId('menu-remove').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: ok }).click();
    await expect.poll(() => page.getByTestId('menu-bar').getByTestId(/^menu-top-\d+$/).count()).toBe(2);
    await page.getByTestId('menu-add-top').click();
    const name = settings.getByTestId('menu-name');

    // The platform's limit, named while typing.
    await name.fill('午市特价套餐');
    await settings.getByText('菜单名称不能超过4个汉字或8个字母').waitFor();
    await name.fill('午市套餐');
    await settings.getByText('不超过4个汉字或8个字母').waitFor();
    await settings.getByText('点击回复', { exact: true }).click();
    await settings.getByTestId('reply-text').fill('今日午市套餐：红烧肉饭 18 元');
    await page.screenshot({ path: '/tmp/wxmp-shots/menu-editor.png' });

    await page.getByTestId('menu-publish').click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.locator('.ant-modal-confirm-title').getByText('确定要保存并发布该菜单吗?').waitFor();
    await animationsDone(page);
    await confirm.getByRole('button', { name: ok }).click();
    await page.locator('.ant-message').getByText('发布成功').waitFor();
    await page.getByTestId('menu-dirty').waitFor({ state: 'detached' });

    const published = await simCall<{ button?: { name: string }[]; menu?: { button: { name: string }[] } }>('GET', `/sim/accounts/${APP_ID}/menu`);
    expect(JSON.stringify(published)).toContain('午市套餐');

    const tapped = await simCall<{ delivery: { outcome: string } }>('POST', `${followerPath}/menu`, { name: '午市套餐' });
    expect(tapped.delivery.outcome).toBe('replied');
    await expect.poll(receivedTexts).toContain('今日午市套餐：红烧肉饭 18 元');
  });
});
