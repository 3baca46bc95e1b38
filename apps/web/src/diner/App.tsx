import { useCallback, useEffect, useMemo, useState } from 'react';
import { initialLanguage, saveLanguage, translator, type Language } from './i18n';
import { MenuPage } from './MenuPage';
import { StatusPage } from './StatusPage';

/** The two pages of this entry: /order/t/<table token> and /order/t/<table token>/order/<view token>. */
export function routeOf(pathname: string): { tableToken: string; viewToken?: string } | undefined {
  const match = /^\/order\/t\/([A-Za-z0-9_-]+)(?:\/order\/([A-Za-z0-9_-]+))?\/?$/.exec(pathname);
  return match ? { tableToken: match[1]!, viewToken: match[2] } : undefined;
}

export function DinerApp() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [pathname, setPathname] = useState(() => window.location.pathname);
  const t = useMemo(() => translator(language), [language]);

  useEffect(() => {
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
    document.title = t('title');
  }, [language, t]);
  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPathname(to);
    window.scrollTo(0, 0);
  }, []);
  const switchLanguage = () => {
    const next = language === 'zh' ? 'en' : 'zh';
    saveLanguage(next);
    setLanguage(next);
  };

  const route = routeOf(pathname);
  const languageButton = (
    <button type="button" className="dn-lang" onClick={switchLanguage} data-testid="diner-language">
      {t('language')}
    </button>
  );
  if (!route) return <div className="dn-notice dn-notice-page">{t('invalidTable')}</div>;
  if (route.viewToken) {
    return <StatusPage key={route.viewToken} t={t} language={language} tableToken={route.tableToken} viewToken={route.viewToken} navigate={navigate} languageButton={languageButton} />;
  }
  return <MenuPage key={route.tableToken} t={t} language={language} tableToken={route.tableToken} navigate={navigate} languageButton={languageButton} />;
}
