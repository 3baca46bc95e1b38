import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { navigate, NavigatorFromRouter } from '../../shared/navigation/navigation';
import { usePaneSearch } from '../../shared/navigation/pane';
import { signOutLocally } from '../../shared/session/auth';
import { apiServerForFile, okReply } from '../../../test/api-server';
import { registerPagesForFile } from '../../../test/page';
import { renderWithApp, signInWith } from '../../../test/render';
import { pageRegistry } from '../page-registry';
import { queryClient } from '../query';
import { useTabs } from '../stores/tabs';
import '../messages';
import Shell from './Shell';

// 用户消息 as registered (its tab rule included), with a page that shows the query it reads.
function Probe() {
  return <div data-testid="probe">{usePaneSearch()}</div>;
}
const messages = 'views/wxmp/wxmsg/index';
registerPagesForFile({ [messages]: { ...pageRegistry[messages]!, load: async () => ({ default: Probe }), permission: null } });

/** What the deployment's SUPPORT_* settings say, as GET /settings/public answers them. */
let support = { phone: '', email: '', hours: '' };

const api = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/settings/public') return okReply({ register: false, thirdPartyProviders: [], mapKey: '', support, routes: [] });
  if (method === 'GET' && path === '/upms/user/info') return okReply({ sysUser: { id: '1', username: 'admin' }, roles: ['ROLE_ADMIN'], permissions: [] });
  if (method === 'GET' && path === '/upms/menu') return okReply([]);
  return undefined;
});

beforeEach(() => useTabs.getState().reset());
afterEach(() => act(() => signOutLocally()));

const tabLabels = () => within(screen.getByTestId('tag-bar')).queryAllByRole('tab').map((tab) => tab.textContent);

const renderShell = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/wel/index']}>
      <NavigatorFromRouter />
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the shell’s tabs', () => {
  it('shows each conversation the bell opens in the one 用户消息 tab, which keeps the last one', async () => {
    signInWith([]);
    renderShell();
    await waitFor(() => expect(tabLabels()).toEqual(['首页']));
    act(() => navigate('/views/wxmp/wxmsg/index?appId=wx1&wxUserId=7'));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('?appId=wx1&wxUserId=7'));
    act(() => navigate('/views/wxmp/wxmsg/index?appId=wx1&wxUserId=8'));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('?appId=wx1&wxUserId=8'));
    expect(tabLabels()).toEqual(['首页', '全部消息']);
    expect(screen.getAllByTestId('probe')).toHaveLength(1);

    // Back home and to the tab again: it shows the conversation it showed last.
    await userEvent.click(within(screen.getByTestId('tag-bar')).getByText('首页'));
    await userEvent.click(within(screen.getByTestId('tag-bar')).getByText('全部消息'));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('?appId=wx1&wxUserId=8'));
    expect(useTabs.getState().tabs.map((tab) => tab.value)).toEqual(['/wel/index', '/views/wxmp/wxmsg/index']);
  });
});

describe('联系客服', () => {
  // The shell keeps the app's one query client: each test reads the settings afresh.
  beforeEach(() => queryClient.clear());
  const openUserMenu = async () => {
    await waitFor(() => expect(tabLabels()).toEqual(['首页']));
    await userEvent.click(screen.getByTestId('user-menu'));
    await screen.findByText('退出系统');
  };

  it('shows the deployment\'s own contacts, leaving out an empty one', async () => {
    support = { phone: '028-8888 6666', email: 'help@chuanwei.example', hours: '' };
    signInWith([]);
    renderShell();
    await openUserMenu();
    await userEvent.click(await screen.findByText('联系客服'));
    const dialog = await screen.findByTestId('support-dialog');
    expect(dialog).toHaveTextContent('028-8888 6666');
    expect(within(dialog).getByRole('link', { name: 'help@chuanwei.example' })).toHaveAttribute('href', 'mailto:help@chuanwei.example');
    expect(dialog).not.toHaveTextContent('服务时间');
    expect(dialog).not.toHaveTextContent('400-800-1234');
  });

  it('is not offered when no contact is configured', async () => {
    support = { phone: '', email: '', hours: '' };
    signInWith([]);
    renderShell();
    await waitFor(() => expect(api.received.map((r) => r.path)).toContain('/settings/public'));
    await openUserMenu();
    expect(screen.queryByText('联系客服')).toBeNull();
  });
});
