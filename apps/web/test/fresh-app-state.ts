import type { StoreApi, UseBoundStore } from 'zustand';
import { queryClient } from '../src/app/query';
import { useSettings } from '../src/app/stores/settings';
import { useTabs } from '../src/app/stores/tabs';
import { useUnreadBell } from '../src/features/wxmp/unread/unread';
import { useErrorLog } from '../src/shared/errorlog/errorlog';
import { useMenuBadgeCounts } from '../src/shared/navigation/menu-badges';
import { useLock } from '../src/shared/session/lock';
import { useSession } from '../src/shared/session/session';
import { useCurrentStoreState } from '../src/shared/store/current-store';

/** The app's module-level stores (a new one belongs here too). */
const stores: UseBoundStore<StoreApi<object>>[] = [useSettings, useTabs, useUnreadBell, useErrorLog, useMenuBadgeCounts, useLock, useSession, useCurrentStoreState];

/**
 * Puts the app's module-level state back to how a fresh page load finds it: web test files share
 * one module graph per worker (vitest.config.ts), so what one file left in a store, in the query
 * cache or in the browser's storage must not reach the next.
 */
export function freshAppState() {
  queryClient.clear();
  for (const store of stores) store.setState(store.getInitialState(), true);
  localStorage.clear();
  sessionStorage.clear();
}
