import { Descriptions, Drawer, List, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import pkg from '../../../package.json';
import { SETTING_SWITCHES, useSettings } from '../stores/settings';

/** The settings drawer 'system info': the version and the eight display switches, applied at once. */
export default function SettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer open title={t('shell.settings.title')} onClose={onClose} size={320} data-testid="settings-drawer">
      <Descriptions column={1} size="small" items={[{ key: 'version', label: t('shell.settings.version'), children: <span data-testid="app-version">v{pkg.version}</span> }]} />
      <List
        header={t('shell.settings.switches')}
        dataSource={SETTING_SWITCHES}
        renderItem={(key) => (
          <List.Item extra={<Switch checked={settings[key]} onChange={(on) => settings.set(key, on)} data-testid={`switch-${key}`} aria-label={t(`shell.settings.${key}`)} />}>
            {t(`shell.settings.${key}`)}
          </List.Item>
        )}
      />
    </Drawer>
  );
}
