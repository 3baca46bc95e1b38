import type { PageMap } from '../../shared/navigation/pages';

/** The personal-information page by its `component` name (route /info/index), lazily loaded; every signed-in user sees it. */
export const profilePages: PageMap = {
  'views/info/index': { load: () => import('./ProfilePage'), permission: null },
};
