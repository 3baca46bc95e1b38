import { Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../guards';
import { useTabs } from '../stores/tabs';
import type { Target } from './targets';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** The tab bar: one tab per open page (path plus query); close one, others, all, refresh; right-click menu. */
export function TagBar({ active, resolve }: { active: string; resolve: (key: string) => Target }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const act = (action: Action, key: string) => {
    const store = useTabs.getState();
    if (action === 'refresh') {
      store.refresh(key);
      if (key !== active) void navigate(key);
    } else if (action === 'close') {
      const next = store.close(key);
      if (next) void navigate(next);
    } else if (action === 'closeOthers') {
      store.closeOthers(key);
      if (key !== active) void navigate(key);
    } else {
      store.closeAll();
      void navigate(HOME_PATH);
    }
  };
  const menuFor = (key: string, closable: boolean): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('shell.tabs.close'), disabled: !closable },
      { key: 'closeOthers', icon: <StopOutlined />, label: t('shell.tabs.closeOthers') },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.tabs.closeAll') },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      act(action as Action, key);
    },
  });
  const labelOf = (key: string, fallback: string) => {
    const target = resolve(key);
    return target.kind === 'page' || target.kind === 'iframe' ? target.label : fallback;
  };
  const activeTab = tabs.find((tab) => tab.value === active);
  return (
    <div className="shell-tags" data-testid="tag-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => void navigate(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && act('close', key)}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: tab.close,
          label: (
            <Dropdown menu={menuFor(tab.value, tab.close)} trigger={['contextMenu']}>
              <span className="shell-tag-label" data-tab-key={tab.value}>{tab.value === HOME_PATH ? t('shell.nav.home') : labelOf(tab.value, tab.label)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(active, Boolean(activeTab?.close))} trigger={['click']}>
              <a className="shell-tags-more" data-testid="tag-actions" aria-label={t('shell.tabs.menu')}>
                <DownOutlined />
              </a>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
