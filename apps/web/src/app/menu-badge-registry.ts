import { registerMenuBadges, type MenuBadgeSource } from '../shared/navigation/menu-badges';
import { listsOf } from './feature-exports';

// Each feature's `menu-badges.ts` (an exported array of sources), joined for the menu without
// naming the features here.
const featureBadges = import.meta.glob<Record<string, unknown>>('../features/*/menu-badges.ts', { eager: true });
registerMenuBadges(listsOf<MenuBadgeSource>(featureBadges));
