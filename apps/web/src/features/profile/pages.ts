import type { ComponentType } from 'react';

/** The personal-information page by its `component` name (route /info/index), lazily loaded. */
export const profilePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  'views/info/index': () => import('./ProfilePage'),
};
