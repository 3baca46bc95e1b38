import { Button } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../messages';

/** A failed chunk load or a render error: says what happened and offers a reload (or a retry). Light: the login route uses it too. */
export function FailureView({ kind, onRetry }: { kind: 'chunk' | 'render'; onRetry?: () => void }) {
  const { t } = useTranslation();
  const chunk = kind === 'chunk';
  return (
    <div className="failure-view" role="alert" data-testid={chunk ? 'chunk-error' : 'render-error'}>
      <WarningOutlined className="failure-icon" style={{ color: chunk ? '#faad14' : '#ff4d4f' }} />
      <h3>{t(chunk ? 'shell.page.chunkError' : 'shell.page.renderError')}</h3>
      <p>{t(chunk ? 'shell.page.chunkErrorHint' : 'shell.page.renderErrorHint')}</p>
      <div className="failure-actions">
        {!chunk && onRetry ? <Button onClick={onRetry}>{t('shell.page.retry')}</Button> : null}
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>{t('shell.page.reload')}</Button>
      </div>
    </div>
  );
}
