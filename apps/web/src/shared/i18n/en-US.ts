import { statusMessagesEn } from '@canteen/contract';
import type { Translation } from './translation';
import type { zhCN } from './zh-CN';

export const enUS: Translation<typeof zhCN> = {
  app: { title: 'Canteen back-office', subtitle: 'Stores · Members · Orders · Public account' },
  status: statusMessagesEn,
  http: { loginExpired: 'Login expired, log in again', network: 'Network error, check your connection', timeout: 'The request timed out, try again later' },
  login: {
    tabUser: 'Sign in', tabPhone: 'Phone sign-in', tabRegister: 'Register',
    username: 'User name', password: 'Password', code: 'Captcha', submit: 'Sign in',
  },
  error: {
    notFound: 'Sorry, the page you visited does not exist', forbidden: 'Sorry, you may not access this page',
    unauthorized: 'Sorry, you need to sign in first', server: 'Sorry, the server went wrong', backHome: 'Back home', toLogin: 'Sign in',
  },
  language: { zh: '简体中文', en: 'English' },
  failure: {
    chunkError: 'The page failed to load', chunkErrorHint: 'A network problem, a timeout or a new release stopped it. Reload the page to try again.', reload: 'Reload',
    renderError: 'This page went wrong', renderErrorHint: 'The error was saved to the error log.', retry: 'Try again',
  },
};
