import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { productStateStorage } from '../storage/storage';

interface LockState {
  isLock: boolean;
  lockPassword?: string;
  /** The page that was open when the screen was locked: unlocking goes back there. */
  returnTo?: string;
  /** Sets the lock password and locks the screen, remembering the page to come back to. */
  lock: (password: string, returnTo?: string) => void;
  /** Unlocks when the password matches; answers whether it did. */
  unlock: (password: string) => boolean;
  clear: () => void;
}

/** The lock screen's state: while locked only /lock is reachable (signing in again clears it). */
export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      isLock: false,
      lock: (lockPassword, returnTo) => set({ isLock: true, lockPassword, returnTo }),
      unlock: (password) => {
        if (password !== get().lockPassword) return false;
        set({ isLock: false, lockPassword: undefined });
        return true;
      },
      clear: () => set({ isLock: false, lockPassword: undefined, returnTo: undefined }),
    }),
    { name: 'lock', storage: productStateStorage('local') },
  ),
);
