import { Card, Statistic } from 'antd';
import { AppstoreOutlined, BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../shared/errorlog/errorlog';
import { useShortcuts } from './shortcuts';

/** How many pages the user may open. */
export function ModulesCard() {
  const { t } = useTranslation();
  const pages = useShortcuts().reduce((n, s) => n + s.pages.length, 0);
  return (
    <Card>
      <Statistic title={t('shell.home.modules')} value={pages} prefix={<AppstoreOutlined />} data-testid="home-modules" />
    </Card>
  );
}

/** Entries in this browser's error log. */
export function LocalErrorsCard() {
  const { t } = useTranslation();
  const errors = useErrorLog((s) => s.logs.length);
  return (
    <Card>
      <Statistic title={t('shell.home.localErrors')} value={errors} prefix={<BugOutlined />} data-testid="home-local-errors" />
    </Card>
  );
}
