import { useCallback, useEffect, useMemo, useState } from 'react';
import { Drawer, Layout } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loadUserAndMenu, userLoadedThisPage } from '../../shared/session/auth';
import { useSession } from '../../shared/session/session';
import { resolvePage } from '../page-registry';
import { queryClient } from '../query';
import '../dashboard-registry';
import '../order-drawer-registry';
import { useScreenClass } from '../stores/screen';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { useTitle } from '../title';
import '../messages';
import { ForcedPasswordChange } from './ForcedPasswordChange';
import { Header } from './Header';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { MenuBadges } from './MenuBadges';
import { Breadcrumbs, SideMenu, SiderLogo } from './SideMenu';
import { TagBar } from './TagBar';
import { INFO_COMPONENTS, resolveTarget, type Target } from './targets';
import { useShellMenu } from './useShellMenu';

/** Once per page load, fresh user info and menu (the token refresh timer runs app-wide, see App). */
function useSessionUpkeep() {
  useEffect(() => {
    if (!userLoadedThisPage()) loadUserAndMenu().catch(() => undefined);
  }, []);
}

/** The layout every signed-in page lives in: header, sidebar menu, top menu, breadcrumb, tab bar, content. */
function ShellContent() {
  const { t } = useTranslation();
  const location = useLocation();
  const { tree, entries } = useShellMenu();
  const screen = useScreenClass();
  const collapsed = useSettings((s) => s.collapsed);
  const showTag = useSettings((s) => s.showTag);
  const theme = useSettings((s) => s.theme);
  const [drawer, setDrawer] = useState(false);
  const infoComponent = INFO_COMPONENTS.find((c) => resolvePage(c)) ?? INFO_COMPONENTS[0]!;
  const resolve = useCallback(
    (key: string): Target => {
      const url = new URL(key, 'http://canteen.local');
      return resolveTarget(url.pathname, url.search, entries, t, infoComponent);
    },
    [entries, t, infoComponent],
  );
  const here = location.pathname + location.search;
  const target = useMemo(() => resolve(here), [resolve, here]);
  const shown = target.kind === 'page' || target.kind === 'iframe' ? target : undefined;
  // The open tab's key: path plus query, or the path alone for a single-tab page.
  const active = target.kind === 'page' && resolvePage(target.component)?.singleTab ? target.path : here;
  useTitle(shown?.label);
  useEffect(() => {
    if (!shown) return;
    useTabs.getState().open({
      label: shown.label,
      value: active,
      keepAlive: shown.keepAlive,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      group: shown.trail.map((n) => n.label),
    });
  }, [active, location.search, shown?.label, shown?.keepAlive]); // eslint-disable-line react-hooks/exhaustive-deps
  const small = screen === 0;
  const toggleMenu = useCallback(() => (small ? setDrawer((open) => !open) : useSettings.getState().setCollapsed(!useSettings.getState().collapsed)), [small]);
  const topKey = target.kind === 'page' || target.kind === 'iframe' ? target.trail[0]?.path : undefined;
  const [lastActive, setLastActive] = useState(here);
  if (lastActive !== here) {
    setLastActive(here);
    setDrawer(false);
  }

  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target.kind === 'notfound') return <Navigate to="/404" replace />;

  const dark = theme !== 'default';
  const menu = <SideMenu tree={tree} entries={entries} target={target} collapsed={!small && collapsed} dark={dark || true} />;
  return (
    <QueryClientProvider client={queryClient}>
    <MenuBadges />
    <Layout className={`shell screen-${screen}`} data-screen={screen} data-testid="shell">
      {small ? (
        <Drawer open={drawer} placement="left" onClose={() => setDrawer(false)} size={240} className="shell-drawer" styles={{ body: { padding: 0 } }} closable={false}>
          <div className="shell-sider shell-sider-drawer">
            <SiderLogo collapsed={false} />
            {menu}
          </div>
        </Drawer>
      ) : (
        <Layout.Sider className="shell-sider" collapsed={collapsed} width={220} collapsedWidth={64} trigger={null} data-testid="sider">
          <SiderLogo collapsed={collapsed} />
          {menu}
        </Layout.Sider>
      )}
      <Layout className="shell-main">
        <Header tree={tree} entries={entries} topKey={topKey} onToggleMenu={toggleMenu} drawerOpen={drawer} />
        {showTag ? <TagBar active={active} resolve={resolve} /> : null}
        <Layout.Content className="shell-content">
          <Breadcrumbs target={target} />
          <div className="shell-pages">
            <KeepAliveOutlet active={active} location={here} resolve={resolve} />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
    </QueryClientProvider>
  );
}

/** The shell, or for a user who must change a password given to them, only the dialog asking for it (issue 22 #2). */
export default function Shell() {
  const mustChangePassword = useSession((s) => s.mustChangePassword);
  useSessionUpkeep();
  if (!mustChangePassword) return <ShellContent />;
  return (
    <QueryClientProvider client={queryClient}>
      <ForcedPasswordChange />
    </QueryClientProvider>
  );
}
