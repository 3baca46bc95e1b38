import type { OrderDrawerSection } from '../../shared/order-drawer/sections';

/** 打印记录 in 订单列表's drawer (joined by `app/order-drawer-registry.ts`); its table is a chunk of its own. */
export const printingOrderDrawerSections: OrderDrawerSection[] = [
  { key: 'printing.jobs', order: 10, permission: 'order:order:get', load: () => import('./OrderPrintJobs') },
];
