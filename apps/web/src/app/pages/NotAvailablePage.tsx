import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import '../messages';

/** A menu entry whose page is not built yet. */
export function NotAvailablePage({ name, component }: { name: string; component?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('shell.page.notAvailable')}
      subTitle={t('shell.page.notAvailableHint', { name })}
      extra={component ? <code style={{ color: '#999' }}>{component}</code> : null}
      data-testid="not-available"
    />
  );
}
