import type { Language } from './i18n';

const DAY_MS = 86_400_000;

/** The store's local calendar day of an instant, as a day number (days since 1970-01-01 there). */
function localDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
}

/**
 * When a closed store opens again, as a diner reads it on the store's wall clock: 今天 17:00,
 * 明天 10:30, or the weekday (周一 10:30) within the week the server looks ahead.
 */
export function nextOpeningText(nextOpenAt: string, timeZone: string, now: Date, language: Language): string {
  const at = new Date(nextOpenAt);
  const locale = language === 'en' ? 'en-GB' : 'zh-CN';
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const days = localDay(at, timeZone) - localDay(now, timeZone);
  if (days <= 0) return `${language === 'en' ? 'today' : '今天'} ${time}`;
  if (days === 1) return `${language === 'en' ? 'tomorrow' : '明天'} ${time}`;
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(at);
  return `${weekday} ${time}`;
}
