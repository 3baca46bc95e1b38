import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NavigatorFromRouter } from '../../shared/navigation/navigation';
import { signOutLocally } from '../../shared/session/auth';
import { useSession } from '../../shared/session/session';
import { apiServerForFile, failReply, okReply } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { queryClient } from '../query';
import { useTabs } from '../stores/tabs';
import '../messages';
import Shell from './Shell';

const sysUser = { id: '1', username: 'admin', nickname: null, avatar: null, phone: null, deptId: null, deptName: null };
/** What the server says: the flag until the password is changed (then the menu is served too). */
let mustChange = true;
let demoMode = false;

const api = apiServerForFile(({ method, path, body }) => {
  if (method === 'GET' && path === '/settings/public') return okReply({ register: false, thirdPartyProviders: [], mapKey: '', support: { phone: '', email: '', hours: '' }, routes: [], demoMode });
  if (method === 'GET' && path === '/upms/user/info') return okReply({ sysUser, roles: ['ROLE_ADMIN'], permissions: [], mustChangePassword: mustChange });
  if (method === 'GET' && path === '/upms/menu') return mustChange ? failReply(403, '请先修改初始密码：修改密码后才能继续使用') : okReply([]);
  if (method === 'PUT' && path === '/upms/user/edit') {
    const { password, newpassword1 } = body as { password: string; newpassword1: string };
    if (password !== 'Kitchen-2026') return failReply(400, 'password: 原密码不正确');
    if (newpassword1 === password) return failReply(400, 'newpassword1: 新密码不能与初始密码相同');
    mustChange = false;
    return okReply(true);
  }
  return undefined;
});

beforeEach(() => {
  useTabs.getState().reset();
  queryClient.clear();
});
afterEach(() => act(() => signOutLocally()));

const renderShell = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/wel/index']}>
      <NavigatorFromRouter />
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>
    </MemoryRouter>,
  );

describe('a password given to the user (issue 22 #2)', () => {
  // First: the page load's one reading of the user info (userLoadedThisPage) happens in this test.
  it('appears when the user info read at the page load says so', async () => {
    mustChange = true;
    signInWith([]);
    renderShell();
    await screen.findByTestId('must-change-dialog');
    expect(screen.queryByTestId('shell')).toBeNull();
  });

  it('is changed in a dialog that cannot be dismissed before the shell appears', async () => {
    mustChange = true;
    signInWith([]);
    act(() => useSession.getState().setUserInfo({ sysUser, roles: ['ROLE_ADMIN'], permissions: [], mustChangePassword: true }));
    renderShell();
    const dialog = await screen.findByTestId('must-change-dialog');
    expect(dialog).toHaveTextContent('请修改初始密码');
    expect(screen.queryByTestId('shell')).toBeNull();
    // No close button; Escape leaves it open.
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('must-change-dialog')).toBeVisible();

    await userEvent.type(screen.getByLabelText('初始密码'), 'Kitchen-2026');
    await userEvent.type(screen.getByLabelText('新密码'), 'Kitchen-2026');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Kitchen-2026');
    await userEvent.click(screen.getByTestId('must-change-submit'));
    expect(await screen.findByText('新密码不能与初始密码相同')).toBeInTheDocument();
    expect(api.calls('PUT', '/upms/user/edit')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('新密码'));
    await userEvent.type(screen.getByLabelText('新密码'), 'Own-pass-9');
    await userEvent.clear(screen.getByLabelText('确认密码'));
    await userEvent.type(screen.getByLabelText('确认密码'), 'Own-pass-9');
    await userEvent.click(screen.getByTestId('must-change-submit'));
    await screen.findByTestId('shell');
    expect(api.calls('PUT', '/upms/user/edit').map((c) => c.body)).toEqual([{ password: 'Kitchen-2026', newpassword1: 'Own-pass-9' }]);
    expect(screen.queryByTestId('must-change-dialog')).toBeNull();
    expect(useSession.getState().mustChangePassword).toBe(false);
    expect(api.calls('GET', '/upms/menu').length).toBeGreaterThan(0);
  });
});

describe('演示模式', () => {
  it('is shown in the header when the server runs in demo mode, and not otherwise', async () => {
    mustChange = false;
    demoMode = true;
    signInWith([]);
    const { unmount } = renderShell();
    expect(await within(await screen.findByTestId('header')).findByTestId('demo-mode-tag')).toHaveTextContent('演示模式');
    unmount();
    queryClient.clear();
    demoMode = false;
    renderShell();
    await screen.findByTestId('header');
    await waitFor(() => expect(api.calls('GET', '/settings/public').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('demo-mode-tag')).toBeNull();
  });
});
