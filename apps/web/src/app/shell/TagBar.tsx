import { useState, type MouseEvent } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../shared/navigation/navigation';
import { HOME_PATH } from '../guards';
import { tabLocation, useTabs } from '../stores/tabs';
import type { Target } from './targets';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** An open tab's page is mounted already: show it (where it was, for a single-tab page) in this task rather than as a transition. */
const show = (key: string) => {
  const tab = useTabs.getState().tabs.find((t) => t.value === key);
  navigate(tab ? tabLocation(tab) : key, { flushSync: true });
};

/** The tab bar: one tab per open page (path plus query); close one, others, all, refresh; right-click menu. */
export function TagBar({ active, resolve }: { active: string; resolve: (key: string) => Target }) {
  const { t } = useTranslation();
  const tabs = useTabs((s) => s.tabs);
  // One right-click menu for the whole bar, about the tab it was opened on.
  const [menuTab, setMenuTab] = useState<string>();
  const act = (action: Action, key: string) => {
    const store = useTabs.getState();
    if (action === 'refresh') {
      store.refresh(key);
      if (key !== active) show(key);
    } else if (action === 'close') {
      const next = store.close(key);
      if (next) show(next);
    } else if (action === 'closeOthers') {
      store.closeOthers(key);
      if (key !== active) show(key);
    } else {
      store.closeAll();
      show(HOME_PATH);
    }
  };
  const closable = (key: string | undefined) => Boolean(tabs.find((tab) => tab.value === key)?.close);
  const menuFor = (key: string | undefined): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('shell.tabs.close'), disabled: !closable(key) },
      { key: 'closeOthers', icon: <StopOutlined />, label: t('shell.tabs.closeOthers') },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.tabs.closeAll') },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      if (key) act(action as Action, key);
    },
  });
  const labelOf = (key: string, fallback: string) => {
    const target = resolve(key);
    return target.kind === 'page' || target.kind === 'iframe' ? target.label : fallback;
  };
  // Right-clicks outside a tab's label open nothing (the bar's own context menu stays the browser's).
  const onContextMenu = (event: MouseEvent) => {
    const label = (event.target as HTMLElement).closest<HTMLElement>('[data-tab-key]');
    if (label) setMenuTab(label.dataset.tabKey);
    else event.stopPropagation();
  };
  return (
    <div className="shell-tags" data-testid="tag-bar">
      <Dropdown menu={menuFor(menuTab)} trigger={['contextMenu']} onOpenChange={(open) => !open && setMenuTab(undefined)}>
        <div onContextMenuCapture={onContextMenu}>
          <Tabs
            type="editable-card"
            hideAdd
            size="small"
            activeKey={active}
            onChange={show}
            onEdit={(key, action) => action === 'remove' && typeof key === 'string' && act('close', key)}
            items={tabs.map((tab) => ({
              key: tab.value,
              closable: tab.close,
              label: (
                <span className="shell-tag-label" data-tab-key={tab.value}>{tab.value === HOME_PATH ? t('shell.nav.home') : labelOf(tab.value, tab.label)}</span>
              ),
            }))}
            tabBarExtraContent={{
              right: (
                <Dropdown menu={menuFor(active)} trigger={['click']}>
                  <a className="shell-tags-more" data-testid="tag-actions" aria-label={t('shell.tabs.menu')}>
                    <DownOutlined />
                  </a>
                </Dropdown>
              ),
            }}
          />
        </div>
      </Dropdown>
    </div>
  );
}
