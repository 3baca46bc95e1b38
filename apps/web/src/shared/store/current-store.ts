import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storeEndpoints } from '@canteen/contract';
import { call } from '../http/call';
import { productStateStorage } from '../storage/storage';

/**
 * The store the user is working in (STORE.md §1): chosen in the header's switcher, remembered
 * in local storage, and sent as `storeId` in each store-side page's query — never a hidden
 * server session. Features read it with `useCurrentStore()`.
 */
interface CurrentStoreState {
  storeId: string | null;
  setStoreId: (storeId: string) => void;
}

export const useCurrentStoreState = create<CurrentStoreState>()(
  persist((set) => ({ storeId: null, setStoreId: (storeId) => set({ storeId }) }), {
    name: 'current-store',
    storage: productStateStorage('local'),
  }),
);

export const myStoresKey = ['store', 'mine'] as const;

/** The stores the signed-in user works in (all of them for an admin). */
export const useMyStores = () => useQuery({ queryKey: myStoresKey, queryFn: () => call(storeEndpoints.mine, {}), staleTime: 60_000 });

export interface CurrentStore {
  /** The chosen store, or the first of the user's stores; null while loading or with none. */
  storeId: string | null;
  storeName: string | null;
  stores: Array<{ id: string; name: string; isOpen: boolean; openNow: boolean }>;
  loading: boolean;
  setStoreId: (storeId: string) => void;
}

export function useCurrentStore(): CurrentStore {
  const { data, isPending } = useMyStores();
  const chosen = useCurrentStoreState((s) => s.storeId);
  const setStoreId = useCurrentStoreState((s) => s.setStoreId);
  const stores = data ?? [];
  // A remembered store the user no longer works in falls back to their first one.
  const current = stores.find((s) => s.id === chosen) ?? stores[0] ?? null;
  return { storeId: current?.id ?? null, storeName: current?.name ?? null, stores, loading: isPending, setStoreId };
}
