import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Card } from 'antd';
import { MemoryRouter } from 'react-router';
import { NavigatorFromRouter } from '../../shared/navigation/navigation';
import { registerDashboardCards } from '../../shared/dashboard/dashboard';
import { okReply, startApiServer, type TestApiServer } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
// The features' cards, joined as the shell joins them.
import '../../app/dashboard-registry';
import HomePage from './HomePage';

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
});

const renderHome = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/wel/index']}>
      <NavigatorFromRouter />
      <HomePage />
    </MemoryRouter>,
  );

const shownCards = () => [...document.querySelectorAll('[data-card]')].map((col) => col.getAttribute('data-card'));

describe('home figures', () => {
  it('shows unread messages and today’s followers from the summary call with wxmp:wxmsg:index', async () => {
    unread = 4;
    signInWith(['wxmp:wxmsg:index']);
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-unread')).toHaveTextContent('未读消息4'));
    expect(screen.getByTestId('home-unread')).toHaveTextContent('2 位粉丝');
    expect(screen.getByTestId('home-today-followers')).toHaveTextContent('今日新增关注3');
    // Both cards share one summary call.
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmsg/summary')).toHaveLength(1));
    const [call] = server.calls('GET', '/weixin/wxmsg/summary');
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(call!.query).toEqual({ since: midnight.toISOString() });
  });

  it('neither asks nor shows the message figures without the permission', async () => {
    signInWith(['sys:user:index']);
    renderHome();
    // The cards the user may see are laid out at once; the messaging ones are not among them.
    expect(await screen.findByTestId('home-modules')).toBeInTheDocument();
    expect(shownCards()).toEqual(['home.modules', 'home.localErrors']);
    expect(screen.queryByTestId('home-unread')).toBeNull();
    expect(screen.queryByTestId('home-today-followers')).toBeNull();
    expect(server.calls('GET', '/weixin/wxmsg/summary')).toEqual([]);
  });

  it('shows every registered card the user may see, in order', async () => {
    const card = (text: string) => async () => ({ default: () => <Card>{text}</Card> });
    registerDashboardCards([
      { key: 'test.late', order: 500, load: card('late card') },
      { key: 'test.early', order: 50, permission: 'sys:user:index', load: card('early card') },
      { key: 'test.hidden', order: 60, permission: 'sys:role:index', load: card('hidden card') },
    ]);
    signInWith(['sys:user:index', 'wxmp:wxmsg:index']);
    renderHome();
    expect(await screen.findByText('early card')).toBeInTheDocument();
    expect(await screen.findByText('late card')).toBeInTheDocument();
    expect(shownCards()).toEqual(['home.modules', 'test.early', 'wxmp.unread', 'wxmp.followers', 'test.late', 'home.localErrors']);
    expect(screen.queryByText('hidden card')).toBeNull();
  });
});
