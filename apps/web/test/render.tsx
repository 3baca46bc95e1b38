import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, waitFor } from '@testing-library/react';
import '../src/shared/i18n';
import { configureHttp } from '../src/shared/http/client';
import { useSession } from '../src/shared/session/session';

// antd pages in jsdom render slowly on a busy machine; wait longer than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Signs a test user in with these permission codes (and a user record). */
export function signInWith(permissions: string[], user: { id: string; username: string } = { id: '1', username: 'admin' }) {
  const sysUser = { nickname: null, avatar: null, phone: null, deptId: null, deptName: null, ...user };
  useSession.getState().setUserInfo({ sysUser, roles: ['ROLE_ADMIN'], permissions });
  useSession.getState().setToken({ access_token: 'test-token', refresh_token: 'r', expires_in: 3600 });
}

/** Renders inside the app's providers; the red messages of the HTTP client are collected in `notified`. */
export function renderWithApp(ui: ReactNode) {
  const notified: string[] = [];
  configureHttp({ notify: (text) => notified.push(text), getAccessToken: () => useSession.getState().token?.access_token });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const result = render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...result, notified, queryClient };
}

/**
 * Waits until a user could click `element`: no ancestor has `pointer-events: none` (antd sets it
 * on a table while it reloads, and a loaded machine can click in that moment).
 */
export async function waitUntilClickable(element: Element) {
  const blocked = () => {
    for (let at: Element | null = element; at; at = at.parentElement) if (getComputedStyle(at).pointerEvents === 'none') return true;
    return false;
  };
  await waitFor(() => {
    if (blocked()) throw new Error('pointer-events: none on the element or an ancestor');
  });
  return element;
}
