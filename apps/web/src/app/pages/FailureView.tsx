import { Button } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissBootForm } from '../../features/auth/boot-form';

/** A failed chunk load or a render error: says what happened and offers a reload (or a retry). Light: the login route uses it too. */
export function FailureView({ kind, onRetry }: { kind: 'chunk' | 'render'; onRetry?: () => void }) {
  const { t } = useTranslation();
  // A failure on /login (its chunk did not load) must not stay hidden under the form index.html drew.
  useLayoutEffect(dismissBootForm, []);
  const chunk = kind === 'chunk';
  return (
    <div className="failure-view" role="alert" data-testid={chunk ? 'chunk-error' : 'render-error'}>
      <WarningOutlined className="failure-icon" style={{ color: chunk ? '#faad14' : '#ff4d4f' }} />
      <h3>{t(chunk ? 'failure.chunkError' : 'failure.renderError')}</h3>
      <p>{t(chunk ? 'failure.chunkErrorHint' : 'failure.renderErrorHint')}</p>
      <div className="failure-actions">
        {!chunk && onRetry ? <Button onClick={onRetry}>{t('failure.retry')}</Button> : null}
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>{t('failure.reload')}</Button>
      </div>
    </div>
  );
}
