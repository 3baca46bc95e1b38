import { registerOrderDrawerSections, type OrderDrawerSection } from '../shared/order-drawer/sections';

// Each feature's `order-drawer.ts` (an exported array of sections), joined for 订单列表's drawer
// without the order feature naming the others.
const featureSections = import.meta.glob<Record<string, unknown>>('../features/*/order-drawer.ts', { eager: true });
for (const module of Object.values(featureSections)) {
  for (const list of Object.values(module)) if (Array.isArray(list)) registerOrderDrawerSections(list as OrderDrawerSection[]);
}
