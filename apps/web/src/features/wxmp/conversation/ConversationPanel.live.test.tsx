import { Activity, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveClient } from '../../../shared/live/live';
import { TestBroker } from '../../../../test/live-broker';
import { signOutLocally } from '../../../shared/session/auth';
import { apiServerForFile, okReply, pageOf, type Received, type Reply } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { ConversationPanel } from './ConversationPanel';
import type { ConversationMessage } from './history';

// The app's live client, pointed at a real broker (the server's StompBroker): the panel's
// subscription and its catch-up after a reconnect run as in the app.
const target = vi.hoisted(() => ({ url: '' }));
vi.mock('../../../shared/live/live', async (importOriginal) => (await import('../../../../test/live-broker')).liveOnTestBroker(await importOriginal(), target));

const base = Date.UTC(2026, 0, 1);
const msg = (id: number, fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: String(id), appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', repContent: `消息${id}`, readFlag: '1',
  nickName: '小王同学', appName: '食堂示范公众号', createTime: new Date(base + id * 60_000).toISOString(), ...fields,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// The follower's history, oldest first; the server answers newest first.
let history: ConversationMessage[] = [];
let refreshes = 0;

/** While set, history pages are read at once but answered only when it resolves. */
let holdPages: Promise<void> | undefined;

function route({ method, path, query, body }: Received): Reply | undefined | Promise<Reply> {
  if (method === 'GET' && path === '/weixin/wxmsg/page') {
    const reply = okReply(pageOf([...history].reverse(), Number(query.current), Number(query.size)));
    return holdPages ? holdPages.then(() => reply) : reply;
  }
  if (method === 'PUT' && path === '/weixin/wxmsg') {
    const { id } = body as { id: string };
    return okReply({ ...history.find((m) => m.id === id), readFlag: '1' });
  }
  if (method === 'PUT' && path === '/weixin/wxmsg/read') {
    const unread = history.filter((m) => m.type === '1' && m.readFlag === '0');
    history = history.map((m) => (m.type === '1' ? { ...m, readFlag: '1' } : m));
    return okReply(unread.length);
  }
  if (method === 'POST' && path === '/auth/oauth/token') {
    refreshes += 1;
    return { body: { access_token: `t${100 + refreshes}`, refresh_token: `r${refreshes}`, expires_in: 43200 } };
  }
  return undefined;
}

const server = apiServerForFile(route);
let broker: TestBroker;
beforeAll(async () => {
  broker = new TestBroker();
  await broker.start();
  target.url = broker.url;
});
afterAll(() => broker.close());
beforeEach(() => {
  history = [];
  holdPages = undefined;
  refreshes = 0;
  broker.connects.length = 0;
  signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:edit']);
});
afterEach(async () => {
  act(() => signOutLocally());
  await expect.poll(() => broker.stats().connections, { message: 'socket closed' }).toBe(0);
});

const shownIds = () => screen.queryAllByTestId('conversation-message').map((el) => Number(el.getAttribute('data-id')));
const pageCalls = () => server.calls('GET', '/weixin/wxmsg/page').map((r) => r.query.current);
const marks = (id: number) => server.calls('PUT', '/weixin/wxmsg').filter((r) => (r.body as { id: string }).id === String(id));
/** The conversation marked read (after page 1 of the first load and of each catch-up). */
const conversationReads = () => server.calls('PUT', '/weixin/wxmsg/read').map((r) => r.body);

/** jsdom has no layout: each message is 50px high in a 300px view, and scrollTop is kept as set. */
function fakeLayout(el: HTMLElement) {
  let top = 0;
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => el.querySelectorAll('[data-testid="conversation-message"]').length * 50 });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 300 });
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => { top = Math.max(0, Math.min(v, el.scrollHeight - 300)); } });
}

/** Opens the panel on the live channel: its history shown and its destination subscribed. */
async function openPanel(expected: number[]) {
  const connects: boolean[] = [];
  const off = liveClient().onConnect(({ reconnect }) => connects.push(reconnect));
  renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
  const scroller = screen.getByTestId('conversation-history');
  fakeLayout(scroller);
  await waitFor(() => expect(shownIds()).toEqual(expected));
  await expect.poll(() => ({ subscriptions: broker.stats().subscriptions, connects: connects.length })).toEqual({ subscriptions: 1, connects: 1 });
  off();
  return scroller;
}

describe('ConversationPanel on the live channel', () => {
  it('does not read the history again on the first connect; live messages are appended and marked read', async () => {
    history = range(1, 3).map((i) => msg(i));
    await openPanel([1, 2, 3]);
    await broker.publish('/weixin/wx_msg7', msg(4, { readFlag: '0' }));
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4]));
    await waitFor(() => expect(marks(4)).toHaveLength(1));
    expect(pageCalls()).toEqual(['1']);
    expect(conversationReads()).toEqual([{ appId: 'wx1', wxUserId: '7' }]);
  });

  it('after an outage shows once, in place and marked read, what arrived while the socket was down; older pages and the reading position stay', async () => {
    history = range(1, 20).map((i) => msg(i));
    const scroller = await openPanel(range(7, 20));
    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toEqual(range(1, 20)));
    // The reader scrolls up to older messages.
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);

    expect(screen.queryByTestId('live-interrupted')).toBeNull();
    const port = broker.port;
    await broker.stop();
    await expect.poll(() => liveClient().connected, { message: 'socket down' }).toBe(false);
    // The panel says live updates are interrupted while the socket is down.
    await waitFor(() => expect(screen.getByTestId('live-interrupted')).toHaveTextContent('实时推送已中断'));
    // The follower writes while the socket is down: the message is stored, never delivered live.
    history.push(msg(21, { readFlag: '0', repContent: '断线时的消息' }));
    await broker.start(port);

    await waitFor(() => expect(shownIds()).toEqual(range(1, 21)));
    expect(screen.queryByTestId('live-interrupted')).toBeNull();
    expect(screen.getByText('断线时的消息')).toBeInTheDocument();
    expect(pageCalls()).toEqual(['1', '2', '1']);
    expect(scroller.scrollTop).toBe(100);
    // The catch-up marks the conversation read, as opening it did (not message by message).
    await waitFor(() => expect(conversationReads()).toHaveLength(2));
    expect(history.find((m) => m.id === '21')?.readFlag).toBe('1');

    // Delivered late over the socket as well, and then a new one: 21 is still shown once, and not marked again.
    await expect.poll(() => broker.stats().subscriptions, { message: 'subscribed again' }).toBe(1);
    await broker.publish('/weixin/wx_msg7', msg(21, { readFlag: '0', repContent: '断线时的消息' }));
    await broker.publish('/weixin/wx_msg7', msg(22));
    await waitFor(() => expect(shownIds()).toEqual(range(1, 22)));
    expect(marks(21)).toHaveLength(0);
  });

  it('keeps a live message that arrives while its first page is on the way (and is not in it)', async () => {
    history = range(1, 3).map((i) => msg(i));
    let answer = () => undefined as void;
    holdPages = new Promise((resolve) => (answer = resolve));
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await expect.poll(() => ({ pages: server.calls('GET', '/weixin/wxmsg/page').length, subscriptions: broker.stats().subscriptions })).toEqual({ pages: 1, subscriptions: 1 });
    await broker.publish('/weixin/wx_msg7', msg(4, { repContent: '页面返回前的消息' }));
    await waitFor(() => expect(shownIds()).toEqual([4]));
    answer();
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4]));
  });

  it('catches up when its kept-alive tab is shown again (its subscription paused while hidden)', async () => {
    let setMode: (mode: 'visible' | 'hidden') => void = () => undefined;
    function KeptAliveTab() {
      const [mode, set] = useState<'visible' | 'hidden'>('visible');
      setMode = set;
      return (
        <Activity mode={mode}>
          <ConversationPanel appId="wx1" wxUserId="7" />
        </Activity>
      );
    }
    history = range(1, 20).map((i) => msg(i));
    // The header bell stays subscribed, so the socket stays up while the tab is hidden.
    const bell = liveClient().subscribe('/weixin/wx_msg', () => undefined);
    renderWithApp(<KeptAliveTab />);
    await waitFor(() => expect(shownIds()).toEqual(range(7, 20)));
    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toEqual(range(1, 20)));
    await expect.poll(() => broker.stats().subscriptions).toBe(2);
    const connectsBefore = broker.connects.length;
    act(() => setMode('hidden'));
    await expect.poll(() => broker.stats().subscriptions, { message: 'unsubscribed while hidden' }).toBe(1);
    history.push(msg(21, { readFlag: '0', repContent: '切走时的消息' }));
    act(() => setMode('visible'));
    // The message that came meanwhile joins; the older page loaded before stays.
    await waitFor(() => expect(shownIds()).toEqual(range(1, 21)));
    await waitFor(() => expect(conversationReads()).toHaveLength(2));
    expect(pageCalls()).toEqual(['1', '2', '1']);
    expect(broker.connects).toHaveLength(connectsBefore); // caught up on showing, not through a reconnect
    bell();
  });

  it('after a reconnect with a refreshed token catches up, and a reader at the bottom follows to the bottom', async () => {
    history = range(1, 10).map((i) => msg(i));
    const scroller = await openPanel(range(1, 10));
    await waitFor(() => expect(scroller.scrollTop).toBe(10 * 50 - 300));
    history.push(msg(11, { type: '2', repContent: '自动回复' }), msg(12, { readFlag: '0' }));

    // Signing out elsewhere revokes the token set: the broker closes the socket, the client refreshes.
    await broker.revoke('0');
    await waitFor(() => expect(shownIds()).toEqual(range(1, 12)));
    expect(broker.connects).toEqual(['test-token', 't101']);
    expect(pageCalls()).toEqual(['1', '1']);
    expect(scroller.scrollTop).toBe(12 * 50 - 300);
    await waitFor(() => expect(conversationReads()).toHaveLength(2));
    expect(history.find((m) => m.id === '12')?.readFlag).toBe('1');
    expect(server.calls('PUT', '/weixin/wxmsg')).toHaveLength(0); // the catch-up read the conversation, not message by message
  });
});
