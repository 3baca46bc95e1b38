import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { productStateStorage } from '../storage/storage';

interface LockState {
  isLock: boolean;
  lockPassword?: string;
  /** Sets the lock password and locks the screen. */
  lock: (password: string) => void;
  /** Unlocks when the password matches; answers whether it did. */
  unlock: (password: string) => boolean;
  clear: () => void;
}

/** The lock screen's state: while locked only /lock is reachable (signing in again clears it). */
export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      isLock: false,
      lock: (lockPassword) => set({ isLock: true, lockPassword }),
      unlock: (password) => {
        if (password !== get().lockPassword) return false;
        set({ isLock: false, lockPassword: undefined });
        return true;
      },
      clear: () => set({ isLock: false, lockPassword: undefined }),
    }),
    { name: 'lock', storage: productStateStorage('local') },
  ),
);
