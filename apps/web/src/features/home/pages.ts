import type { PageMap } from '../../shared/navigation/pages';

/** The home dashboard, under the component name the shell uses for /wel/index; every signed-in user sees it. */
export const pages: PageMap = {
  'views/wel/index': { load: () => import('./HomePage'), permission: null },
};
