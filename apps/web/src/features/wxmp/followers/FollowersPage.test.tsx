import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { okReply, pageOf, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { http } from '../../../shared/http/client';
import type { Follower, SyncProgress } from '../api';
import FollowersPage from './FollowersPage';

const accounts = [{ appId: 'wx1', name: '食堂示范公众号' }];
const follower = (id: number, nickName: string): Follower => ({
  id: String(id), appId: 'wx1', openId: `o-${id}`, unionId: null, subscribe: '1', subscribeScene: 'ADD_SCENE_QR_CODE', subscribeTime: '2026-01-01T00:00:00Z',
  subscribeNum: 1, cancelSubscribeTime: null, nickName, headimgUrl: null, sex: '1', country: '中国', province: null, city: null, language: 'zh_CN',
  remark: null, tagidList: [], qrSceneStr: null, latitude: null, longitude: null, lastInteractionTime: null, createTime: null, updateTime: null,
});
const progressOf = (state: SyncProgress['state'], fields: Partial<SyncProgress> = {}): SyncProgress => ({
  appId: 'wx1', state, total: 0, done: 0, percent: 0, message: null, startTime: null, finishTime: null, ...fields,
});

let followers: Follower[];
let progress: SyncProgress;
/** Set: the server has never synced the account, and starts its first sync when the list is asked (answered a little later). */
let firstListing: (() => void) | undefined;

async function route({ method, path, query }: Received) {
  if (method === 'GET' && path === '/weixin/wxapp/list') return okReply(accounts);
  if (method === 'GET' && path === '/weixin/wxusertags/list') return okReply([]);
  if (method === 'GET' && path === '/weixin/wxuser/page') {
    // Taken before the wait: a second listing asked meanwhile must not start the sync again.
    const starting = firstListing;
    firstListing = undefined;
    if (starting) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      starting();
    }
    return okReply(pageOf(followers, Number(query.current), Number(query.size)));
  }
  if (method === 'GET' && path === '/weixin/wxuser/synchron/progress') return okReply(progress);
  if (method === 'POST' && path === '/weixin/wxuser/synchron') {
    progress = progressOf('running', { total: 3, done: 1, percent: 33 });
    return okReply(progress);
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  followers = [follower(1, '小王同学')];
  progress = progressOf('idle');
  firstListing = undefined;
  signInWith(['wxmp:wxuser:index', 'wxmp:wxuser:synchro', 'wxmp:wxuser:tagging', 'wxmp:wxuser:edit:remark']);
});

async function openPage() {
  renderWithApp(<FollowersPage />);
  const page = await screen.findByTestId('followers-page');
  await within(page).findByText('小王同学');
  return page;
}

async function startSync(page: HTMLElement, button = within(page).getByTestId('sync-followers')) {
  await userEvent.click(button);
  const confirm = await screen.findByText('同步用户需要一定时间，请耐心等待，勿重复提交。确定同步吗?');
  await userEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(server.calls('POST', '/weixin/wxuser/synchron')).toHaveLength(1));
  expect(server.calls('POST', '/weixin/wxuser/synchron')[0]!.body).toEqual({ appId: 'wx1' });
}

describe('FollowersPage (公众号用户) sync', () => {
  it('syncs after a confirmation, shows the progress while it runs, then reloads the list and stops asking', async () => {
    // A clock that runs as usual but can be moved on past the progress poll; the progress
    // questions counted as the page's HTTP client makes them (not as they reach the server).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const requests = vi.spyOn(http, 'request');
    const progressAsked = () => requests.mock.calls.filter(([config]) => config.url === '/weixin/wxuser/synchron/progress').length;
    onTestFinished(() => {
      vi.useRealTimers();
      requests.mockRestore();
    });
    const page = await openPage();
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
    await startSync(page);

    const bar = await within(page).findByTestId('sync-progress');
    expect(bar).toHaveTextContent('正在从公众号平台同步用户…');
    await waitFor(() => expect(bar).toHaveTextContent('33%'));
    expect(within(page).getByTestId('sync-followers')).toBeDisabled();

    followers = [follower(1, '小王同学'), follower(2, '李阿姨'), follower(3, '老周')];
    progress = progressOf('done', { total: 3, done: 3, percent: 100 });
    await screen.findByText('同步完成，共 3 个用户');
    await within(page).findByText('李阿姨');
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
    expect(within(page).getByTestId('sync-followers')).toBeEnabled();

    const asked = progressAsked();
    await vi.advanceTimersByTimeAsync(10_000); // far past the 800 ms poll
    expect(progressAsked()).toBe(asked);
  });

  it('says why a sync failed', async () => {
    const page = await openPage();
    await startSync(page);
    await within(page).findByTestId('sync-progress');
    progress = progressOf('failed', { total: 3, done: 1, percent: 33, message: '公众号平台返回错误 40001' });
    await screen.findByText('同步失败：公众号平台返回错误 40001');
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
  });

  it('shows a sync that is already running when the page opens', async () => {
    progress = progressOf('running', { total: 4, done: 1, percent: 25 });
    const page = await openPage();
    const bar = await within(page).findByTestId('sync-progress');
    await waitFor(() => expect(bar).toHaveTextContent('25%'));
    progress = progressOf('done', { total: 4, done: 4, percent: 100 });
    await screen.findByText('同步完成，共 4 个用户');
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
  });

  it('watches the sync the server starts at the account\'s first listing, then shows the synced followers', async () => {
    followers = [];
    firstListing = () => {
      progress = progressOf('running', { total: 2, done: 0, percent: 0, startTime: new Date().toISOString() });
    };
    renderWithApp(<FollowersPage />);
    const page = await screen.findByTestId('followers-page');
    await within(page).findByTestId('sync-progress');
    expect(server.calls('POST', '/weixin/wxuser/synchron')).toHaveLength(0); // the server started it, not the page
    followers = [follower(1, '小王同学'), follower(2, '李阿姨')];
    progress = progressOf('done', { total: 2, done: 2, percent: 100, startTime: new Date().toISOString(), finishTime: new Date().toISOString() });
    await screen.findByText('同步完成，共 2 个用户');
    await within(page).findByText('李阿姨');
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
  });

  it('offers no sync without wxmp:wxuser:synchro', async () => {
    signInWith(['wxmp:wxuser:index']);
    const page = await openPage();
    expect(within(page).queryByTestId('sync-followers')).toBeNull();
  });
  describe('after a sync that failed before the page opened', () => {
    const finishTime = '2026-01-02T03:04:05Z';
    const notice = `上次同步失败（${dayjs(finishTime).format('YYYY-MM-DD HH:mm:ss')}）：公众号平台返回错误 40001`;
    beforeEach(() => {
      progress = progressOf('failed', { total: 3, done: 1, percent: 33, message: '公众号平台返回错误 40001', startTime: '2026-01-02T03:00:00Z', finishTime });
    });

    it('shows a lasting notice with the server\'s message, and no toast', async () => {
      const page = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      expect(alert).toHaveTextContent(notice);
      expect(within(alert).getByTestId('sync-retry')).toHaveTextContent(/重新同步/);
      expect(screen.queryByText('同步失败：公众号平台返回错误 40001')).toBeNull();
      expect(server.calls('GET', '/weixin/wxuser/synchron/progress')[0]!.query).toEqual({ appId: 'wx1' });
    });

    it('syncs again from the notice after the confirmation; the notice goes while it runs', async () => {
      const page = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      await startSync(page, within(alert).getByTestId('sync-retry'));
      await within(page).findByTestId('sync-progress');
      expect(within(page).queryByTestId('sync-failed')).toBeNull();
      progress = progressOf('done', { total: 3, done: 3, percent: 100 });
      await screen.findByText('同步完成，共 3 个用户');
      expect(within(page).queryByTestId('sync-failed')).toBeNull();
    });

    it('shows the notice without 重新同步 to a user without wxmp:wxuser:synchro', async () => {
      signInWith(['wxmp:wxuser:index']);
      const page = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      expect(alert).toHaveTextContent(notice);
      expect(within(alert).queryByRole('button')).toBeNull();
    });
  });
});
