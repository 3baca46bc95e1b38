import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { okReply, startApiServer, type TestApiServer } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { useUnreadBell } from '../unread/unread';
import { UnreadMessagesCard } from './MessageFigures';

let unread = 4;
let server: TestApiServer;
beforeAll(async () => {
  server = await startApiServer(({ method, path, query }) =>
    method === 'GET' && path === '/weixin/wxmsg/summary'
      ? okReply({ unreadMessages: unread, unreadFollowers: 2, todayFollowers: 3, followers: 12, since: query.since })
      : undefined);
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  useUnreadBell.getState().clear();
  signInWith(['wxmp:wxmsg:index']);
});

describe('message figures', () => {
  it('asks for the figures again when the bell moves (a live message)', async () => {
    unread = 4;
    renderWithApp(<UnreadMessagesCard />);
    await waitFor(() => expect(screen.getByTestId('home-unread')).toHaveTextContent('未读消息4'));
    unread = 5;
    act(() => useUnreadBell.getState().receive({ id: 'n1', appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', createTime: new Date().toISOString() }));
    await waitFor(() => expect(screen.getByTestId('home-unread')).toHaveTextContent('未读消息5'));
    expect(server.calls('GET', '/weixin/wxmsg/summary')).toHaveLength(2);
  });
});
