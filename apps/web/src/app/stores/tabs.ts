import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { productStateStorage } from '../../shared/storage/storage';
import { HOME_PATH } from '../guards';

/** One open tab (the specification's Tab: label, value, params, query, group, close). */
export interface Tab {
  label: string;
  /** The tab's key: path plus query (the path alone for a single-tab page, see `PageEntry.singleTab`). */
  value: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  group?: string[];
  /** Whether it may be closed (the home tab may not). */
  close: boolean;
  /** Whether its page stays alive while another tab shows. */
  keepAlive: boolean;
  /** Bumped by "refresh" to mount the page anew. */
  nonce: number;
}

/**
 * Where a tab shows: its key, or for a single-tab page (whose key is its path) the path with the
 * query it showed last.
 */
export function tabLocation(tab: Pick<Tab, 'value' | 'query'>): string {
  if (tab.value.includes('?')) return tab.value;
  const query = new URLSearchParams(tab.query ?? {}).toString();
  return query ? `${tab.value}?${query}` : tab.value;
}

/** Most pages kept alive at once; the least recently used beyond this are unmounted (the tab stays). */
export const KEEP_ALIVE_MAX = 12;

export const homeTab = (): Tab => ({ label: 'home', value: HOME_PATH, close: false, keepAlive: true, nonce: 0 });

interface TabsState {
  tabs: Tab[];
  active: string;
  /** Tab keys, most recently used first. */
  recent: string[];
  open: (tab: Omit<Tab, 'nonce' | 'close'> & { close?: boolean }) => void;
  /** Closes a tab; answers the key to show next when it was the active one. */
  close: (value: string) => string | undefined;
  closeOthers: (value: string) => void;
  closeAll: () => void;
  refresh: (value: string) => void;
  reset: () => void;
}

const touch = (recent: string[], value: string) => [value, ...recent.filter((v) => v !== value)];
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameTab = (tab: Tab, update: Omit<Tab, 'nonce' | 'close'>) =>
  tab.label === update.label && tab.keepAlive === update.keepAlive && sameJson(tab.query, update.query) && sameJson(tab.group, update.group) && sameJson(tab.params, update.params);

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [homeTab()],
      active: HOME_PATH,
      recent: [HOME_PATH],
      open: (tab) =>
        set((state) => {
          const existing = state.tabs.find((t) => t.value === tab.value);
          // Showing an open tab again leaves the list as it is, so the tab bar does not re-render.
          const tabs = existing
            ? sameTab(existing, tab) ? state.tabs : state.tabs.map((t) => (t === existing ? { ...t, ...tab, close: t.close, nonce: t.nonce } : t))
            : [...state.tabs, { ...tab, close: tab.close ?? tab.value !== HOME_PATH, nonce: 0 }];
          return { tabs, active: tab.value, recent: touch(state.recent, tab.value) };
        }),
      close: (value) => {
        const { tabs, active, recent } = get();
        const index = tabs.findIndex((t) => t.value === value);
        const tab = tabs[index];
        if (!tab?.close) return undefined;
        const rest = tabs.filter((t) => t.value !== value);
        const restRecent = recent.filter((v) => v !== value);
        let next: string | undefined;
        if (active === value) next = (rest[index] ?? rest[index - 1] ?? rest[0])?.value ?? HOME_PATH;
        set({ tabs: rest, recent: restRecent, active: next ?? active });
        return next;
      },
      closeOthers: (value) =>
        set((state) => {
          const tabs = state.tabs.filter((t) => !t.close || t.value === value);
          const keys = new Set(tabs.map((t) => t.value));
          return { tabs, active: value, recent: touch(state.recent.filter((v) => keys.has(v)), value) };
        }),
      closeAll: () =>
        set((state) => {
          const tabs = state.tabs.filter((t) => !t.close);
          const home = tabs.length ? tabs : [homeTab()];
          return { tabs: home, active: HOME_PATH, recent: [HOME_PATH] };
        }),
      refresh: (value) => set((state) => ({ tabs: state.tabs.map((t) => (t.value === value ? { ...t, nonce: t.nonce + 1 } : t)) })),
      reset: () => set({ tabs: [homeTab()], active: HOME_PATH, recent: [HOME_PATH] }),
    }),
    { name: 'tags', storage: productStateStorage('session'), partialize: (s) => ({ tabs: s.tabs, active: s.active, recent: s.recent }) },
  ),
);

/** The keys whose pages stay mounted: the most recently used keep-alive tabs, at most `max`. */
export function aliveKeys(state: Pick<TabsState, 'tabs' | 'recent'>, max = KEEP_ALIVE_MAX): string[] {
  const alive = new Set(state.tabs.filter((t) => t.keepAlive).map((t) => t.value));
  return state.recent.filter((v) => alive.has(v)).slice(0, max);
}
