import { useSyncExternalStore } from 'react';

/** The specification's screen-size class: ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export const screenClass = (width: number): 0 | 1 | 2 | 3 => (width >= 1200 ? 3 : width >= 992 ? 2 : width >= 768 ? 1 : 0);

const subscribe = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};

/** The current screen-size class, following window resizes. */
export const useScreenClass = () => useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
