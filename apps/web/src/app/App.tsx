import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router/dom';
import { useTranslation } from 'react-i18next';
import { configureHttp } from '../shared/http/client';
import { installGlobalErrorHandlers } from '../shared/errorlog/errorlog';
import { setNavigator } from '../shared/navigation/navigation';
import { onSignOut, refreshToken, signOutLocally } from '../shared/session/auth';
import { keepTokenFresh } from '../shared/session/refresh';
import { useSession } from '../shared/session/session';
import { dismissBootForm } from '../features/auth/boot-form';
import { LOGIN_PATH } from './guards';
import { createRouter } from './router';
import { useSettings } from './stores/settings';
import { useTabs } from './stores/tabs';
import { themeConfig, usePrefersReducedMotion } from './theme';

const router = createRouter();
setNavigator((to, options) => router.navigate(to, options));
// The sign-in form index.html drew is the login page's to take over; anywhere else it goes.
const leaveBootForm = (pathname: string) => pathname !== LOGIN_PATH && dismissBootForm();
leaveBootForm(router.state.location.pathname);
router.subscribe((state) => leaveBootForm(state.location.pathname));

configureHttp({
  getAccessToken: () => useSession.getState().token?.access_token,
  // A 401 anywhere: the client has shown 'login expired, log in again'; sign out and go to the login page.
  onUnauthorized: () => {
    signOutLocally();
    if (window.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
  },
});
onSignOut(() => useTabs.getState().reset());
installGlobalErrorHandlers();
// The token refresh timer (section 9), on every page while signed in: the lock screen, outside the shell, too.
keepTokenFresh({
  subscribe: (listener) => useSession.subscribe(listener),
  getExpiresIn: () => useSession.getState().token?.expires_in,
  setExpiresIn: (expires_in) => {
    const token = useSession.getState().token;
    if (token) useSession.getState().setToken({ ...token, expires_in });
  },
  refresh: refreshToken,
});

/** Hands antd's message display to the HTTP client so failures appear as red messages. */
function HttpBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    // The same text shown by several calls at once (e.g. a 401 on parallel calls) appears once.
    configureHttp({ notify: (text) => void message.error({ content: text, key: text }) });
  }, [message]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const zh = i18n.language !== 'en-US';
  const name = useSettings((s) => s.theme);
  const color = useSettings((s) => s.color);
  useMemo(() => dayjs.locale(zh ? 'zh-cn' : 'en'), [zh]);
  useEffect(() => {
    document.documentElement.dataset.theme = name;
    document.documentElement.lang = zh ? 'zh-CN' : 'en-US';
  }, [name, zh]);
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => themeConfig(name, color, reducedMotion), [name, color, reducedMotion]);
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={config}>
      <AntApp>
        <HttpBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
