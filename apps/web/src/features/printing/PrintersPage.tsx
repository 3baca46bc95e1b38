import { Card, Empty, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '../../shared/store/current-store';
import { FeieAccountForm } from './FeieAccountForm';
import { JobLog } from './JobLog';
import { PrinterList } from './PrinterList';
import './messages';

/**
 * 打印机: the current store's printers (status, add/edit with a ticket preview, 测试打印), their
 * print jobs (filters, 重打), and the 飞鹅 account the cloud printers sign with.
 */
export default function PrintersPage() {
  const { t } = useTranslation();
  const { storeId, loading } = useCurrentStore();
  if (loading) return <Card variant="borderless" aria-label={t('printing.loading')}><Skeleton active /></Card>;
  if (!storeId) return <Card variant="borderless"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('printing.noStore')} data-testid="no-store" /></Card>;
  return (
    <Tabs
      // A new store: everything read again from scratch.
      key={storeId}
      destroyOnHidden
      items={[
        { key: 'printers', label: t('printing.tabs.printers'), children: <PrinterList storeId={storeId} /> },
        { key: 'jobs', label: t('printing.tabs.jobs'), children: <JobLog storeId={storeId} /> },
        { key: 'account', label: t('printing.tabs.account'), children: <FeieAccountForm /> },
      ]}
    />
  );
}
