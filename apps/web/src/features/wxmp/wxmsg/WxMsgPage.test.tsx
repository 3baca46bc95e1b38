import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaneLocation } from '../../../shared/navigation/pane';
import { okReply, pageOf, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { renderWithApp, signInWith } from '../../../../test/render';
import type { ConversationMessage } from '../conversation/history';
import WxMsgPage, { conversationFromQuery } from './WxMsgPage';

// No live channel in these tests.
vi.mock('../../../shared/live/useLiveSubscription', () => ({ useLiveSubscription: () => undefined }));

const accounts = [
  { appId: 'wx1', name: '食堂示范公众号' },
  { appId: 'wx2', name: '第二个公众号' },
];
const row = (id: number, fields: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: String(id), appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', repContent: `内容${id}`, readFlag: '0',
  nickName: '小王同学', createTime: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(), ...fields,
});
const rows = [row(1), row(2, { repType: 'event', repEvent: 'subscribe', repContent: null, readFlag: '1' }), row(3, { wxUserId: '8', nickName: '李阿姨', appId: 'wx2' })];

/** Ids deleted through the API. */
const deleted = new Set<string>();

function route({ method, path, query }: Received) {
  if (method === 'GET' && path === '/weixin/wxapp/list') return okReply(accounts);
  if (method === 'DELETE' && path.startsWith('/weixin/wxmsg/')) {
    deleted.add(path.split('/').pop()!);
    return okReply(true);
  }
  if (method === 'GET' && path === '/weixin/wxmsg/page') {
    const mine = rows.filter((r) => !deleted.has(r.id) && r.appId === query.appId && (!query.wxUserId || r.wxUserId === query.wxUserId) && (!query.readFlag || r.readFlag === query.readFlag));
    return okReply(pageOf(mine, Number(query.current), Number(query.size)));
  }
  if (method === 'PUT' && path === '/weixin/wxmsg') return okReply(row(1, { readFlag: '1' }));
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  deleted.clear();
  signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:add', 'wxmp:wxmsg:edit']);
});

/** A row's button by its text (a role query over the whole table row is very slow in jsdom). */
const rowButton = (row: HTMLElement, text: string) => within(row).getByText(text).closest('button')!;

const renderAt = (url: string) =>
  renderWithApp(
    <PaneLocation value={url}>
      <WxMsgPage />
    </PaneLocation>,
  );

describe('WxMsgPage (用户消息)', () => {
  it('reads the conversation to open from the query', () => {
    expect(conversationFromQuery('?appId=wx1&wxUserId=7&nickName=%E5%B0%8F%E7%8E%8B')).toEqual({ appId: 'wx1', wxUserId: '7', nickName: '小王' });
    expect(conversationFromQuery('?appId=wx1')).toBeUndefined();
  });

  it("lists the first account's messages with content by type and opens a follower's conversation from a row", async () => {
    renderAt('/views/wxmp/wxmsg/index');
    const table = await screen.findByTestId('resource-page');
    await within(table).findByText('内容1');
    expect(server.calls('GET', '/weixin/wxmsg/page')[0]!.query).toMatchObject({ appId: 'wx1', current: '1', size: '20', descs: 'create_time' });
    expect(within(table).getByTestId('event-message')).toHaveTextContent('关注');
    expect(within(table).queryByText('内容3')).toBeNull();

    const first = within(table).getByText('内容1').closest('tr')!;
    expect(first).toHaveTextContent('文本');
    expect(first).toHaveTextContent('否');
    await userEvent.click(rowButton(first, '消息'));
    const panel = await screen.findByTestId('conversation-panel');
    expect(panel).toHaveAttribute('data-wx-user-id', '7');
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmsg/page').some((r) => r.query.wxUserId === '7' && r.query.size === '14')).toBe(true));
    expect(within(screen.getByRole('dialog')).getByText('用户消息：小王同学')).toBeInTheDocument();
  });

  it('marks an unread row read with wxmp:wxmsg:edit', async () => {
    renderAt('/views/wxmp/wxmsg/index');
    const table = await screen.findByTestId('resource-page');
    const first = (await within(table).findByText('内容1')).closest('tr')!;
    await userEvent.click(rowButton(first, '标为已读'));
    await waitFor(() => expect(server.calls('PUT', '/weixin/wxmsg')[0]?.body).toEqual({ id: '1', readFlag: '1' }));
  });

  it('hides mark read without wxmp:wxmsg:edit', async () => {
    signInWith(['wxmp:wxmsg:index']);
    renderAt('/views/wxmp/wxmsg/index');
    const table = await screen.findByTestId('resource-page');
    await within(table).findByText('内容1');
    expect(within(table).queryByRole('button', { name: /标为已读/ })).toBeNull();
  });

  it('deletes a message after a confirmation with wxmp:wxmsg:del, and offers no delete without it', async () => {
    signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:del']);
    const { unmount } = renderAt('/views/wxmp/wxmsg/index');
    let table = await screen.findByTestId('resource-page');
    const first = (await within(table).findByText('内容1')).closest('tr')!;
    await userEvent.click(rowButton(first, '删除'));
    const confirm = (await screen.findByText('确定删除吗?')).closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    expect(server.calls('DELETE', '/weixin/wxmsg/1')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('内容1')).toBeNull());
    unmount();

    signInWith(['wxmp:wxmsg:index', 'wxmp:wxmsg:edit']);
    renderAt('/views/wxmp/wxmsg/index');
    table = await screen.findByTestId('resource-page');
    await within(table).findByTestId('event-message');
    expect(within(table).queryByText('删除')).toBeNull();
  });

  it('opens the conversation named in the URL (the bell) and selects its account', async () => {
    renderAt('/views/wxmp/wxmsg/index?appId=wx2&wxUserId=8&nickName=%E6%9D%8E%E9%98%BF%E5%A7%A8');
    const panel = await screen.findByTestId('conversation-panel');
    expect(panel).toHaveAttribute('data-app-id', 'wx2');
    expect(panel).toHaveAttribute('data-wx-user-id', '8');
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmsg/page').some((r) => r.query.appId === 'wx2' && r.query.wxUserId === '8')).toBe(true));
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmsg/page').some((r) => r.query.appId === 'wx2' && !r.query.wxUserId)).toBe(true));
  });

  it('refuses without wxmp:wxmsg:index, the view permission its page declares', () => {
    signInWith([]);
    renderPage('views/wxmp/wxmsg/index');
    expect(screen.getByTestId('forbidden')).toHaveTextContent('403');
    expect(server.received).toEqual([]);
  });
});
