import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NavigatorFromRouter } from '../../shared/navigation/navigation';
import { useBell } from '../../shared/bell/bell';
import { okReply, startApiServer, type TestApiServer } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import HomePage, { localMidnightIso } from './HomePage';

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
  useBell.getState().clear();
});

const renderHome = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/wel/index']}>
      <NavigatorFromRouter />
      <HomePage />
    </MemoryRouter>,
  );

describe('home figures', { timeout: 30_000 }, () => {
  it('sends the browser’s local midnight as `since`', () => {
    const since = localMidnightIso(new Date(2026, 2, 5, 17, 45, 12));
    expect(new Date(since).getTime()).toBe(new Date(2026, 2, 5, 0, 0, 0, 0).getTime());
    expect(since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows unread messages and today’s followers from the summary call with wxmp:wxmsg:index', async () => {
    unread = 4;
    signInWith(['wxmp:wxmsg:index']);
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-unread')).toHaveTextContent('未读消息4'));
    expect(screen.getByTestId('home-unread')).toHaveTextContent('2 位粉丝');
    expect(screen.getByTestId('home-today-followers')).toHaveTextContent('今日新增关注3');
    const [call] = server.calls('GET', '/weixin/wxmsg/summary');
    expect(call!.query).toEqual({ since: localMidnightIso() });

    // A live message moves the bell: the figures are asked for again.
    unread = 5;
    act(() => useBell.getState().receive({ id: 'n1', appId: 'wx1', wxUserId: '7', type: '1', repType: 'text', createTime: new Date().toISOString() }));
    await waitFor(() => expect(screen.getByTestId('home-unread')).toHaveTextContent('未读消息5'));
  });

  it('neither asks nor shows the message figures without the permission', async () => {
    signInWith(['sys:user:index']);
    renderHome();
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('home-unread')).toBeNull();
    expect(screen.queryByTestId('home-today-followers')).toBeNull();
    expect(server.calls('GET', '/weixin/wxmsg/summary')).toEqual([]);
  });
});
