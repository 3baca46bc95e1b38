import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSignIn, requestThirdPartyToken } from '../../shared/session/auth';
import { useTitle } from './title';
import './messages';

/** /authredirect: completes a third-party phone sign-in from the `state` and `code` query parameters. */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const state = search.get('state');
  const code = search.get('code');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useTitle(t('auth.title'));
  useEffect(() => {
    if (started.current || !state || !code) return;
    started.current = true;
    requestThirdPartyToken(state, code)
      .then((tokens) => completeSignIn(tokens))
      .then(
        () => void navigate('/wel/index', { replace: true }),
        () => setFailed(true),
      );
  }, [state, code, navigate]);
  if (!state || !code || failed) {
    return (
      <Result
        status="warning"
        title={t(failed ? 'auth.authFailed' : 'auth.missingParams')}
        extra={<Button type="primary" onClick={() => void navigate('/login', { replace: true })}>{t('auth.backToLogin')}</Button>}
      />
    );
  }
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip={t('auth.authorizing')}><div style={{ width: 200, height: 80 }} /></Spin>
    </div>
  );
}
