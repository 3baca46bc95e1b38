import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { okReply, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { http } from '../../../shared/http/client';
import type { Material, MaterialType, SyncProgress } from '../api';
import MaterialsPage from './MaterialsPage';

const accounts = [{ appId: 'wx1', name: '食堂示范公众号' }];
const image = (n: number): Material => ({
  id: String(n), mediaId: `image-${n}`, type: 'image', name: `dish-${n}.png`, url: `/weixin/media/material/image${n}.png`,
  title: null, introduction: null, size: 10, updateTime: '2026-01-01T00:00:00Z', content: null,
});
const progressOf = (state: SyncProgress['state'], fields: Partial<SyncProgress> = {}): SyncProgress => ({
  appId: 'wx1', state, total: 0, done: 0, percent: 0, message: null, startTime: null, finishTime: null, ...fields,
});

let store: Record<MaterialType, Material[]>;
let progress: SyncProgress;
/** Runs after each list answer (a sync finishing between two calls). */
let afterList: () => void;

function route({ method, path, query }: Received) {
  if (method === 'GET' && path === '/weixin/wxapp/list') return okReply(accounts);
  if (method === 'GET' && path === '/weixin/wxmaterial/page') {
    const all = store[query.type as MaterialType];
    const current = Number(query.current);
    const size = Number(query.size);
    const reply = okReply({ items: all.slice((current - 1) * size, current * size), totalCount: all.length });
    afterList();
    return reply;
  }
  if (method === 'GET' && path === '/weixin/wxmaterial/synchron/progress') return okReply(progress);
  if (method === 'POST' && path === '/weixin/wxmaterial/synchron') {
    progress = progressOf('running', { total: 6, done: 0, percent: 0, startTime: new Date().toISOString() });
    return okReply(progress);
  }
  return undefined;
}

const server = apiServerForFile(route);
/** The progress questions of the page's HTTP client, counted as they are made (not as they reach the server). */
let progressAsked: () => number;
beforeEach(() => {
  store = { image: [], voice: [], video: [], news: [] };
  progress = progressOf('idle');
  afterList = () => undefined;
  signInWith(['wxmp:wxmaterial:index', 'wxmp:wxmaterial:add', 'wxmp:wxmaterial:get', 'wxmp:wxmaterial:edit', 'wxmp:wxmaterial:del']);
  // A clock that runs as usual but can be moved on past the progress poll.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const requests = vi.spyOn(http, 'request');
  progressAsked = () => requests.mock.calls.filter(([config]) => config.url === '/weixin/wxmaterial/synchron/progress').length;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const progressCalls = () => server.calls('GET', '/weixin/wxmaterial/synchron/progress');

async function openPage() {
  renderWithApp(<MaterialsPage />);
  const page = await screen.findByTestId('materials-page');
  const images = await within(page).findByTestId('material-tab-image');
  await waitFor(() => expect(server.calls('GET', '/weixin/wxmaterial/page')).toHaveLength(1));
  return { page, images };
}

/** Moves the clock on far past the progress poll (800 ms) and checks that the progress was not asked again. */
async function notAskedAgain() {
  const asked = progressAsked();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(progressAsked()).toBe(asked);
}

describe('MaterialsPage (素材管理) sync', () => {
  it("shows the progress of the account's first sync while it runs, then reloads the list", async () => {
    // Listing an account's materials the first time starts its sync on the server.
    progress = progressOf('running', { total: 6, done: 2, percent: 33, startTime: new Date().toISOString() });
    const { page, images } = await openPage();
    const bar = await within(page).findByTestId('sync-progress');
    expect(bar).toHaveTextContent('正在从公众号平台同步素材…');
    await waitFor(() => expect(bar).toHaveTextContent('33%'));
    expect(within(page).getByTestId('sync-materials')).toBeDisabled();
    // Asked after the first list, which is what starts the sync.
    const order = server.received.map((r) => r.path);
    expect(order.indexOf('/weixin/wxmaterial/synchron/progress')).toBeGreaterThan(order.indexOf('/weixin/wxmaterial/page'));
    expect(progressCalls()[0]!.query).toEqual({ appId: 'wx1' });
    expect(within(images).queryAllByTestId('material-card')).toHaveLength(0);

    store.image = [image(1)];
    progress = progressOf('done', { total: 6, done: 6, percent: 100, finishTime: new Date().toISOString() });
    await screen.findByText('同步完成，共 6 个素材');
    await waitFor(() => expect(within(images).getAllByTestId('material-card')).toHaveLength(1));
    expect(within(images).getByText('dish-1.png')).toBeInTheDocument();
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
    expect(within(page).getByTestId('sync-materials')).toBeEnabled();
    await notAskedAgain();
  });

  it('reloads the list when the first sync finished between the list and the question', async () => {
    afterList = () => {
      store.image = [image(1)];
      progress = progressOf('done', { total: 6, done: 6, percent: 100, finishTime: new Date().toISOString() });
      afterList = () => undefined;
    };
    const { page, images } = await openPage();
    await waitFor(() => expect(within(images).getAllByTestId('material-card')).toHaveLength(1));
    expect(server.calls('GET', '/weixin/wxmaterial/page')).toHaveLength(2);
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
  });

  it('asks once and leaves the list alone when the last sync finished long ago', async () => {
    progress = progressOf('done', { total: 6, done: 6, percent: 100, finishTime: '2026-01-01T00:00:00Z' });
    const { page } = await openPage();
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    await notAskedAgain();
    expect(server.calls('GET', '/weixin/wxmaterial/page')).toHaveLength(1);
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
    expect(screen.queryByText(/同步完成/)).toBeNull();
  });

  it('syncs by hand after a confirmation and reads the lists again when it is done', async () => {
    progress = progressOf('done', { total: 0, done: 0, percent: 100, finishTime: '2026-01-01T00:00:00Z' });
    const { page, images } = await openPage();
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    await userEvent.click(within(page).getByTestId('sync-materials'));
    const confirm = await screen.findByText('同步素材需要一定时间，请耐心等待，勿重复提交。确定同步吗?');
    await userEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('POST', '/weixin/wxmaterial/synchron')).toHaveLength(1));
    expect(server.calls('POST', '/weixin/wxmaterial/synchron')[0]!.body).toEqual({ appId: 'wx1' });
    await within(page).findByTestId('sync-progress');

    store.image = [image(1)];
    progress = progressOf('done', { total: 1, done: 1, percent: 100, finishTime: new Date().toISOString() });
    await screen.findByText('同步完成，共 1 个素材');
    await waitFor(() => expect(within(images).getAllByTestId('material-card')).toHaveLength(1));
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
  });

  it("says why the sync failed, in the server's words", async () => {
    progress = progressOf('running', { total: 6, done: 1, percent: 16, startTime: new Date().toISOString() });
    const { page } = await openPage();
    await within(page).findByTestId('sync-progress');
    progress = progressOf('failed', { total: 6, done: 1, percent: 16, message: '公众号平台返回错误 40001', finishTime: new Date().toISOString() });
    await screen.findByText('同步失败：公众号平台返回错误 40001');
    expect(within(page).queryByTestId('sync-progress')).toBeNull();
    await notAskedAgain();
  });

  it('offers no sync without wxmp:wxmaterial:add', async () => {
    signInWith(['wxmp:wxmaterial:index']);
    const { page } = await openPage();
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(within(page).queryByTestId('sync-materials')).toBeNull();
  });
  describe('after a sync that failed before the page opened', () => {
    const finishTime = '2026-01-02T03:04:05Z';
    const notice = `上次同步失败（${dayjs(finishTime).format('YYYY-MM-DD HH:mm:ss')}）：公众号平台返回错误 40001`;
    beforeEach(() => {
      progress = progressOf('failed', { total: 6, done: 1, percent: 16, message: '公众号平台返回错误 40001', startTime: '2026-01-02T03:00:00Z', finishTime });
    });

    it("shows a lasting notice with the server's message, asked once after the first list, and no toast", async () => {
      const { page } = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      expect(alert).toHaveTextContent(notice);
      expect(within(alert).getByTestId('sync-retry')).toHaveTextContent(/重新同步/);
      expect(screen.queryByText('同步失败：公众号平台返回错误 40001')).toBeNull();
      await notAskedAgain();
      expect(progressCalls()).toHaveLength(1);
    });

    it('syncs again from the notice after the confirmation; the notice goes while it runs', async () => {
      const { page, images } = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      await userEvent.click(within(alert).getByTestId('sync-retry'));
      const confirm = await screen.findByText('同步素材需要一定时间，请耐心等待，勿重复提交。确定同步吗?');
      await userEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(server.calls('POST', '/weixin/wxmaterial/synchron')).toHaveLength(1));
      expect(server.calls('POST', '/weixin/wxmaterial/synchron')[0]!.body).toEqual({ appId: 'wx1' });
      await within(page).findByTestId('sync-progress');
      expect(within(page).queryByTestId('sync-failed')).toBeNull();

      store.image = [image(1)];
      progress = progressOf('done', { total: 1, done: 1, percent: 100, finishTime: new Date().toISOString() });
      await screen.findByText('同步完成，共 1 个素材');
      await waitFor(() => expect(within(images).getAllByTestId('material-card')).toHaveLength(1));
      expect(within(page).queryByTestId('sync-failed')).toBeNull();
    });

    it('shows the notice without 重新同步 to a user without wxmp:wxmaterial:add', async () => {
      signInWith(['wxmp:wxmaterial:index']);
      const { page } = await openPage();
      const alert = await within(page).findByTestId('sync-failed');
      expect(alert).toHaveTextContent(notice);
      expect(within(alert).queryByRole('button')).toBeNull();
    });
  });
});
