import { registerDashboardCards, type DashboardCard } from '../shared/dashboard/dashboard';

// Each feature's `dashboard.ts` (an exported array of cards), joined for the home page without
// naming the features here.
const featureCards = import.meta.glob<Record<string, unknown>>('../features/*/dashboard.ts', { eager: true });
for (const module of Object.values(featureCards)) {
  for (const list of Object.values(module)) if (Array.isArray(list)) registerDashboardCards(list as DashboardCard[]);
}
