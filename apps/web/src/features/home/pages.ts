import type { ComponentType } from 'react';

/** The home dashboard, under the component name the shell uses for /wel/index. */
export const pages: Record<string, () => Promise<{ default: ComponentType }>> = {
  'views/wel/index': () => import('./HomePage'),
};
