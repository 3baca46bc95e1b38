import { registerOrderDrawerSections, type OrderDrawerSection } from '../shared/order-drawer/sections';
import { listsOf } from './feature-exports';

// Each feature's `order-drawer.ts` (an exported array of sections), joined for 订单列表's drawer
// without the order feature naming the others.
const featureSections = import.meta.glob<Record<string, unknown>>('../features/*/order-drawer.ts', { eager: true });
registerOrderDrawerSections(listsOf<OrderDrawerSection>(featureSections));
