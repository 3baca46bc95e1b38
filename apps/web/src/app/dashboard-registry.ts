import { registerDashboardCards, type DashboardCard } from '../shared/dashboard/dashboard';
import { listsOf } from './feature-exports';

// Each feature's `dashboard.ts` (an exported array of cards), joined for the home page without
// naming the features here.
const featureCards = import.meta.glob<Record<string, unknown>>('../features/*/dashboard.ts', { eager: true });
registerDashboardCards(listsOf<DashboardCard>(featureCards));
