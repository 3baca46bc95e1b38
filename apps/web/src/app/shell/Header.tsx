import { lazy, memo, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { App, AutoComplete, Avatar, Badge, Button, ColorPicker, Dropdown, Input, Layout, Menu, Tag, Tooltip } from 'antd';
import {
  BgColorsOutlined, BugOutlined, CompressOutlined, ExpandOutlined, GlobalOutlined, LockOutlined, LogoutOutlined, MenuFoldOutlined,
  MenuUnfoldOutlined, SafetyOutlined, SearchOutlined, SettingOutlined, SkinOutlined, CustomerServiceOutlined, UserOutlined,
} from '@ant-design/icons';
import screenfull from 'screenfull';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR, LOG_BADGE_MAX } from '@canteen/contract';
import { useErrorLog } from '../../shared/errorlog/errorlog';
import { changeLanguage, type Language } from '../../shared/i18n';
import { navigate } from '../../shared/navigation/navigation';
import { logout } from '../../shared/session/auth';
import type { MenuNode } from '../../shared/session/session';
import { useSession } from '../../shared/session/session';
import { usePublicSettings } from '../../shared/settings/public-settings';
import { LOGIN_PATH } from '../guards';
import { firstEntryUnder, hrefOf, searchMenu, type MenuEntry } from '../menu';
import { useScreenClass } from '../stores/screen';
import { THEMES, useSettings, type ThemeName } from '../stores/settings';
import { Bell } from './Bell';
import { MenuIcon } from './icons';
import { StoreSwitcher } from './StoreSwitcher';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));
const LockDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.LockDialog })));
const SupportDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.SupportDialog })));
const PermissionsDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.PermissionsDialog })));

type Dialog = 'log' | 'settings' | 'lock' | 'support' | 'permissions' | undefined;

const COLOR_PRESETS = [DEFAULT_THEME_COLOR, '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#EB2F96', '#722ED1', '#2F54EB', '#303133'];

const subscribeFull = (notify: () => void) => {
  if (!screenfull.isEnabled) return () => undefined;
  screenfull.on('change', notify);
  return () => screenfull.off('change', notify);
};
const useFullscreen = () => useSyncExternalStore(subscribeFull, () => screenfull.isEnabled && screenfull.isFullscreen);

function MenuSearch({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = searchMenu(entries, text);
  return (
    <AutoComplete
      className="shell-search"
      value={text}
      onChange={setText}
      onSelect={(value: string) => {
        setText('');
        navigate(value);
      }}
      options={found.map((entry) => ({
        value: hrefOf(entry),
        label: (
          <span data-testid="search-option">
            <MenuIcon name={entry.icon} external={Boolean(entry.external)} /> {entry.label}
            <span className="shell-search-path">{entry.external ?? entry.path}</span>
          </span>
        ),
      }))}
      notFoundContent={text.trim() ? t('shell.header.searchEmpty') : null}
      popupMatchSelectWidth={280}
    >
      <Input prefix={<SearchOutlined />} placeholder={t('shell.header.search')} allowClear data-testid="menu-search" />
    </AutoComplete>
  );
}

/**
 * The header: menu toggle, top menu, search, bell, error log, full screen, lock, theme, colour,
 * language, settings, user. Memoised on plain props: a tab switch within one menu group leaves it alone.
 */
export const Header = memo(function Header({ tree, entries, topKey, onToggleMenu, drawerOpen }: { tree: MenuNode[]; entries: MenuEntry[]; topKey: string | undefined; onToggleMenu: () => void; drawerOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const screen = useScreenClass();
  const settings = useSettings();
  // 联系客服 shows the deployment's own contacts (SUPPORT_*), and is not offered without any.
  const publicSettings = usePublicSettings().data;
  const support = publicSettings?.support;
  const hasSupport = !!support && !!(support.phone || support.email || support.hours);
  const user = useSession((s) => s.user);
  const logCount = useErrorLog((s) => s.logs.length);
  const fullscreen = useFullscreen();
  const [dialog, setDialog] = useState<Dialog>();
  const [colorValue, setColorValue] = useState(settings.color);
  useEffect(() => setColorValue(settings.color), [settings.color]); // eslint-disable-line react-hooks/set-state-in-effect
  const folded = screen === 0 ? !drawerOpen : settings.collapsed;

  const signOut = () =>
    modal.confirm({
      title: t('shell.user.tip'),
      content: t('shell.user.logoutConfirm'),
      onOk: async () => {
        await logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    });

  const userMenu = {
    items: [
      { key: 'info', icon: <UserOutlined />, label: t('shell.user.info') },
      { key: 'permissions', icon: <SafetyOutlined />, label: t('shell.user.permissions') },
      ...(hasSupport ? [{ key: 'support', icon: <CustomerServiceOutlined />, label: t('shell.user.support') }] : []),
      ...(settings.showLock ? [{ key: 'lock', icon: <LockOutlined />, label: t('shell.header.lock') }] : []),
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: t('shell.user.logout') },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'info') navigate('/info/index');
      else if (key === 'logout') signOut();
      else setDialog(key as Dialog);
    },
  };

  return (
    <Layout.Header className="shell-header" data-testid="header">
      {settings.showCollapse ? (
        <Button
          type="text"
          className="shell-toggle"
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
          aria-label={t(folded ? 'shell.header.expand' : 'shell.header.collapse')}
          data-testid="collapse"
        />
      ) : null}
      {settings.showMenu && screen >= 2 ? (
        <Menu
          mode="horizontal"
          className="shell-top-menu"
          data-testid="top-menu"
          selectedKeys={topKey ? [topKey] : []}
          items={tree.map((node) => ({ key: node.path, icon: <MenuIcon name={node.icon} />, label: node.label }))}
          onClick={({ key }) => {
            const entry = entries.find((e) => e.node.path === key) ?? firstEntryUnder(entries, key);
            if (entry) navigate(hrefOf(entry));
          }}
        />
      ) : (
        <div className="shell-top-spacer" />
      )}
      <div className="shell-tools">
        {publicSettings?.demoMode ? (
          <Tooltip title={t('shell.header.demoModeHint')}>
            <Tag color="orange" bordered={false} data-testid="demo-mode-tag">
              {t('shell.header.demoMode')}
            </Tag>
          </Tooltip>
        ) : null}
        {settings.showSearch && screen >= 1 ? <MenuSearch entries={entries} /> : null}
        {screen >= 1 ? <StoreSwitcher /> : null}
        <Bell />
        {settings.showDebug ? (
          <Tooltip title={t('shell.header.log')}>
            <Badge count={logCount} overflowCount={LOG_BADGE_MAX} size="small" offset={[-4, 4]} data-testid="log-badge">
              <Button type="text" icon={<BugOutlined />} onClick={() => setDialog('log')} aria-label={t('shell.header.log')} data-testid="log-button" />
            </Badge>
          </Tooltip>
        ) : null}
        {settings.showFullScren && screenfull.isEnabled ? (
          <Tooltip title={t(fullscreen ? 'shell.header.exitFullscreen' : 'shell.header.fullscreen')}>
            <Button type="text" icon={fullscreen ? <CompressOutlined /> : <ExpandOutlined />} onClick={() => void screenfull.toggle()} data-testid="fullscreen" aria-label={t('shell.header.fullscreen')} />
          </Tooltip>
        ) : null}
        {settings.showLock ? (
          <Tooltip title={t('shell.header.lock')}>
            <Button type="text" icon={<LockOutlined />} onClick={() => setDialog('lock')} data-testid="lock-button" aria-label={t('shell.header.lock')} />
          </Tooltip>
        ) : null}
        {settings.showTheme ? (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [settings.theme],
              items: THEMES.map((name) => ({ key: name, label: <span data-testid={`theme-${name}`}>{t(`shell.themes.${name}`)}</span> })),
              onClick: ({ key }) => settings.setTheme(key as ThemeName),
            }}
          >
            <Button type="text" icon={<SkinOutlined />} data-testid="theme-button" aria-label={t('shell.header.theme')} />
          </Dropdown>
        ) : null}
        {settings.showColor ? (
          <ColorPicker
            size="small"
            value={colorValue}
            presets={[{ label: t('shell.header.color'), colors: COLOR_PRESETS }]}
            onChange={(c) => setColorValue(c.toHexString())}
            onChangeComplete={(c) => settings.setColor(c.toHexString().toUpperCase())}
            disabledAlpha
          >
            <Button type="text" icon={<BgColorsOutlined style={{ color: settings.color }} />} data-testid="color-button" aria-label={t('shell.header.color')} />
          </ColorPicker>
        ) : null}
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [i18n.language],
            items: [
              { key: 'zh-CN', label: t('language.zh') },
              { key: 'en-US', label: t('language.en') },
            ],
            onClick: ({ key }) => void changeLanguage(key as Language),
          }}
        >
          <Button type="text" icon={<GlobalOutlined />} data-testid="language-button" aria-label={t('shell.header.language')} />
        </Dropdown>
        <Tooltip title={t('shell.header.settings')}>
          <Button type="text" icon={<SettingOutlined />} onClick={() => setDialog('settings')} data-testid="settings-button" aria-label={t('shell.header.settings')} />
        </Tooltip>
        <Dropdown menu={userMenu} trigger={['click']}>
          <span className="shell-user" data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            {screen >= 1 ? <span className="shell-user-name">{user?.nickname || user?.username || t('shell.user.unknown')}</span> : null}
          </span>
        </Dropdown>
      </div>
      <Suspense fallback={null}>
        {dialog === 'log' ? <ErrorLogDialog onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'settings' ? <SettingsDrawer onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'lock' ? <LockDialog onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'support' && support ? <SupportDialog support={support} onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'permissions' ? <PermissionsDialog tree={tree} onClose={() => setDialog(undefined)} /> : null}
      </Suspense>
    </Layout.Header>
  );
});
