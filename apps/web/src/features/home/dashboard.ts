import type { DashboardCard } from '../../shared/dashboard/dashboard';

const figures = () => import('./HomeFigures');

/** The home page's own cards: the pages the user may open first, this browser's error log last. */
export const homeCards: DashboardCard[] = [
  { key: 'home.modules', order: 0, load: () => figures().then((m) => ({ default: m.ModulesCard })) },
  { key: 'home.localErrors', order: 1000, load: () => figures().then((m) => ({ default: m.LocalErrorsCard })) },
];
