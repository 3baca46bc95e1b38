import type { TFunction } from 'i18next';
import type { MenuNode } from '../../shared/session/session';
import { HOME_PATH } from '../guards';
import { firstEntryUnder, type MenuEntry } from '../menu';

/** What a URL shows inside the shell. */
export type Target =
  | { kind: 'page'; path: string; label: string; component: string; keepAlive: boolean; trail: MenuNode[]; icon?: string }
  | { kind: 'iframe'; label: string; src: string; keepAlive: boolean; trail: MenuNode[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'notfound' };

export const HOME_COMPONENT = 'views/wel/index';
/** Personal information: the component names the profile feature may register it under. */
export const INFO_COMPONENTS = ['views/info/index', 'views/admin/user/info'];
export const ALL_MESSAGES_PATH = '/views/wxmp/wxmsg/index';

/** Resolves a path (and query) against the fixed in-shell routes and the user's menu. */
export function resolveTarget(pathname: string, search: string, entries: MenuEntry[], t: TFunction, infoComponent: string): Target {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === HOME_PATH) return { kind: 'page', path, label: t('shell.nav.home'), component: HOME_COMPONENT, keepAlive: true, trail: [] };
  if (path === '/info/index') return { kind: 'page', path, label: t('shell.nav.info'), component: infoComponent, keepAlive: true, trail: [] };
  if (path === ALL_MESSAGES_PATH) return { kind: 'page', path, label: t('shell.nav.allMessages'), component: 'views/wxmp/wxmsg/index', keepAlive: true, trail: [] };
  if (path.startsWith('/myiframe/')) {
    const query = new URLSearchParams(search);
    const src = query.get('src') ?? '';
    const entry = entries.find((e) => e.external === src);
    return { kind: 'iframe', label: query.get('name') || entry?.label || t('shell.nav.iframe'), src, keepAlive: true, trail: entry?.trail ?? [] };
  }
  const entry = entries.find((e) => !e.external && e.path === path);
  if (entry) return { kind: 'page', path, label: entry.label, component: entry.component ?? `views${path}`, keepAlive: entry.keepAlive, trail: entry.trail, icon: entry.icon };
  // A group's own path, or a top-level entry's path without /index: its first page.
  const first = entries.find((e) => e.path === `${path}/index`) ?? firstEntryUnder(entries, path);
  if (first && !first.external) return { kind: 'redirect', to: first.path };
  return { kind: 'notfound' };
}
