import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTitle } from '../title';

const texts = { 404: 'error.notFound', 403: 'error.forbidden', 401: 'error.unauthorized', 500: 'error.server' } as const;

/** The /404, /403, /401 and /500 pages, each with a way back. */
export function ErrorPage({ status }: { status: 404 | 403 | 401 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toLogin = status === 401;
  useTitle(String(status));
  return (
    <Result
      status={status === 401 ? 403 : status}
      title={status}
      subTitle={t(texts[status])}
      extra={
        <Button type="primary" onClick={() => navigate(toLogin ? '/login' : '/', { replace: true })}>
          {t(toLogin ? 'error.toLogin' : 'error.backHome')}
        </Button>
      }
    />
  );
}

export const NotFoundPage = () => <ErrorPage status={404} />;
export const ForbiddenPage = () => <ErrorPage status={403} />;
export const UnauthorizedPage = () => <ErrorPage status={401} />;
export const ServerErrorPage = () => <ErrorPage status={500} />;
export default NotFoundPage;
