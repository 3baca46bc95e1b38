import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '../storage/storage';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';
import type { Translation } from './translation';

export type { Translation };

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: Language[] = ['zh-CN', 'en-US'];

export const currentLanguage = (): Language => (getStore<Language>('language') === 'en-US' ? 'en-US' : 'zh-CN');

void i18n.use(initReactI18next).init({
  lng: currentLanguage(),
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  interpolation: { escapeValue: false },
  returnNull: false,
});


/**
 * Features add their own texts under a key of their own (`i18n.addResourceBundle`); `en` is typed
 * by `zh`'s shape. A bundle whose Chinese is the key itself (labels that come from the server or
 * the contract) passes `{}` for `zh` and a string map for `en`.
 */
export function addMessages<Zh extends object>(key: string, zh: Zh, en: NoInfer<Translation<Zh>>) {
  i18n.addResourceBundle('zh-CN', 'translation', { [key]: zh }, true, false);
  i18n.addResourceBundle('en-US', 'translation', { [key]: en }, true, false);
}

export async function changeLanguage(lang: Language) {
  setStore('language', lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { i18n };
