import { registerMenuBadges, type MenuBadgeSource } from '../shared/navigation/menu-badges';

// Each feature's `menu-badges.ts` (an exported array of sources), joined for the menu without
// naming the features here.
const featureBadges = import.meta.glob<Record<string, unknown>>('../features/*/menu-badges.ts', { eager: true });
for (const module of Object.values(featureBadges)) {
  for (const list of Object.values(module)) if (Array.isArray(list)) registerMenuBadges(list as MenuBadgeSource[]);
}
