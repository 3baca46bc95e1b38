import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import '../messages';

/** /myiframe/…: an external page inside the layout. */
export function IframePage({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  if (!/^https?:\/\//i.test(src)) return <Result status="warning" title={t('shell.page.iframeMissing')} />;
  return <iframe src={src} title={title} className="page-iframe" data-testid="page-iframe" />;
}
