import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NavigatorFromRouter } from '../../shared/navigation/navigation';
import { useUnreadBell } from '../../features/wxmp/unread/unread';
import { FIRST_LOAD_WAIT_MS } from '../../features/wxmp/unread/feed';
import { signOutLocally } from '../../shared/session/auth';
import { http } from '../../shared/http/client';
import { liveClient } from '../../shared/live/live';
import { okReply, pageOf, startApiServer, type TestApiServer } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { TestBroker } from '../../../test/live-broker';
import '../messages';
import { deleteMessage } from '../../features/wxmp/conversation/api';
import { Bell } from './Bell';

// The app's live client, pointed at a real broker (the server's StompBroker) for these tests.
const target = vi.hoisted(() => ({ url: '' }));
vi.mock('../../shared/live/live', async (importOriginal) => (await import('../../../test/live-broker')).liveOnTestBroker(await importOriginal(), target));

const bellRow = (wxUserId: string, countMsg: number, minute: number) => ({
  id: `m${wxUserId}${minute}`, appId: 'wx1', appName: '食堂示范公众号', wxUserId, nickName: `粉丝${wxUserId}`, headimgUrl: null,
  type: '1', repType: 'text', repContent: `你好${wxUserId}`, readFlag: '0', countMsg, createTime: new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
});

let server: TestApiServer;
let broker: TestBroker;
/** The server's unread rows. */
let unread: ReturnType<typeof bellRow>[] = [];
beforeAll(async () => {
  server = await startApiServer(({ method, path, query }) => {
    if (method === 'GET' && path === '/weixin/wxmsg/page') {
      // As the server: newest first, the rows after the cursor, and every unread message counted.
      const at = query.beforeUser ? unread.findIndex((r) => r.wxUserId === query.beforeUser) + 1 : 0;
      const countMsg = unread.reduce((n, r) => n + r.countMsg, 0);
      return okReply({ ...pageOf(unread.slice(at), 1, Number(query.size)), total: unread.length, countMsg });
    }
    if (method === 'DELETE' && path.startsWith('/weixin/wxmsg/')) {
      // Follower 7's latest unread message goes: one fewer for them.
      unread = unread.map((row) => (`/weixin/wxmsg/${row.id}` === path ? { ...row, countMsg: row.countMsg - 1 } : row));
      return okReply(true);
    }
    return undefined;
  });
  broker = new TestBroker();
  await broker.start();
  target.url = broker.url;
});
afterAll(async () => {
  await server.close();
  await broker.close();
});
beforeEach(() => {
  unread = [bellRow('7', 2, 5), bellRow('8', 1, 3)];
  server.received.length = 0;
  broker.connects.length = 0;
});
afterEach(() => {
  act(() => signOutLocally());
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const renderBell = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/wel/index']}>
      <NavigatorFromRouter />
      <Bell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const rowNames = () => screen.queryAllByTestId('bell-row').map((r) => r.getAttribute('data-wx-user-id'));

describe('header bell', () => {
  it('asks nothing and opens no socket without wxmp:wxmsg:index', async () => {
    // Every call of the app's HTTP client as it is made (not once it reached the server), and a
    // clock that runs as usual but can be moved on past anything the page might wait for.
    const requests = vi.spyOn(http, 'request');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      signInWith(['sys:user:index']);
      renderBell();
      await userEvent.click(screen.getByTestId('bell'));
      expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(requests).not.toHaveBeenCalled();
      expect(liveClient().status).toBe('idle'); // a subscription would have started connecting
      expect(broker.connects).toEqual([]);
    } finally {
      vi.useRealTimers();
      requests.mockRestore();
    }
  });

  it('loads the unread rows with the specification’s query and follows /weixin/wx_msg live', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('3'));
    expect(server.calls('GET', '/weixin/wxmsg/page')[0]!.query).toEqual({
      current: '1', size: '10', descs: 'create_time', notInRepType: 'event', type: '1', readFlag: '0',
    });
    await userEvent.click(screen.getByTestId('bell'));
    await waitFor(() => expect(rowNames()).toEqual(['7', '8']));
    expect(screen.getByText('粉丝7')).toBeInTheDocument();
    expect(screen.getByText('你好7')).toBeInTheDocument();

    await expect.poll(() => broker.stats().subscriptions, { message: 'bell subscription' }).toBe(1);
    expect(broker.connects[0]).toBe('test-token');
    // Follower 8 writes again: their row comes first with one more; a new follower 9 is inserted on top.
    await broker.publish('/weixin/wx_msg', { ...bellRow('8', 0, 20), id: 'live1', repContent: '有位子吗？', countMsg: undefined });
    await waitFor(() => expect(rowNames()).toEqual(['8', '7']));
    expect(screen.getByText('有位子吗？')).toBeInTheDocument();
    await broker.publish('/weixin/wx_msg', { ...bellRow('9', 0, 21), id: 'live2', repType: 'image', repContent: null, countMsg: undefined });
    await waitFor(() => expect(rowNames()).toEqual(['9', '8', '7']));
    expect(screen.getByText('[图片]')).toBeInTheDocument();
    expect(useUnreadBell.getState().rows.map((r) => r.countMsg)).toEqual([1, 2, 2]);
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('5');
  });

  it('reads the unread rows once on a page load, after the live channel has connected', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await expect.poll(() => broker.stats().subscriptions, { message: 'bell subscription' }).toBe(1);
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('3'));
    // Longer than the wait for the channel: no second read comes.
    await new Promise((r) => setTimeout(r, FIRST_LOAD_WAIT_MS + 200));
    expect(server.calls('GET', '/weixin/wxmsg/page')).toHaveLength(1);
  });

  it('opens the conversation of a clicked row and drops the row', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await userEvent.click(screen.getByTestId('bell'));
    await waitFor(() => expect(rowNames()).toEqual(['7', '8']));
    await userEvent.click(screen.getAllByTestId('bell-row')[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/views/wxmp/wxmsg/index?appId=wx1&wxUserId=7');
    expect(useUnreadBell.getState().rows.map((r) => r.wxUserId)).toEqual(['8']);
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
  });

  it('loads the unread rows again when the live channel comes back', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await expect.poll(() => broker.stats().subscriptions, { message: 'bell subscription' }).toBe(1);
    await waitFor(() => expect(useUnreadBell.getState().count).toBe(3));
    const port = broker.port;
    await broker.stop();
    // Follower 9 writes while the socket is down: stored, never delivered live.
    unread = [bellRow('9', 1, 30), ...unread];
    await broker.start(port);
    await waitFor(() => expect(useUnreadBell.getState().rows.map((r) => r.wxUserId)).toEqual(['9', '7', '8']));
    expect(useUnreadBell.getState().count).toBe(4);
  });

  it('shows the true unread count (99+ above 99) and pages through every unread follower 10 at a time', async () => {
    // 25 followers with 6 unread messages each: 150, of which the first ten rows hold only 60.
    unread = Array.from({ length: 25 }, (_, i) => bellRow(String(100 + i), 6, 59 - i));
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('99+'));
    expect(useUnreadBell.getState().count).toBe(150);
    // Page 1 is read once the live channel has connected (a read then would start the list over).
    await expect.poll(() => broker.stats().subscriptions, { message: 'bell subscription' }).toBe(1);
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmsg/page')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('bell'));
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    await userEvent.click(screen.getByTestId('bell-more'));
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(server.calls('GET', '/weixin/wxmsg/page').at(-1)!.query).toMatchObject({ size: '10', beforeUser: '109', beforeTime: bellRow('109', 6, 50).createTime });
    await userEvent.click(screen.getByTestId('bell-more'));
    await waitFor(() => expect(rowNames()).toEqual(unread.map((r) => r.wxUserId)));
    expect(screen.queryByTestId('bell-more')).toBeNull();
  });

  it('counts again after an unread message is deleted', async () => {
    signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:del']);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('3'));
    await act(() => deleteMessage({ id: unread[0]!.id, type: '1', readFlag: '0' }));
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('2'));
  });

  it('empties the bell and closes the socket on sign-out', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderBell();
    await expect.poll(() => broker.stats().subscriptions, { message: 'bell subscription' }).toBe(1);
    await waitFor(() => expect(useUnreadBell.getState().count).toBe(3));
    act(() => signOutLocally());
    await expect.poll(() => broker.stats().connections, { message: 'socket closed' }).toBe(0);
    expect(useUnreadBell.getState().rows).toEqual([]);
  });
});
