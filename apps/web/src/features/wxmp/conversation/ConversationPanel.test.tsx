import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMP_MEDIA_EXPIRY_MS } from '@canteen/contract';
import { okReply, pageOf, type Received, type Reply, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { ConversationPanel } from './ConversationPanel';
import type { ConversationMessage } from './history';
import { deliverConversationMessage } from './live';
import { MessageContent } from './MessageContent';

const clip = { play: vi.fn(), stop: vi.fn(), onEnded: vi.fn(), duration: () => 3, destroy: vi.fn() };
vi.mock('./audio', () => ({ loadClip: vi.fn(() => Promise.resolve(clip)) }));
// The app's live channel: the panel's subscription is recorded and fed by the test.
const live = vi.hoisted(() => ({ subscriptions: new Map<string, (body: unknown) => void>() }));
vi.mock('../../../shared/live/useLiveSubscription', () => ({
  useLiveSubscription: (destination: string | null, handler: (body: unknown) => void) => {
    if (destination) live.subscriptions.set(destination, handler);
  },
}));

const base = Date.UTC(2026, 0, 1);
const msg = (id: number, fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: String(id), appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', repContent: `消息${id}`, readFlag: '1',
  nickName: '小王同学', appName: '食堂示范公众号', createTime: new Date(base + id * 60_000).toISOString(), ...fields,
});

// The follower's history, oldest first; the server answers newest first.
let history: ConversationMessage[] = [];
let sendAnswer: (body: Record<string, unknown>) => Reply = () => okReply(null);
let mediaAnswer: Reply | undefined;

function route(req: Received): Reply | undefined {
  const { method, path, query, body } = req;
  if (method === 'GET' && path === '/weixin/wxmsg/page') {
    const newestFirst = [...history].reverse();
    return okReply(pageOf(newestFirst, Number(query.current), Number(query.size)));
  }
  if (method === 'POST' && path === '/weixin/wxmsg') return sendAnswer(body as Record<string, unknown>);
  if (method === 'PUT' && path === '/weixin/wxmsg') return okReply({ ...msg(0), ...(body as object) });
  if (method === 'PUT' && path === '/weixin/wxmsg/read') return okReply(history.filter((m) => m.readFlag === '0').length);
  if (method === 'GET' && path === '/weixin/wxmsg/media') return mediaAnswer;
  if (method === 'DELETE' && path.startsWith('/weixin/wxmsg/')) {
    history = history.filter((m) => `/weixin/wxmsg/${m.id}` !== path);
    return okReply(true);
  }
  if (method === 'GET' && path === '/weixin/wxmaterial/page') return okReply({ items: [], totalCount: 0 });
  if (method === 'GET' && path === '/settings/public') return okReply({ register: false, thirdPartyProviders: [], mapKey: 'SERVERKEY', support: { phone: '', email: '', hours: '' }, routes: [] });
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  history = [];
  mediaAnswer = undefined;
  sendAnswer = () => okReply(null);
  signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:add', 'wxmp:wxmsg:edit', 'wxmp:wxmaterial:index']);
  vi.clearAllMocks();
});

const shownIds = () => screen.queryAllByTestId('conversation-message').map((el) => Number(el.getAttribute('data-id')));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** jsdom has no layout: each message is 50px high, and scrollTop is kept as set. */
function fakeLayout(el: HTMLElement) {
  let top = 0;
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => el.querySelectorAll('[data-testid="conversation-message"]').length * 50 });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 300 });
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => { top = Math.max(0, Math.min(v, el.scrollHeight - 300)); } });
}

describe('ConversationPanel', () => {
  it('shows the newest 14 oldest first, loads older pages in front until a short page, then says no more', async () => {
    history = range(1, 30).map((i) => msg(i));
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await waitFor(() => expect(shownIds()).toEqual(range(17, 30)));
    const first = server.calls('GET', '/weixin/wxmsg/page')[0]!.query;
    expect(first).toMatchObject({ current: '1', size: '14', descs: 'create_time', appId: 'wx1', wxUserId: '7' });

    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toEqual(range(3, 30)));
    expect(screen.getByTestId('load-more')).toHaveTextContent('点击加载更多');
    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toEqual(range(1, 30)));
    expect(screen.getByTestId('no-more')).toHaveTextContent('没有更多了');
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(server.calls('GET', '/weixin/wxmsg/page').map((r) => r.query.current)).toEqual(['1', '2', '3']);
  });

  it('marks the conversation read right after page 1 (the history call reads only), not again for older pages', async () => {
    history = range(1, 30).map((i) => msg(i, { readFlag: i > 25 ? '0' : '1' }));
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await waitFor(() => expect(server.calls('PUT', '/weixin/wxmsg/read')).toHaveLength(1));
    expect(server.calls('PUT', '/weixin/wxmsg/read')[0]!.body).toEqual({ appId: 'wx1', wxUserId: '7' });
    const order = server.received.map((r) => `${r.method} ${r.path}`).filter((r) => r.includes('/weixin/wxmsg'));
    expect(order.slice(0, 2)).toEqual(['GET /weixin/wxmsg/page', 'PUT /weixin/wxmsg/read']);
    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toEqual(range(3, 30)));
    expect(server.calls('PUT', '/weixin/wxmsg/read')).toHaveLength(1);
    // The unread messages shown were read with the conversation: none is marked one by one.
    expect(server.calls('PUT', '/weixin/wxmsg')).toHaveLength(0);
  });

  it('says no more at once when the first page is short', async () => {
    history = range(1, 5).map((i) => msg(i));
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    expect(shownIds()).toEqual(range(1, 5));
  });

  it('opens at the bottom and keeps the reading position when older messages come in front', async () => {
    history = range(1, 30).map((i) => msg(i));
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    const scroller = screen.getByTestId('conversation-history');
    fakeLayout(scroller);
    await waitFor(() => expect(shownIds()).toHaveLength(14));
    // 14 × 50px in a 300px view: the bottom is 400.
    await waitFor(() => expect(scroller.scrollTop).toBe(400));
    // The reader scrolls to the top (message 17 at the top) and loads more: message 17 stays where it was.
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await userEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(28));
    expect(scroller.scrollTop).toBe(14 * 50);
  });

  it('sends the reply, appends the sent message and resets the box to text', async () => {
    history = [msg(1)];
    sendAnswer = (body) => okReply({ data: msg(100, { type: '2', repType: String(body.repType), repContent: String(body.repContent) }) });
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    await userEvent.type(screen.getByTestId('reply-text'), '您好，已收到');
    await userEvent.click(screen.getByTestId('send-button'));
    await waitFor(() => expect(shownIds()).toEqual([1, 100]));
    expect(server.calls('POST', '/weixin/wxmsg')[0]!.body).toMatchObject({ appId: 'wx1', wxUserId: '7', repType: 'text', repContent: '您好，已收到' });
    const sent = screen.getAllByTestId('conversation-message')[1]!;
    expect(sent).toHaveAttribute('data-type', '2');
    expect(sent).toHaveTextContent('您好，已收到');
    expect(screen.getByTestId('reply-text')).toHaveValue('');
    expect(screen.getByRole('tab', { name: /文本/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('send-button')).toHaveTextContent('发送(S)');
  });

  it("shows the server's notice when a news pick was cut to its first article", async () => {
    history = [msg(1)];
    sendAnswer = () => ({ body: { code: 0, msg: '图文消息条数限制在1条以内，已默认发送第一条', data: { data: msg(103, { type: '2', repType: 'text', repContent: 'x' }) } } });
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    await userEvent.type(screen.getByTestId('reply-text'), 'x');
    await userEvent.click(screen.getByTestId('send-button'));
    expect(await screen.findByText('图文消息条数限制在1条以内，已默认发送第一条')).toBeInTheDocument();
    await waitFor(() => expect(shownIds()).toEqual([1, 103]));
  });

  it('deletes a message after a confirmation with wxmp:wxmsg:del, and offers no delete without it', async () => {
    history = [msg(1), msg(2, { type: '2', repContent: '好的' }), msg(3)];
    const { unmount } = renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]));
    expect(screen.queryAllByTestId('message-delete')).toEqual([]);
    unmount();

    signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:del']);
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]));
    const second = screen.getAllByTestId('conversation-message')[1]!;
    await userEvent.click(within(second).getByTestId('message-delete'));
    const confirm = (await screen.findByText('确定删除吗?')).closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    expect(server.calls('DELETE', '/weixin/wxmsg/2')).toHaveLength(1);
    expect(shownIds()).toEqual([1, 3]);
  });

  it('does not send with an empty box, and then marks the box that wants text', async () => {
    history = [msg(1)];
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    expect(screen.queryByTestId('reply-error-text')).toBeNull(); // nothing typed, nothing said
    await userEvent.click(screen.getByTestId('send-button'));
    await waitFor(() => expect(document.querySelector('.ant-message')).toHaveTextContent('请输入回复内容'));
    expect(screen.getByTestId('reply-error-text')).toHaveTextContent('请输入回复内容');
    expect(screen.getByTestId('reply-text').closest('[class*="status-error"]')).not.toBeNull();
    expect(server.calls('POST', '/weixin/wxmsg')).toHaveLength(0);
  });

  it("shows the server's refusal (409) and appends nothing", async () => {
    history = [msg(1)];
    const refusal = '已超过48小时回复时限：微信只允许在用户发消息后48小时内回复，请等待用户再次发消息';
    sendAnswer = () => ({ status: 409, body: { code: 1, msg: refusal, data: null } });
    const { notified } = renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    await userEvent.type(screen.getByTestId('reply-text'), '在吗');
    await userEvent.click(screen.getByTestId('send-button'));
    expect(await screen.findByTestId('send-error')).toHaveTextContent(refusal);
    expect(shownIds()).toEqual([1]);
    // The text stays for a later try; the client did not show a second red message.
    expect(screen.getByTestId('reply-text')).toHaveValue('在吗');
    expect(notified).toEqual([]);
  });

  it('appends the kept message marked failed when the platform refuses', async () => {
    history = [msg(1)];
    sendAnswer = (body) => ({
      status: 503,
      body: { code: 1, msg: '发送失败：微信平台无响应，请稍后再试', data: { data: msg(101, { type: '2', repContent: String(body.repContent), sendStatus: 'failed', sendError: '微信平台无响应' }) } },
    });
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    await userEvent.type(screen.getByTestId('reply-text'), '稍等');
    await userEvent.click(screen.getByTestId('send-button'));
    expect(await screen.findByTestId('send-error')).toHaveTextContent('发送失败：微信平台无响应，请稍后再试');
    await waitFor(() => expect(shownIds()).toEqual([1, 101]));
    expect(within(screen.getAllByTestId('conversation-message')[1]!).getByTestId('message-failed')).toHaveTextContent('发送失败');
  });

  it('sends on S while the reply box has focus, but not while typing s in the text area', async () => {
    history = [msg(1)];
    sendAnswer = (body) => okReply({ data: msg(102, { type: '2', repContent: String(body.repContent) }) });
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    await userEvent.type(screen.getByTestId('reply-text'), 'yes sir');
    expect(screen.getByTestId('reply-text')).toHaveValue('yes sir');
    expect(server.calls('POST', '/weixin/wxmsg')).toHaveLength(0);
    screen.getByTestId('reply-box').focus();
    await userEvent.keyboard('s');
    await waitFor(() => expect(shownIds()).toEqual([1, 102]));
    expect(server.calls('POST', '/weixin/wxmsg')[0]!.body).toMatchObject({ repContent: 'yes sir' });
  });

  it("has no reply box without wxmp:wxmsg:add", async () => {
    signInWith(['wxmp:wxmsg:index']);
    history = [msg(1)];
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    expect(screen.queryByTestId('reply-box')).toBeNull();
  });

  it("appends this follower's live messages and marks them read at once; others are ignored", async () => {
    history = [msg(1)];
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    act(() => {
      deliverConversationMessage(msg(200, { readFlag: '0', repContent: '有人吗' }));
      deliverConversationMessage(msg(201, { wxUserId: '8', readFlag: '0' }));
    });
    await waitFor(() => expect(shownIds()).toEqual([1, 200]));
    await waitFor(() => expect(server.calls('PUT', '/weixin/wxmsg')).toHaveLength(1));
    expect(server.calls('PUT', '/weixin/wxmsg')[0]!.body).toEqual({ id: '200', readFlag: '1' });
  });

  it("subscribes to the follower's destination on the live channel and appends what arrives there", async () => {
    history = [msg(1)];
    renderWithApp(<ConversationPanel appId="wx1" wxUserId="7" />);
    await screen.findByTestId('no-more');
    const handler = live.subscriptions.get('/weixin/wx_msg7');
    expect(handler).toBeDefined();
    act(() => handler!(msg(400, { readFlag: '0', repContent: '到店了' })));
    await waitFor(() => expect(shownIds()).toEqual([1, 400]));
    await waitFor(() => expect(server.calls('PUT', '/weixin/wxmsg')[0]?.body).toEqual({ id: '400', readFlag: '1' }));
  });

  it('takes live messages from the onLive feed too', async () => {
    history = [msg(1)];
    let push: ((m: ConversationMessage) => void) | undefined;
    const stop = vi.fn();
    const { unmount } = renderWithApp(
      <ConversationPanel appId="wx1" wxUserId="7" onLive={(receive) => { push = receive; return stop; }} />,
    );
    await screen.findByTestId('no-more');
    act(() => push!(msg(300, { type: '2', repContent: '自动回复' })));
    await waitFor(() => expect(shownIds()).toEqual([1, 300]));
    expect(server.calls('PUT', '/weixin/wxmsg')).toHaveLength(0);
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});

describe('MessageContent', () => {
  const fourDaysLater = base + TEMP_MEDIA_EXPIRY_MS + 86_400_000;

  it('shows text, image thumbnails, links, news, music and events by type', () => {
    renderWithApp(
      <div>
        <MessageContent message={msg(1, { repContent: '你好' })} />
        <MessageContent message={msg(2, { repType: 'image', mediaUrl: '/weixin/media/msg/a.png', repUrl: 'http://sim/a.png' })} />
        <MessageContent message={msg(3, { repType: 'link', repName: '新店开业', repUrl: 'https://example.com/a', repDesc: '欢迎光临' })} />
        <MessageContent message={msg(4, { type: '2', repType: 'news', content: { articles: [{ title: '本周新菜', thumbMediaId: 't', thumbUrl: '/t.png', content: '' }] } })} />
        <MessageContent message={msg(5, { type: '2', repType: 'music', repName: '午餐时光', repDesc: '轻音乐', repUrl: 'https://example.com/m.mp3' })} />
        <MessageContent message={msg(6, { repType: 'event', repEvent: 'subscribe' })} />
        <MessageContent message={msg(7, { repType: 'event', repEvent: 'unsubscribe' })} />
        <MessageContent message={msg(8, { repType: 'event', repEvent: 'CLICK', repName: 'MENU_TODAY' })} />
        <MessageContent message={msg(9, { repType: 'event', repEvent: 'VIEW', repUrl: 'https://example.com/vip' })} />
        <MessageContent message={msg(10, { repType: 'event', repEvent: 'scancode_waitmsg', repContent: 'TABLE-8' })} />
      </div>,
    );
    expect(screen.getByTestId('text-message')).toHaveTextContent('你好');
    const img = screen.getByTestId('image-message').querySelector('img') ?? screen.getByRole('img', { name: '' });
    expect(img).toHaveAttribute('src', '/weixin/media/msg/a.png');
    expect(img).toHaveAttribute('height', '100');
    const link = screen.getByTestId('link-message');
    expect(link).toHaveTextContent('链接新店开业欢迎光临');
    expect(within(link).getByRole('link')).toHaveAttribute('href', 'https://example.com/a');
    expect(screen.getByTestId('news-preview')).toHaveStyle({ width: '300px' });
    expect(screen.getByTestId('news-preview')).toHaveTextContent('本周新菜');
    expect(screen.getByTestId('music-message')).toHaveTextContent('午餐时光');
    const events = screen.getAllByTestId('event-message').map((e) => e.textContent);
    expect(events).toEqual(['关注', '取消关注', '点击菜单【MENU_TODAY】', '点击菜单链接【https://example.com/vip】', '扫码结果【TABLE-8】']);
  });

  it("says a follower's voice and video expired after 3 days; the account's still play", () => {
    renderWithApp(
      <div>
        <MessageContent now={fourDaysLater} message={msg(1, { repType: 'voice', repMediaId: 'v1' })} />
        <MessageContent now={fourDaysLater} message={msg(2, { repType: 'video', repMediaId: 'v2' })} />
        <MessageContent now={fourDaysLater} message={msg(3, { type: '2', repType: 'voice', repMediaId: 'v3', repUrl: '/weixin/media/material/v.amr' })} />
      </div>,
    );
    expect(screen.getByTestId('voice-expired')).toHaveTextContent('语音已过期');
    expect(screen.getByTestId('video-expired')).toHaveTextContent('视频已过期');
    expect(screen.getAllByTestId('voice-toggle')).toHaveLength(1);
    expect(screen.queryByTestId('video-open')).toBeNull();
  });

  it('loads a voice on the first play through the media call, then toggles play and stop', async () => {
    mediaAnswer = { body: { fake: 'amr' } };
    renderWithApp(<MessageContent now={base + 1000} message={msg(1, { repType: 'voice', repMediaId: 'media-v1', repName: 'media-v1.amr' })} />);
    const toggle = screen.getByTestId('voice-toggle');
    expect(server.calls('GET', '/weixin/wxmsg/media')).toHaveLength(0);
    await userEvent.click(toggle);
    await waitFor(() => expect(clip.play).toHaveBeenCalledTimes(1));
    expect(server.calls('GET', '/weixin/wxmsg/media')[0]!.query).toMatchObject({ appId: 'wx1', mediaId: 'media-v1', kind: 'temporary' });
    expect(screen.getByTestId('voice-message')).toHaveAttribute('data-state', 'playing');
    await userEvent.click(toggle);
    expect(clip.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('voice-message')).toHaveAttribute('data-state', 'idle');
    await userEvent.click(toggle);
    await waitFor(() => expect(clip.play).toHaveBeenCalledTimes(2));
    expect(server.calls('GET', '/weixin/wxmsg/media')).toHaveLength(1);
  });

  it("opens video in the 'video playing' dialog and says when it cannot be played", async () => {
    mediaAnswer = { status: 503, body: { code: 1, msg: '无法下载该视频，请稍后再试', data: null } };
    renderWithApp(<MessageContent now={base + 1000} message={msg(1, { repType: 'video', repMediaId: 'media-v2' })} />);
    await userEvent.click(screen.getByTestId('video-open'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('视频播放')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('video-failed')).toHaveTextContent('该视频暂时无法播放，请稍后再试');
    expect(within(dialog).getByTestId('video-player')).toHaveStyle({ aspectRatio: '4 / 3' });
  });

  it('shows a location as label and coordinates without a maps key, and the 250×180 map with one', () => {
    const location = msg(1, { repType: 'location', repLocationX: 23.13, repLocationY: 113.26, repContent: '广州市天河区' });
    const { unmount } = renderWithApp(<MessageContent message={location} mapKey="" />);
    expect(screen.getByTestId('location-message')).toHaveTextContent('广州市天河区');
    expect(screen.getByTestId('location-message')).toHaveTextContent('纬度 23.13，经度 113.26');
    expect(screen.getByTestId('location-message').querySelector('img')).toBeNull();
    unmount();
    renderWithApp(<MessageContent message={location} mapKey="MAPKEY" />);
    const map = screen.getByTestId('location-map');
    const image = map.querySelector('img')!;
    expect(image).toHaveAttribute('width', '250');
    expect(image).toHaveAttribute('height', '180');
    expect(image.getAttribute('src')).toContain('zoom=10');
    expect(map.getAttribute('href')).toContain('referer=MAPKEY');
  });

  it("draws the map with the server's MAP_KEY when no key is given (a runtime setting, no rebuild)", async () => {
    const location = msg(1, { repType: 'location', repLocationX: 23.13, repLocationY: 113.26, repContent: '广州市天河区' });
    renderWithApp(<MessageContent message={location} />);
    const map = await screen.findByTestId('location-map');
    expect(map.querySelector('img')!.getAttribute('src')).toContain('key=SERVERKEY');
  });
});
